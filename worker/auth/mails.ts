import type { Context } from "hono";
import type { TransactionSql } from "postgres";
import { RESET_TTL_HOURS, VERIFICATION_TTL_HOURS } from "../../contract/auth.ts";
import type { AppEnv } from "../env.ts";
import { enqueueMail } from "../mail/index.ts";
import { hashToken, randomToken } from "./tokens.ts";

type Purpose = "verify_email" | "reset_password";

async function createToken(tx: TransactionSql, userId: string, purpose: Purpose, hours: number): Promise<string> {
  const token = randomToken();
  await tx`insert into email_tokens (user_id, purpose, token_hash, expires_at)
           values (${userId}, ${purpose}, ${await hashToken(token)}, now() + make_interval(hours => ${hours}))`;
  return token;
}

/** The SPA's address for links in mail, in the language the person is using. */
function link(c: Context<AppEnv>, path: string, query: Record<string, string>) {
  const origin = c.env.APP_URL ?? new URL(c.req.url).origin;
  return `${origin}/${c.var.language}${path}?${new URLSearchParams(query)}`;
}

export async function queueVerificationMail(c: Context<AppEnv>, tx: TransactionSql, user: { id: string; email: string }) {
  const token = await createToken(tx, user.id, "verify_email", VERIFICATION_TTL_HOURS);
  const url = link(c, "/verify-email", { token, user_id: user.id });
  return enqueueMail(tx, {
    from: c.env.MAIL_FROM,
    to: user.email,
    subject: c.var.t("mail.verify.subject"),
    text: c.var.t("mail.verify.text", { link: url }),
  });
}

export async function queueResetMail(c: Context<AppEnv>, tx: TransactionSql, user: { id: string; email: string }) {
  const token = await createToken(tx, user.id, "reset_password", RESET_TTL_HOURS);
  const url = link(c, "/reset-password", { token });
  return enqueueMail(tx, {
    from: c.env.MAIL_FROM,
    to: user.email,
    subject: c.var.t("mail.reset.subject"),
    text: c.var.t("mail.reset.text", { link: url }),
  });
}
