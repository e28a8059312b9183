import { env } from "cloudflare:workers";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { createApp } from "../../worker/app.ts";
import { database } from "../../worker/data/db.ts";
import type { Bindings } from "../../worker/env.ts";
import { placeOfferCall } from "../../worker/clients/outreach/offer-call.ts";
import type { PhoneCallPlan } from "../../worker/calls/engine/call-plan.ts";
import type { StartPhoneCallSession } from "../../worker/calls/telephony/routes.ts";
import { CALL_LIMITS } from "../../contract/call-socket.ts";
import { twilioSignature } from "../../worker/calls/telephony/twilio-signature.ts";
import { CallLog } from "../../worker/calls/engine/call-log.ts";
import { runOfferTool } from "../../worker/calls/engine/offer-mode.ts";
import { sql } from "./auth-helpers.ts";
import { withoutMessages } from "./call-helpers.ts";
import { czechSalon } from "./client-helpers.ts";
import { firstCallsPage, ok, requestContext } from "./helpers.ts";

afterAll(() => sql.end());

const TWILIO = inject("twilioUrl");
const ACCOUNT = inject("twilioAccountSid");
const TOKEN = inject("twilioAuthToken");
const workerEnv = env as Bindings;

/** Thursday 4 March 2027, 14:00 in Prague. */
const OFFERED = new Date("2027-03-04T13:00:00Z");

const digits = (count: number) => String(Math.floor(Math.random() * 10 ** count)).padStart(count, "0");

/**
 * A Czech salon with an assistant on a number of its own (unless `line` is false), and an hour
 * of its stylist that came free, offered by call to Eva, who speaks Czech.
 */
async function offeredByCall(options: { line?: boolean; voicemail?: "message" | "none"; phone?: string } = {}) {
  const salon = await czechSalon();
  const assistant = (await ok(salon.owner.api.dashboard.assistant.config.$post({ json: { name: "Recepce" } }), 201)).id;
  const line = `+42022${digits(7)}`;
  if (options.line !== false) {
    await sql`insert into phone_numbers (salon_id, phone_number, assistant_config_id, status, source)
              values (${salon.salonId}, ${line}, ${assistant}, 'active', 'assigned')`;
  }
  await sql`update salons set name = 'Salon Lípa', time_zone = 'Europe/Prague' where id = ${salon.salonId}`;
  await sql`update outreach_settings set voicemail = ${options.voicemail ?? "message"} where salon_id = ${salon.salonId}`;
  const client = options.phone ?? `+420608${digits(6)}`;
  const end = new Date(OFFERED.getTime() + 45 * 60_000);
  const [slot] = await sql<{ id: string }[]>`
    insert into outreach_slots (salon_id, stylist_id, start_at, end_at, trigger)
    values (${salon.salonId}, ${salon.stylist}, ${OFFERED}, ${end}, 'cancelled') returning id`;
  const [attempt] = await sql<{ id: string }[]>`
    insert into outreach_attempts (salon_id, slot_id, name, phone, language, channel, start_at, end_at, service_ids, expires_at)
    values (${salon.salonId}, ${slot!.id}, 'Eva Malá', ${client}, 'cs', 'call', ${OFFERED}, ${end}, ${sql.json([salon.service])}, now() + interval '1 hour')
    returning id`;
  const tenant = { salonId: salon.salonId, userId: salon.userId };
  return { ...salon, tenant, assistant, line, client, attemptId: attempt!.id };
}
type Offered = Awaited<ReturnType<typeof offeredByCall>>;

const attempt = async (id: string) => (await sql<{ status: string; call_id: string | null; appointment_id: string | null }[]>`
  select status, call_id, appointment_id from outreach_attempts where id = ${id}`)[0]!;

const callRow = async (id: string) => (await sql`
  select direction, from_number, to_number, provider_call_id, call_status, call_duration, outcome, telephony_cost::float8 as telephony_cost
  from calls where id = ${id}`)[0]!;

interface PlacedCall {
  sid: string;
  to: string;
  callbacks: { status: string }[];
}
const placedTo = async (to: string) => ((await (await fetch(`${TWILIO}/__placed-calls`)).json()) as PlacedCall[]).filter((call) => call.to === to);
const callsRequestsTo = async (to: string) =>
  ((await (await fetch(`${TWILIO}/__requests`)).json()) as { path: string; form: Record<string, string> }[]).filter(
    (request) => request.path.endsWith("/Calls.json") && request.form.To === to,
  );

/** Waits until the fake Twilio has ended the call placed to `to` (its own callbacks reach nobody here). */
async function endedAtTwilio(to: string): Promise<PlacedCall> {
  await vi.waitFor(async () => expect((await placedTo(to))[0]?.callbacks.at(-1)?.status).toMatch(/^(completed|busy|no-answer|failed)$/), { timeout: 10_000, interval: 50 });
  return (await placedTo(to))[0]!;
}

/** Posts Twilio's form to the app as Twilio would, signed for the address it was given (APP_URL); answers what the webhook left running too. */
async function fromTwilio(path: string, form: Record<string, string>, start: StartPhoneCallSession = async () => {}) {
  const app = createApp({ startPhoneCall: start });
  const signature = await twilioSignature(TOKEN, `http://app.test${path}`, form);
  const { ctx, waited } = requestContext();
  const response = await app.request(
    `https://worker.example.dev${path}`,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature }, body: new URLSearchParams(form).toString() },
    workerEnv,
    ctx,
  );
  const text = await response.text();
  await Promise.all(waited);
  return { status: response.status, text };
}

const callForm = (offer: Offered, sid: string, fields: Record<string, string>) => ({
  AccountSid: ACCOUNT,
  ApiVersion: "2010-04-01",
  CallSid: sid,
  Called: offer.client,
  Caller: offer.line,
  Direction: "outbound-api",
  From: offer.line,
  To: offer.client,
  ...fields,
});

const answered = (offer: Offered, sid: string, answeredBy: string, start?: Parameters<typeof fromTwilio>[2]) =>
  fromTwilio(`/api/telephony/twilio/offer-call?attempt=${offer.attemptId}`, callForm(offer, sid, { CallStatus: "in-progress", AnsweredBy: answeredBy, MachineDetectionDuration: "2300" }), start);

const ended = (offer: Offered, sid: string, status: string, duration?: string) =>
  fromTwilio(
    `/api/telephony/twilio/offer-call-status?attempt=${offer.attemptId}`,
    callForm(offer, sid, { CallStatus: status, CallbackSource: "call-progress-events", SequenceNumber: "3", ...(duration ? { CallDuration: duration } : {}) }),
  );

/** Places the offer's call and answers the sid Twilio gave it. */
async function placed(offer: Offered): Promise<string> {
  await placeOfferCall(workerEnv, offer.tenant, offer.attemptId);
  const [call] = await placedTo(offer.client);
  expect(call, "a call was placed").toBeDefined();
  return call!.sid;
}

describe("outbound offer calls", () => {
  it("calls the client from the salon's own number with answering-machine detection, recorded as an outbound call", async () => {
    const offer = await offeredByCall();
    const sid = await placed(offer);
    const [request] = await callsRequestsTo(offer.client);
    expect(request!.form).toMatchObject({
      To: offer.client,
      From: offer.line,
      Url: `http://app.test/api/telephony/twilio/offer-call?attempt=${offer.attemptId}`,
      Method: "POST",
      MachineDetection: "DetectMessageEnd",
      StatusCallback: `http://app.test/api/telephony/twilio/offer-call-status?attempt=${offer.attemptId}`,
      StatusCallbackMethod: "POST",
      // The last of the events asked for: the end is always among them.
      StatusCallbackEvent: "completed",
    });
    const { call_id: callId, status } = await attempt(offer.attemptId);
    expect(status).toBe("offered");
    expect(await callRow(callId!)).toMatchObject({ direction: "outbound", from_number: offer.line, to_number: offer.client, provider_call_id: sid, call_status: "in-progress" });
  });

  it("puts a person through to the assistant making the offer; taking it books the time and the call shows as a booking with its cost", async () => {
    const offer = await offeredByCall();
    const sid = await placed(offer);
    const { call_id: callId } = await attempt(offer.attemptId);
    const started: PhoneCallPlan[] = [];
    const answer = await answered(offer, sid, "human", async (_env, plan) => void started.push(plan));
    expect(answer.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="ws://app.test/api/telephony/twilio/stream/${callId}">` +
        `<Parameter name="callId" value="${callId}"/></Stream></Connect></Response>`,
    );
    expect(started).toEqual([
      {
        target: { salonId: offer.salonId, ownerId: offer.userId, assistantId: offer.assistant, demo: false },
        callId,
        callSid: sid,
        direction: "outbound",
        fromNumber: offer.line,
        toNumber: offer.client,
        language: "cs",
        sayLanguage: "cs-CZ",
        maxSeconds: CALL_LIMITS.callSeconds,
        offerId: offer.attemptId,
      },
    ]);

    // The client says yes: the assistant takes the offer, as the live call runs its tool and records it.
    const tools = { db: database(workerEnv), salonId: offer.salonId, ownerId: offer.userId, timeZone: "Europe/Prague", country: "CZ" as const, callerNumber: offer.client, ...withoutMessages };
    const outcome = await runOfferTool(tools, offer.attemptId, "accept_offer");
    expect(outcome).toEqual({
      ok: true,
      result: expect.objectContaining({ booked: true, start: "2027-03-04 14:00", services: ["Haircut"], stylist: "Jana Nováková", customer_name: "Eva Malá" }),
    });
    const log = new CallLog(database(workerEnv), { salonId: offer.salonId, ownerId: offer.userId }, callId!);
    log.functionCall("fc_1", "accept_offer", "{}", outcome);
    await log.finish({ status: "completed", usage: {}, cost: 0.02, model: "gpt-realtime-2.1", language: "cs", eurPerUsd: 0.9 });

    const { status, appointment_id: appointmentId } = await attempt(offer.attemptId);
    expect(status).toBe("accepted");
    const [booking] = await sql`select source, customer_phone, start_at from appointments where id = ${appointmentId}`;
    expect(booking).toEqual({ source: "outreach", customer_phone: offer.client, start_at: OFFERED });

    await endedAtTwilio(offer.client);
    expect((await ended(offer, sid, "completed", "12")).status).toBe(204);
    expect((await attempt(offer.attemptId)).status).toBe("accepted");
    expect(await callRow(callId!)).toMatchObject({ direction: "outbound", to_number: offer.client, call_status: "completed", outcome: "booked", telephony_cost: 0.014 });

    const listed = await ok(offer.owner.api.calls.list.$get({ query: firstCallsPage }));
    expect(listed.items).toEqual([
      expect.objectContaining({ id: callId, direction: "outbound", from_number: offer.line, to_number: offer.client, outcome: "booked", offer: true, total_price: expect.any(Number) }),
    ]);
    expect(listed.items[0]!.total_price).toBeGreaterThan(0.02 * 0.9);
  });

  it("counts a person who heard the offer and hung up without taking it as declined", async () => {
    const offer = await offeredByCall();
    const sid = await placed(offer);
    await answered(offer, sid, "unknown", async () => {});
    await endedAtTwilio(offer.client);
    await ended(offer, sid, "completed", "12");
    expect((await attempt(offer.attemptId)).status).toBe("declined");
  });

  it("leaves an answering machine the salon's message in the client's language, and the offer ends as voicemail", async () => {
    const offer = await offeredByCall();
    const sid = await placed(offer);
    const answer = await answered(offer, sid, "machine_end_beep", async () => {
      throw new Error("a machine is not put through");
    });
    expect(answer.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="cs-CZ">Dobrý den, tady Salon Lípa. Uvolnil se pro vás termín: čtvrtek 4. března, 14:00, ' +
        "obslouží vás Jana Nováková. Pokud o něj máte zájem, odpovězte na naši SMS slovem ANO, nebo nám zavolejte. Děkujeme a na shledanou.</Say><Hangup/></Response>",
    );
    expect((await attempt(offer.attemptId)).status).toBe("voicemail");
    // The machine's call completes afterwards: the offer stays as it ended, and the Calls screen says a message was left, not that someone hung up.
    await endedAtTwilio(offer.client);
    await ended(offer, sid, "completed", "25");
    const { status, call_id: callId } = await attempt(offer.attemptId);
    expect(status).toBe("voicemail");
    expect(await callRow(callId!)).toMatchObject({ call_status: "completed", outcome: "voicemail" });
    const listed = await ok(offer.owner.api.calls.list.$get({ query: firstCallsPage }));
    expect(listed.items).toEqual([expect.objectContaining({ id: callId, direction: "outbound", outcome: "voicemail", offer: true })]);
  });

  it("gives a person the offer as a message when the assistant cannot take the call, and fails the offer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const offer = await offeredByCall();
    const sid = await placed(offer);
    const answer = await answered(offer, sid, "human", async () => {
      throw new Error("the call session answered 500");
    });
    expect(answer.text).toContain('<Say language="cs-CZ">Dobrý den, tady Salon Lípa. Uvolnil se pro vás termín: čtvrtek 4. března, 14:00');
    expect(answer.text).toContain("<Hangup/>");
    const { status, call_id: callId } = await attempt(offer.attemptId);
    expect(status).toBe("failed");
    expect(await callRow(callId!)).toMatchObject({ call_status: "failed", call_duration: 0 });
  });

  it("hangs up on a machine without a word when the salon wants no message, and on a fax", async () => {
    const quiet = await offeredByCall({ voicemail: "none" });
    const quietSid = await placed(quiet);
    const answer = await answered(quiet, quietSid, "machine_end_silence");
    expect(answer.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    await endedAtTwilio(quiet.client);
    await ended(quiet, quietSid, "completed", "4");
    const { status, call_id: callId } = await attempt(quiet.attemptId);
    expect(status).toBe("no_answer");
    expect(await callRow(callId!)).toMatchObject({ call_status: "completed", outcome: "no_answer" });

    const fax = await offeredByCall();
    expect((await answered(fax, await placed(fax), "fax")).text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    expect((await attempt(fax.attemptId)).status).toBe("failed");
  });

  it.each([
    ["busy", "busy", "no_answer"],
    ["no-answer", "no_answer", "no_answer"],
    ["canceled", "failed", "abandoned"],
  ])("settles the offer when the call ends %s, and records the call's end", async (twilioStatus, offerStatus, outcome) => {
    const offer = await offeredByCall();
    const sid = await placed(offer);
    // Ringing changes nothing yet.
    expect((await ended(offer, sid, "ringing")).status).toBe(204);
    expect((await attempt(offer.attemptId)).status).toBe("offered");
    expect((await ended(offer, sid, twilioStatus, "0")).status).toBe(204);
    const { status, call_id: callId } = await attempt(offer.attemptId);
    expect(status).toBe(offerStatus);
    expect(await callRow(callId!)).toMatchObject({ call_status: twilioStatus, call_duration: 0, outcome });
  });

  it("fails the offer at once when Twilio refuses the call or the salon has no line to call from", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    // Twilio refuses a number that is not one (21211).
    const refused = await offeredByCall({ phone: "+42012" });
    await placeOfferCall(workerEnv, refused.tenant, refused.attemptId);
    expect(await callsRequestsTo("+42012")).toHaveLength(1);
    expect(await attempt(refused.attemptId)).toEqual({ status: "failed", call_id: null, appointment_id: null });

    const lineless = await offeredByCall({ line: false });
    await placeOfferCall(workerEnv, lineless.tenant, lineless.attemptId);
    expect(await callsRequestsTo(lineless.client)).toHaveLength(0);
    expect((await attempt(lineless.attemptId)).status).toBe("failed");
  });

  it("refuses webhooks that are unsigned or name no offer", async () => {
    const offer = await offeredByCall();
    const app = createApp({ startPhoneCall: async () => {} });
    const unsigned = await app.request(
      `http://app.test/api/telephony/twilio/offer-call-status?attempt=${offer.attemptId}`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(callForm(offer, "CA1", { CallStatus: "busy" })).toString() },
      workerEnv,
    );
    expect(unsigned.status).toBe(403);
    expect((await attempt(offer.attemptId)).status).toBe("offered");
    for (const query of ["", "?attempt=nope", `?attempt=${crypto.randomUUID()}`]) {
      expect((await fromTwilio(`/api/telephony/twilio/offer-call-status${query}`, callForm(offer, "CA1", { CallStatus: "busy" }))).status).toBe(404);
      expect((await fromTwilio(`/api/telephony/twilio/offer-call${query}`, callForm(offer, "CA1", { AnsweredBy: "human" }))).text).toContain("<Hangup/>");
    }
  });
});
