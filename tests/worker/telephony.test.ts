import { env } from "cloudflare:workers";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/app.ts";
import { database } from "../../worker/data/db.ts";
import type { Bindings } from "../../worker/env.ts";
import type { PhoneCallPlan } from "../../worker/calls/engine/call-plan.ts";
import type { StartPhoneCallSession } from "../../worker/calls/telephony/routes.ts";
import { CALL_LIMITS } from "../../contract/call-socket.ts";
import { twilioSignature } from "../../worker/calls/telephony/twilio-signature.ts";
import { CallLog } from "../../worker/calls/engine/call-log.ts";
import { db, requestContext } from "./helpers.ts";

const sql = db();
afterAll(() => sql.end());
afterEach(() => vi.restoreAllMocks());

const TOKEN = "test-twilio-auth-token-0123456789abcdef";
const ACCOUNT = "AC00000000000000000000000000000042";
const twilioEnv = { ...(env as Bindings), TWILIO_AUTH_TOKEN: TOKEN, TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_API_BASE_URL: "http://twilio.test" };

/** The app with a recorded stand-in for the call session. */
const telephonyApp = (start: StartPhoneCallSession) => createApp({ startPhoneCall: start });

interface Sent {
  status: number;
  text: string;
  type: string | null;
  waited: Promise<unknown>[];
}

/** Posts Twilio's form to the app as Twilio would: signed for `signedUrl` (the URL configured in Twilio). */
async function post(
  app: ReturnType<typeof telephonyApp>,
  path: string,
  form: Record<string, string>,
  options: { signedUrl?: string; signature?: string | null; env?: Bindings; requestUrl?: string } = {},
): Promise<Sent> {
  const requestUrl = options.requestUrl ?? `https://worker.example.dev${path}`;
  // vitest.config.ts sets APP_URL to http://app.test: Twilio is pointed at that address.
  const signedUrl = options.signedUrl ?? `http://app.test${path}`;
  const signature = options.signature === undefined ? await twilioSignature(TOKEN, signedUrl, form) : options.signature;
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (signature !== null) headers["x-twilio-signature"] = signature;
  const { ctx, waited } = requestContext();
  const response = await app.request(requestUrl, { method: "POST", headers, body: new URLSearchParams(form).toString() }, options.env ?? twilioEnv, ctx);
  // The app's last background task is always closing the request's database client; the
  // tests look at what the webhooks themselves left running.
  return { status: response.status, text: await response.text(), type: response.headers.get("content-type"), waited: waited.slice(0, -1) };
}

let sequence = 0;
const callSid = () => `CA${(++sequence).toString(16).padStart(8, "0")}${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;

/** A salon with an owner, an assistant (or none) and a number ringing it. */
async function salonWithNumber(options: { assistant?: "active" | "inactive" | "none"; number?: string } = {}) {
  const number = options.number ?? `+420777${String(100000 + Math.floor(Math.random() * 899999))}`;
  const [user] = await sql<{ id: string }[]>`
    insert into users (email, password_hash, email_verified_at) values (${`${crypto.randomUUID()}@tele.test`}, 'x', now()) returning id`;
  const [salon] = await sql<{ id: string }[]>`
    insert into salons (owner_id, name, business_hours, time_zone) values (${user!.id}, 'Salon Praha', '{}'::jsonb, 'Europe/Prague') returning id`;
  let assistantId: string | null = null;
  if (options.assistant !== "none") {
    const [assistant] = await sql<{ id: string }[]>`
      insert into assistant_configs (salon_id, name, system_prompt, initial_greeting, vad_settings, is_active)
      values (${salon!.id}, 'Jana', 'You are Jana.', 'Dobrý den!', '{}'::jsonb, ${options.assistant !== "inactive"}) returning id`;
    assistantId = assistant!.id;
  }
  const [phone] = await sql<{ id: string }[]>`
    insert into phone_numbers (salon_id, phone_number, assistant_config_id, status, source)
    values (${salon!.id}, ${number}, ${assistantId}, 'active', 'assigned') returning id`;
  return { ownerId: user!.id, salonId: salon!.id, assistantId, phoneNumberId: phone!.id, number };
}

const voiceForm = (to: string, sid: string, extra: Record<string, string> = {}) => ({
  AccountSid: ACCOUNT,
  ApiVersion: "2010-04-01",
  CallSid: sid,
  CallStatus: "ringing",
  Called: to,
  Caller: "+420603111222",
  Direction: "inbound",
  From: "+420603111222",
  FromCity: "PRAHA",
  FromCountry: "CZ",
  FromState: "",
  FromZip: "",
  To: to,
  ToCountry: "CZ",
  ...extra,
});

describe("Twilio voice webhook", () => {
  it("records the inbound call, starts its session and connects a two-way stream", async () => {
    const salon = await salonWithNumber();
    const started: PhoneCallPlan[] = [];
    const app = telephonyApp(async (_env, plan) => void started.push(plan));
    const sid = callSid();
    const res = await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, sid));
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/xml/);

    const [row] = await sql`select * from calls where provider_call_id = ${sid}`;
    expect(row).toMatchObject({
      salon_id: salon.salonId,
      assistant_config_id: salon.assistantId,
      assistant_name: "Jana",
      direction: "inbound",
      from_number: "+420603111222",
      to_number: salon.number,
      caller_city: "PRAHA",
      caller_state: null,
      caller_country: "CZ",
      call_status: "in-progress",
      is_demo: false,
    });
    expect(started).toEqual([
      {
        target: { salonId: salon.salonId, ownerId: salon.ownerId, assistantId: salon.assistantId, demo: false },
        callId: row!.id,
        callSid: sid,
        direction: "inbound",
        fromNumber: "+420603111222",
        toNumber: salon.number,
        language: "cs",
        sayLanguage: "cs-CZ",
        maxSeconds: CALL_LIMITS.callSeconds,
      },
    ]);
    expect(res.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="ws://app.test/api/telephony/twilio/stream/${row!.id}">` +
        `<Parameter name="callId" value="${row!.id}"/></Stream></Connect></Response>`,
    );
  });

  it("keeps one row when Twilio asks twice about the same call", async () => {
    const salon = await salonWithNumber();
    const ids: string[] = [];
    const app = telephonyApp(async (_env, plan) => void ids.push(plan.callId));
    const sid = callSid();
    await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, sid));
    await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, sid));
    expect(ids[0]).toBe(ids[1]);
    expect((await sql`select id from calls where provider_call_id = ${sid}`).length).toBe(1);
  });

  it("accepts the signature for the address the request arrived at, and a secure public URL", async () => {
    const salon = await salonWithNumber();
    const app = telephonyApp(async () => {});
    const direct = await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, callSid()), {
      signedUrl: "https://worker.example.dev/api/telephony/twilio/voice",
    });
    expect(direct.status).toBe(200);
    const secure = await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, callSid()), {
      env: { ...twilioEnv, APP_URL: "https://salon.example.com" },
      signedUrl: "https://salon.example.com/api/telephony/twilio/voice",
    });
    expect(secure.status).toBe(200);
    expect(secure.text).toContain('url="wss://salon.example.com/api/telephony/twilio/stream/');
  });

  it("refuses forged, altered and unsigned requests, and records nothing", async () => {
    const salon = await salonWithNumber();
    let started = 0;
    const app = telephonyApp(async () => void started++);
    const sid = callSid();
    const form = voiceForm(salon.number, sid);
    const good = await twilioSignature(TOKEN, "http://app.test/api/telephony/twilio/voice", form);
    const attempts: Parameters<typeof post>[3][] = [
      { signature: null },
      { signature: "" },
      { signature: good.replace(/^./, (c) => (c === "A" ? "B" : "A")) },
      { signature: await twilioSignature("another-token", "http://app.test/api/telephony/twilio/voice", form) },
      { signedUrl: "http://app.test/api/telephony/twilio/status" },
    ];
    for (const attempt of attempts) {
      const res = await post(app, "/api/telephony/twilio/voice", form, attempt);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text)).toEqual({ detail: "This request was not signed by Twilio.", code: "forbidden" });
    }
    // A parameter changed after signing.
    const altered = await app.request(
      "https://worker.example.dev/api/telephony/twilio/voice",
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": good },
        body: new URLSearchParams({ ...form, From: "+420999999999" }).toString(),
      },
      twilioEnv,
    );
    expect(altered.status).toBe(403);
    expect(started).toBe(0);
    expect((await sql`select id from calls where provider_call_id = ${sid}`).length).toBe(0);
  });

  it("says goodbye politely to a call for an unknown number, in the number's language", async () => {
    const app = telephonyApp(async () => {
      throw new Error("not expected");
    });
    const res = await post(app, "/api/telephony/twilio/voice", voiceForm("+4930901820", callSid()));
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="de-DE">Diese Nummer ist leider mit keinem Salon verbunden. Auf Wiederhören.</Say><Hangup/></Response>',
    );
    const english = await post(app, "/api/telephony/twilio/voice", voiceForm("+12025550143", callSid()));
    expect(english.text).toContain('<Say language="en-US">We are sorry, this number is not connected to a salon. Goodbye.</Say><Hangup/>');
  });

  it("says goodbye when the number has no assistant or its assistant is switched off", async () => {
    const app = telephonyApp(async () => {
      throw new Error("not expected");
    });
    for (const assistant of ["none", "inactive"] as const) {
      const salon = await salonWithNumber({ assistant });
      const sid = callSid();
      const res = await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, sid));
      expect(res.status).toBe(200);
      expect(res.text).toContain('<Say language="cs-CZ">Děkujeme za zavolání.');
      expect(res.text).toContain("<Hangup/>");
      expect((await sql`select id from calls where provider_call_id = ${sid}`).length).toBe(0);
    }
  });

  it("marks the call failed and apologises when the session cannot start", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const salon = await salonWithNumber();
    const sid = callSid();
    // The real hook reaches the call's Durable Object, which opens the speech model's socket:
    // whole phone calls run in tests/e2e/phone-call.e2e.ts. Here the session fails to start.
    const failing = telephonyApp(async () => {
      throw new Error("the call session answered 500");
    });
    const res = await post(failing, "/api/telephony/twilio/voice", voiceForm(salon.number, sid));
    expect(res.text).toContain("kvůli technickému problému");
    expect(res.text).toContain("<Hangup/>");
    const [row] = await sql`select call_status, call_duration from calls where provider_call_id = ${sid}`;
    expect(row).toEqual({ call_status: "failed", call_duration: 0 });
  });

  it("refuses a signed form without the call's fields, and answers 503 without Twilio's token", async () => {
    const app = telephonyApp(async () => {});
    const res = await post(app, "/api/telephony/twilio/voice", { AccountSid: ACCOUNT });
    expect(res.status).toBe(422);
    const unset = await post(app, "/api/telephony/twilio/voice", voiceForm("+420777000000", callSid()), { env: { ...twilioEnv, TWILIO_AUTH_TOKEN: undefined } });
    expect(unset.status).toBe(503);
    expect(JSON.parse(unset.text).detail).toBe("Phone calls are not set up on this server: the setting TWILIO_AUTH_TOKEN is missing.");
  });

  it("refuses a signed webhook for another Twilio account, so a number outside this deployment reaches no salon", async () => {
    const salon = await salonWithNumber();
    const app = telephonyApp(async () => {
      throw new Error("not expected");
    });
    const sid = callSid();
    const res = await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, sid, { AccountSid: "AC99999999999999999999999999999999" }));
    expect(res.status).toBe(403);
    const status = await post(app, "/api/telephony/twilio/status", {
      AccountSid: "AC99999999999999999999999999999999",
      CallSid: sid,
      CallStatus: "completed",
      To: salon.number,
    });
    expect(status.status).toBe(403);
    const unset = await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, sid), { env: { ...twilioEnv, TWILIO_ACCOUNT_SID: undefined } });
    expect(unset.status).toBe(503);
    expect((await sql`select id from calls where provider_call_id = ${sid}`).length).toBe(0);
  });
});

describe("Twilio status callback", () => {
  const statusForm = (to: string, sid: string, status: string, duration?: string) => ({
    AccountSid: ACCOUNT,
    CallSid: sid,
    CallStatus: status,
    To: to,
    From: "+420603111222",
    Direction: "inbound",
    ...(duration === undefined ? {} : { CallDuration: duration }),
  });

  async function answeredCall() {
    const salon = await salonWithNumber();
    const sid = callSid();
    await post(telephonyApp(async () => {}), "/api/telephony/twilio/voice", voiceForm(salon.number, sid));
    return { salon, sid };
  }

  it("records the final status and Twilio's duration, and reads the price when Twilio has it", async () => {
    const { salon, sid } = await answeredCall();
    const fetched: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      fetched.push(String(input));
      return Response.json({ sid, status: "completed", duration: "95", price: "-0.01700", price_unit: "USD" });
    });
    const app = telephonyApp(async () => {});
    const ringing = await post(app, "/api/telephony/twilio/status", statusForm(salon.number, sid, "in-progress"));
    expect(ringing.status).toBe(204);
    expect((await sql`select call_status from calls where provider_call_id = ${sid}`)[0]).toEqual({ call_status: "in-progress" });

    const done = await post(app, "/api/telephony/twilio/status", statusForm(salon.number, sid, "completed", "95"));
    expect(done.status).toBe(204);
    await Promise.all(done.waited);
    expect(fetched).toEqual([`http://twilio.test/2010-04-01/Accounts/${ACCOUNT}/Calls/${sid}.json`]);
    const [row] = await sql`select call_status, call_duration, call_ended_at, telephony_cost::float8 as cost, total_price::float8 as total,
                                   eur_per_usd::float8 as rate, total_price_eur::float8 as euros
                            from calls where provider_call_id = ${sid}`;
    // Kept in dollars as billed, and converted at the Worker's EUR_PER_USD.
    expect(row).toMatchObject({ call_status: "completed", call_duration: 95, cost: 0.017, total: 0.017, rate: 0.86, euros: 0.01462 });
    expect(row!.call_ended_at).toBeInstanceOf(Date);
  });

  it.each(["busy", "no-answer", "canceled", "failed"])("records a call that ended %s", async (status) => {
    const { salon, sid } = await answeredCall();
    const res = await post(telephonyApp(async () => {}), "/api/telephony/twilio/status", statusForm(salon.number, sid, status, "0"));
    expect(res.status).toBe(204);
    expect(res.waited).toEqual([]);
    expect((await sql`select call_status, call_duration from calls where provider_call_id = ${sid}`)[0]).toEqual({ call_status: status, call_duration: 0 });
  });

  it("keeps a call the assistant ended as failed failed", async () => {
    const { salon, sid } = await answeredCall();
    // Its price is not what this is about: Twilio's REST API answers nothing.
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("offline"));
    await sql`update calls set call_status = 'failed' where provider_call_id = ${sid}`;
    await post(telephonyApp(async () => {}), "/api/telephony/twilio/status", statusForm(salon.number, sid, "completed", "12"));
    expect((await sql`select call_status, call_duration from calls where provider_call_id = ${sid}`)[0]).toEqual({ call_status: "failed", call_duration: 12 });
  });

  it("refuses an unsigned status callback", async () => {
    const { salon, sid } = await answeredCall();
    const res = await post(telephonyApp(async () => {}), "/api/telephony/twilio/status", statusForm(salon.number, sid, "completed", "30"), {
      signature: null,
    });
    expect(res.status).toBe(403);
    expect((await sql`select call_status from calls where provider_call_id = ${sid}`)[0]).toEqual({ call_status: "in-progress" });
  });
});

describe("Twilio media stream handshake", () => {
  /** Opens the stream as Twilio would, its handshake signed for `signedUrl` (the URL the TwiML gave). */
  async function openStream(callId: string, options: { signedUrl?: string; signature?: string | null; upgrade?: boolean } = {}) {
    const path = `/api/telephony/twilio/stream/${callId}`;
    const signedUrl = options.signedUrl ?? `ws://app.test${path}`;
    const signature = options.signature === undefined ? await twilioSignature(TOKEN, signedUrl) : options.signature;
    const headers: Record<string, string> = {};
    if (options.upgrade !== false) headers.upgrade = "websocket";
    if (signature !== null) headers["x-twilio-signature"] = signature;
    const app = telephonyApp(async () => {});
    const response = await app.request(`https://worker.example.dev${path}`, { headers }, twilioEnv, requestContext().ctx);
    return { status: response.status, text: await response.text() };
  }

  it("refuses a handshake Twilio did not sign for this stream's URL", async () => {
    const callId = crypto.randomUUID();
    for (const attempt of [
      { signature: null },
      { signature: "bm90IGEgc2lnbmF0dXJl" },
      { signedUrl: `ws://app.test/api/telephony/twilio/stream/${crypto.randomUUID()}` },
    ]) {
      const res = await openStream(callId, attempt);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text)).toEqual({ detail: "This request was not signed by Twilio.", code: "forbidden" });
    }
  });

  it("answers a plain request with 426, and a stream for a call no session holds with 404", async () => {
    expect((await openStream(crypto.randomUUID(), { upgrade: false })).status).toBe(426);
    // Signed for the address the request arrived at, as a secure socket.
    const callId = crypto.randomUUID();
    const unknown = await openStream(callId, { signedUrl: `wss://worker.example.dev/api/telephony/twilio/stream/${callId}` });
    expect(unknown.status).toBe(404);
    expect((await openStream("not-a-call")).status).toBe(404);
  });
});

describe("a phone call's record", () => {
  const usage = { input_text: 800, input_audio: 200, input_cached: 0, output_text: 100, output_audio: 200 };
  const owner = (salon: { salonId: string; ownerId: string }) => ({ salonId: salon.salonId, ownerId: salon.ownerId });

  it("keeps the status callback's status and duration when the session ends later, and still gets the usage and cost", async () => {
    const salon = await salonWithNumber();
    const sid = callSid();
    const app = telephonyApp(async () => {});
    await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, sid));
    const id = (await sql<{ id: string }[]>`select id from calls where provider_call_id = ${sid}`)[0]!.id;
    const log = new CallLog(database(env as Bindings), owner(salon), id);
    log.instructions("You are Jana.");
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("offline"));
    await post(app, "/api/telephony/twilio/status", { AccountSid: ACCOUNT, CallSid: sid, CallStatus: "completed", To: salon.number, CallDuration: "95" });
    await log.finish({ status: "completed", usage, cost: 0.024, model: "gpt-realtime-2.1", language: "cs", eurPerUsd: 0.9 });
    const [row] = await sql`select call_status, call_duration, usage, model_cost::float8 as cost, total_price_eur::float8 as euros, model, language, instructions
                            from calls where id = ${id}`;
    expect(row).toEqual({ call_status: "completed", call_duration: 95, usage, cost: 0.024, euros: 0.0216, model: "gpt-realtime-2.1", language: "cs", instructions: "You are Jana." });
  });

  it("records a session that failed as failed when Twilio's callback said completed first, keeping Twilio's duration", async () => {
    const salon = await salonWithNumber();
    const sid = callSid();
    const app = telephonyApp(async () => {});
    await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, sid));
    const id = (await sql<{ id: string }[]>`select id from calls where provider_call_id = ${sid}`)[0]!.id;
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("offline"));
    await post(app, "/api/telephony/twilio/status", { AccountSid: ACCOUNT, CallSid: sid, CallStatus: "completed", To: salon.number, CallDuration: "7" });
    await new CallLog(database(env as Bindings), owner(salon), id).finish({ status: "failed", usage, cost: 0.01, model: null, language: null, eurPerUsd: 0.86 });
    expect((await sql`select call_status, call_duration from calls where id = ${id}`)[0]).toEqual({ call_status: "failed", call_duration: 7 });

    // Nor does a later, milder word undo a worse one: Twilio's busy stays busy after a completed session.
    const busySid = callSid();
    await post(app, "/api/telephony/twilio/voice", voiceForm(salon.number, busySid));
    const busyId = (await sql<{ id: string }[]>`select id from calls where provider_call_id = ${busySid}`)[0]!.id;
    await post(app, "/api/telephony/twilio/status", { AccountSid: ACCOUNT, CallSid: busySid, CallStatus: "busy", To: salon.number, CallDuration: "0" });
    await new CallLog(database(env as Bindings), owner(salon), busyId).finish({ status: "completed", usage, cost: 0, model: null, language: null, eurPerUsd: 0.86 });
    expect((await sql`select call_status from calls where id = ${busyId}`)[0]).toEqual({ call_status: "busy" });
  });

  it("closes a record still in progress with the session's status and the database's clock", async () => {
    const salon = await salonWithNumber();
    const sid = callSid();
    await post(telephonyApp(async () => {}), "/api/telephony/twilio/voice", voiceForm(salon.number, sid));
    const id = (await sql<{ id: string }[]>`select id from calls where provider_call_id = ${sid}`)[0]!.id;
    const log = new CallLog(database(env as Bindings), owner(salon), id);
    await log.finish({ status: "failed", usage, cost: 0.01, model: null, language: null, eurPerUsd: 0.86 });
    const [row] = await sql`select call_status, call_duration, call_ended_at, model_cost::float8 as cost from calls where id = ${id}`;
    expect(row).toMatchObject({ call_status: "failed", call_duration: 0, cost: 0.01 });
    expect(row!.call_ended_at).toBeInstanceOf(Date);
  });
});
