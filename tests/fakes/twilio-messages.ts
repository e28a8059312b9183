import { EventEmitter, once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { smsSegments } from "./sms-segments.ts";
import type { FakeMessage, InboundSms, InboundSmsRequest, MessageStatus, ProviderFailure } from "./messaging-controls.ts";
import { API_VERSION, page, postSigned, sid, signedWebhook, twilioDate, twilioError } from "./twilio-http.ts";

export interface FakeMessaging {
  /** Both directions, oldest first. */
  messages: FakeMessage[];
  inbox: InboundSms[];
  failNext(failure: ProviderFailure): void;
  /** Messages to `to` end undelivered (30003) from now on. */
  setUndeliverable(to: string): void;
  /** Holds back every message's progress (or only those to `to`) until released. */
  holdCallbacks(hold: boolean, to?: string): void;
  receive(sms: InboundSmsRequest): Promise<InboundSms>;
  /** Forgets messages, opt-outs, failures, undeliverable numbers and holds. */
  reset(): void;
}

type Answer = { status: number; body: unknown };

const E164 = /^\+[1-9][0-9]{6,14}$/;
/** 1 to 11 letters, digits and spaces, at least one letter. */
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
const PRICE_PER_SEGMENT = 0.079;
/** Between two steps of a message, so a test sees its callbacks arrive one by one. */
const STEP_MS = 30;
const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"];
const START_WORDS = ["START", "YES", "UNSTOP"];
const HELP_WORDS = ["HELP", "INFO"];
const SERVER_ERRORS: Record<ProviderFailure["status"], [number, string]> = {
  429: [20429, "Too Many Requests"],
  500: [20500, "Internal Server Error"],
  503: [20503, "Service Unavailable"],
};
const COUNTRY_CODES: [string, string][] = [["+420", "CZ"], ["+421", "SK"], ["+49", "DE"], ["+43", "AT"], ["+44", "GB"], ["+1", "US"]];
const country = (number: string) => COUNTRY_CODES.find(([code]) => number.startsWith(code))?.[1] ?? "";

/** DateSent filters take a day (midnight UTC) or an instant. */
const filterDate = (value: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);

function sentOn(message: FakeMessage, query: URLSearchParams): boolean {
  const on = query.get("DateSent");
  const after = query.get("DateSent>");
  const before = query.get("DateSent<");
  if (on === null && after === null && before === null) return true;
  if (!message.dateSent) return false;
  const sent = new Date(message.dateSent);
  if (on !== null && (/^\d{4}-\d{2}-\d{2}$/.test(on) ? sent.toISOString().slice(0, 10) !== on : sent.getTime() !== filterDate(on).getTime())) return false;
  if (after !== null && sent < filterDate(after)) return false;
  return before === null || sent <= filterDate(before);
}

function resource(accountSid: string, message: FakeMessage) {
  const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`;
  return {
    account_sid: accountSid,
    api_version: API_VERSION,
    body: message.body,
    date_created: message.dateCreated,
    date_sent: message.dateSent,
    date_updated: message.dateUpdated,
    direction: message.direction,
    error_code: message.errorCode,
    error_message: message.errorMessage,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    num_media: "0",
    num_segments: String(message.numSegments),
    price: message.price,
    price_unit: "USD",
    sid: message.sid,
    status: message.status,
    subresource_uris: { media: uri.replace(".json", "/Media.json"), feedback: uri.replace(".json", "/Feedback.json") },
    to: message.to,
    uri,
  };
}

/**
 * Twilio's Messages resource and what Twilio does around it, for the REST fake to mount:
 *
 * - POST Messages.json sends: 21604/21211 for a missing or non-E.164 `To`, 21603 without
 *   `From` or `MessagingServiceSid`, 21602 without `Body`, 21212 for a `From` that is neither a
 *   number bought on the account nor an alphanumeric sender ID, 21610 for a recipient who
 *   replied STOP to that sender. A message then goes sent and delivered (or undelivered,
 *   30003), each posted to its StatusCallback, signed; delivered, it is priced a segment.
 * - GET Messages/{Sid}.json, and Messages.json filtered by To, From, DateSent, DateSent> and
 *   DateSent< (a day or an instant), PageSize and Page, newest first.
 * - Inbound SMS, posted signed to a URL as the number's webhook, with Twilio's keyword
 *   handling: STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT block the sender's number from
 *   writing to the client again; START, YES, UNSTOP lift it.
 */
export function createMessaging(options: {
  accountSid: string;
  authToken: string;
  /** The numbers bought on the account, which may send. */
  senders: () => string[];
  stopping: AbortSignal;
  /** Keeps a message's progress, so stopping the fake waits for it. */
  track: (work: Promise<unknown>) => void;
}) {
  const { accountSid, authToken, senders, stopping, track } = options;
  const messages: FakeMessage[] = [];
  const inbox: InboundSms[] = [];
  let failures: ProviderFailure[] = [];
  const undeliverable = new Set<string>();
  /** "sender client": the client replied STOP to that sender. */
  const optOuts = new Set<string>();
  const held = { all: false, to: new Set<string>() };
  const holds = new EventEmitter();

  const isHeld = (to: string) => held.all || held.to.has(to);
  const optedOut = (message: Pick<FakeMessage, "from" | "to">) =>
    message.from ? optOuts.has(`${message.from} ${message.to}`) : [...optOuts].some((pair) => pair.endsWith(` ${message.to}`));

  function takeFailure(to: string | null): ProviderFailure | undefined {
    const failure = failures.find((candidate) => !candidate.to || candidate.to === to);
    if (!failure) return undefined;
    failure.times -= 1;
    failures = failures.filter((candidate) => candidate.times > 0);
    return failure;
  }

  function advance(message: FakeMessage, status: MessageStatus) {
    const now = twilioDate(new Date());
    message.status = status;
    message.dateUpdated = now;
    if (status === "sent") {
      message.dateSent = now;
      message.from ??= senders()[0] ?? null;
    }
    if (status === "delivered") message.price = (-PRICE_PER_SEGMENT * message.numSegments).toFixed(5);
    if (status === "undelivered") {
      message.errorCode = 30003;
      message.errorMessage = "Unreachable destination handset";
    }
  }

  /** Walks a message through sent to delivered or undelivered, one callback after another. */
  async function deliver(message: FakeMessage) {
    for (const status of ["sent", undeliverable.has(message.to) ? "undelivered" : "delivered"] as const) {
      await sleep(STEP_MS, undefined, { signal: stopping });
      while (isHeld(message.to)) await once(holds, "change", { signal: stopping });
      // Reset meanwhile: the message is gone.
      if (!messages.includes(message)) return;
      advance(message, status);
      if (!message.statusCallback) continue;
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: API_VERSION,
        From: message.from ?? "",
        MessageSid: message.sid,
        MessageStatus: status,
        SmsSid: message.sid,
        SmsStatus: status,
        To: message.to,
        ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
        ...(message.errorCode ? { ErrorCode: String(message.errorCode) } : {}),
      };
      message.callbacks.push({ status, ...(await postSigned(authToken, message.statusCallback, params, stopping)) });
    }
  }

  function create(form: URLSearchParams): Answer {
    const refuse = (status: number, code: number, text: string): Answer => ({ status, body: twilioError(status, code, text) });
    const to = form.get("To");
    const failure = takeFailure(to);
    if (failure) return refuse(failure.status, ...SERVER_ERRORS[failure.status]);
    const from = form.get("From");
    const service = form.get("MessagingServiceSid");
    const body = form.get("Body");
    if (!to) return refuse(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return refuse(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!from && !service) return refuse(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
    if (!body) return refuse(400, 21602, "Message body is required.");
    if (from && !senders().includes(from) && !ALPHANUMERIC_SENDER.test(from)) {
      return refuse(400, 21212, `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`);
    }
    if (optedOut({ from, to })) return refuse(400, 21610, "Attempt to send to unsubscribed recipient");
    const now = twilioDate(new Date());
    const message: FakeMessage = {
      sid: sid("SM"),
      direction: "outbound-api",
      to,
      from: from ?? null,
      messagingServiceSid: service,
      body,
      // A Messaging Service accepts a message before it picks the sender; Twilio queues the others.
      status: service && !from ? "accepted" : "queued",
      numSegments: smsSegments(body),
      price: null,
      errorCode: null,
      errorMessage: null,
      statusCallback: form.get("StatusCallback"),
      dateCreated: now,
      dateUpdated: now,
      dateSent: null,
      callbacks: [],
    };
    messages.push(message);
    track(deliver(message));
    return { status: 201, body: resource(accountSid, message) };
  }

  function list(path: string, query: URLSearchParams): Answer {
    const pageSize = Math.min(Math.max(Number(query.get("PageSize")) || 50, 1), 1000);
    const number = Math.max(Number(query.get("Page")) || 0, 0);
    const to = query.get("To");
    const from = query.get("From");
    const found = messages
      .filter((message) => (!to || message.to === to) && (!from || message.from === from) && sentOn(message, query))
      .reverse();
    const shown = found.slice(number * pageSize, (number + 1) * pageSize);
    const more = found.length > (number + 1) * pageSize;
    return { status: 200, body: { messages: shown.map((message) => resource(accountSid, message)), ...page(path, query, pageSize, shown.length, number, more) } };
  }

  const messaging: FakeMessaging = {
    messages,
    inbox,
    failNext: (failure) => {
      failures.push({ ...failure });
    },
    setUndeliverable: (to) => {
      undeliverable.add(to);
    },
    holdCallbacks: (hold, to) => {
      if (to === undefined) held.all = hold;
      else if (hold) held.to.add(to);
      else held.to.delete(to);
      holds.emit("change");
    },
    receive: async ({ from, to, body, url, deliver: post = true }) => {
      const keyword = body.trim().toUpperCase();
      const optOutType = STOP_WORDS.includes(keyword) ? "STOP" : START_WORDS.includes(keyword) ? "START" : HELP_WORDS.includes(keyword) ? "HELP" : null;
      // Twilio keeps the book of opt-outs before the webhook is called.
      if (optOutType === "STOP") optOuts.add(`${to} ${from}`);
      if (optOutType === "START") optOuts.delete(`${to} ${from}`);
      const now = twilioDate(new Date());
      const numSegments = smsSegments(body);
      const message: FakeMessage = {
        sid: sid("SM"),
        direction: "inbound",
        to,
        from,
        messagingServiceSid: null,
        body,
        status: "received",
        numSegments,
        price: null,
        errorCode: null,
        errorMessage: null,
        statusCallback: null,
        dateCreated: now,
        dateUpdated: now,
        dateSent: now,
        callbacks: [],
      };
      messages.push(message);
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: API_VERSION,
        Body: body,
        From: from,
        FromCity: "",
        FromCountry: country(from),
        FromState: "",
        FromZip: "",
        MessageSid: message.sid,
        NumMedia: "0",
        NumSegments: String(numSegments),
        SmsMessageSid: message.sid,
        SmsSid: message.sid,
        SmsStatus: "received",
        To: to,
        ToCity: "",
        ToCountry: country(to),
        ToState: "",
        ToZip: "",
        ...(optOutType ? { OptOutType: optOutType } : {}),
      };
      const webhook = post ? await postSigned(authToken, url, params, stopping) : signedWebhook(authToken, url, params);
      const received: InboundSms = { sid: message.sid, from, to, body, optOutType, ...webhook };
      inbox.push(received);
      return received;
    },
    reset: () => {
      messages.length = 0;
      inbox.length = 0;
      failures = [];
      undeliverable.clear();
      optOuts.clear();
      held.all = false;
      held.to.clear();
      holds.emit("change");
    },
  };

  /** The test controls over HTTP; undefined for a path that is none of them. */
  async function control(method: string, path: string, text: string): Promise<Answer | undefined> {
    const json = (): Record<string, unknown> => {
      try {
        return JSON.parse(text || "{}") as Record<string, unknown>;
      } catch {
        // Read as no fields, so the control answers what it expects instead of hanging.
        return {};
      }
    };
    const invalid = (error: string): Answer => ({ status: 400, body: { error } });
    if (method === "GET" && path === "/__messages") return { status: 200, body: messages.filter((message) => message.direction === "outbound-api") };
    if (method === "GET" && path === "/__inbound-sms") return { status: 200, body: inbox };
    if (method !== "POST") return undefined;
    if (path === "/__messages/reset") {
      messaging.reset();
      return { status: 200, body: { reset: true } };
    }
    if (path === "/__message-failures") {
      const { status, times, to } = json();
      if (!(status === 429 || status === 500 || status === 503) || typeof times !== "number" || times < 1) return invalid("status is 429, 500 or 503; times a positive number");
      if (to !== undefined && typeof to !== "string") return invalid("to is a phone number");
      messaging.failNext({ status, times, ...(to === undefined ? {} : { to }) });
      return { status: 200, body: { status, times, to: to ?? null } };
    }
    if (path === "/__undeliverable") {
      const { to } = json();
      if (typeof to !== "string") return invalid("to is a phone number");
      messaging.setUndeliverable(to);
      return { status: 200, body: { to } };
    }
    if (path === "/__hold-callbacks") {
      const { hold, to } = json();
      if (typeof hold !== "boolean" || (to !== undefined && typeof to !== "string")) return invalid("hold is true or false; to, if given, a phone number");
      messaging.holdCallbacks(hold, to);
      return { status: 200, body: { hold, to: to ?? null } };
    }
    if (path === "/__inbound-sms") {
      const { from, to, body, url, deliver } = json();
      if (typeof from !== "string" || typeof to !== "string" || typeof body !== "string" || typeof url !== "string" || (deliver !== undefined && typeof deliver !== "boolean")) {
        return invalid("from, to, body and url are strings; deliver, if given, true or false");
      }
      return { status: 200, body: await messaging.receive({ from, to, body, url, ...(deliver === undefined ? {} : { deliver }) }) };
    }
    return undefined;
  }

  /** Messages.json and Messages/{Sid}.json under the account; undefined for another resource. */
  function answer(method: string, path: string, accountResource: string, form: URLSearchParams, query: URLSearchParams): Answer | undefined {
    const notAllowed: Answer = { status: 405, body: twilioError(405, 20004, "Method not allowed") };
    if (accountResource === "Messages.json") {
      if (method === "POST") return create(form);
      return method === "GET" ? list(path, query) : notAllowed;
    }
    const match = /^Messages\/([^/]+)\.json$/.exec(accountResource);
    if (!match) return undefined;
    if (method !== "GET") return notAllowed;
    const message = messages.find((candidate) => candidate.sid === decodeURIComponent(match[1]!));
    if (!message) return { status: 404, body: twilioError(404, 20404, `The requested resource ${path} was not found`) };
    return { status: 200, body: resource(accountSid, message) };
  }

  return { ...messaging, control, answer };
}
