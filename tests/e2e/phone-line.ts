import twilio from "twilio";
import { expect, inject } from "vitest";
import { FakeTwilioCall } from "../fakes/twilio-media-stream.ts";
import { nextMonday, salonWithAssistant, scriptModel } from "./call-api.ts";
import { sql } from "./database.ts";

// A salon's phone line in browser tests: Twilio's webhooks signed with Twilio's own library,
// its media stream played by a scripted fake, its REST API a fake on loopback, and the speech
// model the scripted fake the browser calls use.

export const base = inject("baseUrl");
const rest = inject("twilioRestUrl");
export const authToken = inject("twilioAuthToken");
export const accountSid = inject("twilioAccountSid");

export const CALLER = "+420603111222";
/** Posts a webhook form as Twilio does, signed for the URL the number is configured with. */
export async function webhook(path: string, form: Record<string, string>, signature?: string) {
  const url = `${base}${path}`;
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature ?? twilio.getExpectedTwilioSignature(authToken, url, form),
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

/** What the Twilio REST fake received. */
export async function restRequests() {
  return (await (await fetch(`${rest}/__requests`)).json()) as { method: string; path: string; form: Record<string, string> }[];
}

/**
 * A Prague salon (see salonWithAssistant) whose Twilio number rings its assistant: a number put
 * up for sale in the fake and bought through the API, since only a number the salon is known
 * to control takes calls.
 */
export async function salonWithNumber() {
  const salon = await salonWithAssistant();
  const offered = `+4202${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await fetch(`${rest}/__inventory`, { method: "POST", body: JSON.stringify({ country: "CZ", type: "local", phone_number: offered, locality: "Praha" }) });
  const bought = await salon.owner.call("/api/dashboard/phone-numbers/purchase", {
    body: { country: "CZ", phone_number: offered, phone_name: "Main line", assistant_config_id: salon.assistantId },
  });
  expect(bought.status, JSON.stringify(bought.json)).toBe(201);
  expect(bought.json).toMatchObject({ phone_number: offered, status: "active", source: "bought" });
  return { ...salon, number: offered };
}

/**
 * A call comes in: the REST fake learns of it, the voice webhook answers with the stream's
 * TwiML, and the model's connection is claimed by the test.
 */
export async function ring(salon: Awaited<ReturnType<typeof salonWithNumber>>) {
  const callSid = `CA${crypto.randomUUID().replaceAll("-", "")}`;
  await fetch(`${rest}/__calls`, { method: "POST", body: JSON.stringify({ sid: callSid, from: CALLER, to: salon.number, price: "-0.01300" }) });
  const model = await scriptModel(salon.salonName);
  const answer = await webhook("/api/telephony/twilio/voice", {
    AccountSid: accountSid,
    ApiVersion: "2010-04-01",
    CallSid: callSid,
    CallStatus: "ringing",
    Called: salon.number,
    Caller: CALLER,
    Direction: "inbound",
    From: CALLER,
    FromCity: "PRAHA",
    FromState: "Hlavní město Praha",
    FromCountry: "CZ",
    FromZip: "",
    To: salon.number,
    ToCountry: "CZ",
  });
  expect(answer.status).toBe(200);
  expect(answer.type).toMatch(/^text\/xml/);
  const twiml = /^<\?xml version="1.0" encoding="UTF-8"\?><Response><Connect><Stream url="([^"]+)"><Parameter name="callId" value="([^"]+)"\/><\/Stream><\/Connect><\/Response>$/.exec(answer.text);
  expect(twiml, answer.text).not.toBeNull();
  const [, streamUrl, callId] = twiml as unknown as [string, string, string];
  expect(streamUrl).toBe(`${base.replace(/^http/, "ws")}/api/telephony/twilio/stream/${callId}`);
  return { callSid, callId, streamUrl, model };
}

/** The caller hangs up before the media stream starts: Twilio's status callback says so, and the model's connection closes. */
export async function hangUpBeforeStream(salon: Awaited<ReturnType<typeof salonWithNumber>>, call: Awaited<ReturnType<typeof ring>>) {
  const status = await webhook("/api/telephony/twilio/status", {
    AccountSid: accountSid,
    CallSid: call.callSid,
    CallStatus: "canceled",
    CallDuration: "0",
    To: salon.number,
    From: CALLER,
  });
  expect(status.status).toBe(204);
  await call.model.closed();
}

/** Opens the media stream as Twilio does: to the TwiML's URL (here on loopback), the handshake signed. */
export function openStream(call: { callSid: string; callId: string; streamUrl: string }) {
  const { pathname } = new URL(call.streamUrl);
  return FakeTwilioCall.connect({
    url: `${base.replace(/^http/, "ws")}${pathname}`,
    headers: { "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, call.streamUrl, {}) },
    accountSid,
    callSid: call.callSid,
    customParameters: { callId: call.callId },
  });
}

export const media = (call: FakeTwilioCall) => call.received.filter((m) => m.event === "media");

/** The call's row once `ready` holds for it. */
export async function callRow(callId: string, ready: (row: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 100; i++) {
    const [row] = await sql`select *, model_cost::float8 as model_cost, telephony_cost::float8 as telephony_cost, total_price::float8 as total_price,
                                   summary_cost::float8 as summary_cost from calls where id = ${callId}`;
    if (row && ready(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`call ${callId} never got there`);
}

/**
 * Lucie Dvořáková, a client of the salon: her haircut with Jana Nováková next Monday at 10:00
 * Prague time, booked in the dashboard with her number written the Czech way ("603 111 222");
 * her calls come in as CALLER, in E.164.
 */
export async function bookReturningClient(salon: Awaited<ReturnType<typeof salonWithNumber>>) {
  const [stylist] = (await salon.owner.call("/api/dashboard/stylists", { method: "GET" })).json as unknown as { id: string }[];
  const services = (await salon.owner.call("/api/dashboard/services", { method: "GET" })).json as unknown as { id: string; name: string }[];
  const monday = nextMonday();
  const booked = await salon.owner.call("/api/dashboard/appointments", {
    body: {
      customer_name: "Lucie Dvořáková",
      customer_phone: "603 111 222",
      stylist: stylist!.id,
      start_datetime: `${monday}T09:00:00Z`,
      end_datetime: `${monday}T09:45:00Z`,
      services: [{ service: services.find((offered) => offered.name === "Haircut")!.id, price_at_booking: 30, duration_at_booking: 45 }],
    },
  });
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);
  return { monday, stylist: stylist! };
}
