import type { Context } from "hono";
import { RESET_TTL_HOURS, VERIFICATION_TTL_HOURS } from "../../contract/auth.ts";
import { createEmailToken, type LinkPurpose } from "../data/accounts.ts";
import { enqueueMail } from "../data/outbox.ts";
import type { PublicScope } from "../data/tenant.ts";
import type { AppEnv } from "../env.ts";

/** The SPA's address for links in mail, in the language the person is using. */
export function appLink<E extends AppEnv>(c: Context<E>, path: string, query: Record<string, string> = {}) {
  const origin = c.env.APP_URL ?? new URL(c.req.url).origin;
  const search = new URLSearchParams(query).toString();
  return `${origin}/${c.var.language}${path}${search ? `?${search}` : ""}`;
}

const MAILS: Record<LinkPurpose, { hours: number; path: string; subject: string; text: string; withUser: boolean }> = {
  verify_email: { hours: VERIFICATION_TTL_HOURS, path: "/verify-email", subject: "mail.verify.subject", text: "mail.verify.text", withUser: true },
  reset_password: { hours: RESET_TTL_HOURS, path: "/reset-password", subject: "mail.reset.subject", text: "mail.reset.text", withUser: false },
};

/** Queues the mail carrying a single-use link (to confirm the address, or to reset the password); answers its outbox id. */
export async function queueLinkMail(c: Context<AppEnv>, scope: PublicScope, purpose: LinkPurpose, user: { id: string; email: string }) {
  const mail = MAILS[purpose];
  const token = await createEmailToken(scope, user.id, purpose, mail.hours);
  const url = appLink(c, mail.path, mail.withUser ? { token, user_id: user.id } : { token });
  return enqueueMail(scope, {
    from: c.env.MAIL_FROM,
    to: user.email,
    subject: c.var.t(mail.subject),
    text: c.var.t(mail.text, { link: url }),
  });
}

/**
 * Queues the mail telling an owner that someone tried to register their address again: the
 * registration itself answers as for a new address, so it tells nobody which addresses have
 * accounts.
 */
export const queueAccountExistsMail = (c: Context<AppEnv>, scope: PublicScope, email: string) =>
  enqueueMail(scope, {
    from: c.env.MAIL_FROM,
    to: email,
    subject: c.var.t("mail.accountExists.subject"),
    text: c.var.t("mail.accountExists.text", { link: appLink(c, "", { auth: "login" }) }),
  });
