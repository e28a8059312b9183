/**
 * What the fakes of Twilio's Messages and of Resend record, and the functions that drive them
 * through their HTTP controls. Free of node's modules, so worker tests (in workerd) can use it
 * as well as browser tests; each function takes the fake's base URL (inject("twilioUrl") or
 * inject("resendUrl") in worker tests, inject("twilioRestUrl") in browser tests).
 */

/** A webhook the fake posted: what it sent (enough to replay it) and what the URL answered. */
export interface SignedWebhook {
  url: string;
  params: Record<string, string>;
  /** X-Twilio-Signature: the URL and the sorted form fields, signed with the auth token. */
  signature: string;
  /** The HTTP status the URL answered; null when nothing answered (unreachable, timed out, not posted). */
  answered: number | null;
  /** The body it answered with (TwiML, usually), or null. */
  answer: string | null;
}

export type MessageStatus = "accepted" | "queued" | "sent" | "delivered" | "undelivered" | "received";

/** A message sent through Messages.json, or received through /__inbound-sms. */
export interface FakeMessage {
  sid: string;
  direction: "outbound-api" | "inbound";
  to: string;
  /** A Messaging Service's message has none until it is sent (then the first number bought, if any). */
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  status: MessageStatus;
  numSegments: number;
  /** As Twilio writes it once delivered: "-0.07900" a segment; null before. */
  price: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  statusCallback: string | null;
  /** RFC 2822, as in the resource. */
  dateCreated: string;
  dateUpdated: string;
  /** Null until sent. */
  dateSent: string | null;
  /** The status callbacks posted, in order. */
  callbacks: (SignedWebhook & { status: MessageStatus })[];
}

/** An SMS a client sent to one of the account's numbers, and the webhook it became. */
export interface InboundSms extends SignedWebhook {
  sid: string;
  from: string;
  to: string;
  body: string;
  /** Twilio's reading of the body as a keyword; STOP and START change who may be written to. */
  optOutType: "STOP" | "START" | "HELP" | null;
}

/** The next `times` requests (to `to` only, when given) fail with `status` and the provider's error body. */
export interface ProviderFailure {
  status: 429 | 500 | 503;
  times: number;
  to?: string;
}

export interface InboundSmsRequest {
  /** The client's number. */
  from: string;
  /** The account's number it wrote to. */
  to: string;
  body: string;
  /** The number's SMS webhook. */
  url: string;
  /** False: sign and record the webhook but do not post it (for a Worker a test calls in-process). */
  deliver?: boolean;
}

/** A mail the fake Resend accepted (replays of an idempotency key are not new mail). */
export interface ReceivedMail {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: {
    from: string;
    to: string | string[];
    subject: string;
    text?: string;
    html?: string;
    /** Extra mail headers: List-Unsubscribe and the like. */
    headers?: Record<string, string>;
  };
}

async function control<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every message sent through Messages.json since the last reset, oldest first, with its callbacks. */
export const sentMessages = (twilioUrl: string) => control<FakeMessage[]>(`${twilioUrl}/__messages`);

/** Every inbound SMS since the last reset, oldest first. */
export const inboundSms = (twilioUrl: string) => control<InboundSms[]>(`${twilioUrl}/__inbound-sms`);

export const failNextMessages = (twilioUrl: string, failure: ProviderFailure) => control(`${twilioUrl}/__message-failures`, failure);

/** Messages to `to` end undelivered (30003) from now on. */
export const markUndeliverable = (twilioUrl: string, to: string) => control(`${twilioUrl}/__undeliverable`, { to });

/** Holds every message where it is (or those to `to`), callbacks unsent, until released. */
export const holdMessageCallbacks = (twilioUrl: string, hold: boolean, to?: string) =>
  control(`${twilioUrl}/__hold-callbacks`, to === undefined ? { hold } : { hold, to });

/** Forgets messages, opt-outs, failures, undeliverable numbers and holds: for everyone using the fake. */
export const resetMessages = (twilioUrl: string) => control(`${twilioUrl}/__messages/reset`, {});

/** A client writes to one of the account's numbers; answers with the webhook and what the URL answered. */
export const sendInboundSms = (twilioUrl: string, sms: InboundSmsRequest) => control<InboundSms>(`${twilioUrl}/__inbound-sms`, sms);

/** Every mail the fake Resend accepted, oldest first. */
export const receivedMail = (resendUrl: string) => control<ReceivedMail[]>(`${resendUrl}/__received`);

export const failNextMails = (resendUrl: string, failure: ProviderFailure) => control(`${resendUrl}/__failures`, failure);
