import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { addPort, formParams, isValidTwilioSignature, removePort, twilioSignature } from "../../worker/calls/telephony/twilio-signature.ts";

// Vectors come from Twilio's own library: what it signs, this module must accept, and what it
// refuses, this module must refuse.
const TOKEN = "12345abcde67890fghij12345abcde67";
const URL_ = "https://salon.example.com/api/telephony/twilio/voice";
const PARAMS = {
  AccountSid: "AC0123456789abcdef0123456789abcdef",
  ApiVersion: "2010-04-01",
  CallSid: "CA0123456789abcdef0123456789abcdef",
  CallStatus: "ringing",
  Called: "+420222333444",
  Caller: "+420777888999",
  Direction: "inbound",
  From: "+420777888999",
  FromCity: "PRAHA",
  FromCountry: "CZ",
  FromState: "",
  To: "+420222333444",
  ToCountry: "CZ",
};
const sign = (url: string, params: Record<string, string | string[]>) => twilio.getExpectedTwilioSignature(TOKEN, url, params);

describe("X-Twilio-Signature", () => {
  it("computes the same signature as Twilio's library", async () => {
    expect(await twilioSignature(TOKEN, URL_, PARAMS)).toBe(sign(URL_, PARAMS));
    expect(await twilioSignature(TOKEN, URL_)).toBe(sign(URL_, {}));
    const unicode = { SpeechResult: "Dobrý den, chtěla bych se objednat 💇", Digits: "1#" };
    expect(await twilioSignature(TOKEN, URL_, unicode)).toBe(sign(URL_, unicode));
  });

  it("accepts a request Twilio signed", async () => {
    expect(await isValidTwilioSignature(TOKEN, sign(URL_, PARAMS), URL_, PARAMS)).toBe(true);
    expect(twilio.validateRequest(TOKEN, sign(URL_, PARAMS), URL_, PARAMS)).toBe(true);
  });

  it("refuses an altered URL", async () => {
    const signature = sign(URL_, PARAMS);
    for (const url of [
      URL_.replace("voice", "status"),
      URL_ + "?x=1",
      URL_.replace("https:", "http:"),
      URL_.replace("salon.example.com", "evil.example.com"),
      URL_ + "/",
    ]) {
      expect(twilio.validateRequest(TOKEN, signature, url, PARAMS)).toBe(false);
      expect(await isValidTwilioSignature(TOKEN, signature, url, PARAMS)).toBe(false);
    }
  });

  it("refuses altered, added and removed parameters", async () => {
    const signature = sign(URL_, PARAMS);
    const { FromCity: _removed, ...removed } = PARAMS;
    for (const params of [{ ...PARAMS, From: "+420111111111" }, { ...PARAMS, Extra: "1" }, removed, { ...PARAMS, From: ["+420777888999", "+420111111111"] }]) {
      expect(twilio.validateRequest(TOKEN, signature, URL_, params)).toBe(false);
      expect(await isValidTwilioSignature(TOKEN, signature, URL_, params)).toBe(false);
    }
  });

  it("refuses an altered, missing or empty signature and another token", async () => {
    const signature = sign(URL_, PARAMS);
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    for (const bad of [flipped, signature.slice(1), signature + "=", signature.toLowerCase(), "", undefined, null]) {
      expect(twilio.validateRequest(TOKEN, bad ?? "", URL_, PARAMS)).toBe(false);
      expect(await isValidTwilioSignature(TOKEN, bad, URL_, PARAMS)).toBe(false);
    }
    expect(await isValidTwilioSignature("another-token-0000000000000000000", signature, URL_, PARAMS)).toBe(false);
    expect(await isValidTwilioSignature("", signature, URL_, PARAMS)).toBe(false);
  });

  it("accepts the URL with or without its default port, as Twilio signs either", async () => {
    const withPort = "https://salon.example.com:443/api/telephony/twilio/voice";
    // Twilio signed the URL without a port; the server sees it with one, and the other way.
    expect(await isValidTwilioSignature(TOKEN, sign(URL_, PARAMS), withPort, PARAMS)).toBe(true);
    expect(await isValidTwilioSignature(TOKEN, sign(withPort, PARAMS), URL_, PARAMS)).toBe(true);
    expect(twilio.validateRequest(TOKEN, sign(withPort, PARAMS), URL_, PARAMS)).toBe(true);
    // Another port is another URL.
    const otherPort = "https://salon.example.com:8443/api/telephony/twilio/voice";
    expect(await isValidTwilioSignature(TOKEN, sign(otherPort, PARAMS), URL_, PARAMS)).toBe(false);
    expect(twilio.validateRequest(TOKEN, sign(otherPort, PARAMS), URL_, PARAMS)).toBe(false);
    expect(addPort("http://a.test/x?y=1")).toBe("http://a.test:80/x?y=1");
    expect(addPort("https://u:p@a.test:8443/x")).toBe("https://u:p@a.test:8443/x");
    expect(removePort("https://u:p@[::1]:443/x")).toBe("https://u:p@[::1]/x");
  });

  it("agrees with Twilio's library on query strings, normalised and legacy-encoded", async () => {
    const urls = [
      "https://salon.example.com/api/telephony/twilio/voice?salon=1&lang=cs",
      "https://salon.example.com/api/telephony/twilio/voice?name=O'Brien&x=(1)",
      "https://salon.example.com/api/telephony/twilio/voice?a=b+c&a=d&2=two&=&&q=%7Ehi%20there",
      "https://salon.example.com/api/telephony/twilio/voice?bad=%zz&emoji=%F0%9F%92%87",
      "https://salon.example.com:443/api/telephony/twilio/voice?city=Brno&city=Praha",
      "http://localhost:8787/api/telephony/twilio/voice?a=%27",
      "https://salon.example.com/api/telephony/twilio/voice?",
    ];
    for (const signed of urls) {
      const signature = sign(signed, PARAMS);
      // What a server may see for the URL Twilio signed: as signed, normalised, re-encoded.
      const seen = [signed, new URL(signed).toString(), addPort(signed), removePort(new URL(signed).toString())];
      for (const url of seen) {
        expect(await isValidTwilioSignature(TOKEN, signature, url, PARAMS), `${signed} seen as ${url}`).toBe(
          twilio.validateRequest(TOKEN, signature, url, PARAMS),
        );
      }
      for (const other of urls.filter((u) => u !== signed)) {
        expect(await isValidTwilioSignature(TOKEN, signature, other, PARAMS)).toBe(twilio.validateRequest(TOKEN, signature, other, PARAMS));
      }
    }
    // workerd hands the Worker `new URL()`'s form: a quote Twilio signed raw arrives as %27.
    const raw = "https://salon.example.com/api/telephony/twilio/voice?name=O'Brien";
    expect(new URL(raw).toString()).toContain("O%27Brien");
    expect(await isValidTwilioSignature(TOKEN, sign(raw, PARAMS), new URL(raw).toString(), PARAMS)).toBe(true);
  });

  it("signs repeated form names with each distinct value once, sorted", async () => {
    const form = new URLSearchParams("To=%2B1&Tag=b&Tag=a&Tag=b");
    const params = formParams(form);
    expect(params).toEqual({ To: "+1", Tag: ["b", "a", "b"] });
    expect(await twilioSignature(TOKEN, URL_, params)).toBe(sign(URL_, { To: "+1", Tag: ["b", "a", "b"] }));
    expect(await isValidTwilioSignature(TOKEN, sign(URL_, { To: "+1", Tag: ["a", "b"] }), URL_, params)).toBe(true);
  });
});
