import { Hono } from "hono";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailQuery,
  VERIFICATION_TTL_HOURS,
} from "../../contract/auth.ts";
import type { MessageResponse } from "../../contract/waitlist.ts";
import {
  activeUserByEmail,
  createUser,
  endSignIn,
  resetPassword,
  spendRefreshToken,
  userById,
  userForLogin,
  verifyEmail,
} from "../data/accounts.ts";
import { beforeTenant } from "../data/tenant.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { clientAddress, countHit, enforce, ensureBelow, type Limit } from "../http/rate-limit.ts";
import { jsonBody, query } from "../http/validate.ts";
import { deliverInBackground } from "../mail/background.ts";
import { queueLinkMail } from "./mails.ts";
import { requireUser } from "./middleware.ts";
import { decoyHash, hashPassword, verifyPassword } from "./password.ts";
import { clearRefreshCookie, publicUser, readRefreshCookie, tokenResponse } from "./session.ts";

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
    const { language, t } = c.var;
    await enforce(c, limits.registerPerClient(clientAddress(c)));
    const passwordHash = await hashPassword(password);
    const mailId = await beforeTenant(
      c.var.db,
      async (scope) => {
        const user = await createUser(scope, { email, passwordHash, language });
        return user ? queueLinkMail(c, scope, "verify_email", { id: user.id, email }) : null;
      },
      { atomic: true },
    );
    if (!mailId) throw new ApiError(409, { detail: t("auth.error.emailTaken"), code: "email_taken" });
    deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json({ message: t("auth.register.success", { hours: VERIFICATION_TTL_HOURS }) } satisfies MessageResponse, 201);
  })

  .post("/verify-email", query(verifyEmailQuery), async (c) => {
    const { token, user_id } = c.req.valid("query");
    const verified = await beforeTenant(c.var.db, (scope) => verifyEmail(scope, token, user_id), { atomic: true });
    if (!verified) throw new ApiError(400, { detail: c.var.t("auth.error.verificationExpired"), code: "invalid_link" });
    return c.json({ message: c.var.t("auth.verify.success") } satisfies MessageResponse);
  })

  .post("/login", jsonBody(loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { t } = c.var;
    const failureLimits = [limits.loginFailuresPerEmail(email), limits.loginFailuresPerClient(clientAddress(c))];
    await ensureBelow(c, ...failureLimits);

    const user = await beforeTenant(c.var.db, (scope) => userForLogin(scope, email));
    const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!user || !valid) {
      for (const limit of failureLimits) await countHit(c, limit);
      throw new ApiError(401, { detail: t("auth.error.invalidCredentials"), code: "invalid_credentials" });
    }
    if (!user.is_active) throw new ApiError(403, { detail: t("auth.error.accountDisabled"), code: "account_disabled" });
    if (!user.email_verified_at) {
      // Logging in with the right password is the natural moment to resend a lost link.
      const resend = limits.verificationResendPerEmail(email);
      if ((await countHit(c, resend)) <= resend.max) {
        const mailId = await beforeTenant(c.var.db, (scope) => queueLinkMail(c, scope, "verify_email", user), { atomic: true });
        deliverInBackground(c.env, c.executionCtx, [mailId]);
      }
      throw new ApiError(403, { detail: t("auth.error.emailNotVerified"), code: "email_not_verified" });
    }
    return c.json(await tokenResponse(c, user, crypto.randomUUID()));
  })

  .post("/refresh", async (c) => {
    const token = readRefreshCookie(c);
    const expired = () => {
      clearRefreshCookie(c);
      return new ApiError(401, { detail: c.var.t("auth.error.sessionExpired"), code: "session_expired" });
    };
    if (!token) throw expired();
    const session = await beforeTenant(c.var.db, (scope) => spendRefreshToken(scope, token), { atomic: true });
    if (!session) throw expired();
    return c.json(await tokenResponse(c, session.user, session.familyId));
  })

  .post("/logout", async (c) => {
    const token = readRefreshCookie(c);
    if (token) await beforeTenant(c.var.db, (scope) => endSignIn(scope, token));
    clearRefreshCookie(c);
    return c.body(null, 204);
  })

  .post("/forgot-password", jsonBody(forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid("json");
    // Counted whether or not the address exists, so a 429 tells nothing about accounts.
    await enforce(c, limits.forgotPerClient(clientAddress(c)), limits.forgotPerEmail(email));
    const mailId = await beforeTenant(
      c.var.db,
      async (scope) => {
        const user = await activeUserByEmail(scope, email);
        return user ? queueLinkMail(c, scope, "reset_password", user) : null;
      },
      { atomic: true },
    );
    if (mailId) deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json({ message: c.var.t("auth.forgot.success") } satisfies MessageResponse);
  })

  .post("/reset-password", jsonBody(resetPasswordSchema), async (c) => {
    const { token, new_password } = c.req.valid("json");
    const passwordHash = await hashPassword(new_password);
    const done = await beforeTenant(c.var.db, (scope) => resetPassword(scope, token, passwordHash), { atomic: true });
    if (!done) throw new ApiError(400, { detail: c.var.t("auth.error.invalidResetLink"), code: "invalid_link" });
    return c.json({ message: c.var.t("auth.reset.success") } satisfies MessageResponse);
  })

  .get("/me", requireUser, async (c) => {
    const user = await beforeTenant(c.var.db, (scope) => userById(scope, c.var.user.id));
    return c.json(publicUser(user!));
  });
