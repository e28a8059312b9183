import { WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT } from "../../../contract/webhooks.ts";
import { database, requestDatabase, type Database } from "../../data/db.ts";
import { beforeTenant, withTenant, type Tenant } from "../../data/tenant.ts";
import { claimDelivery, dueDeliveries, dueSalonDeliveries, pruneEvents, recordAttempt, type AttemptOutcome, type ClaimedDelivery } from "../../data/webhooks.ts";
import type { Bindings } from "../../env.ts";
import { outboundAddress } from "../../platform/http/outbound-address.ts";
import { signature } from "./signing.ts";

/*
 * Sends webhook deliveries: each attempt claims its delivery with a lease in a transaction of
 * its own, posts the signed event outside any transaction, then writes what came of it. An
 * attempt that dies in between leaves its delivery to the cron once the lease has run out;
 * the receiver may then get it twice, under the same webhook-id, as Standard Webhooks allows.
 */

/** Longer than an attempt may take. */
const LEASE_SECONDS = 60;
/** Minutes before the next attempt after each failed one; after the last, the delivery has failed. */
export const RETRY_MINUTES = [1, 5, 30, 120, 360, 720] as const;
/** Deliveries one cron run sends, and one change's after it commits. */
const CRON_BATCH = 50;
const SALON_BATCH = 20;
/** Endpoints sent to at once; one endpoint's deliveries go one after another, in order. */
const AT_ONCE = 4;
/** Days events stay in the log once their deliveries are done. */
const KEEP_DAYS = 30;

const retryAt = (delivery: ClaimedDelivery): Date | null => {
  // A test event shows the owner at once whether the endpoint works; it is not tried again.
  if (delivery.event_type === WEBHOOK_TEST_EVENT || delivery.attempts >= WEBHOOK_LIMITS.attempts) return null;
  return new Date(Date.now() + RETRY_MINUTES[delivery.attempts - 1]! * 60_000);
};

async function post(env: Bindings, delivery: ClaimedDelivery): Promise<AttemptOutcome> {
  // The address was checked when given; the environment's allowed hosts may have changed since.
  if (outboundAddress(delivery.url, env.WEBHOOK_HTTP_HOSTS) !== "ok") return { delivered: false, status: null, error: "unreachable" };
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const response = await fetch(delivery.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Recepta-Webhooks/1",
        "webhook-id": delivery.event_id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": await signature(delivery.secret, delivery.event_id, timestamp, delivery.body),
      },
      body: delivery.body,
      // A redirect is an answer like any other that is not 2xx: following it could lead anywhere.
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_LIMITS.timeoutMs),
    });
    // Only the status matters; the body is not read.
    await response.body?.cancel();
    return response.ok ? { delivered: true, status: response.status } : { delivered: false, status: response.status, error: "http" };
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    return { delivered: false, status: null, error: timedOut ? "timeout" : "unreachable" };
  }
}

/** One attempt at one delivery of the salon, if it is there to take. */
export async function attemptDelivery(env: Bindings, db: Database, tenant: Tenant, id: string): Promise<void> {
  const delivery = await withTenant(db, tenant, (scope) => claimDelivery(scope, id, LEASE_SECONDS));
  if (!delivery) return;
  const outcome = await post(env, delivery);
  await withTenant(db, tenant, (scope) => recordAttempt(scope, id, outcome, outcome.delivered ? null : retryAt(delivery)));
}

/** Sends deliveries grouped by endpoint: endpoints side by side, each one's in the order given. */
async function sendAll(env: Bindings, db: Database, due: { id: string; endpoint_id: string; tenant: Tenant }[]): Promise<void> {
  const byEndpoint = new Map<string, typeof due>();
  for (const delivery of due) byEndpoint.set(delivery.endpoint_id, [...(byEndpoint.get(delivery.endpoint_id) ?? []), delivery]);
  const queues = [...byEndpoint.values()];
  const worker = async () => {
    for (let queue = queues.shift(); queue; queue = queues.shift()) {
      for (const { id, tenant } of queue) {
        try {
          await attemptDelivery(env, db, tenant, id);
        } catch (error) {
          // The delivery stays claimed; its lease runs out and the cron takes it up.
          console.error(`webhook delivery ${id}: sending failed`, error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

/**
 * Sends what the salon's committed change recorded, after the answer has gone out, on a
 * connection of its own. Whatever cannot go now the cron sends.
 */
export function deliverInBackground(env: Bindings, ctx: Pick<ExecutionContext, "waitUntil">, tenant: Tenant): void {
  const { db, close } = requestDatabase(env);
  const work = async () => {
    const due = await withTenant(db, tenant, (scope) => dueSalonDeliveries(scope, SALON_BATCH));
    await sendAll(env, db, due.map((delivery) => ({ ...delivery, tenant })));
  };
  ctx.waitUntil(
    work()
      .catch((error: unknown) => console.error("webhooks: sending after a change failed", error))
      .finally(close),
  );
}

/** The cron's part: every delivery due, retries and abandoned ones too; then old events go. */
export async function deliverDueWebhooks(env: Bindings): Promise<void> {
  const db = database(env);
  const due = await beforeTenant(db, (scope) => dueDeliveries(scope, CRON_BATCH));
  await sendAll(env, db, due.map(({ id, endpoint_id, ...tenant }) => ({ id, endpoint_id, tenant })));
  await beforeTenant(db, (scope) => pruneEvents(scope, KEEP_DAYS));
}
