import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type WebhookClientData,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
} from "../../contract/webhooks.ts";
import type { JSONValue } from "postgres";
import { DataError, notFound } from "./errors.ts";
import type { PublicScope, TenantScope } from "./tenant.ts";

/*
 * The salon's webhook endpoints, and the outbox of events and their deliveries: written in the
 * transaction of the change that caused them, claimed with a lease for each attempt, and
 * reported on in the endpoint's log.
 */

interface EndpointRow extends Omit<WebhookEndpoint, "created_at" | "last_delivery"> {
  created_at: Date;
  last_status: WebhookDeliveryStatus | null;
  last_response_status: number | null;
  last_at: Date | null;
}

const toEndpoint = ({ last_status, last_response_status, last_at, created_at, ...row }: EndpointRow): WebhookEndpoint => ({
  ...row,
  created_at: created_at.toISOString(),
  last_delivery: last_status ? { status: last_status, response_status: last_response_status, at: last_at!.toISOString() } : null,
});

/** A list of event types as a text[] (the driver is not told array types). */
const eventList = (sql: TenantScope["sql"], events: string[]) => sql`array(select jsonb_array_elements_text(${sql.json(events)}::jsonb))`;

/** The salon's endpoints, oldest first, each with how its latest delivery went. */
export async function listEndpoints({ sql, salonId }: TenantScope, id?: string): Promise<WebhookEndpoint[]> {
  const rows = await sql<EndpointRow[]>`
    select e.id, e.url, e.description, to_jsonb(e.events) as events, e.enabled, e.secret_prefix, e.created_at,
      last.status as last_status, last.response_status as last_response_status, last.at as last_at
    from webhook_endpoints e
    left join lateral (
      select d.status, d.response_status, coalesce(d.last_attempt_at, d.created_at) as at
      from webhook_deliveries d where d.endpoint_id = e.id and d.salon_id = ${salonId}
      order by d.created_at desc, d.id desc limit 1
    ) last on true
    where e.salon_id = ${salonId} ${id ? sql`and e.id = ${id}` : sql``}
    order by e.created_at, e.id`;
  return rows.map(toEndpoint);
}

export async function getEndpoint(scope: TenantScope, id: string): Promise<WebhookEndpoint> {
  const [endpoint] = await listEndpoints(scope, id);
  if (!endpoint) throw notFound();
  return endpoint;
}

/** Adds an endpoint; a salon with as many as it may have is refused. */
export async function createEndpoint(
  scope: TenantScope,
  endpoint: { url: string; description: string | null; events: WebhookEventType[]; secret: string; prefix: string },
): Promise<WebhookEndpoint> {
  const { sql, salonId } = scope;
  // One salon's endpoints are added one at a time, so two added together cannot both pass the count.
  await sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints:' || ${salonId}))`;
  const [{ count } = { count: 0 }] = await sql<{ count: number }[]>`select count(*)::int as count from webhook_endpoints where salon_id = ${salonId}`;
  if (count >= WEBHOOK_LIMITS.endpoints) {
    throw new DataError("conflict", "webhooks.error.tooMany", { code: "too_many_endpoints", values: { max: WEBHOOK_LIMITS.endpoints } });
  }
  const [row] = await sql<{ id: string }[]>`
    insert into webhook_endpoints (salon_id, url, description, events, enabled, secret, secret_prefix)
    values (${salonId}, ${endpoint.url}, ${endpoint.description}, ${eventList(sql, endpoint.events)}, true, ${endpoint.secret}, ${endpoint.prefix})
    returning id`;
  return getEndpoint(scope, row!.id);
}

/** Changes the fields given; pending deliveries go to the address the endpoint has when they are sent. */
export async function updateEndpoint(
  scope: TenantScope,
  id: string,
  changes: { url?: string; description?: string | null; events?: WebhookEventType[]; enabled?: boolean },
): Promise<WebhookEndpoint> {
  const { sql, salonId } = scope;
  const { url, description, events, enabled } = changes;
  const updated = await sql`
    update webhook_endpoints set
      ${url !== undefined ? sql`url = ${url},` : sql``}
      ${description !== undefined ? sql`description = ${description},` : sql``}
      ${events !== undefined ? sql`events = ${eventList(sql, events)},` : sql``}
      ${enabled !== undefined ? sql`enabled = ${enabled},` : sql``}
      updated_at = now()
    where id = ${id} and salon_id = ${salonId} returning id`;
  if (updated.length === 0) throw notFound();
  return getEndpoint(scope, id);
}

/** Removes an endpoint with its deliveries, pending ones too. */
export async function deleteEndpoint({ sql, salonId }: TenantScope, id: string): Promise<void> {
  const deleted = await sql`delete from webhook_endpoints where id = ${id} and salon_id = ${salonId} returning id`;
  if (deleted.length === 0) throw notFound();
}

/** Gives an endpoint a new secret; deliveries from now on are signed with it. */
export async function replaceSecret(scope: TenantScope, id: string, secret: { secret: string; prefix: string }): Promise<WebhookEndpoint> {
  const updated = await scope.sql`
    update webhook_endpoints set secret = ${secret.secret}, secret_prefix = ${secret.prefix}, updated_at = now()
    where id = ${id} and salon_id = ${scope.salonId} returning id`;
  if (updated.length === 0) throw notFound();
  return getEndpoint(scope, id);
}

/**
 * Records an event of the salon with a delivery to each enabled endpoint subscribed to its
 * type, in the caller's transaction; answers the deliveries made (none when nobody listens).
 */
export async function recordEvent({ sql, salonId }: TenantScope, type: WebhookEventType, subjectId: string, data: object): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select record_webhook_event(${salonId}, ${type}, ${subjectId}, ${sql.json(data as JSONValue)}) as id`;
  return rows.map((row) => row.id);
}

/** The test event, to this one endpoint whatever it subscribes to; answers its delivery. */
export async function recordTestEvent({ sql, salonId }: TenantScope, endpointId: string): Promise<string> {
  const [event] = await sql<{ id: string; seq: string }[]>`
    insert into webhook_events (salon_id, type, subject_id, payload)
    values (${salonId}, ${WEBHOOK_TEST_EVENT}, ${endpointId},
      jsonb_build_object('type', ${WEBHOOK_TEST_EVENT}::text, 'timestamp', webhook_instant(now()), 'data', jsonb_build_object('endpoint_id', ${endpointId}::uuid)))
    returning id, seq`;
  const [delivery] = await sql<{ id: string }[]>`
    insert into webhook_deliveries (salon_id, event_id, endpoint_id, subject_id, event_seq)
    values (${salonId}, ${event!.id}, ${endpointId}, ${endpointId}, ${event!.seq}) returning id`;
  return delivery!.id;
}

/** Whether an enabled endpoint of the salon hears any of `types`: when none does, an event's data need not be read. */
export async function listensTo({ sql, salonId }: TenantScope, types: readonly WebhookEventType[]): Promise<boolean> {
  const [row] = await sql<{ listens: boolean }[]>`
    select exists (select from webhook_endpoints where salon_id = ${salonId} and enabled and events && ${eventList(sql, [...types])}) as listens`;
  return row!.listens;
}

/** An appointment as its events tell it, cancelled ones too. */
export async function appointmentData({ sql, salonId }: TenantScope, id: string): Promise<object> {
  const [row] = await sql<{ data: object }[]>`
    select jsonb_build_object(
      'id', a.id,
      'status', a.status,
      'start', webhook_instant(a.start_at),
      'end', webhook_instant(a.end_at),
      'stylist', jsonb_build_object('id', a.stylist_id, 'name', a.stylist_name),
      'services', coalesce((
        select jsonb_agg(jsonb_build_object('id', s.service_id, 'name', s.service_name, 'price', s.price_at_booking::float8, 'duration', s.duration_at_booking) order by s.position)
        from appointment_services s where s.appointment_id = a.id and s.salon_id = a.salon_id), '[]'::jsonb),
      'client', jsonb_build_object('id', a.client_id, 'name', a.customer_name, 'phone', a.customer_phone, 'email', c.email),
      'price', (select sum(s.price_at_booking)::float8 from appointment_services s where s.appointment_id = a.id and s.salon_id = a.salon_id),
      'currency', sa.currency,
      'source', a.source
    ) as data
    from appointments a
    join salons sa on sa.id = a.salon_id
    left join clients c on c.id = a.client_id and c.salon_id = a.salon_id
    where a.id = ${id} and a.salon_id = ${salonId}`;
  if (!row) throw notFound();
  return row.data;
}

export const recordClientCreated = (scope: TenantScope, client: WebhookClientData) => recordEvent(scope, "client.created", client.id, client);

// ---- sending ---------------------------------------------------------------------------------

/** Pending deliveries of the salon that may be tried at `at`, oldest event first. */
export async function dueSalonDeliveries({ sql, salonId }: TenantScope, at: Date, batch: number): Promise<{ id: string; endpoint_id: string }[]> {
  return sql<{ id: string; endpoint_id: string }[]>`
    select d.id, d.endpoint_id from webhook_deliveries d
    join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
    where d.salon_id = ${salonId} and d.status = 'pending' and d.next_attempt_at <= ${at}
    order by d.event_seq limit ${batch}`;
}

/** Deliveries due at `at` across salons, for the cron, and whose they are. */
export async function dueDeliveries({ sql }: PublicScope, at: Date, batch: number): Promise<{ id: string; endpoint_id: string; salonId: string; userId: string }[]> {
  return sql<{ id: string; endpoint_id: string; salonId: string; userId: string }[]>`
    select delivery_id as id, endpoint_id, salon_id as "salonId", owner_id as "userId" from due_webhook_deliveries(${batch}, ${at})`;
}

/** What one attempt sends. */
export interface ClaimedDelivery {
  id: string;
  event_id: string;
  event_type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** The body exactly as kept. */
  body: string;
  url: string;
  secret: string;
  /** This attempt's number. */
  attempt: number;
}

/**
 * Claims a delivery due at `now` for one attempt, leasing it until `until`: not when it is not due, its
 * endpoint is off, another holds it, or an earlier event of its subject still waits to go to
 * the same endpoint (a subject's events arrive in the order they happened).
 */
export async function claimDelivery({ sql, salonId }: TenantScope, id: string, now: Date, until: Date): Promise<ClaimedDelivery | null> {
  const [claimed] = await sql<ClaimedDelivery[]>`
    with target as (
      select d.id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
      where d.id = ${id} and d.salon_id = ${salonId} and d.status = 'pending' and d.next_attempt_at <= ${now}
        and not exists (
          select from webhook_deliveries p
          where p.endpoint_id = d.endpoint_id and p.subject_id = d.subject_id and p.status = 'pending' and p.event_seq < d.event_seq)
      for update of d skip locked
    )
    update webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = ${until}
    from target, webhook_events ev, webhook_endpoints e
    where d.id = target.id and ev.id = d.event_id and e.id = d.endpoint_id
    returning d.id, d.event_id, ev.type as event_type, ev.payload::text as body, e.url, e.secret, d.attempts as attempt`;
  return claimed ?? null;
}

/** What an attempt came to: answered 2xx, or why not. */
export type AttemptOutcome = { delivered: true; status: number } | { delivered: false; status: number | null; error: "timeout" | "unreachable" | "http" };

/** Writes the outcome of an attempt made at `at`; a failed one waits until `retryAt`, or without one has failed for good. */
export async function recordAttempt({ sql, salonId }: TenantScope, id: string, outcome: AttemptOutcome, retryAt: Date | null, at: Date): Promise<void> {
  const status = outcome.delivered ? "delivered" : retryAt ? "pending" : "failed";
  await sql`
    update webhook_deliveries set status = ${status}, response_status = ${outcome.status}, error = ${outcome.delivered ? null : outcome.error},
      last_attempt_at = ${at}, delivered_at = ${outcome.delivered ? at : null},
      next_attempt_at = ${retryAt ?? at}
    where id = ${id} and salon_id = ${salonId}`;
}

// ---- the log -----------------------------------------------------------------------------------

interface DeliveryRow extends Omit<WebhookDelivery, "created_at" | "last_attempt_at" | "next_attempt_at"> {
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date;
}

const toDelivery = ({ created_at, last_attempt_at, next_attempt_at, ...row }: DeliveryRow): WebhookDelivery => ({
  ...row,
  created_at: created_at.toISOString(),
  last_attempt_at: last_attempt_at?.toISOString() ?? null,
  next_attempt_at: row.status === "pending" ? next_attempt_at.toISOString() : null,
});

const DELIVERY_COLUMNS = (sql: TenantScope["sql"]) =>
  sql`d.id, d.event_id, ev.type as event_type, d.status, d.attempts, d.response_status, d.error, d.created_at, d.last_attempt_at, d.next_attempt_at`;

export async function getDelivery({ sql, salonId }: TenantScope, id: string): Promise<WebhookDelivery> {
  const [row] = await sql<DeliveryRow[]>`
    select ${DELIVERY_COLUMNS(sql)} from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
    where d.id = ${id} and d.salon_id = ${salonId}`;
  if (!row) throw notFound();
  return toDelivery(row);
}

/** A page of an endpoint's deliveries, newest first. */
export async function deliveryPage(scope: TenantScope, endpointId: string, offset: number): Promise<WebhookDeliveryPage> {
  const { sql, salonId } = scope;
  await getEndpoint(scope, endpointId);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    sql<DeliveryRow[]>`
      select ${DELIVERY_COLUMNS(sql)} from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
      where d.endpoint_id = ${endpointId} and d.salon_id = ${salonId}
      order by d.created_at desc, d.id desc limit ${WEBHOOK_LIMITS.logPage} offset ${offset}`,
    sql<{ total: number }[]>`select count(*)::int as total from webhook_deliveries where endpoint_id = ${endpointId} and salon_id = ${salonId}`,
  ]);
  return { items: rows.map(toDelivery), total };
}

/** Drops events older than `days` at `at` whose deliveries are all done, across salons. */
export async function pruneEvents({ sql }: PublicScope, days: number, at: Date): Promise<void> {
  await sql`select prune_webhook_events(${days}, ${at})`;
}
