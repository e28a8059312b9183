import { accountPath, twilioCharge, twilioNumber, TwilioRestError, twilioRequest, type TwilioConfig } from "./twilio-rest.ts";

/**
 * Twilio's Messages resource: sending an SMS, reading one back (its status and, once rated,
 * its price) and finding one already sent (when an attempt died before it could write down
 * what Twilio answered).
 */

interface MessageResource {
  sid: string;
  status: string;
  body?: string;
  from?: string;
  to?: string;
  num_segments?: string | number | null;
  price?: string | number | null;
  price_unit?: string | null;
  error_code?: number | null;
  date_created?: string | null;
}

export interface TwilioMessage {
  sid: string;
  /** queued, sending, sent, delivered, undelivered, failed… */
  status: string;
  segments: number | null;
  /** A positive amount in `priceUnit`; null until Twilio has rated it. */
  price: number | null;
  priceUnit: string | null;
  errorCode: number | null;
}

function readMessage(body: unknown): TwilioMessage {
  const message = body as MessageResource | undefined;
  if (!message || typeof message.sid !== "string" || typeof message.status !== "string") {
    throw new TwilioRestError("Twilio answered with something that is not a message", 200);
  }
  return {
    sid: message.sid,
    status: message.status,
    segments: twilioNumber(message.num_segments),
    price: twilioCharge(message.price),
    priceUnit: message.price_unit ?? null,
    errorCode: message.error_code ?? null,
  };
}

export async function sendSms(config: TwilioConfig, sms: { to: string; from: string; body: string; statusCallback: string | null }): Promise<TwilioMessage> {
  const params = { To: sms.to, From: sms.from, Body: sms.body, StatusCallback: sms.statusCallback ?? undefined };
  return readMessage(await twilioRequest(config, { method: "POST", path: accountPath(config, "Messages.json"), params }));
}

export async function fetchMessage(config: TwilioConfig, sid: string): Promise<TwilioMessage> {
  return readMessage(await twilioRequest(config, { method: "GET", path: accountPath(config, `Messages/${encodeURIComponent(sid)}.json`) }));
}

/** A message with this text sent from `from` to `to` since `since`, if Twilio has one. */
export async function findSentSms(config: TwilioConfig, sms: { to: string; from: string; body: string; since: Date }): Promise<TwilioMessage | null> {
  const day = new Date(sms.since.getTime() - 86_400_000).toISOString().slice(0, 10);
  const list = (await twilioRequest(config, {
    method: "GET",
    path: accountPath(config, "Messages.json"),
    params: { To: sms.to, From: sms.from, "DateSent>": day, PageSize: "50" },
  })) as { messages?: MessageResource[] } | undefined;
  const found = list?.messages?.find((m) => m.body === sms.body && (!m.date_created || Date.parse(m.date_created) >= sms.since.getTime() - 60_000));
  return found ? readMessage(found) : null;
}
