import { env } from "cloudflare:workers";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { createApp } from "../../worker/app.ts";
import type { Bindings } from "../../worker/env.ts";
import { twilioSignature } from "../../worker/calls/telephony/twilio-signature.ts";
import { latestMail, sql } from "./auth-helpers.ts";
import { ok, refused, requestContext, type Json } from "./helpers.ts";
import { phoneNumbersOf, signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const NUMBERS = "/api/dashboard/phone-numbers";
const TWILIO = inject("twilioUrl");
const ACCOUNT = inject("twilioAccountSid");
const TOKEN = inject("twilioAuthToken");
type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** The fake Twilio's own view: what was bought and which calls were placed. */
const fake = async <T,>(path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${TWILIO}${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  return (await response.json()) as T;
};
const boughtNumbers = () => fake<{ sid: string; phoneNumber: string; voiceUrl: string; statusCallback: string; smsUrl: string; bundleSid: string | null }[]>("/__numbers");
const placedCalls = () => fake<{ sid: string; to: string; from: string; twiml: string; statusCallback: string }[]>("/__placed-calls");
const callsTo = async (number: string) => (await placedCalls()).filter((call) => call.to === number);

// Numbers of their own per test, put up for sale in the fake where a test buys them.
let next = 1000 + Math.floor(Math.random() * 8000);
const pragueNumber = () => `+42022598${next++}`;
const forSale = (phone_number: string, extra: Json = {}) => fake("/__inventory", { country: "CZ", type: "local", phone_number, locality: "Praha", ...extra });

const assistantOf = async (owner: Owner) => (await ok(owner.api.dashboard.assistant.config.$post({ json: { name: "Reception" } }), 201)).id;
const connections = async (owner: Owner) => (await ok(owner.api.dashboard.assistant.configs.$get())).map((config) => config.phone_connection);

/** The digits the verification call spoke, read from its TwiML. */
const spokenCode = (twiml: string) => /(\d(?:, \d){5})/.exec(twiml)![1]!.replaceAll(", ", "");

/** Posts Twilio's form to the app as Twilio would, signed for the address Twilio was given (APP_URL). */
async function fromTwilio(path: string, form: Record<string, string>) {
  const app = createApp({ startPhoneCall: async () => {} });
  const signature = await twilioSignature(TOKEN, `http://app.test${path}`, form);
  const response = await app.request(
    `https://worker.example.dev${path}`,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature }, body: new URLSearchParams(form).toString() },
    env as Bindings,
    requestContext().ctx,
  );
  return { status: response.status, text: await response.text() };
}

const incomingCall = (to: string) => {
  const callSid = `CA${crypto.randomUUID().replaceAll("-", "")}`;
  return { callSid, form: { AccountSid: ACCOUNT, CallSid: callSid, CallStatus: "ringing", Direction: "inbound", From: "+420603111222", To: to } };
};

const callsRecorded = async (callSid: string) => sql<{ salon_id: string }[]>`select salon_id from calls where provider_call_id = ${callSid}`;
const salonOf = async (owner: Owner) => (await sql<{ id: string }[]>`select s.id from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`)[0]!.id;

const buy = (owner: Owner, phone_number: string, extra: { phone_name?: string; assistant_config_id?: string } = {}) => phoneNumbersOf(owner).buy({ phone_number, ...extra });

describe("a number typed in by hand", () => {
  it("takes no calls, so claiming a number first routes nobody's call to the claimer", async () => {
    const squatter = await signedInOwner();
    const number = pragueNumber();
    const claim = await ok(phoneNumbersOf(squatter).add({ phone_number: number, assistant_config_id: await assistantOf(squatter) }), 201);
    expect(claim).toMatchObject({ status: "unverified", source: "own" });

    const { callSid, form } = incomingCall(number);
    const answer = await fromTwilio("/api/telephony/twilio/voice", form);
    expect(answer.text).toContain("toto číslo není připojené k žádnému salonu");
    expect(await callsRecorded(callSid)).toEqual([]);
    // Nor does its assistant count as connected.
    expect(await connections(squatter)).toEqual([false]);
  });
});

describe("getting a number", () => {
  it("offers numbers with their monthly price, buys one with this deployment's webhooks, and it takes calls at once", async () => {
    const owner = await signedInOwner();
    const number = pragueNumber();
    await forSale(number);
    const numbers = phoneNumbersOf(owner);
    const offered = await ok(numbers.available("CZ", number.slice(-6)));
    expect(offered.numbers).toEqual([{ phone_number: number, type: "local", locality: "Praha", region: null, monthly_price: expect.any(Number), price_unit: "USD" }]);

    const reception = await assistantOf(owner);
    const bought = await ok(buy(owner, number, { phone_name: "Salon line", assistant_config_id: reception }), 201);
    expect(bought).toMatchObject({ phone_number: number, phone_name: "Salon line", assistant_config_id: reception, status: "active", source: "bought" });
    const [atTwilio] = (await boughtNumbers()).filter((held) => held.phoneNumber === number);
    expect(atTwilio).toMatchObject({
      voiceUrl: "http://app.test/api/telephony/twilio/voice",
      statusCallback: "http://app.test/api/telephony/twilio/status",
      smsUrl: "http://app.test/api/telephony/twilio/messaging",
    });
    expect((await sql`select twilio_sid from phone_numbers where id = ${bought.id}`)[0]).toEqual({ twilio_sid: atTwilio!.sid });
    expect(await connections(owner)).toEqual([true]);

    const { callSid, form } = incomingCall(number);
    expect((await fromTwilio("/api/telephony/twilio/voice", form)).text).toContain("<Connect><Stream");
    expect(await callsRecorded(callSid)).toEqual([{ salon_id: await salonOf(owner) }]);

    // A bought number stays the number it is; its name and assistant change as any other's.
    const renumbered = await refused(numbers.edit(bought.id, { phone_number: pragueNumber() }), 422);
    expect(renumbered.fields).toEqual({ phone_number: expect.stringContaining("stays the same number") });
  });

  it("drops other salons' unverified claims to the number bought, and tells their owners", async () => {
    const number = pragueNumber();
    await forSale(number);
    const squatter = await signedInOwner({ "accept-language": "de" });
    const claims = phoneNumbersOf(squatter);
    await ok(claims.add({ phone_number: number }), 201);
    await sql`update users set language = 'de' where email = ${squatter.email}`;
    const owner = await signedInOwner();
    await ok(buy(owner, number), 201);

    expect(await claims.list()).toEqual([expect.objectContaining({ phone_number: number, status: "released", assistant_config_id: null })]);
    const mail = await latestMail(squatter.email, "entfernt");
    expect(mail!.text_body).toContain("in einem anderen Recepta-Konto bestätigt");
    // The released claim can call nobody's number: asking for a verification call is refused like any number that cannot be called.
    const id = (await claims.list())[0]!.id;
    const before = (await callsTo(number)).length;
    expect((await refused(claims.callToVerify(id), 422)).code).toBe("call_refused");
    expect((await callsTo(number)).length).toBe(before);
  });

  it("answers what Twilio refuses with what is missing, and keeps nothing half-done", async () => {
    const owner = await signedInOwner({ "accept-language": "cs" });
    const bundled = `+49892155${next++}`;
    await fake("/__inventory", { country: "DE", type: "local", phone_number: bundled, locality: "München", requirement: "bundle" });
    const numbers = phoneNumbersOf(owner);
    expect(await refused(numbers.buy({ country: "DE", phone_number: bundled }), 422)).toMatchObject({ code: "bundle_required", detail: expect.stringContaining("(Německo)") });
    expect((await refused(buy(owner, pragueNumber()), 409)).code).toBe("number_unavailable");

    // Bad searches, which the typed client would not send: by path.

    const unknownCountry = await owner.call(`${NUMBERS}/available?country=FR`);
    expect(unknownCountry.status).toBe(422);
    const badDigits = await owner.call(`${NUMBERS}/available?country=CZ&contains=12a`);
    expect(badDigits.status).toBe(422);
    expect(await numbers.list()).toEqual([]);
    expect((await boughtNumbers()).some((held) => held.phoneNumber === bundled)).toBe(false);
  });

  it("keeps a salon to its limit of bought numbers, releasing a number bought in a race it lost", async () => {
    const owner = await signedInOwner();
    for (let i = 0; i < 2; i++) {
      const number = pragueNumber();
      await forSale(number);
      await ok(buy(owner, number), 201);
    }
    const racing = [pragueNumber(), pragueNumber()];
    for (const number of racing) await forSale(number);
    const answers = await Promise.all(racing.map((number) => buy(owner, number)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await refused(Promise.resolve(answers.find((answer) => !answer.ok)!), 409)).toMatchObject({ code: "number_limit" });
    const held = new Set((await boughtNumbers()).map((number) => number.phoneNumber));
    expect(racing.filter((number) => held.has(number))).toHaveLength(1);
    expect(await phoneNumbersOf(owner).list()).toHaveLength(3);
  });

  it("releases a bought number when it is deleted, and keeps it while Twilio cannot be reached", async () => {
    const owner = await signedInOwner();
    const number = pragueNumber();
    await forSale(number);
    const numbers = phoneNumbersOf(owner);
    const { id } = await ok(buy(owner, number), 201);

    vi.spyOn(console, "warn").mockImplementation(() => {});
    const offline = { ...(env as Bindings), TWILIO_API_BASE_URL: "http://127.0.0.1:9" };
    const failed = await createApp().request(`http://localhost${NUMBERS}/${id}`, { method: "DELETE", headers: owner.headers }, offline, requestContext().ctx);
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as Json).code).toBe("twilio_unavailable");
    expect(await numbers.list()).toEqual([expect.objectContaining({ id })]);

    await ok(numbers.remove(id), 204);
    expect((await boughtNumbers()).some((held) => held.phoneNumber === number)).toBe(false);
    expect(await numbers.list()).toEqual([]);
  });
});

describe("verifying a number by a call", () => {
  /** Claims a number for `owner`: its id, number, and the owner's numbers to verify it with. */
  async function claimed(owner: Owner, number = pragueNumber()) {
    const numbers = phoneNumbersOf(owner);
    const { id } = await ok(numbers.add({ phone_number: number }), 201);
    return { id, number, numbers };
  }

  it("calls the number, speaks a code in the owner's language, counts wrong codes and makes the number take calls", async () => {
    const owner = await signedInOwner({ "accept-language": "de" });
    const rival = await signedInOwner();
    const { id, number, numbers } = await claimed(owner);
    const { id: rivalId, numbers: rivals } = await claimed(rival, number);

    expect(await ok(numbers.callToVerify(id), 202)).toMatchObject({ status: "verifying", verification: { call_status: "queued", tries_left: 3 } });
    const [call] = await callsTo(number);
    expect(call).toMatchObject({ from: "+15005550006", statusCallback: `http://app.test/api/telephony/twilio/verification/${id}` });
    expect(call!.twiml).toContain('<Say language="de-DE">Guten Tag, hier ist Recepta. Ihr Bestätigungscode lautet:');
    const code = spokenCode(call!.twiml);
    expect((await sql`select verify_code_hash is not null as hashed from phone_numbers where id = ${id}`)[0]).toEqual({ hashed: true });

    // Twilio reports the call's progress.
    const progress = await fromTwilio(`/api/telephony/twilio/verification/${id}`, { AccountSid: ACCOUNT, CallSid: call!.sid, CallStatus: "completed" });
    expect(progress.status).toBe(204);
    expect(await numbers.list()).toEqual([expect.objectContaining({ verification: expect.objectContaining({ call_status: "completed" }) })]);

    const wrong = await refused(numbers.confirm(id, code === "000000" ? "111111" : "000000"), 422);
    expect(wrong).toMatchObject({ code: "wrong_code", detail: "Der Code stimmt nicht. Noch 2 Versuche." });
    expect((await refused(numbers.confirm(id, "12345"), 422)).code).toBe("validation_error");

    expect(await ok(numbers.confirm(id, code))).toMatchObject({ status: "active", source: "own", verification: null });

    const { callSid, form } = incomingCall(number);
    await fromTwilio("/api/telephony/twilio/voice", form);
    // No assistant is linked yet: the call is answered with an apology, and recorded nowhere else.
    expect(await callsRecorded(callSid)).toEqual([]);
    expect(await rivals.list()).toEqual([expect.objectContaining({ id: rivalId, status: "released" })]);
    expect((await latestMail(rival.email, "removed"))!.subject).toContain("has been removed from your Recepta account");
  });

  it("lets a code go after three wrong tries or ten minutes", async () => {
    const owner = await signedInOwner();
    const { id, number, numbers } = await claimed(owner);
    await ok(numbers.callToVerify(id), 202);
    const code = spokenCode((await callsTo(number))[0]!.twiml);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await refused(numbers.confirm(id, wrongCode), 422)).detail);
    expect(answers).toEqual(["That code isn't right. 2 tries left.", "That code isn't right. 1 try left.", "That code isn't right. No tries left: ask for a new call."]);
    expect(await refused(numbers.confirm(id, code), 422)).toMatchObject({ code: "code_expired" });
    expect(await numbers.list()).toEqual([expect.objectContaining({ status: "unverified", verification: null })]);

    await ok(numbers.callToVerify(id), 202);
    const fresh = spokenCode((await callsTo(number))[1]!.twiml);
    await sql`update phone_numbers set verify_expires_at = now() - interval '1 second' where id = ${id}`;
    expect((await refused(numbers.confirm(id, fresh), 422)).code).toBe("code_expired");
  });

  it("limits verification calls per number, and reports a busy line", async () => {
    const owner = await signedInOwner();
    const { id, number, numbers } = await claimed(owner);
    for (let i = 0; i < 3; i++) await ok(numbers.callToVerify(id), 202);
    const fourth = await numbers.callToVerify(id);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toBe("3600");
    expect(await callsTo(number)).toHaveLength(3);

    const latest = (await callsTo(number)).at(-1)!;
    await fromTwilio(`/api/telephony/twilio/verification/${id}`, { AccountSid: ACCOUNT, CallSid: latest.sid, CallStatus: "busy" });
    // An older call's report changes nothing.
    await fromTwilio(`/api/telephony/twilio/verification/${id}`, { AccountSid: ACCOUNT, CallSid: (await callsTo(number))[0]!.sid, CallStatus: "completed" });
    expect(await numbers.list()).toEqual([expect.objectContaining({ status: "verifying", verification: expect.objectContaining({ call_status: "busy" }) })]);
  });

  it("calls no premium-rate number and none abroad, which would bill the platform", async () => {
    const owner = await signedInOwner({ "accept-language": "de" });
    for (const number of ["+420906123456", "+33612345678"]) {
      const { id, numbers } = await claimed(owner, number);
      expect(await refused(numbers.callToVerify(id), 422)).toMatchObject({ code: "not_callable", detail: expect.stringContaining("Tschechien, Deutschland, Österreich, Slowakei, Vereinigtes Königreich und Vereinigte Staaten") });
      expect(await callsTo(number)).toEqual([]);
    }
  });

  it("refuses a verification call for a number that takes calls already, and a callback for another account", async () => {
    const owner = await signedInOwner();
    const number = pragueNumber();
    await forSale(number);
    const { id } = await ok(buy(owner, number), 201);
    expect((await refused(phoneNumbersOf(owner).callToVerify(id), 409)).code).toBe("already_active");
    const foreign = await fromTwilio(`/api/telephony/twilio/verification/${id}`, { AccountSid: "AC99999999999999999999999999999999", CallSid: "CA1", CallStatus: "busy" });
    expect(foreign.status).toBe(403);
  });
});
