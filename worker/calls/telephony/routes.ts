import { Hono, type Context } from "hono";
import { z } from "zod/mini";
import { CALL_LIMITS } from "../../../contract/call-socket.ts";
import { UUID } from "../../../contract/ids.ts";
import { plainText } from "../../../contract/text.ts";
import { toE164 } from "../../../contract/phone.ts";
import { offerAnswer } from "../../../contract/outreach-texts.ts";
import { clientMessaging } from "../../clients/messaging/compose.ts";
import { sendInBackground, storeSmsPrice } from "../../clients/messaging/deliver.ts";
import { answerTextOffer } from "../../clients/outreach/answers.ts";
import { applyKeyword, replyKeyword } from "../../clients/messaging/replies.ts";
import { callAssistant } from "../../data/assistants.ts";
import { messageTenant, recordDelivery } from "../../data/client-messages.ts";
import { failCallAtStart, openPhoneCall, recordPhoneCallEnd, recordTelephonyCost } from "../../data/calls.ts";
import { usdRates } from "../../platform/currency.ts";
import { database, type Database } from "../../data/db.ts";
import { dialledNumber, recordVerificationCall, type DialledNumber } from "../../data/phone-numbers.ts";
import { beforeTenant, withTenant, type Tenant } from "../../data/tenant.ts";
import type { AppEnv, Bindings } from "../../env.ts";
import { ApiError, notFound, validationError } from "../../platform/http/errors.ts";
import { translator } from "../../platform/messages/index.ts";
import { offerTenant } from "../../data/offer-calls.ts";
import { answerOfferCall, offerCallEnded, offerCallNotStarted } from "../../clients/outreach/offer-call.ts";
import { numberLanguage, SAY_LANGUAGE } from "./say-language.ts";
import type { PhoneCallPlan } from "../engine/call-plan.ts";
import { connectPhoneStream, phoneCallEnded, preparePhoneCall } from "../session/client.ts";
import { fetchCall, twilioConfig } from "./twilio-rest.ts";
import { formParams, isValidTwilioSignature } from "./twilio-signature.ts";
import { connectStreamTwiml, emptyTwiml, hangUpTwiml, messageTwiml, sayAndHangUpTwiml } from "./twiml.ts";
import { publicOrigin, streamUrl } from "./webhook-urls.ts";

/**
 * Starts the call session of a phone call whose `calls` row (`plan.callId`) the webhook has
 * just made, before Twilio opens the media stream, so the greeting is ready when it opens
 * (session/client.ts's `preparePhoneCall`; tests put a recorder in its place). It returns
 * without waiting for the speech model; the session attaches the stream at
 * `.../twilio/stream/{callId}` only if its `start` carries `plan.callSid`.
 */
export type StartPhoneCallSession = (env: Bindings, plan: PhoneCallPlan) => Promise<void>;

export const startPhoneCallSession: StartPhoneCallSession = preparePhoneCall;

/** The plan of a phone call a webhook recorded: inbound, or outbound when the salon placed it to offer a freed time. */
const phoneCallPlan = (plan: Omit<PhoneCallPlan, "direction" | "maxSeconds">): PhoneCallPlan => ({
  ...plan,
  direction: plan.offerId ? "outbound" : "inbound",
  maxSeconds: CALL_LIMITS.callSeconds,
});

// ---------------------------------------------------------------------------------------

const text = (max: number) => z.string().check(z.maxLength(max), plainText());

/** The fields of Twilio's voice webhook the product reads (Twilio sends many more). */
const voiceWebhookSchema = z.object({
  AccountSid: text(64),
  CallSid: text(64).check(z.minLength(2)),
  To: text(64).check(z.minLength(1)),
  From: z.optional(text(64)),
  FromCity: z.optional(text(120)),
  FromState: z.optional(text(120)),
  FromCountry: z.optional(text(8)),
});

const FINAL_STATUSES = ["completed", "busy", "no-answer", "canceled", "failed"] as const;

/** Twilio's call status callback. */
const statusCallbackSchema = z.object({
  AccountSid: text(64),
  CallSid: text(64).check(z.minLength(2)),
  CallStatus: z.string(),
  To: text(64).check(z.minLength(1)),
  CallDuration: z.optional(z.string().check(z.regex(/^\d{1,7}$/))),
});

const isFinal = (status: string): status is (typeof FINAL_STATUSES)[number] => (FINAL_STATUSES as readonly string[]).includes(status);

/** Twilio's request for an offer call's TwiML once answered: who answered, after its answering-machine detection. */
const offerAnswerSchema = z.object({
  AccountSid: text(64),
  CallSid: text(64).check(z.minLength(2)),
  AnsweredBy: z._default(text(32), "unknown"),
});

const CALL_STATUSES = ["queued", "initiated", "ringing", "in-progress", "answered", ...FINAL_STATUSES] as const;

/** Twilio's callback about a verification call the product placed. */
const verificationCallbackSchema = z.object({
  AccountSid: text(64),
  CallSid: text(64).check(z.minLength(2)),
  CallStatus: z.enum(CALL_STATUSES),
});

/** An incoming text message: who wrote to which number, and what. */
const messagingWebhookSchema = z.object({
  AccountSid: text(64),
  From: z._default(text(64), ""),
  To: z._default(text(64), ""),
  Body: z._default(z.string().check(z.maxLength(1600)), ""),
});

/** Twilio's report of an SMS the product sent (the message's id is in the address it was given). */
const messageStatusSchema = z.object({
  AccountSid: text(64),
  MessageSid: text(64).check(z.minLength(2)),
  MessageStatus: text(32),
  ErrorCode: z.optional(text(16)),
});

/** Twilio's message statuses, as a client message's state reads them; the rest change nothing. */
const DELIVERY: Record<string, "sent" | "delivered" | "failed"> = { sent: "sent", delivered: "delivered", undelivered: "failed", failed: "failed" };

/** The dialled number's salon, bound through its owner as the call will be. */
const tenantOf = (target: DialledNumber): Tenant => ({ salonId: target.salon_id, userId: target.owner_id });

/** Refuses the request unless Twilio signed it for one of `urls` with these parameters. */
async function requireSignature(c: Context<AppEnv>, urls: Iterable<string>, params: Record<string, string | string[]> = {}) {
  const token = c.env.TWILIO_AUTH_TOKEN;
  if (!token) throw new ApiError(503, { detail: c.var.t("telephony.error.notConfigured", { setting: "TWILIO_AUTH_TOKEN" }), code: "not_configured" });
  const signature = c.req.header("x-twilio-signature");
  for (const url of new Set(urls)) if (await isValidTwilioSignature(token, signature, url, params)) return;
  throw new ApiError(403, { detail: c.var.t("telephony.error.forbidden"), code: "forbidden" });
}

/** The last value of each field (Twilio sends each once). */
const single = (params: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === "string" ? value : value.at(-1)]));

/**
 * The form Twilio posted, once its signature is checked and read with `schema`. Twilio signs
 * the URL it was told; that is APP_URL's origin with this path, or the address the request
 * arrived at. A request for another Twilio account (its `AccountSid`) is refused even when
 * signed: a number this deployment does not own must not reach its salons.
 */
async function signedForm<T extends { AccountSid: string }>(c: Context<AppEnv>, schema: z.ZodMiniType<T>): Promise<T> {
  // Read as bytes: workerd warns when a form body is read as text.
  const params = formParams(new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer())));
  const received = new URL(c.req.url);
  await requireSignature(c, [publicOrigin(c) + received.pathname + received.search, c.req.url], params);
  const parsed = schema.safeParse(single(params));
  if (!parsed.success) throw validationError(c, parsed.error);
  const account = c.env.TWILIO_ACCOUNT_SID;
  if (!account) throw new ApiError(503, { detail: c.var.t("telephony.error.notConfigured", { setting: "TWILIO_ACCOUNT_SID" }), code: "not_configured" });
  if (parsed.data.AccountSid !== account) throw new ApiError(403, { detail: c.var.t("telephony.error.forbidden"), code: "forbidden" });
  return parsed.data;
}

const orNull = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

const twiml = (c: Context<AppEnv>, body: string) => c.body(body, 200, { "content-type": "text/xml; charset=utf-8" });

const goodbye = (c: Context<AppEnv>, to: string, id: "telephony.say.unknownNumber" | "telephony.say.noAssistant" | "telephony.say.unavailable") => {
  const { language, say } = numberLanguage(to);
  return twiml(c, sayAndHangUpTwiml(translator(language)(id), { language: say }));
};

/** The salon, owner, assistant and number a dialled number belongs to, if any. */
const findTarget = (c: Context<AppEnv>, dialled: string) => beforeTenant(c.var.db, (scope) => dialledNumber(scope, dialled));

/** The salon whose offer the query's `attempt` names, or null (also for a malformed id). */
async function findOffer(c: Context<AppEnv>): Promise<{ attemptId: string; tenant: Tenant } | null> {
  const attemptId = c.req.query("attempt") ?? "";
  if (!UUID.test(attemptId)) return null;
  const tenant = await beforeTenant(c.var.db, (scope) => offerTenant(scope, attemptId));
  return tenant ? { attemptId, tenant } : null;
}

/**
 * Records how a phone call ended as Twilio reports it, tells its session (one still waiting
 * for its media stream ends now), and reads what Twilio charged for a completed one.
 */
async function recordCallEnd(c: Context<AppEnv>, tenant: Tenant, callSid: string, status: string, duration: string | undefined) {
  const callId = await withTenant(c.var.db, tenant, (scope) => recordPhoneCallEnd(scope, callSid, { status, duration: duration ?? null }));
  if (callId) {
    try {
      await phoneCallEnded(c.env, callId);
    } catch (error) {
      console.error(`call ${callId}: its session could not be told the call ended`, error);
    }
  }
  if (twilioConfig(c.env) && status === "completed") c.executionCtx.waitUntil(storeTelephonyCost(c.env, database(c.env), tenant, callSid));
}

/**
 * Twilio's webhooks, /api/telephony/twilio/...: `voice` answers an incoming call, `status`
 * records how it ended (and ends a call still waiting for its media stream); `offer-call` and
 * `offer-call-status` do the same for a call the salon placed to offer a freed time. All
 * refuse requests without Twilio's signature.
 */
export function createTelephonyRoutes(startSession: StartPhoneCallSession = startPhoneCallSession) {
  return new Hono<AppEnv>()
    .post("/twilio/voice", async (c) => {
      const call = await signedForm(c, voiceWebhookSchema);
      try {
        const target = await findTarget(c, call.To);
        if (!target) return goodbye(c, call.To, "telephony.say.unknownNumber");
        const assistantId = target.assistant_config_id;
        if (!assistantId) return goodbye(c, call.To, "telephony.say.noAssistant");

        const callId = await withTenant(c.var.db, tenantOf(target), async (scope) => {
          const assistant = await callAssistant(scope, assistantId);
          if (!assistant?.is_active) return null;
          return openPhoneCall(scope, {
            assistantId,
            assistantName: assistant.name,
            callSid: call.CallSid,
            from: orNull(call.From),
            to: call.To,
            city: orNull(call.FromCity),
            state: orNull(call.FromState),
            country: orNull(call.FromCountry),
          });
        });
        if (!callId) return goodbye(c, call.To, "telephony.say.noAssistant");

        const spoken = numberLanguage(call.To);
        try {
          await startSession(
            c.env,
            phoneCallPlan({
              target: { salonId: target.salon_id, ownerId: target.owner_id, assistantId, demo: false },
              callId,
              callSid: call.CallSid,
              fromNumber: orNull(call.From),
              toNumber: call.To,
              language: spoken.language,
              sayLanguage: spoken.say,
            }),
          );
        } catch (error) {
          console.error(`call ${callId}: the session could not start`, error);
          await withTenant(c.var.db, tenantOf(target), (scope) => failCallAtStart(scope, callId));
          return goodbye(c, call.To, "telephony.say.unavailable");
        }
        return twiml(c, connectStreamTwiml(streamUrl(publicOrigin(c), callId), { callId }));
      } catch (error) {
        console.error("an incoming call could not be answered", error);
        return goodbye(c, call.To, "telephony.say.unavailable");
      }
    })
    .get("/twilio/stream/:callId", async (c) => {
      // Twilio signs the stream's handshake too, over the URL its TwiML gave and no parameters.
      if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
        throw new ApiError(426, { detail: c.var.t("call.error.upgradeRequired"), code: "upgrade_required" });
      }
      const callId = c.req.param("callId");
      const received = new URL(c.req.url);
      received.protocol = received.protocol === "http:" ? "ws:" : "wss:";
      await requireSignature(c, [streamUrl(publicOrigin(c), callId), received.toString()]);
      if (!UUID.test(callId)) return notFound(c);
      return connectPhoneStream(c.env, callId, c.req.raw);
    })
    .post("/twilio/status", async (c) => {
      const { CallSid: callSid, CallStatus: status, To: to, CallDuration: duration } = await signedForm(c, statusCallbackSchema);
      // Ringing, answered and the like change nothing; the record waits for the end.
      if (!isFinal(status)) return c.body(null, 204);
      const target = await findTarget(c, to);
      if (target) await recordCallEnd(c, tenantOf(target), callSid, status, duration);
      return c.body(null, 204);
    })
    // An offer call was answered: a person is put through to the assistant, a machine hears the salon's message or nothing.
    .post("/twilio/offer-call", async (c) => {
      const { CallSid: callSid, AnsweredBy: answeredBy } = await signedForm(c, offerAnswerSchema);
      const found = await findOffer(c);
      if (!found) return twiml(c, hangUpTwiml());
      const { attemptId, tenant } = found;
      const answer = await withTenant(c.var.db, tenant, (scope) => answerOfferCall(scope, attemptId, callSid, answeredBy));
      if (answer.kind === "hang_up") return twiml(c, hangUpTwiml());
      if (answer.kind === "message") return twiml(c, sayAndHangUpTwiml(answer.text, { language: answer.sayLanguage }));
      const { callId, line, offer } = answer;
      try {
        await startSession(
          c.env,
          phoneCallPlan({
            target: { salonId: tenant.salonId, ownerId: tenant.userId, assistantId: line.assistant_config_id, demo: false },
            callId,
            callSid,
            fromNumber: line.phone_number,
            toNumber: offer.phone,
            language: offer.language,
            sayLanguage: SAY_LANGUAGE[offer.language],
            offerId: attemptId,
          }),
        );
      } catch (error) {
        console.error(`call ${callId}: the offer call's session could not start`, error);
        const text = await withTenant(c.var.db, tenant, (scope) => offerCallNotStarted(scope, attemptId, callId, offer));
        return twiml(c, sayAndHangUpTwiml(text, { language: SAY_LANGUAGE[offer.language] }));
      }
      return twiml(c, connectStreamTwiml(streamUrl(publicOrigin(c), callId), { callId }));
    })
    .post("/twilio/offer-call-status", async (c) => {
      const { CallSid: callSid, CallStatus: status, CallDuration: duration } = await signedForm(c, statusCallbackSchema);
      if (!isFinal(status)) return c.body(null, 204);
      const found = await findOffer(c);
      if (!found) return notFound(c);
      await recordCallEnd(c, found.tenant, callSid, status, duration);
      await withTenant(c.var.db, found.tenant, (scope) => offerCallEnded(scope, found.attemptId, status));
      return c.body(null, 204);
    })
    .post("/twilio/verification/:phoneNumberId", async (c) => {
      const { CallSid: callSid, CallStatus: status } = await signedForm(c, verificationCallbackSchema);
      const id = c.req.param("phoneNumberId");
      if (!UUID.test(id)) return notFound(c);
      await beforeTenant(c.var.db, (scope) => recordVerificationCall(scope, id, callSid, status));
      return c.body(null, 204);
    })
    // A client's reply to a salon's SMS: STOP and START are acted on and confirmed; anything else waits for nobody.
    .post("/twilio/messaging", async (c) => {
      const sms = await signedForm(c, messagingWebhookSchema);
      const keyword = replyKeyword(sms.Body);
      const from = toE164(sms.From);
      const target = (keyword || offerAnswer(sms.Body)) && from ? await findTarget(c, sms.To) : undefined;
      if (!from || !target) return twiml(c, emptyTwiml());
      // A yes or no to an offer of freed time comes first: "yes" is START only when no offer is out.
      const tenant = tenantOf(target);
      const answered = await withTenant(c.var.db, tenant, (scope) => answerTextOffer(scope, clientMessaging(c.env), from, sms.Body));
      if (answered) {
        sendInBackground(c.env, c.executionCtx, tenant, answered.queued);
        return twiml(c, messageTwiml(answered.reply));
      }
      if (!keyword) return twiml(c, emptyTwiml());
      const language = await withTenant(c.var.db, tenantOf(target), (scope) => applyKeyword(scope, keyword, from));
      return twiml(c, messageTwiml(translator(language)(keyword === "stop" ? "sms.reply.stopped" : "sms.reply.started")));
    })
    .post("/twilio/message-status", async (c) => {
      const report = await signedForm(c, messageStatusSchema);
      const id = c.req.query("message") ?? "";
      const status = DELIVERY[report.MessageStatus];
      if (!UUID.test(id)) return notFound(c);
      const tenant = await beforeTenant(c.var.db, (scope) => messageTenant(scope, id));
      if (!tenant) return notFound(c);
      if (!status) return c.body(null, 204);
      const error = status === "failed" ? `Twilio error ${report.ErrorCode ?? "unknown"}` : null;
      await withTenant(c.var.db, tenant, (scope) => recordDelivery(scope, id, { providerId: report.MessageSid, status, error }));
      // Twilio rates a message once it is delivered.
      if (status === "delivered") c.executionCtx.waitUntil(storeSmsPrice(c.env, database(c.env), tenant, id, report.MessageSid));
      return c.body(null, 204);
    });
}


/** Tries for the call's price a few times while Twilio rates it; the call's cost stays unknown otherwise. */
const PRICE_ATTEMPTS_MS = [0, 8_000, 16_000];

async function storeTelephonyCost(env: Bindings, db: Database, tenant: Tenant, callSid: string) {
  const rest = twilioConfig(env)!;
  for (const delay of PRICE_ATTEMPTS_MS) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const call = await fetchCall(rest, callSid);
      if (call.price === null) continue;
      if (call.priceUnit && call.priceUnit !== "USD") {
        console.warn(`call ${callSid}: priced in ${call.priceUnit}, not stored as US dollars`);
        return;
      }
      const price = call.price;
      await withTenant(db, tenant, (scope) => recordTelephonyCost(scope, callSid, price, usdRates(env).EUR));
      return;
    } catch (error) {
      console.warn(`call ${callSid}: its price could not be read`, error);
      return;
    }
  }
}
