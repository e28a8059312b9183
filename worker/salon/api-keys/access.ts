import type { Context } from "hono";
import { every } from "hono/combine";
import { createMiddleware } from "hono/factory";
import { API_KEY_LIMITS, API_KEY_PREFIX, type ApiKeyScope } from "../../../contract/api-keys.ts";
import { requireUser } from "../../accounts/middleware.ts";
import { keyHolder, markApiKeyUsed } from "../../data/api-keys.ts";
import { beforeTenant, withTenant } from "../../data/tenant.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { enforce } from "../../platform/http/rate-limit.ts";
import { requireSalon, type SalonEnv } from "../../platform/http/tenant.ts";
import { keyRefused } from "./refused.ts";
import { apiKeyHash } from "./secret.ts";

/** A request made with an API key: which key, and what it may do. */
export interface KeyEnv extends SalonEnv {
  Variables: SalonEnv["Variables"] & { apiKey?: { id: string; scope: ApiKeyScope } };
}

const READ_METHODS = new Set(["GET", "HEAD"]);
const USED_PRECISION_MS = 60_000;

/** The key of an `Authorization: Bearer rk_…` header, if the request sent one. */
export function bearerKey(c: Context): string | undefined {
  const token = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : undefined;
}

const signedIn = every(requireUser, requireSalon);

/**
 * The gate of the dashboard API: a signed-in person in their salon, or an API key in the
 * salon it was made for. A key acts as the salon's owner, so row-level security scopes its
 * queries like the owner's; a read key may only read.
 */
export const requireSalonAccess = createMiddleware<KeyEnv>(async (c, next) => {
  const key = bearerKey(c);
  if (!key) return signedIn(c, next);

  const holder = await beforeTenant(c.var.db, async (scope) => keyHolder(scope, await apiKeyHash(key)));
  if (!holder) throw new ApiError(401, { detail: c.var.t("apiKeys.error.invalid"), code: "unauthorized" });
  await enforce(c, { bucket: `api-key:${holder.keyId}`, max: API_KEY_LIMITS.perMinute, windowSeconds: 60 });
  if (holder.scope === "read" && !READ_METHODS.has(c.req.method)) {
    throw new ApiError(403, { detail: c.var.t("apiKeys.error.readOnly"), code: "read_only_key" });
  }
  const tenant = { salonId: holder.salonId, userId: holder.ownerId };
  if (!holder.lastUsedAt || Date.now() - holder.lastUsedAt.getTime() >= USED_PRECISION_MS) {
    await withTenant(c.var.db, tenant, (scope) => markApiKeyUsed(scope, holder.keyId));
  }
  // A key has no person's email; nothing past this gate reads one.
  c.set("user", { id: holder.ownerId, email: "" });
  c.set("salon", { salonId: holder.salonId, role: "owner", stylistId: null, timeZone: holder.timeZone });
  c.set("apiKey", { id: holder.keyId, scope: holder.scope });
  await next();
});

/** Refuses API keys on routes only a signed-in person may use. */
export const sessionOnly = createMiddleware<KeyEnv>(async (c, next) => {
  if (c.var.apiKey) throw keyRefused(c);
  await next();
});
