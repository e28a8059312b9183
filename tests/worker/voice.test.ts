import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { JsonSocket } from "../support/json-socket.ts";
import worker from "../../worker/index.ts";
import { app } from "../../worker/app.ts";
import type { Bindings } from "../../worker/env.ts";
import { sql } from "./auth-helpers.ts";
import { assistantWithTicket, openCall } from "./call-helpers.ts";
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
              values ('demo-call:192.0.2.11', to_timestamp(floor(extract(epoch from now()) / 3600) * 3600), 10)`;
    const limited = await openCall("/api/browser-ai/default", { "cf-connecting-ip": "192.0.2.11" });
    expect(await limited.next("error")).toMatchObject({ code: "rate_limited", message: "You have started many demo calls in a short time. Please try again in an hour." });

    const [assistant] = await sql`select salon_id from assistant_configs where id = ${assistantId}`;
    await sql`insert into calls (salon_id, direction, is_demo) select ${assistant!.salon_id}, 'inbound', true from generate_series(1, 20)`;
    const busy = await openCall("/api/browser-ai/default", { "cf-connecting-ip": "192.0.2.12" });
    expect(await busy.next("error")).toMatchObject({ code: "busy", message: "All demo lines are busy right now. Please try again in a few minutes." });
    // Calls whose object died without closing them stop counting after the demo's time limit.
    await sql`update calls set call_started_at = now() - interval '10 minutes' where salon_id = ${assistant!.salon_id}`;
    await sql`update assistant_configs set public_demo = false where id = ${assistantId}`;
    const none = await openCall("/api/browser-ai/default", { "cf-connecting-ip": "192.0.2.13" });
    expect(await none.next("error")).toMatchObject({ code: "not_found", message: "The demo assistant is not available right now. Please try again later." });
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
  });
});
