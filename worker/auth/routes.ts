import { Hono } from "hono";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailQuery,
  VERIFICATION_TTL_HOURS,
  type AuthUser,
  type TokenResponse,
} from "../../contract/auth.ts";
import type { MessageResponse } from "../../contract/waitlist.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { jsonBody, query } from "../http/validate.ts";
import { deliverInBackground } from "../mail/index.ts";
import { queueResetMail, queueVerificationMail } from "./mails.ts";
import { requireUser } from "./middleware.ts";
import { decoyHash, hashPassword, verifyPassword } from "./password.ts";
import { clientAddress, enforce, ensureBelow, hits, type Limit } from "./rate-limit.ts";
import { clearRefreshCookie, publicUser, readRefreshCookie, tokenResponse, type UserRow } from "./session.ts";
import { hashToken } from "./tokens.ts";

const HOUR = 3600;
const QUARTER = 900;

const limits = {
  loginFailuresPerEmail: (email: string): Limit => ({ bucket: `login-failed:email:${email}`, max: 5, windowSeconds: QUARTER }),
  loginFailuresPerClient: (ip: string): Limit => ({ bucket: `login-failed:ip:${ip}`, max: 20, windowSeconds: QUARTER }),
  registerPerClient: (ip: string): Limit => ({ bucket: `register:ip:${ip}`, max: 10, windowSeconds: HOUR }),
  forgotPerEmail: (email: string): Limit => ({ bucket: `forgot:email:${email}`, max: 3, windowSeconds: HOUR }),
  forgotPerClient: (ip: string): Limit => ({ bucket: `forgot:ip:${ip}`, max: 10, windowSeconds: HOUR }),
  verificationResendPerEmail: (email: string): Limit => ({ bucket: `verify-resend:email:${email}`, max: 3, windowSeconds: HOUR }),
};

export const authRoutes = new Hono<AppEnv>()
  .post("/register", jsonBody(registerSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { sql, language, t } = c.var;
    await enforce(c, limits.registerPerClient(clientAddress(c)));
    const passwordHash = await hashPassword(password);
    const mailId = await sql.begin(async (tx) => {
      const [user] = await tx<{ id: string }[]>`
        insert into users (email, password_hash, language) values (${email}, ${passwordHash}, ${language})
        on conflict (email) do nothing returning id`;
      return user ? queueVerificationMail(c, tx, { id: user.id, email }) : null;
    });
    if (!mailId) throw new ApiError(409, { detail: t("auth.error.emailTaken"), code: "email_taken" });
    deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json<MessageResponse>({ message: t("auth.register.success", { hours: VERIFICATION_TTL_HOURS }) }, 201);
  })

  .post("/verify-email", query(verifyEmailQuery), async (c) => {
    const { token, user_id } = c.req.valid("query");
    const tokenHash = await hashToken(token);
    const verified = await c.var.sql.begin(async (tx) => {
      const [used] = await tx`
        update email_tokens set used_at = now()
        where token_hash = ${tokenHash} and user_id = ${user_id} and purpose = 'verify_email'
          and used_at is null and expires_at > now()
        returning user_id`;
      if (!used) return false;
      await tx`update users set email_verified_at = coalesce(email_verified_at, now()) where id = ${user_id}`;
      return true;
    });
    if (!verified) throw new ApiError(400, { detail: c.var.t("auth.error.verificationExpired"), code: "invalid_link" });
    return c.json<MessageResponse>({ message: c.var.t("auth.verify.success") });
  })

  .post("/login", jsonBody(loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { sql, t } = c.var;
    const failureLimits = [limits.loginFailuresPerEmail(email), limits.loginFailuresPerClient(clientAddress(c))];
    await ensureBelow(c, ...failureLimits);

    const [user] = await sql<(UserRow & { password_hash: string })[]>`
      select id, email::text, is_active, email_verified_at, token_version, password_hash from users where email = ${email}`;
    const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!user || !valid) {
      for (const limit of failureLimits) await hits(sql, limit, true);
      throw new ApiError(401, { detail: t("auth.error.invalidCredentials"), code: "invalid_credentials" });
    }
    if (!user.is_active) throw new ApiError(403, { detail: t("auth.error.accountDisabled"), code: "account_disabled" });
    if (!user.email_verified_at) {
      // Logging in with the right password is the natural moment to resend a lost link.
      const resend = limits.verificationResendPerEmail(email);
      if ((await hits(sql, resend, true)) <= resend.max) {
        const mailId = await sql.begin((tx) => queueVerificationMail(c, tx, user));
        deliverInBackground(c.env, c.executionCtx, [mailId]);
      }
      throw new ApiError(403, { detail: t("auth.error.emailNotVerified"), code: "email_not_verified" });
    }
    return c.json<TokenResponse>(await tokenResponse(c, sql, user, crypto.randomUUID()));
  })

  .post("/refresh", async (c) => {
    const token = readRefreshCookie(c);
    const expired = () => {
      clearRefreshCookie(c);
      return new ApiError(401, { detail: c.var.t("auth.error.sessionExpired"), code: "session_expired" });
    };
    if (!token) throw expired();
    const tokenHash = await hashToken(token);
    const session = await c.var.sql.begin(async (tx) => {
      const [row] = await tx<{ id: string; family_id: string; user_id: string; valid: boolean; reused: boolean }[]>`
        select id, family_id, user_id, (expires_at > now()) as valid, (used_at is not null or revoked_at is not null) as reused
        from refresh_tokens where token_hash = ${tokenHash} for update`;
      if (!row) return null;
      if (row.reused) {
        // A rotated token came back: someone holds a copy. End every session of that sign-in.
        await tx`update refresh_tokens set revoked_at = now() where family_id = ${row.family_id} and revoked_at is null`;
        return null;
      }
      if (!row.valid) return null;
      await tx`update refresh_tokens set used_at = now() where id = ${row.id}`;
      const [user] = await tx<UserRow[]>`
        select id, email::text, is_active, email_verified_at, token_version from users where id = ${row.user_id} and is_active`;
      return user ? { user, familyId: row.family_id } : null;
    });
    if (!session) throw expired();
    return c.json<TokenResponse>(await tokenResponse(c, c.var.sql, session.user, session.familyId));
  })

  .post("/logout", async (c) => {
    const token = readRefreshCookie(c);
    if (token) {
      await c.var.sql`
        update refresh_tokens set revoked_at = now()
        where family_id = (select family_id from refresh_tokens where token_hash = ${await hashToken(token)})
          and revoked_at is null`;
    }
    clearRefreshCookie(c);
    return c.body(null, 204);
  })

  .post("/forgot-password", jsonBody(forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid("json");
    const { sql, t } = c.var;
    // Counted whether or not the address exists, so a 429 tells nothing about accounts.
    await enforce(c, limits.forgotPerClient(clientAddress(c)), limits.forgotPerEmail(email));
    const mailId = await sql.begin(async (tx) => {
      const [user] = await tx<{ id: string; email: string }[]>`
        select id, email::text from users where email = ${email} and is_active`;
      return user ? queueResetMail(c, tx, user) : null;
    });
    if (mailId) deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json<MessageResponse>({ message: t("auth.forgot.success") });
  })

  .post("/reset-password", jsonBody(resetPasswordSchema), async (c) => {
    const { token, new_password } = c.req.valid("json");
    const passwordHash = await hashPassword(new_password);
    const tokenHash = await hashToken(token);
    const done = await c.var.sql.begin(async (tx) => {
      const [used] = await tx<{ user_id: string }[]>`
        update email_tokens set used_at = now()
        where token_hash = ${tokenHash} and purpose = 'reset_password' and used_at is null and expires_at > now()
        returning user_id`;
      if (!used) return false;
      // The link proves the mailbox is theirs, so the address counts as verified too.
      await tx`update users set password_hash = ${passwordHash}, token_version = token_version + 1,
                 email_verified_at = coalesce(email_verified_at, now())
               where id = ${used.user_id}`;
      await tx`update refresh_tokens set revoked_at = now() where user_id = ${used.user_id} and revoked_at is null`;
      await tx`update email_tokens set used_at = now()
               where user_id = ${used.user_id} and purpose = 'reset_password' and used_at is null`;
      return true;
    });
    if (!done) throw new ApiError(400, { detail: c.var.t("auth.error.invalidResetLink"), code: "invalid_link" });
    return c.json<MessageResponse>({ message: c.var.t("auth.reset.success") });
  })

  .get("/me", requireUser, async (c) => {
    const [user] = await c.var.sql<UserRow[]>`
      select id, email::text, is_active, email_verified_at, token_version from users where id = ${c.var.user.id}`;
    return c.json<AuthUser>(publicUser(user!));
  });
