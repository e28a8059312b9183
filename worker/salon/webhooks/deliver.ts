import { WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT } from "../../../contract/webhooks.ts";
import { requestDatabase, type Database } from "../../data/db.ts";
import { beforeTenant, withTenant, type Tenant } from "../../data/tenant.ts";
import { claimDelivery, dueDeliveries, dueSalonDeliveries, pruneEvents, recordAttempt, type AttemptOutcome, type ClaimedDelivery } from "../../data/webhooks.ts";
import type { Bindings } from "../../env.ts";
import { outbox, realClock, task } from "../../jobs/runner.ts";
import { outboundAddress } from "../../platform/http/outbound-address.ts";
import { signature } from "./signing.ts";

/*
 * Sends webhook deliveries: each attempt claims its delivery with a lease in a transaction of
 * its own, posts the signed event outside any transaction, then writes what came of it. An
 * attempt that dies in between leaves its delivery to the cron once the lease has run out;
 * the receiver may then get it twice, under the same webhook-id, as Standard Webhooks allows.
 */

/** Deliveries one cron run sends, and one change's after it commits. */
const CRON_BATCH = 50;
const SALON_BATCH = 20;
/** Days events stay in the log once their deliveries are done. */
const KEEP_DAYS = 30;

async function post(env: Bindings, delivery: ClaimedDelivery, now: Date): Promise<AttemptOutcome> {
  // The address was checked when given; the environment's allowed hosts may have changed since.
  if (outboundAddress(delivery.url, env.WEBHOOK_HTTP_HOSTS) !== "ok") return { delivered: false, status: null, error: "unreachable" };
  const timestamp = Math.floor(now.getTime() / 1000);
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

type DueDelivery = { id: string; endpoint_id: string; tenant: Tenant };

/**
 * Deliveries, endpoints side by side (a few at once), each one's in the order its events
 * happened. A test event shows the owner at once whether the endpoint works; it is not tried again.
 */
export const webhookJob = outbox<DueDelivery, ClaimedDelivery & { tenant: Tenant }, AttemptOutcome & { delivered: false }>({
  name: "webhooks",
  leaseSeconds: 60,
  attempts: WEBHOOK_LIMITS.attempts,
  batch: CRON_BATCH,
  parallel: 4,
  lane: (delivery) => delivery.endpoint_id,
  due: async ({ db, clock }, batch) =>
    (await beforeTenant(db, (scope) => dueDeliveries(scope, clock.now(), batch))).map(({ id, endpoint_id, ...tenant }) => ({ id, endpoint_id, tenant })),
  claim: async ({ db }, { id, tenant }, lease) => {
    const claimed = await withTenant(db, tenant, (scope) => claimDelivery(scope, id, lease.now, lease.until));
    return claimed && { ...claimed, tenant };
  },
  attempt: async ({ env, db, clock }, delivery) => {
    const outcome = await post(env, delivery, clock.now());
    if (!outcome.delivered) return { failure: outcome, retry: delivery.event_type !== WEBHOOK_TEST_EVENT };
    await withTenant(db, delivery.tenant, (scope) => recordAttempt(scope, delivery.id, outcome, null, clock.now()));
    return "settled";
  },
  failed: ({ db, clock }, delivery, outcome, retryAt) => withTenant(db, delivery.tenant, (scope) => recordAttempt(scope, delivery.id, outcome, retryAt, clock.now())),
  abandoned: { delivered: false, status: null, error: "timeout" },
});

/** Sends one delivery of the salon now, on the request's connection (the owner's test event). */
export function deliverNow(env: Bindings, db: Database, tenant: Tenant, id: string, endpointId: string): Promise<void> {
  return webhookJob.attemptNow({ env, db, clock: realClock }, [{ id, endpoint_id: endpointId, tenant }]);
}

/**
 * Sends what the salon's committed change recorded, after the answer has gone out, on a
 * connection of its own. Whatever cannot go now the cron sends.
 */
export function deliverInBackground(env: Bindings, ctx: Pick<ExecutionContext, "waitUntil">, tenant: Tenant): void {
  const { db, close } = requestDatabase(env);
  const run = { env, db, clock: realClock };
  const work = async () => {
    const due = await withTenant(db, tenant, (scope) => dueSalonDeliveries(scope, run.clock.now(), SALON_BATCH));
    await webhookJob.attemptNow(run, due.map((delivery) => ({ ...delivery, tenant })));
  };
  ctx.waitUntil(
    work()
      .catch((error: unknown) => console.error("webhooks: sending after a change failed", error))
      .finally(close),
  );
}

/** Old events go once their deliveries are done, after a month in the log. */
export const pruneWebhookEvents = task({
  name: "webhook events pruned",
  after: [webhookJob.name],
  run: ({ db, clock }) => beforeTenant(db, (scope) => pruneEvents(scope, KEEP_DAYS, clock.now())),
});
