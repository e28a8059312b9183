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

/** How long a prepared phone call waits for Twilio's media stream before it is given up. */
const STREAM_WAIT_MS = 30_000;

/**
 * One live call, held in one Durable Object for its whole length: the caller's socket,
 * the speech model's socket and the tools all run here, next to each other. This is where
 * the call engine (calls/engine/) meets the caller's channel: a browser socket or a Twilio media
 * stream (calls/telephony/); the Worker reaches it through calls/session/client.ts, by the RPC
 * methods below and, for the caller's socket alone, `fetch`.
 *
 * - A browser call: `holdBrowserCall`, then its socket (an object of its own per call).
 * - A phone call: `preparePhoneCall`, then Twilio's media stream, and `phoneCallEnded` when
 *   Twilio reports the end. The object is named after the call's row, so Twilio's webhooks and
 *   its media stream reach the same one; the first connects the speech model so the greeting is
 *   ready, the stream brings the caller.
 */
export class CallSession extends DurableObject<Bindings> {
  /** A browser call's plan, from `holdBrowserCall` until its socket comes. */
  private browserPlan: CallPlan | null = null;
  /** The phone call this object holds, kept between the webhook's request and the stream's. */
  private phone: {
    plan: PhoneCallPlan;
    call: LiveCall;
    /** Whether a stream of this call has started and been attached; later ones are refused. */
    attached: boolean;
    streamWait: ReturnType<typeof setTimeout>;
  } | null = null;

  /** A browser call's plan, given before its socket, which `fetch` then takes. */
  holdBrowserCall(plan: CallPlan): void {
    this.browserPlan = plan;
  }

  /**
   * Starts the phone call without waiting for it: the record is adopted, the model connected
   * and its greeting queued while Twilio still sets up the media stream. Twilio asking about
   * the same call twice reaches the call already under way.
   */
  preparePhoneCall(plan: PhoneCallPlan): void {
    if (this.phone) return;
    const call = new LiveCall(this.env, plan);
    this.phone = {
      plan,
      call,
      attached: false,
      // Twilio opens the stream within a second or two; a call whose stream never comes
      // (the caller hung up first, the stream was refused) must not hold the model open.
      streamWait: setTimeout(() => {
        if (this.phone?.attached) return;
        console.warn(`call ${plan.callId}: no media stream within ${STREAM_WAIT_MS / 1000} s`);
        void call.finish("error", { code: "internal", message: translator(call.language)("telephony.say.unavailable") });
      }, STREAM_WAIT_MS),
    };
    void call.prepare();
  }

  /** The call is over at Twilio: one still waiting for its stream ends now; an attached one ends with its stream. */
  phoneCallEnded(): void {
    const phone = this.phone;
    if (phone && !phone.attached) {
      clearTimeout(phone.streamWait);
      void phone.call.finish("caller_hung_up");
    }
  }

  /** The caller's socket: the browser's for a held browser call, else Twilio's media stream for the phone call. */
  override fetch(request: Request): Response {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response(null, { status: 426 });
    const plan = this.browserPlan;
    this.browserPlan = null;
    if (plan) return this.browserSocket(plan);
    return this.phoneStream();
  }

  private browserSocket(plan: CallPlan): Response {
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
   * Twilio's media stream (the Worker checked its signature). The caller is attached once the
   * stream's `start` names this call's CallSid; until then its audio and its end are ignored,
   * so a stream that is not this call's cannot end it.
   */
  private phoneStream(): Response {
    const phone = this.phone;
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
        clearTimeout(phone.streamWait);
        phone.call.attach(channel);
      },
      () => {
        /* closed before it started: the wait for a stream goes on */
      },
    );
    return new Response(null, { status: 101, webSocket: client });
  }
}
