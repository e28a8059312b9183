import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { API_VERSION, page, postSigned, sid, twilioError } from "./twilio-http.ts";
import { createMessaging, type FakeMessaging } from "./twilio-messages.ts";

/** One request the fake received, as tests inspect it. */
export interface TwilioRestRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The form body's fields (a POST), else empty; a repeated name keeps its last value. */
  form: Record<string, string>;
  /** The query string's fields; a repeated name keeps its last value. */
  query: Record<string, string>;
}

export interface FakeCall {
  sid: string;
  status: "queued" | "initiated" | "ringing" | "in-progress" | "completed" | "busy" | "failed" | "no-answer" | "canceled";
  from: string;
  to: string;
  direction: string;
  /** Seconds, once completed. */
  duration: number | null;
  /** As Twilio writes it: a negative amount such as "-0.01300", or null until rated. */
  price: string | null;
  /** The TwiML the call was last redirected to. */
  twiml: string | null;
  /** The number the last `<Dial>` TwiML put the caller through to. */
  dialled: string | null;
  startTime: string;
  endTime: string | null;
}

/** The kinds of number the fake sells (AvailablePhoneNumbers/{Country}/Local.json and so on). */
export type NumberKind = "local" | "mobile" | "national";

/** How a placed call ends: answered and hung up, or never answered. */
export type CallOutcome = "completed" | "busy" | "no-answer" | "failed";
const CALL_OUTCOMES: readonly string[] = ["completed", "busy", "no-answer", "failed"] satisfies CallOutcome[];

/** A number for sale. */
export interface InventoryNumber {
  /** ISO 3166-1 alpha-2. */
  country: string;
  type: NumberKind;
  /** E.164. */
  phoneNumber: string;
  locality: string | null;
  region: string | null;
  /**
   * What buying it takes besides the number: a regulatory bundle (BundleSid; a bundle carries
   * its address too) or a local address (AddressSid); null for nothing.
   */
  requirement: "bundle" | "address" | null;
}

/** A number bought through IncomingPhoneNumbers.json. */
export interface FakeNumber {
  sid: string;
  phoneNumber: string;
  country: string;
  type: NumberKind;
  friendlyName: string;
  voiceUrl: string | null;
  voiceMethod: string;
  statusCallback: string | null;
  statusCallbackMethod: string;
  smsUrl: string | null;
  smsMethod: string;
  /** Twilio's address_requirements for it: none, any or local here. */
  addressRequirements: string;
  addressSid: string | null;
  bundleSid: string | null;
  dateCreated: string;
}

/**
 * Who picks up a call placed with `MachineDetection`, as Twilio's answering-machine detection
 * reports it in `AnsweredBy` (with DetectMessageEnd a machine is reported once its greeting ends).
 */
export type AnsweredBy = "human" | "unknown" | "machine_end_beep" | "machine_end_silence" | "machine_end_other" | "fax";
const ANSWERED_BY: readonly string[] = ["human", "unknown", "machine_end_beep", "machine_end_silence", "machine_end_other", "fax"] satisfies AnsweredBy[];

/** A call placed through Calls.json, and the status callbacks the fake delivered for it. */
export interface PlacedCall {
  sid: string;
  to: string;
  from: string;
  twiml: string | null;
  /** The webhook asked for the call's TwiML once answered (`Url`), instead of `Twiml`. */
  url: string | null;
  /** `MachineDetection` as asked for (Enable, DetectMessageEnd), or null. */
  machineDetection: string | null;
  /** Who answered, as the answer webhook was told; null until then, or without detection. */
  answeredBy: AnsweredBy | null;
  /** The TwiML the answer webhook gave, and its HTTP status (null: it did not answer). */
  answer: { status: number | null; twiml: string | null } | null;
  statusCallback: string | null;
  /** The StatusCallbackEvent values asked for, each once. */
  statusCallbackEvents: string[];
  timeout: string | null;
  outcome: CallOutcome;
  /** In order: the CallStatus sent, and the HTTP status the callback URL answered (null: no answer). */
  callbacks: { status: string; answered: number | null }[];
}

export interface FakeTwilioRest {
  /** Serves both of Twilio's hosts: the REST API (/2010-04-01) and the Pricing API (/v1). */
  url: string;
  server: Server;
  accountSid: string;
  authToken: string;
  requests: TwilioRestRequest[];
  calls: Map<string, FakeCall>;
  /** Bought numbers by sid. */
  numbers: Map<string, FakeNumber>;
  placedCalls: PlacedCall[];
  /** The Messages resource: what was sent and received, and the controls tests drive it with. */
  messaging: FakeMessaging;
  /** Makes a call known to the fake, in progress unless told otherwise. */
  addCall(sid: string, call?: Partial<Omit<FakeCall, "sid">>): FakeCall;
  /** How calls placed to `to` end from now on (completed unless told). */
  setCallOutcome(to: string, outcome: CallOutcome): void;
  /** Who picks up calls placed to `to` with answering-machine detection (a person unless told). */
  setAnsweredBy(to: string, answeredBy: AnsweredBy): void;
  /** The person on placed call `sid`, connected to a media stream, hangs up. */
  hangUp(sid: string): void;
  /** Puts a number up for sale (a new type of number for the country, too). */
  addToInventory(number: Pick<InventoryNumber, "country" | "type" | "phoneNumber"> & Partial<InventoryNumber>): InventoryNumber;
  close(): Promise<void>;
}

const ACTIVE = new Set(["queued", "initiated", "ringing", "in-progress"]);
/** Between two status callbacks of a placed call, so a test sees them arrive one by one. */
const CALLBACK_SPACING_MS = 30;

const number = (country: string, type: NumberKind, phoneNumber: string, locality: string | null, region: string | null, requirement: InventoryNumber["requirement"] = null): InventoryNumber => ({
  country,
  type,
  phoneNumber,
  locality,
  region,
  requirement,
});

/**
 * What is for sale at the start. A type a country lacks here (SK local, US mobile) answers
 * 404 as Twilio does. München and Wien need a bundle, one London number a local address.
 */
const INVENTORY: InventoryNumber[] = [
  number("CZ", "local", "+420225990101", "Praha", "Hlavní město Praha"),
  number("CZ", "local", "+420225990102", "Praha", "Hlavní město Praha"),
  number("CZ", "local", "+420533990103", "Brno", "Jihomoravský kraj"),
  number("CZ", "local", "+420585990104", "Olomouc", "Olomoucký kraj"),
  number("CZ", "mobile", "+420790990105", null, null),
  number("CZ", "mobile", "+420790990106", null, null),
  number("DE", "local", "+4930549909101", "Berlin", "Berlin"),
  number("DE", "local", "+4930549909102", "Berlin", "Berlin"),
  number("DE", "local", "+4989215509103", "München", "Bayern", "bundle"),
  number("DE", "local", "+4940809909104", "Hamburg", "Hamburg"),
  number("DE", "mobile", "+4915735990105", null, null),
  number("AT", "local", "+4312267909101", "Wien", "Wien", "bundle"),
  number("AT", "local", "+433169909102", "Graz", "Steiermark"),
  number("AT", "mobile", "+436703099103", null, null),
  number("SK", "mobile", "+421951990101", null, null),
  number("SK", "mobile", "+421951990102", null, null),
  number("SK", "national", "+421233990103", null, null),
  number("GB", "local", "+442038070101", "London", "London", "address"),
  number("GB", "local", "+442038070102", "London", "London"),
  number("GB", "local", "+441615070103", "Manchester", "Greater Manchester"),
  number("GB", "mobile", "+447700900104", null, null),
  number("GB", "national", "+443301220105", null, null),
  number("US", "local", "+14157770101", "San Francisco", "CA"),
  number("US", "local", "+14157770102", "San Francisco", "CA"),
  number("US", "local", "+12127770103", "New York", "NY"),
  number("US", "local", "+12127770104", "New York", "NY"),
];

/** Pricing v1 per country: the name Twilio gives it and the monthly price per number type, in USD. */
const PRICES: Record<string, { name: string; prices: Record<string, string> }> = {
  CZ: { name: "Czech Republic", prices: { local: "6.00", mobile: "8.00" } },
  DE: { name: "Germany", prices: { local: "3.00", mobile: "9.00", "toll free": "20.00" } },
  AT: { name: "Austria", prices: { local: "4.00", mobile: "12.00" } },
  SK: { name: "Slovakia", prices: { mobile: "8.00", national: "5.00" } },
  GB: { name: "United Kingdom", prices: { local: "1.15", mobile: "1.15", national: "1.15", "toll free": "2.15" } },
  US: { name: "United States", prices: { local: "1.15", "toll free": "2.15" } },
};

const RESOURCE_TYPES: Record<string, NumberKind> = { Local: "local", Mobile: "mobile", National: "national" };

/** Letters count as the digit of their key, as on a phone's keypad. */
const KEYPAD = "22233344455566677778889999";

/** Twilio's `Contains`: digits, keypad letters and `*` for any one digit, anywhere in the number. */
function containsPattern(contains: string): RegExp {
  const source = [...contains.replace(/^\+/, "")]
    .map((char) => {
      if (char === "*") return "[0-9]";
      if (/[a-z]/i.test(char)) return KEYPAD[char.toLowerCase().charCodeAt(0) - 97]!;
      return /[0-9]/.test(char) ? char : "(?!)";
    })
    .join("");
  return new RegExp(source);
}

const addressRequirements = (requirement: InventoryNumber["requirement"]) =>
  requirement === "address" ? "local" : requirement === "bundle" ? "any" : "none";

function availableResource(item: InventoryNumber) {
  return {
    friendly_name: item.phoneNumber,
    phone_number: item.phoneNumber,
    lata: null,
    locality: item.locality,
    rate_center: null,
    latitude: null,
    longitude: null,
    region: item.region,
    postal_code: null,
    iso_country: item.country,
    address_requirements: addressRequirements(item.requirement),
    beta: false,
    capabilities: { voice: true, sms: item.type === "mobile", mms: false, fax: false },
  };
}

function numberResource(accountSid: string, item: FakeNumber) {
  const uri = `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${item.sid}.json`;
  return {
    account_sid: accountSid,
    address_sid: item.addressSid,
    address_requirements: item.addressRequirements,
    api_version: API_VERSION,
    beta: false,
    bundle_sid: item.bundleSid,
    capabilities: { voice: true, sms: item.type === "mobile", mms: false, fax: false },
    date_created: item.dateCreated,
    date_updated: item.dateCreated,
    emergency_address_sid: null,
    emergency_address_status: "unregistered",
    emergency_status: "Inactive",
    friendly_name: item.friendlyName,
    identity_sid: null,
    origin: "twilio",
    phone_number: item.phoneNumber,
    sid: item.sid,
    sms_application_sid: null,
    sms_fallback_method: "POST",
    sms_fallback_url: "",
    sms_method: item.smsMethod,
    sms_url: item.smsUrl ?? "",
    status: "in-use",
    status_callback: item.statusCallback ?? "",
    status_callback_method: item.statusCallbackMethod,
    subresource_uris: { assigned_add_ons: uri.replace(".json", "/AssignedAddOns.json") },
    trunk_sid: null,
    type: item.type,
    uri,
    voice_application_sid: null,
    voice_caller_id_lookup: false,
    voice_fallback_method: "POST",
    voice_fallback_url: null,
    voice_method: item.voiceMethod,
    voice_receive_mode: "voice",
    voice_url: item.voiceUrl,
  };
}

function callResource(accountSid: string, call: FakeCall) {
  const uri = `/2010-04-01/Accounts/${accountSid}/Calls/${call.sid}.json`;
  return {
    sid: call.sid,
    account_sid: accountSid,
    api_version: API_VERSION,
    status: call.status,
    direction: call.direction,
    from: call.from,
    from_formatted: call.from,
    to: call.to,
    to_formatted: call.to,
    duration: call.duration === null ? null : String(call.duration),
    price: call.price,
    price_unit: "USD",
    start_time: call.startTime,
    end_time: call.endTime,
    date_created: call.startTime,
    date_updated: new Date().toUTCString(),
    parent_call_sid: null,
    phone_number_sid: "PN00000000000000000000000000000000",
    answered_by: null,
    caller_name: null,
    forwarded_from: null,
    group_sid: null,
    queue_time: "0",
    trunk_sid: null,
    uri,
    subresource_uris: { notifications: uri.replace(".json", "/Notifications.json"), recordings: uri.replace(".json", "/Recordings.json") },
  };
}

/**
 * The status a placed call goes through for its outcome, each with the StatusCallbackEvent
 * that reports it. A failed call never rings.
 */
function progress(outcome: CallOutcome): { event: string; status: FakeCall["status"] }[] {
  const start = [{ event: "initiated", status: "initiated" as const }];
  if (outcome === "failed") return [...start, { event: "completed", status: "failed" }];
  const rung = [...start, { event: "ringing", status: "ringing" as const }];
  if (outcome === "completed") return [...rung, { event: "answered", status: "in-progress" }, { event: "completed", status: "completed" }];
  return [...rung, { event: "completed", status: outcome }];
}

/** Seconds a completed placed call lasted, and what Twilio charged for it, as it writes charges. */
const PLACED_CALL_SECONDS = 12;
const PLACED_CALL_PRICE = "-0.01400";

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A stand-in for Twilio's REST API on loopback, with Basic auth and Twilio's error bodies
 * (20003 unauthenticated, 20404 not found):
 *
 * - the Call resource (GET and POST /2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}.json:
 *   Twiml and Status; 21220 call not in progress);
 * - Calls.json (place a call: 21211 for a `To` that is not E.164); each call ends as
 *   `setCallOutcome` says for its number, its status callbacks (the StatusCallbackEvent values
 *   asked for, only `completed` when none) posted in the background, signed with the auth token;
 *   a call placed with `Url` asks it for TwiML once answered, with `MachineDetection` telling
 *   it who answered (`setAnsweredBy`: a person unless told); a completed one is priced;
 * - AvailablePhoneNumbers/{Country}/{Local|Mobile|National}.json over an inventory (Contains,
 *   PageSize, VoiceEnabled; 404 for a country or type not sold);
 * - IncomingPhoneNumbers.json (buy: 21422 not available, 21649 bundle required, 21615 local
 *   address required; list) and IncomingPhoneNumbers/{Sid}.json (GET, DELETE);
 * - Messages.json and Messages/{Sid}.json, with inbound SMS and opt-outs (twilio-messages.ts);
 * - Pricing v1 /v1/PhoneNumbers/Countries/{IsoCountry} on the same address.
 *
 * For tests in another process: GET /__requests, /__placed-calls and /__numbers list what
 * happened; POST /__calls (JSON {sid, ...}) adds a call, /__call-outcome ({to, outcome}) sets
 * how calls to a number end, /__answered-by ({to, answered_by}) who picks them up, /__hang-up
 * ({sid}) ends a placed call held by its media stream, /__inventory ({country, type, phone_number, locality?, region?,
 * requirement?: "bundle" | "address"}) puts a number up for sale. The controls of messages are
 * GET /__messages and /__inbound-sms, POST /__message-failures, /__undeliverable,
 * /__hold-callbacks, /__inbound-sms and /__messages/reset (twilio-messages.ts).
 */
export async function startFakeTwilioRest(options: { accountSid?: string; authToken?: string } = {}): Promise<FakeTwilioRest> {
  const accountSid = options.accountSid ?? "AC00000000000000000000000000000001";
  const authToken = options.authToken ?? "fake-twilio-auth-token-0123456789";
  const requests: TwilioRestRequest[] = [];
  const calls = new Map<string, FakeCall>();
  const numbers = new Map<string, FakeNumber>();
  const placedCalls: PlacedCall[] = [];
  const outcomes = new Map<string, CallOutcome>();
  const answerers = new Map<string, AnsweredBy>();
  /** Placed calls whose answer connected a media stream: they last until the person hangs up. */
  const streaming = new Map<string, () => void>();
  const inventory = INVENTORY.map((item) => ({ ...item }));
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const stopping = new AbortController();
  const deliveries = new Set<Promise<void>>();

  const addCall = (callSid: string, call: Partial<Omit<FakeCall, "sid">> = {}): FakeCall => {
    const created: FakeCall = {
      sid: callSid,
      status: "in-progress",
      from: "+15005550006",
      to: "+15005550001",
      direction: "inbound",
      duration: null,
      price: null,
      twiml: null,
      dialled: null,
      startTime: new Date().toUTCString(),
      endTime: null,
      ...call,
    };
    calls.set(callSid, created);
    return created;
  };

  const addToInventory: FakeTwilioRest["addToInventory"] = (item) => {
    const added = number(item.country.toUpperCase(), item.type, item.phoneNumber, item.locality ?? null, item.region ?? null, item.requirement ?? null);
    inventory.push(added);
    return added;
  };

  const setCallOutcome = (to: string, outcome: CallOutcome) => {
    outcomes.set(to, outcome);
  };

  const setAnsweredBy = (to: string, answeredBy: AnsweredBy) => {
    answerers.set(to, answeredBy);
  };

  const hangUp = (callSid: string) => {
    streaming.get(callSid)?.();
  };

  const isBought = (phoneNumber: string) => [...numbers.values()].some((bought) => bought.phoneNumber === phoneNumber);

  /** The fields of every request Twilio makes about a call it placed. */
  const callParams = (call: FakeCall, status: string): Record<string, string> => ({
    AccountSid: accountSid,
    ApiVersion: API_VERSION,
    CallSid: call.sid,
    CallStatus: status,
    Called: call.to,
    Caller: call.from,
    Direction: "outbound-api",
    From: call.from,
    To: call.to,
  });

  /**
   * A placed call with `Url` is answered: the webhook is asked for TwiML, told who answered
   * when detection was on. TwiML that connects a media stream holds the call until the person
   * hangs up (`hangUp`) or the product ends it; any other TwiML is played and the call ends.
   */
  async function answer(placed: PlacedCall, call: FakeCall) {
    if (!placed.url) return;
    if (placed.machineDetection) placed.answeredBy = answerers.get(placed.to) ?? "human";
    const detected: Record<string, string> = placed.answeredBy ? { AnsweredBy: placed.answeredBy, MachineDetectionDuration: "2300" } : {};
    const { answered, answer: twiml } = await postSigned(authToken, placed.url, { ...callParams(call, "in-progress"), ...detected }, stopping.signal);
    placed.answer = { status: answered, twiml };
    if (!twiml?.includes("<Stream")) return;
    await new Promise<void>((resolve) => {
      streaming.set(call.sid, resolve);
      stopping.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    streaming.delete(call.sid);
  }

  /** Walks a placed call through its statuses, posting the callbacks asked for, one after another. */
  async function runCall(placed: PlacedCall, call: FakeCall) {
    let sequence = 0;
    for (const step of progress(placed.outcome)) {
      await sleep(CALLBACK_SPACING_MS, undefined, { signal: stopping.signal });
      // Hung up through the Call resource meanwhile: nothing more happens to it.
      if (!ACTIVE.has(call.status)) return;
      const final = !ACTIVE.has(step.status);
      call.status = step.status;
      if (final) {
        call.duration = step.status === "completed" ? PLACED_CALL_SECONDS : 0;
        call.price = step.status === "completed" ? PLACED_CALL_PRICE : null;
        call.endTime = new Date().toUTCString();
      }
      if (placed.statusCallback && placed.statusCallbackEvents.includes(step.event)) {
        const params: Record<string, string> = {
          ...callParams(call, step.status),
          CallbackSource: "call-progress-events",
          SequenceNumber: String(sequence++),
          Timestamp: new Date().toUTCString(),
          ...(final ? { CallDuration: String(call.duration) } : {}),
          ...(placed.answeredBy ? { AnsweredBy: placed.answeredBy } : {}),
        };
        const { answered } = await postSigned(authToken, placed.statusCallback, params, stopping.signal);
        placed.callbacks.push({ status: step.status, answered });
      }
      if (step.event === "answered") await answer(placed, call);
    }
  }

  /** Background work (callbacks, mostly) that stopping the fake waits for. */
  const track = (work: Promise<unknown>) => {
    const delivery = work.then(() => undefined, () => undefined);
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  };

  const messaging = createMessaging({
    accountSid,
    authToken,
    senders: () => [...numbers.values()].map((bought) => bought.phoneNumber),
    stopping: stopping.signal,
    track,
  });

  const server = createServer(async (req, res) => {
    const send = (status: number, body?: unknown) => {
      if (body === undefined) {
        res.writeHead(status);
        res.end();
        return;
      }
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const text = await readBody(req);
    const [path = "/", search = ""] = (req.url ?? "/").split("?");
    const query = new URLSearchParams(search);
    const method = req.method ?? "GET";

    const controlled = await messaging.control(method, path, text);
    if (controlled) return send(controlled.status, controlled.body);
    if (method === "GET" && path === "/__requests") return send(200, requests);
    if (method === "GET" && path === "/__placed-calls") return send(200, placedCalls);
    if (method === "GET" && path === "/__numbers") return send(200, [...numbers.values()]);
    if (method === "POST" && path === "/__calls") {
      const { sid: callSid, ...rest } = JSON.parse(text) as Partial<FakeCall> & { sid: string };
      return send(201, addCall(callSid, rest));
    }
    if (method === "POST" && path === "/__call-outcome") {
      const { to, outcome } = JSON.parse(text) as { to: string; outcome: CallOutcome };
      if (!CALL_OUTCOMES.includes(outcome)) return send(400, { error: `outcome is one of ${CALL_OUTCOMES.join(", ")}` });
      setCallOutcome(to, outcome);
      return send(200, { to, outcome });
    }
    if (method === "POST" && path === "/__answered-by") {
      const { to, answered_by: answeredBy } = JSON.parse(text) as { to: string; answered_by: AnsweredBy };
      if (!ANSWERED_BY.includes(answeredBy)) return send(400, { error: `answered_by is one of ${ANSWERED_BY.join(", ")}` });
      setAnsweredBy(to, answeredBy);
      return send(200, { to, answered_by: answeredBy });
    }
    if (method === "POST" && path === "/__hang-up") {
      const { sid: callSid } = JSON.parse(text) as { sid: string };
      if (!streaming.has(callSid)) return send(404, { error: "no call of that sid is connected to a stream" });
      hangUp(callSid);
      return send(200, { sid: callSid });
    }
    if (method === "POST" && path === "/__inventory") {
      const body = JSON.parse(text) as { country: string; type: NumberKind; phone_number: string; locality?: string; region?: string; requirement?: "bundle" | "address" };
      return send(201, addToInventory({ ...body, phoneNumber: body.phone_number }));
    }

    const form = new URLSearchParams(method === "POST" ? text : "");
    requests.push({ method, path, authorization: req.headers.authorization, form: Object.fromEntries(form), query: Object.fromEntries(query) });
    const notFound = () => send(404, twilioError(404, 20404, `The requested resource ${path} was not found`));
    const methodNotAllowed = () => send(405, twilioError(405, 20004, "Method not allowed"));

    const pricing = /^\/v1\/PhoneNumbers\/Countries\/([^/]+)$/.exec(path);
    const account = /^\/2010-04-01\/Accounts\/([^/]+)\/(.+)$/.exec(path);
    if (!pricing && !account) return notFound();
    if (req.headers.authorization !== expectedAuth || (account && account[1] !== accountSid)) return send(401, twilioError(401, 20003, "Authenticate"));

    if (pricing) {
      if (method !== "GET") return methodNotAllowed();
      const iso = decodeURIComponent(pricing[1]!).toUpperCase();
      const country = PRICES[iso];
      if (!country) return notFound();
      return send(200, {
        country: country.name,
        iso_country: iso,
        phone_number_prices: Object.entries(country.prices).map(([type, price]) => ({ number_type: type, base_price: price, current_price: price })),
        price_unit: "USD",
        url: `https://pricing.twilio.com/v1/PhoneNumbers/Countries/${iso}`,
      });
    }

    const resource = account![2]!;
    let match: RegExpExecArray | null;

    const messages = messaging.answer(method, path, resource, form, query);
    if (messages) return send(messages.status, messages.body);

    if ((match = /^AvailablePhoneNumbers\/([^/]+)\/([^/]+)\.json$/.exec(resource))) {
      if (method !== "GET") return methodNotAllowed();
      const country = decodeURIComponent(match[1]!).toUpperCase();
      const type = RESOURCE_TYPES[match[2]!];
      const offered = inventory.filter((item) => item.country === country && item.type === type);
      if (!type || offered.length === 0) return notFound();
      const pageSize = Math.min(Math.max(Number(query.get("PageSize")) || 50, 1), 1000);
      const contains = query.get("Contains");
      const pattern = contains ? containsPattern(contains) : undefined;
      // VoiceEnabled=false asks for numbers without voice, which the fake does not sell.
      const wantsNoVoice = query.get("VoiceEnabled") === "false";
      const found = offered
        .filter((item) => !wantsNoVoice && !isBought(item.phoneNumber) && (!pattern || pattern.test(item.phoneNumber.slice(1))))
        .slice(0, pageSize);
      return send(200, { available_phone_numbers: found.map(availableResource), ...page(path, query, pageSize, found.length) });
    }

    if (resource === "IncomingPhoneNumbers.json") {
      if (method === "GET") {
        const pageSize = Math.min(Math.max(Number(query.get("PageSize")) || 50, 1), 1000);
        const wanted = query.get("PhoneNumber");
        const listed = [...numbers.values()].filter((item) => !wanted || item.phoneNumber === wanted).slice(0, pageSize);
        return send(200, { incoming_phone_numbers: listed.map((item) => numberResource(accountSid, item)), ...page(path, query, pageSize, listed.length) });
      }
      if (method !== "POST") return methodNotAllowed();
      const phoneNumber = form.get("PhoneNumber") ?? "";
      const item = inventory.find((offered) => offered.phoneNumber === phoneNumber);
      if (!item || isBought(phoneNumber)) return send(400, twilioError(400, 21422, `${phoneNumber} is not available`));
      if (item.requirement === "bundle" && !form.get("BundleSid")) return send(400, twilioError(400, 21649, "Phone Number Requires a Bundle"));
      if (item.requirement === "address" && !form.get("AddressSid")) return send(400, twilioError(400, 21615, "Phone Number Requires a Local Address"));
      const bought: FakeNumber = {
        sid: sid("PN"),
        phoneNumber,
        country: item.country,
        type: item.type,
        friendlyName: form.get("FriendlyName") ?? phoneNumber,
        voiceUrl: form.get("VoiceUrl"),
        voiceMethod: form.get("VoiceMethod") ?? "POST",
        statusCallback: form.get("StatusCallback"),
        statusCallbackMethod: form.get("StatusCallbackMethod") ?? "POST",
        smsUrl: form.get("SmsUrl"),
        smsMethod: form.get("SmsMethod") ?? "POST",
        addressRequirements: addressRequirements(item.requirement),
        addressSid: form.get("AddressSid"),
        bundleSid: form.get("BundleSid"),
        dateCreated: new Date().toUTCString(),
      };
      numbers.set(bought.sid, bought);
      return send(201, numberResource(accountSid, bought));
    }

    if ((match = /^IncomingPhoneNumbers\/([^/]+)\.json$/.exec(resource))) {
      const item = numbers.get(decodeURIComponent(match[1]!));
      if (!item) return notFound();
      if (method === "GET") return send(200, numberResource(accountSid, item));
      if (method !== "DELETE") return methodNotAllowed();
      numbers.delete(item.sid);
      return send(204);
    }

    if (resource === "Calls.json") {
      if (method !== "POST") return methodNotAllowed();
      const to = form.get("To");
      const from = form.get("From");
      if (!to) return send(400, twilioError(400, 21201, "No 'To' number is specified"));
      if (!/^\+[1-9][0-9]{6,14}$/.test(to)) return send(400, twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`));
      if (!from) return send(400, twilioError(400, 21213, "No 'From' number is specified"));
      const requested = form.getAll("StatusCallbackEvent").flatMap((value) => value.split(/\s+/).filter(Boolean));
      const machineDetection = form.get("MachineDetection");
      const placed: PlacedCall = {
        sid: sid("CA"),
        to,
        from,
        twiml: form.get("Twiml"),
        url: form.get("Url"),
        machineDetection,
        answeredBy: null,
        answer: null,
        statusCallback: form.get("StatusCallback"),
        // Without StatusCallbackEvent Twilio reports only the end of the call.
        statusCallbackEvents: requested.length > 0 ? [...new Set(requested)] : ["completed"],
        timeout: form.get("Timeout"),
        outcome: outcomes.get(to) ?? "completed",
        callbacks: [],
      };
      placedCalls.push(placed);
      const call = addCall(placed.sid, { status: "queued", to, from, direction: "outbound-api", twiml: placed.twiml });
      track(runCall(placed, call));
      return send(201, callResource(accountSid, call));
    }

    if (!(match = /^Calls\/([^/]+)\.json$/.exec(resource))) return notFound();
    const call = calls.get(decodeURIComponent(match[1]!));
    if (!call) return notFound();

    if (method === "POST") {
      if (form.has("Twiml") || form.has("Url")) {
        if (!ACTIVE.has(call.status)) return send(400, twilioError(400, 21220, "Call is not in-progress. Cannot redirect."));
        call.twiml = form.get("Twiml");
        const dial = /<Dial[^>]*>\s*<Number[^>]*>([^<]+)<\/Number>/.exec(form.get("Twiml") ?? "");
        if (dial) call.dialled = dial[1]!.trim();
      }
      const status = form.get("Status");
      // A call held by its media stream ends as when the person hangs up, with its callbacks.
      if ((status === "completed" || status === "canceled") && streaming.has(call.sid)) hangUp(call.sid);
      else if (status === "completed" || status === "canceled") {
        if (!ACTIVE.has(call.status)) return send(400, twilioError(400, 21220, "Call is not in-progress. Cannot redirect."));
        call.status = status;
        call.endTime = new Date().toUTCString();
      }
    } else if (method !== "GET") {
      return methodNotAllowed();
    }
    send(200, callResource(accountSid, call));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    accountSid,
    authToken,
    requests,
    calls,
    numbers,
    placedCalls,
    messaging,
    addCall,
    setCallOutcome,
    setAnsweredBy,
    hangUp,
    addToInventory,
    close: async () => {
      stopping.abort();
      await Promise.allSettled(deliveries);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
