import { DurableObject } from "cloudflare:workers";
import max from "libphonenumber-js/max/metadata";
import { parsePhone } from "../../../contract/phone.ts";
import type { Bindings } from "../../env.ts";
import { translator } from "../../platform/messages/index.ts";
import { TwilioMediaStream } from "../telephony/media-stream.ts";
import { SAY_LANGUAGE } from "../telephony/say-language.ts";
import { twilioConfig } from "../telephony/twilio-rest.ts";
import { BrowserChannel } from "../browser/channel.ts";
import { LiveCall } from "../engine/live-call.ts";
import type { CallPlan, PhoneCallPlan } from "../engine/call-plan.ts";
import { CALL_PLAN_HEADER, CALL_SESSION_PATHS } from "./client.ts";

/** How long a prepared phone call waits for Twilio's media stream before it is given up. */
const STREAM_WAIT_MS = 30_000;

/** A phone call between the webhook's `/phone/prepare` and the end of its media stream. */
interface PhoneCall {
  plan: PhoneCallPlan;
  call: LiveCall;
  /** Whether a stream of this call has started and been attached; later ones are refused. */
  attached: boolean;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * One live call, held in one Durable Object for its whole length: the caller's socket,
 * the speech model's socket and the tools all run here, next to each other. This is where
 * the call engine (calls/engine/) meets the caller's channel: a browser socket or a Twilio media
 * stream (calls/telephony/); the Worker reaches it through calls/session/client.ts.
 *
 * - `/browser`: a browser's call socket (an object of its own per call).
 * - `/phone/prepare`, then `/phone/stream`: a phone call. The object is named after the
 *   call's row, so Twilio's webhook and its media stream reach the same one; the first
 *   connects the speech model so the greeting is ready, the second brings the caller.
 */
export class CallSession extends DurableObject<Bindings> {
  /** The phone call this object holds, kept between the webhook's request and the stream's. */
  private phone: PhoneCall | null = null;

  override async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === CALL_SESSION_PATHS.phoneStream) return this.phoneStream(request);
    if (path === CALL_SESSION_PATHS.phoneEnded && request.method === "POST") return this.phoneEnded();
    const plan = JSON.parse(request.headers.get(CALL_PLAN_HEADER) ?? "null") as CallPlan | null;
    if (!plan) return new Response(null, { status: 404 });
    if (path === CALL_SESSION_PATHS.browser) return this.browser(plan);
    if (path === CALL_SESSION_PATHS.preparePhone && request.method === "POST") return this.preparePhone(plan as PhoneCallPlan);
    return new Response(null, { status: 404 });
  }

  private browser(plan: CallPlan): Response {
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    const call = new LiveCall(this.env, plan);
    const channel = new BrowserChannel(server, call);
    void (async () => {
      if (await call.prepare()) channel.send({ type: "session_created", session_id: plan.callId });
      call.attach(channel);
    })();
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Starts the phone call without waiting for it: the record is adopted, the model connected
   * and its greeting queued while Twilio still sets up the media stream. Twilio asking about
   * the same call twice reaches the call already under way.
   */
  private preparePhone(plan: PhoneCallPlan): Response {
    if (this.phone) return new Response(null, { status: 200 });
    const call = new LiveCall(this.env, plan);
    const phone: PhoneCall = {
      plan,
      call,
      attached: false,
      // Twilio opens the stream within a second or two; a call whose stream never comes
      // (the caller hung up first, the stream was refused) must not hold the model open.
      timer: setTimeout(() => {
        if (phone.attached) return;
        console.warn(`call ${plan.callId}: no media stream within ${STREAM_WAIT_MS / 1000} s`);
        void call.finish("error", { code: "internal", message: translator(call.language)("telephony.say.unavailable") });
      }, STREAM_WAIT_MS),
    };
    this.phone = phone;
    void call.prepare();
    return new Response(null, { status: 202 });
  }

  /** The call is over at Twilio: one still waiting for its stream ends now; an attached one ends with its stream. */
  private phoneEnded(): Response {
    const phone = this.phone;
    if (phone && !phone.attached) {
      clearTimeout(phone.timer);
      void phone.call.finish("caller_hung_up");
    }
    return new Response(null, { status: 204 });
  }

  /**
   * Twilio's media stream (the Worker checked its signature). The caller is attached once the
   * stream's `start` names this call's CallSid; until then its audio and its end are ignored,
   * so a stream that is not this call's cannot end it.
   */
  private phoneStream(request: Request): Response {
    const phone = this.phone;
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response(null, { status: 426 });
    if (!phone || phone.attached) return new Response(null, { status: 404 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    let ours = false;
    const channel = new TwilioMediaStream(
      server,
      {
        audio: (pcm16) => {
          if (ours) phone.call.audio(pcm16);
        },
        hungUp: () => {
          if (ours) phone.call.hungUp();
        },
      },
      {
        twilio: twilioConfig(this.env),
        // Last words are said in the salon's language, known once the call has loaded it.
        get sayLanguage() {
          return phone.call.language === phone.plan.language ? phone.plan.sayLanguage : SAY_LANGUAGE[phone.call.language];
        },
        transferCountry: phone.plan.toNumber ? parsePhone(phone.plan.toNumber, undefined, max)?.country : undefined,
      },
    );
    channel.started.then(
      (start) => {
        if (start.callSid !== phone.plan.callSid || phone.attached) {
          console.warn(`call ${phone.plan.callId}: a media stream for another call (${start.callSid}) was refused`);
          server.close(1008, "not this call");
          return;
        }
        ours = true;
        phone.attached = true;
        clearTimeout(phone.timer);
        phone.call.attach(channel);
      },
      () => {
        /* closed before it started: the wait for a stream goes on */
      },
    );
    return new Response(null, { status: 101, webSocket: client });
  }
}
