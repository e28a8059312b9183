import { createMiddleware } from "hono/factory";
import { verify } from "hono/jwt";
import { API_KEY_PREFIX } from "../../contract/api-keys.ts";
import { UUID } from "../../contract/ids.ts";
import { keyRefused } from "../salon/api-keys/refused.ts";
import { activeUser } from "../data/accounts.ts";
import { beforeTenant } from "../data/tenant.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../platform/http/errors.ts";
import { jwtSecret } from "./session.ts";

interface CurrentUser {
  id: string;
  email: string;
}

export interface AuthedEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { user: CurrentUser };
}

/**
 * The one gate of every signed-in route: a valid HS256 access token of an active user,
 * issued since the user's last password change.
 */
export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  const token = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const unauthorized = (id: string) => new ApiError(401, { detail: c.var.t(id), code: "unauthorized" });
  if (!token) throw unauthorized("auth.error.notAuthenticated");
  // The account and sign-in are a person's: an API key is refused here, plainly.
  if (token.startsWith(API_KEY_PREFIX)) throw keyRefused(c);

  let claims: Record<string, unknown>;
  try {
    claims = await verify(token, jwtSecret(c.env), "HS256");
  } catch {
    throw unauthorized("auth.error.sessionExpired");
  }
  // verify() checks exp only when a token has one; every token this Worker signs has one.
  if (typeof claims.sub !== "string" || !UUID.test(claims.sub) || typeof claims.ver !== "number" || typeof claims.exp !== "number") {
    throw unauthorized("auth.error.sessionExpired");
  }
  const userId = claims.sub;
  const version = claims.ver;
  const user = await beforeTenant(c.var.db, (scope) => activeUser(scope, userId, version));
  if (!user) throw unauthorized("auth.error.sessionExpired");
  c.set("user", { id: user.id, email: user.email });
  await next();
});
