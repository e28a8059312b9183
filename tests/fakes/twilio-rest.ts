import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake received, as tests inspect it. */
export interface TwilioRestRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The form body's fields (a POST), else empty. */
  form: Record<string, string>;
}

export interface FakeCall {
  sid: string;
  status: "queued" | "ringing" | "in-progress" | "completed" | "busy" | "failed" | "no-answer" | "canceled";
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

export interface FakeTwilioRest {
  url: string;
  server: Server;
  accountSid: string;
  authToken: string;
  requests: TwilioRestRequest[];
  calls: Map<string, FakeCall>;
  /** Makes a call known to the fake, in progress unless told otherwise. */
  addCall(sid: string, call?: Partial<Omit<FakeCall, "sid">>): FakeCall;
  close(): Promise<void>;
}

const ACTIVE = new Set(["queued", "ringing", "in-progress"]);

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

function resource(accountSid: string, call: FakeCall) {
  const uri = `/2010-04-01/Accounts/${accountSid}/Calls/${call.sid}.json`;
  return {
    sid: call.sid,
    account_sid: accountSid,
    api_version: "2010-04-01",
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

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A stand-in for Twilio's REST API on loopback: the Call resource
 * (GET and POST /2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}.json) with Basic auth,
 * Twilio's error bodies (20003 unauthenticated, 20404 unknown call, 21220 call not in
 * progress) and its form parameters Twiml and Status. Requests are recorded; GET /__requests
 * lists them and POST /__calls (JSON {sid, ...}) adds a call, for tests in another process.
 */
export async function startFakeTwilioRest(options: { accountSid?: string; authToken?: string } = {}): Promise<FakeTwilioRest> {
  const accountSid = options.accountSid ?? "AC00000000000000000000000000000001";
  const authToken = options.authToken ?? "fake-twilio-auth-token-0123456789";
  const requests: TwilioRestRequest[] = [];
  const calls = new Map<string, FakeCall>();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;

  const addCall = (sid: string, call: Partial<Omit<FakeCall, "sid">> = {}): FakeCall => {
    const created: FakeCall = {
      sid,
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
    calls.set(sid, created);
    return created;
  };

  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const text = await readBody(req);
    const path = (req.url ?? "/").split("?")[0]!;
    if (req.method === "GET" && path === "/__requests") return send(200, requests);
    if (req.method === "POST" && path === "/__calls") {
      const { sid, ...rest } = JSON.parse(text) as Partial<FakeCall> & { sid: string };
      return send(201, addCall(sid, rest));
    }
    const form = req.method === "POST" ? Object.fromEntries(new URLSearchParams(text)) : {};
    requests.push({ method: req.method ?? "GET", path, authorization: req.headers.authorization, form });

    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\/([^/]+)\.json$/.exec(path);
    if (!match) return send(404, twilioError(404, 20404, `The requested resource ${path} was not found`));
    if (req.headers.authorization !== expectedAuth || match[1] !== accountSid) return send(401, twilioError(401, 20003, "Authenticate"));
    const call = calls.get(decodeURIComponent(match[2]!));
    if (!call) return send(404, twilioError(404, 20404, `The requested resource ${path} was not found`));

    if (req.method === "POST") {
      if (form.Twiml !== undefined || form.Url !== undefined) {
        if (!ACTIVE.has(call.status)) return send(400, twilioError(400, 21220, "Call is not in-progress. Cannot redirect."));
        call.twiml = form.Twiml ?? null;
        const dial = /<Dial[^>]*>\s*<Number[^>]*>([^<]+)<\/Number>/.exec(form.Twiml ?? "");
        if (dial) call.dialled = dial[1]!.trim();
      }
      if (form.Status === "completed" || form.Status === "canceled") {
        if (!ACTIVE.has(call.status)) return send(400, twilioError(400, 21220, "Call is not in-progress. Cannot redirect."));
        call.status = form.Status;
        call.endTime = new Date().toUTCString();
      }
    } else if (req.method !== "GET") {
      return send(405, twilioError(405, 20004, "Method not allowed"));
    }
    send(200, resource(accountSid, call));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    accountSid,
    authToken,
    requests,
    calls,
    addCall,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
