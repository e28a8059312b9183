import type { Sql, TransactionSql } from "postgres";
import { DatabaseFailure, isCollision } from "./errors.ts";

/**
 * Runs a piece of work with a database client (db.ts makes them). The data layer is entered
 * only through the functions below, which take one of these.
 */
export type Database = <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

/**
 * Whose data a piece of work may touch: one salon, and the person acting in it (a member
 * signed in to the dashboard, or for a call the salon's owner, on whose behalf the assistant
 * answers).
 */
export interface Tenant {
  salonId: string;
  userId: string;
  /**
   * A stylist member's own stylist record: their work reaches only its appointments (to
   * change) and its clients. Everyone else, and the salon's own processes, reach the whole salon.
   */
  ownStylist?: string | null;
}

/** A transaction bound to one salon. Every tenant query of the data layer takes one. */
export interface TenantScope extends Tenant {
  readonly sql: TransactionSql;
}

/**
 * The one way into a salon's data: a transaction in which row-level security admits only
 * that salon's rows, whatever a query says. The data modules name the salon in their queries
 * too, so the planner walks that salon's index entries only.
 */
export function withTenant<T>(db: Database, tenant: Tenant, work: (scope: TenantScope) => Promise<T>): Promise<T> {
  return transaction(db, tenant, (tx) => work({ sql: tx, salonId: tenant.salonId, userId: tenant.userId, ownStylist: tenant.ownStylist ?? null }));
}

/**
 * Longer than any statement of ours should take: the server cancels one that runs on, such
 * as a write waiting on a lock a stuck transaction holds.
 */
const STATEMENT_TIMEOUT = "4s";

/**
 * A transaction; given a tenant, its row-level security settings name the person and the
 * salon (none yet: "", which the policies read as no salon) until it ends. PostgreSQL ends
 * one of two transactions that deadlock (two appointments swapped at once) or would not
 * serialize; the whole transaction then runs once more, by when the other is usually done.
 * Colliding again is a DatabaseFailure ("contention"): the caller hears a conflict to retry.
 */
async function transaction<T>(db: Database, tenant: Tenant | null, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
  const attempt = () =>
    db(
      (sql) =>
        sql.begin(async (tx) => {
          await tx`select set_config('statement_timeout', ${STATEMENT_TIMEOUT}, true)
            ${tenant ? tx`, set_config('app.user_id', ${tenant.userId}, true), set_config('app.salon_id', ${tenant.salonId}, true)` : tx``}`;
          return work(tx);
        }) as Promise<T>,
    );
  try {
    return await attempt();
  } catch (error) {
    if (!isCollision(error)) throw error;
  }
  try {
    return await attempt();
  } catch (error) {
    throw isCollision(error) ? new DatabaseFailure("contention", { cause: error }) : error;
  }
}

/**
 * Work done before any salon is known: accounts and sign-in, rate limits, mail, the public
 * forms, and the narrow lookups that find the salon a call or a person belongs to. Row-level
 * security shows such work no tenant rows at all.
 */
export interface PublicScope {
  readonly sql: Sql | TransactionSql;
}

/** Runs public work on the plain client, or in one transaction when `atomic` (all of it or nothing). */
export function beforeTenant<T>(db: Database, work: (scope: PublicScope) => Promise<T>, { atomic = false } = {}): Promise<T> {
  return atomic ? transaction(db, null, (tx) => work({ sql: tx })) : db((sql) => work({ sql }));
}

/**
 * A signed-in person before a salon is chosen: row-level security shows them their own
 * memberships and those salons. `enter` binds the transaction to a salon from then on
 * (to make one the person is about to own).
 */
export interface MemberScope {
  readonly sql: TransactionSql;
  readonly userId: string;
  enter(salonId: string): Promise<void>;
}

export function asMember<T>(db: Database, userId: string, work: (scope: MemberScope) => Promise<T>): Promise<T> {
  return transaction(db, { userId, salonId: "" }, (tx) => {
    const enter = async (salonId: string) => void (await tx`select set_config('app.salon_id', ${salonId}, true)`);
    return work({ sql: tx, userId, enter });
  });
}
