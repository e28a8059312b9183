import { Hono } from "hono";
import { contactSalesSchema, joinWaitlistSchema, type MessageResponse } from "../../contract/waitlist.ts";
import type { AppEnv } from "../env.ts";
import { jsonBody } from "../http/validate.ts";
import { deliverInBackground, enqueueMail } from "../mail/index.ts";

export const waitlistRoutes = new Hono<AppEnv>()
  .post("/join", jsonBody(joinWaitlistSchema), async (c) => {
    const { email } = c.req.valid("json");
    const { sql, language } = c.var;
    // Joining twice is not an error: the first row stays and sales hear of it once.
    const mailId = await sql.begin(async (tx) => {
      const inserted = await tx`
        insert into waitlist_entries (email, language) values (${email}, ${language})
        on conflict (email) do nothing returning id`;
      if (inserted.length === 0) return null;
      return enqueueMail(tx, {
        from: c.env.MAIL_FROM,
        to: c.env.SALES_EMAIL,
        subject: `Waitlist: ${email}`,
        text: `${email} joined the waitlist (site language: ${language}).`,
      });
    });
    if (mailId) deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json<MessageResponse>({ message: c.var.t("waitlist.join.success") });
  })
  .post("/contact-sales", jsonBody(contactSalesSchema), async (c) => {
    const { email, message } = c.req.valid("json");
    const { sql, language } = c.var;
    const mailId = await sql.begin(async (tx) => {
      await tx`insert into contact_messages (email, message, language)
               values (${email}, ${message}, ${language})`;
      return enqueueMail(tx, {
        from: c.env.MAIL_FROM,
        to: c.env.SALES_EMAIL,
        subject: `Contact form: ${email}`,
        text: `From: ${email}\nSite language: ${language}\n\n${message}`,
      });
    });
    deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json<MessageResponse>({ message: c.var.t("contact.send.success") });
  });
