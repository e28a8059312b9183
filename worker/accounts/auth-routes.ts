import { Hono } from "hono";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailQuery,
  VERIFICATION_TTL_HOURS,
  type RegisterResponse,
} from "../../contract/auth.ts";
import type { MessageResponse } from "../../contract/waitlist.ts";
import { acceptInvitation, invitationFor } from "../data/team.ts";
import {
  activeUserByEmail,
  createUser,
  endSignIn,
  resetLinkIsLive,
  resetPassword,
  userById,
  userForLogin,
  verifyEmail,
} from "../data/accounts.ts";
import { asMember, beforeTenant } from "../data/tenant.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../platform/http/errors.ts";
import { clientAddress, enforce, forgetHits, refundHit, withinLimit, type Limit } from "../platform/http/rate-limit.ts";
import { jsonBody, query } from "../platform/http/validate.ts";
import { deliverInBackground } from "../platform/mail/background.ts";
import { queueAccountExistsMail, queueLinkMail } from "./mails.ts";
import { requireUser } from "./middleware.ts";
import { decoyHash, hashPassword, verifyPassword } from "./password.ts";
import { clearRefreshCookie, continueSignIn, publicUser, readRefreshCookie, signIn } from "./session.ts";

const MINUTE = 60;
const QUARTER = 900;
const HOUR = 3600;

/*
 * Every limit on a route that hashes a password is counted before the hash, so a burst of
 * requests cannot all be hashed before any of them is counted. Limits that would let a
 * stranger lock an owner out are kept to the stranger's own address; the account itself is
 * only slowed down, and reaching a reset link is never blocked for it.
 */
const limits = {
  /** Guesses at one account from one address, counted afresh after a right password. */
  loginPerClientAndAccount: (ip: string, email: string): Limit => ({ bucket: `login:ip+email:${ip}:${email}`, max: 5, windowSeconds: QUARTER }),
  /** Guesses across accounts from one address (a shared office's people sign in freely: right passwords are not counted). */
  loginPerClient: (ip: string): Limit => ({ bucket: `login:ip:${ip}`, max: 20, windowSeconds: QUARTER }),
  /** Guesses at one account from anywhere: at most this many a minute, so it slows down and never locks. */
  loginPerAccount: (email: string): Limit => ({ bucket: `login:email:${email}`, max: 10, windowSeconds: MINUTE }),
  registerPerClient: (ip: string): Limit => ({ bucket: `register:ip:${ip}`, max: 10, windowSeconds: HOUR }),
  resetPerClient: (ip: string): Limit => ({ bucket: `reset:ip:${ip}`, max: 10, windowSeconds: HOUR }),
  forgotPerClient: (ip: string): Limit => ({ bucket: `forgot:ip:${ip}`, max: 10, windowSeconds: HOUR }),
  // Mails to one address: past these, the request is answered as usual and nothing is sent,
  // so nobody can flood an inbox, and the links already sent keep working.
  resetMailsPerEmail: (email: string): Limit => ({ bucket: `forgot:email:${email}`, max: 3, windowSeconds: HOUR }),
  verificationMailsPerEmail: (email: string): Limit => ({ bucket: `verify-resend:email:${email}`, max: 3, windowSeconds: HOUR }),
  accountExistsMailsPerEmail: (email: string): Limit => ({ bucket: `account-exists:email:${email}`, max: 3, windowSeconds: HOUR }),
};

export const authRoutes = new Hono<AppEnv>()
  .post("/register", jsonBody(registerSchema), async (c) => {
    const { email, password, invitation } = c.req.valid("json");
    const { language, t } = c.var;
    await enforce(c, limits.registerPerClient(clientAddress(c)));
    // Hashed whether or not the address is taken, so the answer takes as long either way.
    const passwordHash = await hashPassword(password);
    const { mailId, invited } = await beforeTenant(
      c.var.db,
      async (scope) => {
        const verified = invitation ? await invitationFor(scope, invitation, email) : false;
        const user = await createUser(scope, { email, passwordHash, language, verified });
        if (user) return { invited: verified ? user.id : null, mailId: verified ? null : await queueLinkMail(c, scope, "verify_email", { id: user.id, email }) };
        const told = await withinLimit(c, limits.accountExistsMailsPerEmail(email));
        return { invited: null, mailId: told ? await queueAccountExistsMail(c, scope, email) : null };
      },
      { atomic: true },
    );
    if (mailId) deliverInBackground(c.env, c.executionCtx, [mailId]);
    if (invited && invitation) {
      // The new account joins the salon at once, so its first sign-in never opens a salon of its own.
      await asMember(c.var.db, invited, (scope) => acceptInvitation(c.var.db, scope, invitation, email));
      return c.json({ message: t("auth.register.ready"), verified: true } satisfies RegisterResponse, 201);
    }
    return c.json({ message: t("auth.register.success", { hours: VERIFICATION_TTL_HOURS }) } satisfies RegisterResponse, 201);
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
    const ip = clientAddress(c);
    const guesses = { fromClient: limits.loginPerClient(ip), atAccount: limits.loginPerAccount(email) };
    const ownGuesses = limits.loginPerClientAndAccount(ip, email);
    await enforce(c, guesses.fromClient, ownGuesses, guesses.atAccount);

    const user = await beforeTenant(c.var.db, (scope) => userForLogin(scope, email));
    const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!user || !valid) throw new ApiError(401, { detail: t("auth.error.invalidCredentials"), code: "invalid_credentials" });
    // The limits count guesses: a right password was none.
    await Promise.all([refundHit(c, guesses.fromClient), refundHit(c, guesses.atAccount), forgetHits(c, ownGuesses)]);
    if (!user.is_active) throw new ApiError(403, { detail: t("auth.error.accountDisabled"), code: "account_disabled" });
    if (!user.email_verified_at) {
      // Logging in with the right password is the natural moment to resend a lost link.
      if (await withinLimit(c, limits.verificationMailsPerEmail(email))) {
        const mailId = await beforeTenant(c.var.db, (scope) => queueLinkMail(c, scope, "verify_email", user), { atomic: true });
        deliverInBackground(c.env, c.executionCtx, [mailId]);
      }
      throw new ApiError(403, { detail: t("auth.error.emailNotVerified"), code: "email_not_verified" });
    }
    return c.json(await signIn(c, user));
  })

  .post("/refresh", async (c) => {
    const token = readRefreshCookie(c);
    const signedIn = token ? await continueSignIn(c, token) : null;
    if (!signedIn) {
      clearRefreshCookie(c);
      throw new ApiError(401, { detail: c.var.t("auth.error.sessionExpired"), code: "session_expired" });
    }
    return c.json(signedIn);
  })

  .post("/logout", async (c) => {
    const token = readRefreshCookie(c);
    if (token) await beforeTenant(c.var.db, (scope) => endSignIn(scope, token));
    clearRefreshCookie(c);
    return c.body(null, 204);
  })

  .post("/forgot-password", jsonBody(forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid("json");
    await enforce(c, limits.forgotPerClient(clientAddress(c)));
    // Counted whether or not the address exists, so what happens tells nothing about accounts.
    const mailId = (await withinLimit(c, limits.resetMailsPerEmail(email)))
      ? await beforeTenant(
          c.var.db,
          async (scope) => {
            const user = await activeUserByEmail(scope, email);
            return user ? queueLinkMail(c, scope, "reset_password", user) : null;
          },
          { atomic: true },
        )
      : null;
    if (mailId) deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json({ message: c.var.t("auth.forgot.success") } satisfies MessageResponse);
  })

  .post("/reset-password", jsonBody(resetPasswordSchema), async (c) => {
    const { token, new_password } = c.req.valid("json");
    const invalid = () => new ApiError(400, { detail: c.var.t("auth.error.invalidResetLink"), code: "invalid_link" });
    await enforce(c, limits.resetPerClient(clientAddress(c)));
    // Only a live link earns a hash; using it checks it again, in the same step as the change.
    if (!(await beforeTenant(c.var.db, (scope) => resetLinkIsLive(scope, token)))) throw invalid();
    const passwordHash = await hashPassword(new_password);
    const done = await beforeTenant(c.var.db, (scope) => resetPassword(scope, token, passwordHash), { atomic: true });
    if (!done) throw invalid();
    return c.json({ message: c.var.t("auth.reset.success") } satisfies MessageResponse);
  })

  .get("/me", requireUser, async (c) => {
    const user = await beforeTenant(c.var.db, (scope) => userById(scope, c.var.user.id));
    return c.json(publicUser(user!));
  });
