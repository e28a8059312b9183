import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { JsonSocket } from "../support/json-socket.ts";
import worker from "../../worker/index.ts";
import { app } from "../../worker/app.ts";
import { reserveBrowserCall, type BrowserCallRequest } from "../../worker/data/calls.ts";
import { database } from "../../worker/data/db.ts";
import { withTenant } from "../../worker/data/tenant.ts";
import type { Bindings } from "../../worker/env.ts";
import { sql } from "./auth-helpers.ts";
import { assistantWithTicket, openCall } from "./call-helpers.ts";
import { runJobAt } from "./cron-helpers.ts";
import { api } from "./helpers.ts";

afterAll(() => sql.end());

describe("who may call", () => {
  it("needs a ticket for that assistant: none, another assistant's or an expired one is refused", async () => {
    const salon = await assistantWithTicket();
    const other = await assistantWithTicket();
    const wrong = await openCall(`/api/browser-ai/${other.assistantId}?ticket=${salon.ticket}`);
    expect(await wrong.next("error")).toEqual({
      type: "error",
      code: "unauthorized",
      message: "This call link is invalid or has expired. Please start the test call again.",
    });
    expect((await wrong.closed).code).toBe(1008);
    expect((await (await openCall(`/api/browser-ai/${salon.assistantId}`)).next("error")).code).toBe("unauthorized");
    expect((await (await openCall(`/api/browser-ai/not-a-uuid?ticket=${salon.ticket}`)).next("error")).code).toBe("unauthorized");

    await sql`update call_tickets set expires_at = now() - interval '1 second' where assistant_config_id = ${salon.assistantId}`;
    expect((await (await openCall(`/api/browser-ai/${salon.assistantId}?ticket=${salon.ticket}`)).next("error")).code).toBe("unauthorized");
    // The ticket is stored only as a hash.
    expect(await sql`select 1 from call_tickets where token_hash::text like ${`%${salon.ticket}%`}`).toHaveLength(0);
  });

  it("gives tickets only to the assistant's own salon", async () => {
    const salon = await assistantWithTicket();
    const other = await assistantWithTicket();
    expect((await other.owner.call(`/api/dashboard/assistant/${salon.assistantId}/call-ticket`, { method: "POST" })).status).toBe(404);
    expect((await api(`/api/dashboard/assistant/${salon.assistantId}/call-ticket`, { method: "POST" })).status).toBe(401);
  });

  it("limits demo calls per client address and in total", async () => {
    const { assistantId } = await assistantWithTicket();
    await sql`update assistant_configs set public_demo = false where public_demo`;
    await sql`update assistant_configs set public_demo = true where id = ${assistantId}`;
    await sql`insert into rate_limits (bucket, window_start, hits)
              values (encode(sha256('demo-call:192.0.2.11'), 'hex'), to_timestamp(floor(extract(epoch from now()) / 3600) * 3600), 10)`;
    const limited = await openCall("/api/browser-ai/default", { "cf-connecting-ip": "192.0.2.11" });
    expect(await limited.next("error")).toMatchObject({ code: "rate_limited", message: "You have started many demo calls in a short time. Please try again in an hour." });

    const [assistant] = await sql`select salon_id from assistant_configs where id = ${assistantId}`;
    const salonId = assistant!.salon_id as string;
    // Two calls still running from one address hold all of its lines.
    await sql`insert into calls (salon_id, direction, from_number, is_demo, caller_hash)
              select ${salonId}, 'inbound', 'browser', true, sha256(convert_to('192.0.2.14', 'UTF8')) from generate_series(1, 2)`;
    const twice = await openCall("/api/browser-ai/default", { "cf-connecting-ip": "192.0.2.14", "accept-language": "de" });
    expect(await twice.next("error")).toMatchObject({ code: "busy", message: "Von Ihrer Verbindung laufen bereits Demo-Anrufe. Bitte beenden Sie einen, bevor Sie einen neuen starten." });
    // Five whole demo calls today use up an address's fifteen minutes.
    await sql`insert into calls (salon_id, direction, from_number, is_demo, caller_hash, call_status, call_duration)
              select ${salonId}, 'inbound', 'browser', true, sha256(convert_to('192.0.2.15', 'UTF8')), 'completed', 180 from generate_series(1, 5)`;
    const usedUp = await openCall("/api/browser-ai/default", { "cf-connecting-ip": "192.0.2.15" });
    expect(await usedUp.next("error")).toMatchObject({ code: "rate_limited", message: "You have used up today's demo minutes. Please try again tomorrow." });

    await sql`insert into calls (salon_id, direction, from_number, is_demo) select ${salonId}, 'inbound', 'browser', true from generate_series(1, 18)`;
    const busy = await openCall("/api/browser-ai/default", { "cf-connecting-ip": "192.0.2.12" });
    expect(await busy.next("error")).toMatchObject({ code: "busy", message: "All demo lines are busy right now. Please try again in a few minutes." });
    await sql`update assistant_configs set public_demo = false where id = ${assistantId}`;
    const none = await openCall("/api/browser-ai/default", { "cf-connecting-ip": "192.0.2.13" });
    expect(await none.next("error")).toMatchObject({ code: "not_found", message: "The demo assistant is not available right now. Please try again later." });
  });

  it("limits the test calls a salon runs at once, and spends the ticket of a refused one", async () => {
    const salon = await assistantWithTicket();
    const [assistant] = await sql`select salon_id from assistant_configs where id = ${salon.assistantId}`;
    await sql`insert into calls (salon_id, direction, from_number) select ${assistant!.salon_id}, 'inbound', 'browser' from generate_series(1, 2)`;
    const third = await openCall(`/api/browser-ai/${salon.assistantId}?ticket=${salon.ticket}`, { "accept-language": "cs" });
    expect(await third.next("error")).toEqual({
      type: "error",
      code: "busy",
      message: "Ve vašem salonu už probíhají 2 zkušební hovory. Než zahájíte další, jeden prosím ukončete.",
    });
    expect(await sql`select 1 from call_tickets where assistant_config_id = ${salon.assistantId}`).toHaveLength(0);
  });

  it("fails at once, naming the setting, without a speech model key", async () => {
    const request = new Request("http://localhost/api/browser-ai/default", { headers: { upgrade: "websocket", "accept-language": "de" } });
    const response = await app.fetch(request, { ...(env as Bindings), OPENAI_API_KEY: undefined }, createExecutionContext());
    response.webSocket!.accept();
    const socket = new JsonSocket(response.webSocket!);
    expect(await socket.next("error")).toEqual({
      type: "error",
      code: "not_configured",
      message: "Anrufe sind auf diesem Server nicht eingerichtet: Die Einstellung OPENAI_API_KEY fehlt.",
    });
  });

  it("answers a plain request with 426 and a JSON detail", async () => {
    const response = await api("/api/browser-ai/default");
    expect(response.status).toBe(426);
    expect(response.json.detail).toBe("This address only accepts WebSocket connections.");
  });
});

describe("a browser call's line", () => {
  const sha256 = async (text: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));

  async function salonWithAssistant() {
    const { assistantId } = await assistantWithTicket();
    const [row] = await sql`select a.salon_id, s.owner_id from assistant_configs a join salons s on s.id = a.salon_id where a.id = ${assistantId}`;
    const tenant = { salonId: row!.salon_id as string, userId: row!.owner_id as string };
    const reserve = (request: Omit<BrowserCallRequest, "assistantId">) =>
      withTenant(database(env as Bindings), tenant, (scope) => reserveBrowserCall(scope, { assistantId, ...request }));
    return { assistantId, salonId: tenant.salonId, reserve };
  }

  it("is reserved atomically: of thirty asked for at once, exactly the cap get one, and a closed record gives its line back", async () => {
    const { reserve } = await salonWithAssistant();
    const demo = async (caller: string) =>
      reserve({ isDemo: true, concurrent: 10, maxSeconds: 180, caller: { hash: await sha256(caller), concurrent: 2, secondsPerDay: 900 } });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => demo(`198.51.100.${i}`)));
    const granted = results.filter((result) => "callId" in result);
    expect(granted).toHaveLength(10);
    expect(results.filter((result) => "refused" in result)).toEqual(Array.from({ length: 20 }, () => ({ refused: "lines_busy" })));
    expect(await demo("198.51.100.99")).toEqual({ refused: "lines_busy" });

    await sql`update calls set call_status = 'completed' where id = ${(granted[0] as { callId: string }).callId}`;
    expect(await demo("198.51.100.99")).toEqual({ callId: expect.any(String), maxSeconds: 180 });
    // A record whose object died stops holding its line a minute after the call's time limit.
    await sql`update calls set call_started_at = now() - interval '241 seconds' where id = ${(granted[1] as { callId: string }).callId}`;
    expect(await demo("198.51.100.98")).toMatchObject({ callId: expect.any(String) });
  });

  it("gives a demo caller only what is left of their minutes today, and keeps demo and test calls apart", async () => {
    const { salonId, reserve } = await salonWithAssistant();
    const hash = await sha256("203.0.113.50");
    const demo = () => reserve({ isDemo: true, concurrent: 20, maxSeconds: 180, caller: { hash, concurrent: 2, secondsPerDay: 900 } });
    await sql`insert into calls (salon_id, direction, from_number, is_demo, caller_hash, call_status, call_duration, call_started_at)
              select ${salonId}, 'inbound', 'browser', true, ${hash}, 'completed', duration, now() - started
              from (values (180, interval '25 hours'), (180, interval '3 hours'), (180, interval '2 hours'), (180, interval '1 hour'),
                           (180, interval '30 minutes'), (60, interval '10 minutes')) as past (duration, started)`;
    // Yesterday's call no longer counts; 13 of today's 15 minutes are used.
    const first = await demo();
    expect(first).toEqual({ callId: expect.any(String), maxSeconds: 120 });
    // While it runs it counts in full.
    expect(await demo()).toEqual({ refused: "minutes_used" });
    const [record] = await sql`select caller_hash, is_demo, from_number, assistant_name from calls where id = ${(first as { callId: string }).callId}`;
    expect(record).toEqual({ caller_hash: Buffer.from(hash), is_demo: true, from_number: "browser", assistant_name: "Front desk" });

    // The salon's own test calls have lines of their own.
    const test = () => reserve({ isDemo: false, concurrent: 1, maxSeconds: 1200 });
    expect(await test()).toEqual({ callId: expect.any(String), maxSeconds: 1200 });
    expect(await test()).toEqual({ refused: "lines_busy" });
  });
});

describe("abandoned calls", () => {
  it("are closed as failed by the cron once they are past any call's time limit, in every salon", async () => {
    const { assistantId } = await assistantWithTicket();
    const [assistant] = await sql`select salon_id from assistant_configs where id = ${assistantId}`;
    const [old] = await sql`insert into calls (salon_id, direction, call_started_at) values (${assistant!.salon_id}, 'inbound', now() - interval '2 hours') returning id`;
    const [running] = await sql`insert into calls (salon_id, direction, call_started_at) values (${assistant!.salon_id}, 'inbound', now() - interval '5 minutes') returning id`;
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController(), env as Bindings, ctx);
    await waitOnExecutionContext(ctx);
    const rows = await sql`select id, call_status, call_duration from calls where id in ${sql([old!.id, running!.id])}`;
    expect(rows.find((r) => r.id === old!.id)).toMatchObject({ call_status: "failed", call_duration: 25 * 60 });
    expect(rows.find((r) => r.id === running!.id)).toMatchObject({ call_status: "in-progress" });

    // An hour on by the cron's clock, the running one is past the limit too.
    await runJobAt("abandoned calls closed", new Date(Date.now() + 60 * 60_000));
    const [closed] = await sql`select call_status from calls where id = ${running!.id}`;
    expect(closed).toEqual({ call_status: "failed" });
  });
});
