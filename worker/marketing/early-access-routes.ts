import { Hono } from "hono";
import { contactSalesSchema, joinWaitlistSchema, type MessageResponse } from "../../contract/waitlist.ts";
import { enqueueMail } from "../data/outbox.ts";
import { joinWaitlist, saveContactMessage } from "../data/public-forms.ts";
import { beforeTenant } from "../data/tenant.ts";
import type { AppEnv } from "../env.ts";
import { clientAddress, enforce, type Limit } from "../platform/http/rate-limit.ts";
import { jsonBody } from "../platform/http/validate.ts";
import { deliverInBackground } from "../platform/mail/background.ts";

// Each form sends a mail to sales: per address, a person's worth and no more.
const limits = {
  joinPerClient: (ip: string): Limit => ({ bucket: `waitlist:ip:${ip}`, max: 10, windowSeconds: 3600 }),
  contactPerClient: (ip: string): Limit => ({ bucket: `contact:ip:${ip}`, max: 5, windowSeconds: 3600 }),
};

export const waitlistRoutes = new Hono<AppEnv>()
  .post("/join", jsonBody(joinWaitlistSchema), async (c) => {
    const { email } = c.req.valid("json");
    const { language } = c.var;
    await enforce(c, limits.joinPerClient(clientAddress(c)));
    // Joining twice is not an error: the first row stays and sales hear of it once.
    const mailId = await beforeTenant(
      c.var.db,
      async (scope) =>
        (await joinWaitlist(scope, email, language))
          ? enqueueMail(scope, {
              from: c.env.MAIL_FROM,
              to: c.env.SALES_EMAIL,
              subject: `Waitlist: ${email}`,
              text: `${email} joined the waitlist (site language: ${language}).`,
            })
          : null,
      { atomic: true },
    );
    if (mailId) deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json({ message: c.var.t("waitlist.join.success") } satisfies MessageResponse);
  })
  .post("/contact-sales", jsonBody(contactSalesSchema), async (c) => {
    const { email, message } = c.req.valid("json");
    const { language } = c.var;
    await enforce(c, limits.contactPerClient(clientAddress(c)));
    const mailId = await beforeTenant(
      c.var.db,
      async (scope) => {
        await saveContactMessage(scope, { email, message, language });
        return enqueueMail(scope, {
          from: c.env.MAIL_FROM,
          to: c.env.SALES_EMAIL,
          subject: `Contact form: ${email}`,
          text: `From: ${email}\nSite language: ${language}\n\n${message}`,
        });
      },
      { atomic: true },
    );
    deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json({ message: c.var.t("contact.send.success") } satisfies MessageResponse);
  });
