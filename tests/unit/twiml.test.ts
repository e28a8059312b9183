import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { connectStreamTwiml, dialTwiml, hangUpTwiml, sayAndHangUpTwiml, xmlEscape } from "../../worker/calls/telephony/twiml.ts";

const { VoiceResponse } = twilio.twiml;

/** Both libraries escape correctly but not identically ('>' and quotes): compare decoded. */
const decoded = (xml: string) =>
  xml.replace(/&(quot|apos|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', apos: "'", lt: "<", gt: ">", amp: "&" })[name]!);

/** Every '&' starts an entity, and no attribute value holds a raw '<' or '"'. */
function expectWellEscaped(xml: string) {
  expect(xml).not.toMatch(/&(?!(quot|apos|lt|gt|amp);)/);
  for (const [, value] of xml.matchAll(/="([^"]*)"/g)) expect(value).not.toMatch(/[<"]/);
}

describe("TwiML", () => {
  it("connects a two-way stream with custom parameters, as Twilio's library writes it", () => {
    const expected = new VoiceResponse();
    const stream = expected.connect().stream({ url: "wss://salon.example.com/api/telephony/twilio/stream/abc" });
    stream.parameter({ name: "callId", value: "abc" });
    stream.parameter({ name: "salonId", value: "s-1" });
    expect(connectStreamTwiml("wss://salon.example.com/api/telephony/twilio/stream/abc", { callId: "abc", salonId: "s-1" })).toBe(expected.toString());

    const bare = new VoiceResponse();
    bare.connect().stream({ url: "wss://a.test/s" });
    expect(connectStreamTwiml("wss://a.test/s")).toBe(bare.toString());
  });

  it("escapes URLs and parameter values", () => {
    const url = "wss://a.test/s?x=1&y=<2>";
    const value = `O'Brien & "Sons" <salon>`;
    const ours = connectStreamTwiml(url, { name: value });
    const expected = new VoiceResponse();
    expected.connect().stream({ url }).parameter({ name: "name", value });
    expect(decoded(ours)).toBe(decoded(expected.toString()));
    expectWellEscaped(ours);
  });

  it("says a polite line in a language and hangs up", () => {
    const text = `Dobrý den, toto číslo teď nikdo nezvedne. Zavolejte prosím později & "díky" <3`;
    const expected = new VoiceResponse();
    expected.say({ language: "cs-CZ" }, text);
    expected.hangup();
    const ours = sayAndHangUpTwiml(text, { language: "cs-CZ" });
    expect(decoded(ours)).toBe(decoded(expected.toString()));
    expectWellEscaped(ours);
    expect(sayAndHangUpTwiml("Hello.")).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say>Hello.</Say><Hangup/></Response>');
  });

  it("dials a number, with caller id, timeout and answer-on-bridge when given", () => {
    const expected = new VoiceResponse();
    expected.dial({ callerId: "+15005550006", timeout: 25, answerOnBridge: true }).number("+420222333444");
    expect(dialTwiml("+420222333444", { callerId: "+15005550006", timeoutSeconds: 25, answerOnBridge: true })).toBe(expected.toString());

    const plain = new VoiceResponse();
    plain.dial().number("+420222333444");
    expect(dialTwiml("+420222333444")).toBe(plain.toString());
    expectWellEscaped(dialTwiml("+1<2>&3"));
  });

  it("hangs up", () => {
    const expected = new VoiceResponse();
    expected.hangup();
    expect(hangUpTwiml()).toBe(expected.toString());
  });

  it("drops characters XML cannot carry", () => {
    expect(xmlEscape("a\u0000b\u0007c\td\ne\u001f")).toBe("abc\td\ne");
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});
