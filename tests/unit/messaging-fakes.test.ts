import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  failNextMails,
  failNextMessages,
  holdMessageCallbacks,
  markUndeliverable,
  receivedMail,
  sendInboundSms,
  sentMessages,
} from "../fakes/messaging-controls.ts";
import { startFakeResend } from "../fakes/resend.ts";
import { startFakeTwilioRest, type FakeTwilioRest } from "../fakes/twilio-rest.ts";

/** What a product's webhook endpoint received from the fake: each request as Twilio signs it. */
interface Received {
  url: string;
  signature: string;
  params: Record<string, string>;
}

let fake: FakeTwilioRest;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let salonNumber: string;

beforeAll(async () => {
  fake = await startFakeTwilioRest();
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    received.push({ url: `${receiverUrl}${req.url}`, signature: String(req.headers["x-twilio-signature"]), params });
    res.writeHead(200, { "content-type": "text/xml" });
    res.end("<Response/>");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  salonNumber = (await twilioApi("IncomingPhoneNumbers.json", { PhoneNumber: "+420790990105" }).then((response) => response.json()) as { phone_number: string }).phone_number;
});
afterAll(async () => {
  await fake.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** The account's REST API, as a client calls it: Basic auth, form bodies. */
function twilioApi(resource: string, form?: Record<string, string>) {
  return fetch(`${fake.url}/2010-04-01/Accounts/${fake.accountSid}/${resource}`, {
    method: form ? "POST" : "GET",
    headers: { authorization: `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString("base64")}` },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
}

const send = async (form: Record<string, string>) => {
  const response = await twilioApi("Messages.json", form);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const callbacksOf = (messageSid: string) => received.filter((request) => request.params.MessageSid === messageSid && request.params.MessageStatus);
const isSigned = (request: Received) => twilio.validateRequest(fake.authToken, request.signature, request.url, request.params);

describe("fake Twilio Messages", () => {
  it("sends an SMS, answers with the Message resource and reports sent then delivered, signed, and prices it", async () => {
    const statusCallback = `${receiverUrl}/sms-status?message=m1`;
    const { status, body } = await send({ To: "+420777100001", From: salonNumber, Body: "Ihr Termin am Freitag um 10:00 Uhr ist bestätigt.", StatusCallback: statusCallback });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      account_sid: fake.accountSid,
      api_version: "2010-04-01",
      to: "+420777100001",
      from: salonNumber,
      status: "queued",
      num_segments: "1",
      num_media: "0",
      direction: "outbound-api",
      price: null,
      price_unit: "USD",
      error_code: null,
      date_created: expect.stringMatching(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/),
      date_sent: null,
    });
    const messageSid = body.sid as string;
    expect(body.uri).toBe(`/2010-04-01/Accounts/${fake.accountSid}/Messages/${messageSid}.json`);

    await vi.waitFor(() => expect(callbacksOf(messageSid).map((request) => request.params.MessageStatus)).toEqual(["sent", "delivered"]));
    for (const callback of callbacksOf(messageSid)) {
      expect(callback.url).toBe(statusCallback);
      expect(isSigned(callback)).toBe(true);
      expect(callback.params).toMatchObject({ SmsSid: messageSid, SmsStatus: callback.params.MessageStatus, AccountSid: fake.accountSid, From: salonNumber, To: "+420777100001", ApiVersion: "2010-04-01" });
      expect(callback.params.ErrorCode).toBeUndefined();
    }
    const fetched = (await (await twilioApi(`Messages/${messageSid}.json`)).json()) as Record<string, unknown>;
    expect(fetched).toMatchObject({ sid: messageSid, status: "delivered", price: "-0.07900", price_unit: "USD", date_sent: expect.stringMatching(/\+0000$/) });
    const [recorded] = (await sentMessages(fake.url)).filter((message) => message.sid === messageSid);
    expect(recorded?.callbacks.map((callback) => [callback.status, callback.answered, callback.answer])).toEqual([
      ["sent", 200, "<Response/>"],
      ["delivered", 200, "<Response/>"],
    ]);
  });

  it("counts segments as carriers do: Czech háčeks need UCS-2, so 80 characters take two", async () => {
    const body = "Dobrý den, připomínáme Vám zítřejší termín v 10:00. Těšíme se na Vás! Salon Anna";
    expect(body).toHaveLength(80);
    expect((await send({ To: "+420777100002", From: "Salon Anna", Body: body })).body).toMatchObject({ num_segments: "2", from: "Salon Anna" });
    expect((await send({ To: "+420777100002", From: "Salon Anna", Body: "x".repeat(161) })).body).toMatchObject({ num_segments: "2" });
  });

  it("lists messages to a number, newest first, a page at a time, and by the day they were sent", async () => {
    const to = "+420777100003";
    const first = (await send({ To: to, From: salonNumber, Body: "Erste" })).body.sid as string;
    const second = (await send({ To: to, From: salonNumber, Body: "Zweite" })).body.sid as string;
    const list = async (query: string) => (await (await twilioApi(`Messages.json?${query}`)).json()) as { messages: { sid: string }[]; next_page_uri: string | null; page_size: number };
    const all = await list(`To=${encodeURIComponent(to)}`);
    expect(all.messages.map((message) => message.sid)).toEqual([second, first]);
    expect(all.next_page_uri).toBeNull();
    const paged = await list(`To=${encodeURIComponent(to)}&PageSize=1`);
    expect(paged).toMatchObject({ messages: [{ sid: second }], page_size: 1, next_page_uri: expect.stringContaining("Page=1") });

    await vi.waitFor(async () => expect((await list(`To=${encodeURIComponent(to)}&DateSent=${new Date().toISOString().slice(0, 10)}`)).messages).toHaveLength(2));
    expect((await list(`To=${encodeURIComponent(to)}&${encodeURIComponent("DateSent<")}=2000-01-01`)).messages).toEqual([]);
    expect((await list(`To=${encodeURIComponent(to)}&${encodeURIComponent("DateSent>")}=2000-01-01`)).messages).toHaveLength(2);
  });

  it("refuses what Twilio refuses, with its error body", async () => {
    expect(await send({ To: "777 100 004", From: salonNumber, Body: "Hallo" })).toEqual({
      status: 400,
      body: { code: 21211, message: "Invalid 'To' Phone Number: 777 100 004", more_info: "https://www.twilio.com/docs/errors/21211", status: 400 },
    });
    expect(await send({ To: "+420777100004", From: "+420790999999", Body: "Hallo" })).toMatchObject({ status: 400, body: { code: 21212 } });
    expect(await send({ To: "+420777100004", From: "Salon Anna Praha", Body: "Hallo" })).toMatchObject({ status: 400, body: { code: 21212 } });
    expect(await send({ To: "+420777100004", From: "12345", Body: "Hallo" })).toMatchObject({ status: 400, body: { code: 21212 } });
    expect(await send({ To: "+420777100004", From: salonNumber, Body: "" })).toMatchObject({ status: 400, body: { code: 21602 } });
  });

  it("fails the next creations as told, then sends again", async () => {
    await failNextMessages(fake.url, { status: 503, times: 1, to: "+420777100005" });
    expect(await send({ To: "+420777100005", From: salonNumber, Body: "Hallo" })).toMatchObject({ status: 503, body: { code: 20503, status: 503 } });
    expect((await send({ To: "+420777100005", From: salonNumber, Body: "Hallo" })).status).toBe(201);
  });

  it("posts an inbound SMS signed; after STOP Twilio refuses to write to the client (21610), after START it writes again", async () => {
    const client = "+420777100006";
    const webhook = `${receiverUrl}/sms-inbound`;
    const stop = await sendInboundSms(fake.url, { from: client, to: salonNumber, body: " stop ", url: webhook });
    expect(stop).toMatchObject({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), optOutType: "STOP", answered: 200, answer: "<Response/>" });
    const delivered = received.find((request) => request.params.MessageSid === stop.sid)!;
    expect(isSigned(delivered)).toBe(true);
    expect(delivered.params).toMatchObject({ From: client, To: salonNumber, Body: " stop ", NumMedia: "0", NumSegments: "1", FromCountry: "CZ", SmsStatus: "received", OptOutType: "STOP" });

    expect(await send({ To: client, From: salonNumber, Body: "Erinnerung" })).toMatchObject({
      status: 400,
      body: { code: 21610, message: "Attempt to send to unsubscribed recipient" },
    });
    // The opt-out is from that number only.
    expect((await send({ To: client, From: "Salon Anna", Body: "Erinnerung" })).status).toBe(201);

    const unsent = await sendInboundSms(fake.url, { from: client, to: salonNumber, body: "START", url: webhook, deliver: false });
    expect(unsent).toMatchObject({ optOutType: "START", answered: null, params: { Body: "START" } });
    expect(twilio.validateRequest(fake.authToken, unsent.signature, webhook, unsent.params)).toBe(true);
    expect((await send({ To: client, From: salonNumber, Body: "Erinnerung" })).status).toBe(201);
  });

  it("ends a message to an undeliverable number undelivered with 30003", async () => {
    await markUndeliverable(fake.url, "+420777100007");
    const messageSid = (await send({ To: "+420777100007", From: salonNumber, Body: "Hallo", StatusCallback: `${receiverUrl}/sms-status` })).body.sid as string;
    await vi.waitFor(() => expect(callbacksOf(messageSid).map((request) => request.params.MessageStatus)).toEqual(["sent", "undelivered"]));
    expect(callbacksOf(messageSid)[1]?.params.ErrorCode).toBe("30003");
    expect((await (await twilioApi(`Messages/${messageSid}.json`)).json()) as object).toMatchObject({ status: "undelivered", error_code: 30003, price: null });
  });

  it("holds a message's callbacks until released", async () => {
    await holdMessageCallbacks(fake.url, true, "+420777100008");
    const held = (await send({ To: "+420777100008", From: salonNumber, Body: "Gehalten", StatusCallback: `${receiverUrl}/sms-status` })).body.sid as string;
    const free = (await send({ To: "+420777100009", From: salonNumber, Body: "Frei", StatusCallback: `${receiverUrl}/sms-status` })).body.sid as string;
    await vi.waitFor(() => expect(callbacksOf(free)).toHaveLength(2));
    expect(callbacksOf(held)).toEqual([]);
    expect((await sentMessages(fake.url)).find((message) => message.sid === held)).toMatchObject({ status: "queued", callbacks: [] });
    await holdMessageCallbacks(fake.url, false, "+420777100008");
    await vi.waitFor(() => expect(callbacksOf(held).map((request) => request.params.MessageStatus)).toEqual(["sent", "delivered"]));
  });
});

describe("fake Resend", () => {
  let resend: Awaited<ReturnType<typeof startFakeResend>>;
  beforeAll(async () => {
    resend = await startFakeResend();
  });
  afterAll(() => new Promise<void>((resolve) => resend.server.close(() => resolve())));

  const email = (body: object, idempotencyKey?: string) =>
    fetch(`${resend.url}/emails`, {
      method: "POST",
      headers: { authorization: "Bearer re_test", "content-type": "application/json", ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));

  const mail = { from: "Salon Anna <termine@example.com>", to: "kundin@example.com", subject: "Ihr Termin", text: "Bis Freitag!", headers: { "List-Unsubscribe": "<https://app.test/u/1>" } };

  it("answers a repeated idempotency key with the first answer and sends nothing new; another payload under it is a conflict", async () => {
    const first = await email(mail, "booked/1");
    expect(first).toEqual({ status: 200, body: { id: expect.any(String) } });
    expect(await email({ subject: mail.subject, to: mail.to, from: mail.from, text: mail.text, headers: mail.headers }, "booked/1")).toEqual(first);
    expect((await receivedMail(resend.url)).filter((sent) => sent.idempotencyKey === "booked/1")).toEqual([
      { authorization: "Bearer re_test", idempotencyKey: "booked/1", body: mail },
    ]);
    expect(await email({ ...mail, subject: "Ihr Termin wurde verschoben" }, "booked/1")).toEqual({
      status: 409,
      body: { statusCode: 409, name: "invalid_idempotent_request", message: expect.stringContaining("different request payload") },
    });
  });

  it("fails as told with Resend's error body, and refuses bouncing addresses", async () => {
    await failNextMails(resend.url, { status: 429, times: 1 });
    expect(await email(mail, "reminder/1")).toMatchObject({ status: 429, body: { statusCode: 429, name: "rate_limit_exceeded" } });
    expect((await email(mail, "reminder/1")).status).toBe(200);
    expect(await email({ ...mail, to: ["bounce@example.com"] })).toMatchObject({ status: 422, body: { name: "validation_error" } });
  });
});
