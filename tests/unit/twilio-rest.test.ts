import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeTwilioRest, type FakeTwilioRest } from "../fakes/twilio-rest.ts";
import { fetchCall, hangUpCall, redirectCall, twilioConfig, TwilioRestError, type TwilioConfig } from "../../worker/calls/telephony/twilio-rest.ts";
import { dialTwiml } from "../../worker/calls/telephony/twiml.ts";

let fake: FakeTwilioRest;
let config: TwilioConfig;

beforeAll(async () => {
  fake = await startFakeTwilioRest();
  config = { accountSid: fake.accountSid, authToken: fake.authToken, baseUrl: fake.url };
});
afterAll(() => fake.close());

describe("Twilio REST client", () => {
  it("reads its settings from the environment, only when both credentials are set", () => {
    expect(twilioConfig({})).toBeUndefined();
    expect(twilioConfig({ TWILIO_ACCOUNT_SID: "AC1" })).toBeUndefined();
    expect(twilioConfig({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t" })).toEqual({ accountSid: "AC1", authToken: "t", baseUrl: undefined });
    expect(twilioConfig({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_API_BASE_URL: "http://127.0.0.1:1" })?.baseUrl).toBe("http://127.0.0.1:1");
    expect(twilioConfig({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_PRICING_BASE_URL: "http://127.0.0.1:2" })?.pricingBaseUrl).toBe("http://127.0.0.1:2");
  });

  it("redirects a live call to <Dial> TwiML, form-encoded, with Basic auth", async () => {
    fake.addCall("CA0000000000000000000000000000dial");
    const twiml = dialTwiml("+420222333444", { answerOnBridge: true });
    const call = await redirectCall(config, "CA0000000000000000000000000000dial", twiml);
    expect(call).toMatchObject({ sid: "CA0000000000000000000000000000dial", status: "in-progress", duration: null, price: null });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: "POST",
      path: `/2010-04-01/Accounts/${fake.accountSid}/Calls/CA0000000000000000000000000000dial.json`,
      authorization: `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString("base64")}`,
      form: { Twiml: twiml },
    });
    expect(fake.calls.get("CA0000000000000000000000000000dial")?.dialled).toBe("+420222333444");
  });

  it("reads a finished call's status, duration and price (positive, in its unit)", async () => {
    fake.addCall("CA00000000000000000000000000price", { status: "completed", duration: 83, price: "-0.01300" });
    const call = await fetchCall(config, "CA00000000000000000000000000price");
    expect(call).toEqual({ sid: "CA00000000000000000000000000price", status: "completed", duration: 83, price: 0.013, priceUnit: "USD", from: "+15005550006", to: "+15005550001" });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", form: {} });
  });

  it("hangs a call up", async () => {
    fake.addCall("CA000000000000000000000000000hang");
    expect((await hangUpCall(config, "CA000000000000000000000000000hang")).status).toBe("completed");
    expect(fake.requests.at(-1)?.form).toEqual({ Status: "completed" });
  });

  it("reports Twilio's refusals with status and code", async () => {
    fake.addCall("CA00000000000000000000000000ended", { status: "completed", duration: 5 });
    const refused = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as TwilioRestError);

    const ended = await refused(redirectCall(config, "CA00000000000000000000000000ended", dialTwiml("+1")));
    expect(ended).toBeInstanceOf(TwilioRestError);
    expect(ended).toMatchObject({ status: 400, code: 21220 });
    expect(ended?.message).toContain("Call is not in-progress");

    expect(await refused(fetchCall(config, "CA0000000000000000000000000unknown"))).toMatchObject({ status: 404, code: 20404 });
    expect(await refused(fetchCall({ ...config, authToken: "wrong" }, "CA00000000000000000000000000ended"))).toMatchObject({ status: 401, code: 20003 });
  });

  it("uses Twilio's address when no base URL is given", async () => {
    const seen: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ sid: "CA1", status: "ringing" }), { status: 200 });
    }) as typeof fetch;
    try {
      await fetchCall({ accountSid: "AC1", authToken: "t" }, "CA1");
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(["https://api.twilio.com/2010-04-01/Accounts/AC1/Calls/CA1.json"]);
  });
});
