import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeTwilioRest, type FakeTwilioRest } from "../fakes/twilio-rest.ts";
import {
  buyNumber,
  callRefusal,
  monthlyPrices,
  placeCall,
  purchaseRefusal,
  releaseNumber,
  searchAvailableNumbers,
} from "../../worker/calls/telephony/twilio-numbers.ts";
import { fetchCall, TwilioRestError, type TwilioConfig } from "../../worker/calls/telephony/twilio-rest.ts";
import { formParams, isValidTwilioSignature } from "../../worker/calls/telephony/twilio-signature.ts";

let fake: FakeTwilioRest;
let config: TwilioConfig;

beforeAll(async () => {
  fake = await startFakeTwilioRest();
  // One fake serves both hosts, the REST API and the Pricing API.
  config = { accountSid: fake.accountSid, authToken: fake.authToken, baseUrl: fake.url, pricingBaseUrl: fake.url };
});
afterAll(() => fake.close());

const refused = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

const order = (phoneNumber: string) => ({
  phoneNumber,
  voiceUrl: "https://app.test/api/telephony/twilio/voice",
  statusCallback: "https://app.test/api/telephony/twilio/status",
  smsUrl: "https://app.test/api/telephony/twilio/sms",
  friendlyName: "Salon Lena",
});

const searchedPaths = (from: number) =>
  fake.requests
    .slice(from)
    .filter((request) => request.path.includes("/AvailablePhoneNumbers/"))
    .map((request) => request.path.replace(/^.*\/AvailablePhoneNumbers\//, ""));

describe("numbers for sale", () => {
  it("offers a country's local numbers, voice-enabled, as many as asked for", async () => {
    const from = fake.requests.length;
    const offered = await searchAvailableNumbers(config, { country: "CZ", limit: 3 });
    expect(offered).toHaveLength(3);
    expect(offered[0]).toEqual({ phoneNumber: "+420225990101", type: "local", locality: "Praha", region: "Hlavní město Praha", addressRequirements: "none" });
    expect(fake.requests.slice(from)).toEqual([
      expect.objectContaining({ method: "GET", path: `/2010-04-01/Accounts/${fake.accountSid}/AvailablePhoneNumbers/CZ/Local.json`, query: { VoiceEnabled: "true", PageSize: "3" } }),
    ]);
  });

  it("narrows the search to numbers containing the digits given, `*` for any digit", async () => {
    const munich = await searchAvailableNumbers(config, { country: "DE", contains: "4989", limit: 10 });
    expect(munich).toEqual([{ phoneNumber: "+4989215509103", type: "local", locality: "München", region: "Bayern", addressRequirements: "any" }]);
    expect(fake.requests.at(-1)?.query).toEqual({ VoiceEnabled: "true", PageSize: "10", Contains: "4989" });

    const berlin = await searchAvailableNumbers(config, { country: "DE", contains: "3054990910*", limit: 10 });
    expect(berlin.map((offered) => offered.phoneNumber)).toEqual(["+4930549909101", "+4930549909102"]);
    expect(berlin.every((offered) => offered.locality === "Berlin")).toBe(true);
  });

  it("falls back to mobile numbers where there are no local ones, then to national ones", async () => {
    let from = fake.requests.length;
    const slovak = await searchAvailableNumbers(config, { country: "SK", limit: 5 });
    expect(slovak.map(({ phoneNumber, type }) => ({ phoneNumber, type }))).toEqual([
      { phoneNumber: "+421951990101", type: "mobile" },
      { phoneNumber: "+421951990102", type: "mobile" },
    ]);
    // Twilio sells no local Slovak numbers: 404, then Mobile.
    expect(searchedPaths(from)).toEqual(["SK/Local.json", "SK/Mobile.json"]);

    from = fake.requests.length;
    const czechMobile = await searchAvailableNumbers(config, { country: "CZ", contains: "790", limit: 5 });
    expect(czechMobile.map((offered) => offered.type)).toEqual(["mobile", "mobile"]);
    expect(searchedPaths(from)).toEqual(["CZ/Local.json", "CZ/Mobile.json"]);

    from = fake.requests.length;
    const british = await searchAvailableNumbers(config, { country: "GB", contains: "3301", limit: 5 });
    expect(british).toEqual([{ phoneNumber: "+443301220105", type: "national", locality: null, region: null, addressRequirements: "none" }]);
    expect(searchedPaths(from)).toEqual(["GB/Local.json", "GB/Mobile.json", "GB/National.json"]);
  });

  it("finds nothing in a country Twilio does not sell numbers in", async () => {
    const from = fake.requests.length;
    expect(await searchAvailableNumbers(config, { country: "XX", limit: 5 })).toEqual([]);
    expect(searchedPaths(from)).toEqual(["XX/Local.json", "XX/Mobile.json", "XX/National.json"]);
  });

  it("reports a refusal other than a missing type", async () => {
    expect(await refused(searchAvailableNumbers({ ...config, authToken: "wrong" }, { country: "CZ", limit: 1 }))).toMatchObject({ status: 401, code: 20003 });
  });
});

describe("monthly prices", () => {
  it("reads the Pricing API's price per number type, in its unit", async () => {
    expect(await monthlyPrices(config, "CZ")).toEqual({ unit: "USD", prices: { local: 6, mobile: 8 } });
    expect(await monthlyPrices(config, "GB")).toEqual({ unit: "USD", prices: { local: 1.15, mobile: 1.15, national: 1.15, "toll free": 2.15 } });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/PhoneNumbers/Countries/GB" });
  });

  it("uses Twilio's Pricing API unless told otherwise", async () => {
    const seen: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ price_unit: "USD", phone_number_prices: [] }), { status: 200 });
    }) as typeof fetch;
    try {
      await monthlyPrices({ accountSid: "AC1", authToken: "t" }, "DE");
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(["https://pricing.twilio.com/v1/PhoneNumbers/Countries/DE"]);
  });

  it("refuses a country Twilio has no prices for", async () => {
    expect(await refused(monthlyPrices(config, "XX"))).toMatchObject({ status: 404, code: 20404 });
  });
});

describe("buying and releasing a number", () => {
  it("buys a number with the product's webhooks, all POST, and offers it no more", async () => {
    const bought = await buyNumber(config, order("+420225990102"));
    expect(bought).toEqual({ sid: expect.stringMatching(/^PN[0-9a-f]{32}$/), phoneNumber: "+420225990102" });
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/2010-04-01/Accounts/${fake.accountSid}/IncomingPhoneNumbers.json`,
      form: {
        PhoneNumber: "+420225990102",
        VoiceUrl: "https://app.test/api/telephony/twilio/voice",
        VoiceMethod: "POST",
        StatusCallback: "https://app.test/api/telephony/twilio/status",
        StatusCallbackMethod: "POST",
        SmsUrl: "https://app.test/api/telephony/twilio/sms",
        SmsMethod: "POST",
        FriendlyName: "Salon Lena",
      },
    });
    expect(fake.requests.at(-1)?.form).not.toHaveProperty("AddressSid");
    expect(fake.numbers.get(bought.sid)).toMatchObject({
      phoneNumber: "+420225990102",
      voiceUrl: "https://app.test/api/telephony/twilio/voice",
      statusCallback: "https://app.test/api/telephony/twilio/status",
      smsUrl: "https://app.test/api/telephony/twilio/sms",
    });
    expect(await searchAvailableNumbers(config, { country: "CZ", contains: "225990102", limit: 5 })).toEqual([]);
  });

  it("classifies a number that needs a regulatory bundle, and buys it with one", async () => {
    const error = await refused(buyNumber(config, order("+4989215509103")));
    expect(error).toMatchObject({ status: 400, code: 21649 });
    expect(purchaseRefusal(error)).toBe("bundle");

    const bought = await buyNumber(config, { ...order("+4989215509103"), bundleSid: "BU00000000000000000000000000000001" });
    expect(fake.numbers.get(bought.sid)?.bundleSid).toBe("BU00000000000000000000000000000001");
    expect(purchaseRefusal(await refused(buyNumber(config, order("+4312267909101"))))).toBe("bundle");
  });

  it("classifies a number that needs a local address, and buys it with one", async () => {
    const error = await refused(buyNumber(config, order("+442038070101")));
    expect(error).toMatchObject({ status: 400, code: 21615 });
    expect(purchaseRefusal(error)).toBe("address");

    const bought = await buyNumber(config, { ...order("+442038070101"), addressSid: "AD00000000000000000000000000000001" });
    expect(fake.numbers.get(bought.sid)?.addressSid).toBe("AD00000000000000000000000000000001");
  });

  it("classifies a number already bought, or never for sale, as unavailable", async () => {
    await buyNumber(config, order("+4930549909102"));
    const again = await refused(buyNumber(config, order("+4930549909102")));
    expect(again).toMatchObject({ status: 400, code: 21422 });
    expect(purchaseRefusal(again)).toBe("unavailable");
    expect(purchaseRefusal(await refused(buyNumber(config, order("+420999000111"))))).toBe("unavailable");
  });

  it("classifies by Twilio's code alone, and nothing else", () => {
    const code = (value: number) => new TwilioRestError("refused", 400, value);
    expect(purchaseRefusal(code(21631))).toBe("address");
    expect(purchaseRefusal(code(21650))).toBe("bundle");
    expect(purchaseRefusal(code(21452))).toBe("unavailable");
    expect(purchaseRefusal(code(21404))).toBe("not_permitted");
    expect(purchaseRefusal(code(10002))).toBe("not_permitted");
    expect(purchaseRefusal(code(20003))).toBeUndefined();
    expect(purchaseRefusal(new TwilioRestError("refused", 500))).toBeUndefined();
    expect(purchaseRefusal(new Error("offline"))).toBeUndefined();
    expect(purchaseRefusal(undefined)).toBeUndefined();
  });

  it("releases a number, and counts one already gone as released", async () => {
    const bought = await buyNumber(config, order("+14157770101"));
    await releaseNumber(config, bought.sid);
    expect(fake.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/2010-04-01/Accounts/${fake.accountSid}/IncomingPhoneNumbers/${bought.sid}.json` });
    expect(fake.numbers.has(bought.sid)).toBe(false);

    await expect(releaseNumber(config, bought.sid)).resolves.toBeUndefined();
    await expect(releaseNumber(config, "PN00000000000000000000000000000000")).resolves.toBeUndefined();
    expect(await refused(releaseNumber({ ...config, authToken: "wrong" }, "PN00000000000000000000000000000000"))).toMatchObject({ status: 401 });
  });
});

describe("placing a call", () => {
  interface Callback {
    url: string;
    signature: string | undefined;
    params: Record<string, string | string[]>;
  }
  let receiver: Server;
  let receiverUrl: string;
  const received: Callback[] = [];

  beforeAll(async () => {
    receiver = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      received.push({
        url: `${receiverUrl}${req.url}`,
        signature: req.headers["x-twilio-signature"] as string | undefined,
        params: formParams(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))),
      });
      res.writeHead(204);
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const callbacksOf = (callSid: string) => received.filter((callback) => callback.params.CallSid === callSid);
  const twiml = "<Response><Say>1 2 3 4 5 6</Say></Response>";

  it("places the call with its TwiML and every progress event, and reports them signed, in order", async () => {
    const call = await placeCall(config, { to: "+420601111222", from: "+420225990102", twiml, statusCallback: `${receiverUrl}/status?verification=v1` });
    expect(call).toMatchObject({ sid: expect.stringMatching(/^CA[0-9a-f]{32}$/), status: "queued", to: "+420601111222", from: "+420225990102" });
    expect(fake.placedCalls.find((placed) => placed.sid === call.sid)).toMatchObject({
      to: "+420601111222",
      from: "+420225990102",
      twiml,
      statusCallback: `${receiverUrl}/status?verification=v1`,
      statusCallbackEvents: ["initiated", "ringing", "answered", "completed"],
      timeout: "30",
    });
    expect(fake.requests.at(-1)?.form).toMatchObject({ StatusCallbackMethod: "POST", Timeout: "30" });

    await vi.waitFor(() => expect(callbacksOf(call.sid).map((callback) => callback.params.CallStatus)).toEqual(["initiated", "ringing", "in-progress", "completed"]));
    const callbacks = callbacksOf(call.sid);
    for (const callback of callbacks) {
      expect(callback.url).toBe(`${receiverUrl}/status?verification=v1`);
      expect(await isValidTwilioSignature(fake.authToken, callback.signature, callback.url, callback.params)).toBe(true);
      expect(callback.params).toMatchObject({ AccountSid: fake.accountSid, To: "+420601111222", From: "+420225990102", Direction: "outbound-api", ApiVersion: "2010-04-01" });
    }
    expect(callbacks.map((callback) => callback.params.SequenceNumber)).toEqual(["0", "1", "2", "3"]);
    expect(callbacks.at(-1)?.params.CallDuration).toBe("12");
    expect(callbacks[2]?.params).not.toHaveProperty("CallDuration");
    expect(await fetchCall(config, call.sid)).toMatchObject({ status: "completed", duration: 12 });
  });

  it("reports a busy line as busy, after ringing", async () => {
    fake.setCallOutcome("+420602333444", "busy");
    const call = await placeCall(config, { to: "+420602333444", from: "+420225990102", twiml, statusCallback: `${receiverUrl}/status` });
    await vi.waitFor(() => expect(callbacksOf(call.sid).map((callback) => callback.params.CallStatus)).toEqual(["initiated", "ringing", "busy"]));
    expect(callbacksOf(call.sid).at(-1)?.params.CallDuration).toBe("0");
  });

  it("goes on through a callback URL that does not answer", async () => {
    const call = await placeCall(config, { to: "+420603555666", from: "+420225990102", twiml, statusCallback: "http://127.0.0.1:9/status" });
    const placed = fake.placedCalls.find((one) => one.sid === call.sid)!;
    await vi.waitFor(() => expect(placed.callbacks).toHaveLength(4));
    expect(placed.callbacks.every((callback) => callback.answered === null)).toBe(true);
  });

  it("classifies a refused number", async () => {
    const invalid = await refused(placeCall(config, { to: "0601 111 222", from: "+420225990102", twiml, statusCallback: `${receiverUrl}/status` }));
    expect(invalid).toMatchObject({ status: 400, code: 21211 });
    expect(callRefusal(invalid)).toBe("invalid_number");
    expect(callRefusal(new TwilioRestError("refused", 400, 21217))).toBe("invalid_number");
    expect(callRefusal(new TwilioRestError("refused", 400, 21215))).toBe("not_permitted");
    expect(callRefusal(new TwilioRestError("refused", 400, 21216))).toBe("not_permitted");
    expect(callRefusal(new TwilioRestError("refused", 400, 21220))).toBeUndefined();
    expect(callRefusal(new Error("offline"))).toBeUndefined();
  });
});

describe("the fake, driven by Twilio's own client", () => {
  /** Sends what the official client addresses to Twilio's hosts to the fake instead. */
  class LoopbackClient extends twilio.RequestClient {
    override request<TData>(opts: Parameters<twilio.RequestClient["request"]>[0] & { data?: TData }) {
      const target = new URL(opts.uri);
      return super.request({ ...opts, uri: `${fake.url}${target.pathname}${target.search}` });
    }
  }
  const client = () => twilio(fake.accountSid, fake.authToken, { httpClient: new LoopbackClient({ keepAlive: false }) });

  it("reads available numbers and prices in Twilio's shapes", async () => {
    const offered = await client().availablePhoneNumbers("DE").local.list({ contains: "4930", voiceEnabled: true, limit: 5 });
    expect(offered.map((number) => number.phoneNumber)).toContain("+4930549909101");
    expect(offered[0]).toMatchObject({ locality: "Berlin", region: "Berlin", isoCountry: "DE", addressRequirements: "none", capabilities: { voice: true } });
    expect(await client().availablePhoneNumbers("ZZ").local.list().catch((error: { status: number; code: number }) => error)).toMatchObject({ status: 404, code: 20404 });

    const prices = await client().pricing.v1.phoneNumbers.countries("AT").fetch();
    expect(prices).toMatchObject({ isoCountry: "AT", priceUnit: "USD" });
    expect(prices.phoneNumberPrices).toContainEqual(expect.objectContaining({ numberType: "mobile", currentPrice: "12.00" }));
  });

  it("buys, lists, reads and releases a number in Twilio's shapes", async () => {
    const bought = await client().incomingPhoneNumbers.create({ phoneNumber: "+433169909102", voiceUrl: "https://app.test/voice", voiceMethod: "POST" });
    expect(bought).toMatchObject({ phoneNumber: "+433169909102", voiceUrl: "https://app.test/voice", voiceMethod: "POST", accountSid: fake.accountSid });
    expect(bought.dateCreated).toBeInstanceOf(Date);

    const listed = await client().incomingPhoneNumbers.list({ phoneNumber: "+433169909102" });
    expect(listed.map((number) => number.sid)).toEqual([bought.sid]);
    expect((await client().incomingPhoneNumbers(bought.sid).fetch()).phoneNumber).toBe("+433169909102");
    expect(await client().incomingPhoneNumbers(bought.sid).remove()).toBe(true);

    const refusal = await client()
      .incomingPhoneNumbers.create({ phoneNumber: "+4312267909101" })
      .catch((error: { status: number; code: number }) => error);
    expect(refusal).toMatchObject({ status: 400, code: 21649 });
  });
});

describe("the fake's controls for tests in another process", () => {
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${fake.url}${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it("puts a number up for sale, sets how calls to a number end, and lists placed calls and bought numbers", async () => {
    expect(await control("/__inventory", { country: "SK", type: "local", phone_number: "+421255990104", locality: "Bratislava", requirement: "address" })).toMatchObject({
      status: 201,
      body: { country: "SK", type: "local", phoneNumber: "+421255990104", requirement: "address" },
    });
    expect(await searchAvailableNumbers(config, { country: "SK", limit: 5 })).toEqual([
      { phoneNumber: "+421255990104", type: "local", locality: "Bratislava", region: null, addressRequirements: "local" },
    ]);
    const bought = await buyNumber(config, { ...order("+421255990104"), addressSid: "AD00000000000000000000000000000002" });
    expect((await control("/__numbers")).body).toContainEqual(expect.objectContaining({ sid: bought.sid, voiceUrl: "https://app.test/api/telephony/twilio/voice" }));

    expect(await control("/__call-outcome", { to: "+421905111222", outcome: "no-answer" })).toEqual({ status: 200, body: { to: "+421905111222", outcome: "no-answer" } });
    expect((await control("/__call-outcome", { to: "+421905111222", outcome: "engaged" })).status).toBe(400);
    const call = await placeCall(config, { to: "+421905111222", from: "+421255990104", twiml: "<Response/>", statusCallback: "http://127.0.0.1:9/status" });
    await vi.waitFor(async () =>
      expect((await control("/__placed-calls")).body).toContainEqual(
        expect.objectContaining({ sid: call.sid, twiml: "<Response/>", outcome: "no-answer", callbacks: [{ status: "initiated", answered: null }, { status: "ringing", answered: null }, { status: "no-answer", answered: null }] }),
      ),
    );
  });
});
