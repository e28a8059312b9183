import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, inject, it } from "vitest";
import { WEBHOOK_LIMITS, type WebhookEventType, type WebhookPayload } from "../../contract/webhooks.ts";
import { app } from "../../worker/app.ts";
import type { Bindings } from "../../worker/env.ts";
import german from "../../worker/platform/messages/de.json";
import english from "../../worker/platform/messages/en.json";
import { sql } from "./auth-helpers.ts";
import { czechSalon, type Owner } from "./client-helpers.ts";
import { api, ok, refused, type Json } from "./helpers.ts";
import { cron } from "./messaging-helpers.ts";

afterAll(() => sql.end());

const RECEIVER = inject("webhooksUrl");
const HOOKS = "/api/dashboard/webhooks";
const bindings = env as Bindings;

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** An address of the loopback receiver of its own: what it got, and what it answers. */
function receiver() {
  const name = `hook-${crypto.randomUUID().slice(0, 8)}`;
  return {
    url: `${RECEIVER}/${name}`,
    received: async () => (await (await fetch(`${RECEIVER}/__received/${name}`)).json()) as Received[],
    answer: async (status: number) => void (await fetch(`${RECEIVER}/__answer/${name}`, { method: "PUT", body: JSON.stringify({ status }) })),
  };
}

/** A request as the owner, answered once what it sends in the background has gone. */
async function settled(owner: Owner, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const ctx = createExecutionContext();
  const headers = { ...owner.headers, "cf-connecting-ip": crypto.randomUUID(), ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers };
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const response = await app.fetch(new Request(`http://localhost${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return { status: response.status, text, json: (text ? JSON.parse(text) : {}) as Json };
}

async function addEndpoint(owner: Owner, url: string, events: WebhookEventType[] = ["appointment.created", "appointment.updated", "appointment.cancelled"]) {
  const created = await ok(owner.api.dashboard.webhooks.$post({ json: { url, events, description: "CRM" } }), 201);
  expect(created.events).toEqual(events);
  return created;
}

/** One endpoint's routes, as `owner`. */
const hookOf = (owner: Owner, id: string) => {
  const route = owner.api.dashboard.webhooks[":id"];
  const param = { id };
  return {
    update: (json: { enabled?: boolean; url?: string }, headers: Record<string, string> = {}) => route.$patch({ param, json }, { headers }),
    test: (headers: Record<string, string> = {}) => route.test.$post({ param }, { headers }),
    newSecret: () => route.secret.$post({ param }),
    deliveries: () => route.deliveries.$get({ param, query: { offset: "0" } }),
    remove: () => route.$delete({ param }),
  };
};

/** What a receiver got, each checked against the endpoint's secret the way a receiver would. */
const verified = (secret: string, received: Received[]) => received.map((one) => new Webhook(secret).verify(one.body, one.headers) as WebhookPayload);

const deliveriesOf = async (endpointId: string) =>
  sql<{ id: string; status: string; attempts: number; event_id: string; type: string }[]>`
    select d.id, d.status, d.attempts, d.event_id, ev.type from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
    where d.endpoint_id = ${endpointId} order by ev.seq`;

/** Makes a pending delivery due now, as if its wait had passed. */
const due = (endpointId: string) => sql`update webhook_deliveries set next_attempt_at = now() - interval '1 second' where endpoint_id = ${endpointId} and status = 'pending'`;

const appointmentBody = (salon: Awaited<ReturnType<typeof czechSalon>>, start: string, end: string) => ({
  customer_name: "Petra Nová",
  customer_phone: "+420603555111",
  stylist: salon.stylist,
  start_datetime: start,
  end_datetime: end,
  services: [{ service: salon.service, price_at_booking: 30, duration_at_booking: 45 }],
});

describe("webhooks", () => {
  it("send a booking, its move and its cancellation in order, signed the Standard Webhooks way", async () => {
    const salon = await czechSalon();
    const hook = receiver();
    const endpoint = await addEndpoint(salon.owner, hook.url);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint.secret.startsWith(endpoint.secret_prefix)).toBe(true);

    const booked = await settled(salon.owner, "/api/dashboard/appointments", { body: appointmentBody(salon, "2027-03-01T09:00:00.000Z", "2027-03-01T09:45:00.000Z") });
    expect(booked.status, booked.text).toBe(201);
    const id = booked.json.id as string;
    const [created] = await hook.received();
    expect(created!.headers["user-agent"]).toBe("Recepta-Webhooks/1");
    expect(created!.headers["content-type"]).toBe("application/json");
    const payload = verified(endpoint.secret, [created!])[0]!;
    expect(payload).toMatchObject({
      type: "appointment.created",
      data: {
        id,
        status: "booked",
        start: "2027-03-01T09:00:00.000Z",
        end: "2027-03-01T09:45:00.000Z",
        stylist: { id: salon.stylist, name: "Jana Nováková" },
        services: [{ id: salon.service, name: "Haircut", price: 30, duration: 45 }],
        client: { name: "Petra Nová", phone: "+420603555111" },
        price: 30,
        currency: "EUR",
        source: "dashboard",
      },
    });
    expect(Math.abs(Date.parse(payload.timestamp) - Date.now())).toBeLessThan(60_000);
    expect(() => new Webhook(`whsec_${btoa("another secret of 24 bytes")}`).verify(created!.body, created!.headers)).toThrow();

    await settled(salon.owner, `/api/dashboard/appointments/${id}`, { method: "PUT", body: appointmentBody(salon, "2027-03-01T11:00:00.000Z", "2027-03-01T11:45:00.000Z") });
    await settled(salon.owner, `/api/dashboard/appointments/${id}`, { method: "DELETE" });
    const all = verified(endpoint.secret, await hook.received());
    expect(all.map((event) => event.type)).toEqual(["appointment.created", "appointment.updated", "appointment.cancelled"]);
    expect(all[1]!.data).toMatchObject({ start: "2027-03-01T11:00:00.000Z", status: "booked" });
    expect(all[2]!.data).toMatchObject({ start: "2027-03-01T11:00:00.000Z", status: "cancelled" });

    const list = await ok(salon.owner.api.dashboard.webhooks.$get());
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty("secret");
    expect(list[0]!.last_delivery).toMatchObject({ status: "delivered", response_status: 200 });
    const log = await ok(hookOf(salon.owner, endpoint.id).deliveries());
    expect(log.total).toBe(3);
    expect(log.items.map((item) => item.event_type)).toEqual(["appointment.cancelled", "appointment.updated", "appointment.created"]);
  });

  it("try a refused delivery again after the wait with the same id, hold the subject's later events back meanwhile, and give up after the last attempt", async () => {
    const salon = await czechSalon();
    const hook = receiver();
    await hook.answer(500);
    const endpoint = await addEndpoint(salon.owner, hook.url);
    const booked = await settled(salon.owner, "/api/dashboard/appointments", { body: appointmentBody(salon, "2027-03-02T09:00:00.000Z", "2027-03-02T09:45:00.000Z") });
    const id = booked.json.id as string;
    expect(await hook.received()).toHaveLength(1);
    const [first] = await deliveriesOf(endpoint.id);
    expect(first).toMatchObject({ status: "pending", attempts: 1 });
    const [{ wait } = { wait: 0 }] = await sql<{ wait: number }[]>`select extract(epoch from next_attempt_at - now())::int as wait from webhook_deliveries where id = ${first!.id}`;
    expect(wait).toBeGreaterThan(30);
    expect(wait).toBeLessThanOrEqual(60);

    // The move waits behind the booking the receiver has not taken yet.
    await settled(salon.owner, `/api/dashboard/appointments/${id}`, { method: "PUT", body: appointmentBody(salon, "2027-03-02T13:00:00.000Z", "2027-03-02T13:45:00.000Z") });
    await due(endpoint.id);
    await hook.answer(200);
    await settled(salon.owner, `/api/dashboard/appointments/${id}`, { method: "PUT", body: appointmentBody(salon, "2027-03-02T14:00:00.000Z", "2027-03-02T14:45:00.000Z") });
    await cron(bindings);
    const received = await hook.received();
    expect(received[1]!.headers["webhook-id"]).toBe(received[0]!.headers["webhook-id"]);
    expect(verified(endpoint.secret, received.slice(1)).map((event) => event.type)).toEqual(["appointment.created", "appointment.updated", "appointment.updated"]);
    expect((await deliveriesOf(endpoint.id)).map((delivery) => delivery.status)).toEqual(["delivered", "delivered", "delivered"]);

    await hook.answer(503);
    await settled(salon.owner, `/api/dashboard/appointments/${id}`, { method: "DELETE" });
    const cancelled = (await deliveriesOf(endpoint.id)).at(-1)!;
    expect(cancelled).toMatchObject({ type: "appointment.cancelled", status: "pending", attempts: 1 });
    await sql`update webhook_deliveries set attempts = ${WEBHOOK_LIMITS.attempts - 1} where id = ${cancelled.id}`;
    await due(endpoint.id);
    await cron(bindings);
    expect((await deliveriesOf(endpoint.id)).at(-1)).toMatchObject({ status: "failed", attempts: WEBHOOK_LIMITS.attempts });
    const log = await ok(hookOf(salon.owner, endpoint.id).deliveries());
    expect(log.items[0]).toMatchObject({ event_type: "appointment.cancelled", status: "failed", response_status: 503, error: "http", next_attempt_at: null });
  });

  it("tell of a new client and of a completed call, once", async () => {
    const salon = await czechSalon();
    const hook = receiver();
    const endpoint = await addEndpoint(salon.owner, hook.url, ["client.created", "call.completed"]);
    await settled(salon.owner, "/api/dashboard/appointments", { body: appointmentBody(salon, "2027-03-03T09:00:00.000Z", "2027-03-03T09:45:00.000Z") });
    const [client] = verified(endpoint.secret, await hook.received());
    expect(client).toMatchObject({ type: "client.created", data: { name: "Petra Nová", phone: "+420603555111", email: null } });
    // A second booking of the same client is no new client.
    await settled(salon.owner, "/api/dashboard/appointments", { body: appointmentBody(salon, "2027-03-04T09:00:00.000Z", "2027-03-04T09:45:00.000Z") });
    expect(await hook.received()).toHaveLength(1);

    const [call] = await sql<{ id: string }[]>`
      insert into calls (salon_id, direction, from_number, to_number, call_started_at)
      values (${salon.salonId}, 'inbound', '+420603555111', '+420777000111', now() - interval '2 minutes') returning id`;
    await sql`insert into call_items (call_id, salon_id, position, item_type, role, content) values (${call!.id}, ${salon.salonId}, 0, 'conversation', 'user', 'Do you open on Sundays?')`;
    await sql`update calls set call_status = 'completed', call_ended_at = now(), call_duration = 120 where id = ${call!.id}`;
    // Ended, its summary still to come: not complete yet.
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    await sql`update calls set summary = 'Asked about Sundays.', follow_up = false, outcome = 'question_answered', summary_state = 'done' where id = ${call!.id}`;
    await sql`update calls set follow_up = true where id = ${call!.id}`;
    await cron(bindings);
    const events = verified(endpoint.secret, await hook.received());
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      type: "call.completed",
      data: { id: call!.id, direction: "inbound", from: "+420603555111", to: "+420777000111", duration: 120, outcome: "question_answered", summary: "Asked about Sundays.", follow_up: false },
    });
  });

  it("send a test event at once and answer how it went, refused while paused and past the hourly limit", async () => {
    const salon = await czechSalon();
    const receiving = receiver();
    const endpoint = await addEndpoint(salon.owner, receiving.url);
    const hook = hookOf(salon.owner, endpoint.id);
    expect(await ok(hook.test(), 202)).toMatchObject({ event_type: "webhook.test", status: "delivered", response_status: 200, attempts: 1, error: null });
    expect(verified(endpoint.secret, await receiving.received())).toMatchObject([{ type: "webhook.test", data: { endpoint_id: endpoint.id } }]);

    await receiving.answer(404);
    expect(await ok(hook.test(), 202)).toMatchObject({ status: "failed", response_status: 404, error: "http" });

    // A new secret signs from now on; the old one no longer verifies.
    const replaced = await ok(hook.newSecret());
    expect(replaced.secret).not.toBe(endpoint.secret);
    await receiving.answer(200);
    await ok(hook.test(), 202);
    const last = (await receiving.received()).at(-1)!;
    expect(verified(replaced.secret, [last])[0]!.type).toBe("webhook.test");
    expect(() => verified(endpoint.secret, [last])).toThrow();

    const inGerman = { "accept-language": "de" };
    expect(await ok(hook.update({ enabled: false }, inGerman))).toMatchObject({ enabled: false });
    expect((await refused(hook.test(inGerman), 409)).detail).toBe(german["webhooks.error.disabled"]);

    await ok(hook.update({ enabled: true }));
    for (let sent = 4; sent <= WEBHOOK_LIMITS.testsPerHour; sent++) await ok(hook.test(), 202);
    await refused(hook.test(), 429);
  });

  it("hold a paused endpoint's deliveries and send them when it is on again", async () => {
    const salon = await czechSalon();
    const hook = receiver();
    await hook.answer(500);
    const endpoint = await addEndpoint(salon.owner, hook.url);
    await settled(salon.owner, "/api/dashboard/appointments", { body: appointmentBody(salon, "2027-03-05T09:00:00.000Z", "2027-03-05T09:45:00.000Z") });
    await ok(hookOf(salon.owner, endpoint.id).update({ enabled: false }));
    await hook.answer(200);
    await due(endpoint.id);
    await cron(bindings);
    expect(await hook.received()).toHaveLength(1);
    await ok(hookOf(salon.owner, endpoint.id).update({ enabled: true }));
    await cron(bindings);
    expect(await hook.received()).toHaveLength(2);
  });

  it("are the salon's own: another salon cannot see, change, test or remove them", async () => {
    const salon = await czechSalon();
    const other = await czechSalon();
    const endpoint = await addEndpoint(salon.owner, receiver().url);
    expect(await ok(other.owner.api.dashboard.webhooks.$get())).toEqual([]);
    const theirs = hookOf(other.owner, endpoint.id);
    const attempts = [theirs.update({ enabled: false }), theirs.newSecret(), theirs.test(), theirs.deliveries(), theirs.remove()];
    expect((await Promise.all(attempts)).map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await ok(salon.owner.api.dashboard.webhooks.$get())).toMatchObject([{ id: endpoint.id, events: endpoint.events, enabled: true, secret_prefix: endpoint.secret_prefix }]);

    await ok(hookOf(salon.owner, endpoint.id).remove(), 204);
    expect(await ok(salon.owner.api.dashboard.webhooks.$get())).toEqual([]);
  });

  it("refuse insecure and private addresses, an eleventh endpoint, and API keys", async () => {
    const salon = await czechSalon();
    const hooks = salon.owner.api.dashboard.webhooks;
    const events: WebhookEventType[] = ["client.created"];
    const insecure = await refused(hooks.$post({ json: { url: "http://crm.example.com/hooks", events, description: null } }), 422);
    expect(insecure.detail).toBe(english["webhooks.error.insecure"]);
    for (const url of ["https://localhost/hooks", "https://10.1.2.3/hooks", "https://192.168.0.10/", "https://[::1]:8443/x", "https://169.254.169.254/latest"]) {
      const refusal = await refused(hooks.$post({ json: { url, events, description: null } }, { headers: { "accept-language": "de" } }), 422);
      expect(refusal.detail, url).toBe(german["webhooks.error.private"]);
    }
    await refused(hooks.$post({ json: { url: "https://crm.example.com/hooks", events: [], description: null } }), 422);

    for (let n = 0; n < WEBHOOK_LIMITS.endpoints; n++) await ok(hooks.$post({ json: { url: `https://crm.example.com/hooks/${n}`, events, description: null } }), 201);
    const eleventh = await refused(hooks.$post({ json: { url: "https://crm.example.com/hooks/10", events, description: null } }), 409);
    expect(eleventh.detail).toBe(english["webhooks.error.tooMany"].replace("{max}", String(WEBHOOK_LIMITS.endpoints)));

    const [first] = await ok(hooks.$get());
    await refused(hookOf(salon.owner, first!.id).update({ url: "https://127.0.0.2/x" }), 422);

    const { key } = await ok(salon.owner.api.dashboard["api-keys"].$post({ json: { name: "Sync", scope: "read_write" } }), 201);
    const withKey = await api(HOOKS, { headers: { authorization: `Bearer ${key}` } });
    expect(withKey.status).toBe(403);
    const makeWithKey = await api(HOOKS, { body: { url: "https://crm.example.com/x", events }, headers: { authorization: `Bearer ${key}` } });
    expect(makeWithKey.status).toBe(403);
  });
});
