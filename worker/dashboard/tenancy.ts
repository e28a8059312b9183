import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { TransactionSql } from "postgres";
import { UUID } from "../../contract/ids.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_TIME_ZONE } from "../../contract/salon.ts";
import type { AuthedEnv } from "../auth/middleware.ts";
import { inTenant } from "../db.ts";
import { ApiError } from "../http/errors.ts";

export interface CurrentSalon {
  id: string;
  time_zone: string;
}

export interface OwnerEnv extends AuthedEnv {
  Variables: AuthedEnv["Variables"] & { salon: CurrentSalon };
}

function browserTimeZone(c: Context): string {
  const zone = c.req.header("x-time-zone");
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/**
 * Gives the handler the signed-in owner's salon, made with the spec's defaults on first use
 * (time zone from the browser). Runs after requireUser.
 */
export const requireSalon = createMiddleware<OwnerEnv>(async (c, next) => {
  const { user } = c.var;
  const salon = await c.var.sql.begin(async (tx) => {
    await tx`select set_config('app.user_id', ${user.id}, true)`;
    const [found] = await tx<CurrentSalon[]>`select id, time_zone from salons where owner_id = ${user.id}`;
    if (found) return found;
    const [created] = await tx<CurrentSalon[]>`
      insert into salons (owner_id, name, business_hours, time_zone)
      values (${user.id}, ${c.var.t("salon.defaultName")}, ${JSON.stringify(DEFAULT_BUSINESS_HOURS)}::text::jsonb, ${browserTimeZone(c)})
      on conflict (owner_id) do nothing
      returning id, time_zone`;
    // Two first requests at once: the other one made it.
    return created ?? (await tx<CurrentSalon[]>`select id, time_zone from salons where owner_id = ${user.id}`)[0];
  });
  c.set("salon", salon!);
  await next();
});

/**
 * Runs `work` in a transaction bound to the caller's salon: row-level security then admits
 * only that salon's rows, whatever the query says.
 */
export function inSalon<T>(c: Context<OwnerEnv>, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
  return inTenant(c.var.sql, c.var.salon.id, work, c.var.user.id);
}

/** The `:id` of a route; anything that is not a uuid cannot be one of this salon's rows. */
export function rowId(c: Context<OwnerEnv>): string {
  const id = c.req.param("id");
  if (!id || !UUID.test(id)) throw notFound(c);
  return id;
}

export const notFound = (c: Context<OwnerEnv>) => new ApiError(404, { detail: c.var.t("api.error.notFoundRow"), code: "not_found" });
