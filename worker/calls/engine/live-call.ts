import type { ResponseFunctionCallArgumentsDoneEvent } from "openai/resources/realtime/realtime";
import { renderInstructions } from "../../../contract/assistant-instructions.ts";
import max from "libphonenumber-js/max/metadata";
import type { CallEndReason, CallErrorCode } from "../../../contract/call-socket.ts";
import { isLanguage, type Language } from "../../../contract/languages.ts";
import { DEFAULT_MODEL } from "../../../contract/models.ts";
import { salonCountry } from "../../../contract/phone.ts";
import { spokenLanguage } from "../../../contract/spoken-language.ts";
import { usdRates } from "../../platform/currency.ts";
import { database, type Database } from "../../data/db.ts";
import { knownCaller, type KnownCaller } from "../../data/clients.ts";
import { offerOf } from "../../data/outreach.ts";
import type { FaqEntry } from "../../data/questions.ts";
import { withTenant } from "../../data/tenant.ts";
import type { Bindings } from "../../env.ts";
import { translator, type Translate } from "../../platform/messages/index.ts";
import { AudioPacer } from "./audio-pacer.ts";
import { audioMs, type CallerChannel, type CallerEvents } from "./caller-channel.ts";
import { CallLog } from "./call-log.ts";
import { summariseCall } from "./call-summary.ts";
import { addUsage, costOf, NO_USAGE, pricesFor } from "./pricing.ts";
import { closeQuietly, connectModel, parseModelEvent, type ModelEvent, type SessionEvent } from "./realtime.ts";
import { greetingResponse, LANGUAGE_NAMES, languageRule, languageSwitch, openingResponse, sessionUpdate } from "./session-config.ts";
import { offerOpening, offerSection, runOfferTool } from "./offer-mode.ts";
import { callTenant, loadCallSetup, type CallPlan } from "./call-plan.ts";
import { CALL_CONTROL_TOOLS, isOfferTool, OFFER_CALL_TOOL_DEFINITIONS, TOOL_DEFINITIONS } from "./tool-schemas.ts";
import { clientMessaging } from "../../clients/messaging/compose.ts";
import { sendInBackground } from "../../clients/messaging/deliver.ts";
import { HAND_OVER, runTool, type ToolContext, type ToolOutcome } from "./tools.ts";

/** A failure that ends the call with a message for the caller. */
class CallFailure extends Error {
  constructor(
    readonly code: CallErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** What a call is set up from: the assistant, the salon, its services and its FAQ. */
/** How much of the caller's speech is kept while the model is being set up. */
const EARLY_AUDIO_MS = 5_000;

/**
 * One live call: the speech model's connection, the caller's channel, the receptionist's
 * tools and the call's record. The model is connected (and starts greeting) before a
 * channel is attached, so a phone call's greeting is ready when its media stream opens;
 * what the model says meanwhile is queued for the channel.
 */
export class LiveCall implements CallerEvents {
  private readonly db: Database;
  /** The language said to the caller: a phone call's is the salon's once it is known. */
  language: Language;
  private t: Translate;
  private model: WebSocket | null = null;
  /** Abandons the model's connection when the call ends while it is being made. */
  private readonly setUp = new AbortController();
  /** Whether the model has its instructions; the caller's audio waits in `early` until then. */
  private configured = false;
  private readonly early: string[] = [];
  private earlyMs = 0;
  private channel: CallerChannel | null = null;
  private readonly waiting: ((channel: CallerChannel) => void)[] = [];
  private readonly log: CallLog;
  private readonly pacer = new AudioPacer();
  private tools: ToolContext | null = null;
  private transferNumber: string | null = null;
  private salonPhone: string | null = null;
  private usage = NO_USAGE;
  private modelName: string | null = null;
  /** The language the model answers in: the greeting's, then the caller's. */
  private answering: Language = "en";
  private callerLanguage: Language | null = null;
  private readonly sentMs = new Map<string, number>();
  private readonly assistantText = new Map<string, string>();
  private readonly recorded = new Set<string>();
  private readonly truncated = new Set<string>();
  private toolRuns: Promise<void>[] = [];
  /** Set by end_call or a hand-over: how the call ends once the assistant has finished speaking. */
  private ending: { reason: CallEndReason; transferTo?: string; afterNextResponse: boolean } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private finished: Promise<void> | null = null;

  constructor(
    private readonly env: Bindings,
    private readonly plan: CallPlan,
  ) {
    this.db = database(env);
    this.language = plan.language;
    this.t = translator(plan.language);
    this.log = new CallLog(this.db, plan.target, plan.callId);
  }

  /**
   * Loads the assistant and the salon while the model is connected, then configures the
   * model and starts the greeting; answers whether the call is under way (else it has ended,
   * telling the caller why). A call that ends meanwhile goes no further.
   */
  async prepare(): Promise<boolean> {
    try {
      const apiKey = this.env.OPENAI_API_KEY;
      if (!apiKey) throw new CallFailure("not_configured", this.t("call.error.notConfigured", { setting: "OPENAI_API_KEY" }));
      this.timer = setTimeout(() => void this.finish("time_limit"), this.plan.maxSeconds * 1000);
      const loading = this.load();
      // An operator's OPENAI_REALTIME_MODEL runs every call; otherwise the assistant's choice does:
      // known at once when the set-up came with the plan (a browser call), else once it is loaded.
      this.modelName = this.env.OPENAI_REALTIME_MODEL || this.plan.setup?.assistant.model || (await loading).assistant.model;
      const [{ assistant, instructions, opening }] = await Promise.all([loading, this.connect(apiKey, this.modelName)]);
      if (this.finished) return false;
      this.toModel(sessionUpdate(assistant, instructions, this.plan.offerId ? OFFER_CALL_TOOL_DEFINITIONS : TOOL_DEFINITIONS));
      this.toModel(opening);
      this.configured = true;
      for (const audio of this.early.splice(0)) this.toModel({ type: "input_audio_buffer.append", audio });
      return true;
    } catch (error) {
      const failure = error instanceof CallFailure ? error : new CallFailure("internal", this.t("call.error.internal"));
      if (!(error instanceof CallFailure)) console.error("a call could not start", error);
      await this.finish("error", { code: failure.code, message: failure.message });
      return false;
    }
  }

  /**
   * The call's set-up, and the instructions rendered from it. A browser call's comes read
   * with its line's reservation; a phone call's is read here.
   */
  private async load() {
    const { target, offerId } = this.plan;
    // The client on the line: who calls in, or whom the salon called.
    const callerNumber = this.plan.direction === "outbound" ? this.plan.toNumber : this.plan.fromNumber !== "browser" ? this.plan.fromNumber : null;
    // A phone call's set-up and its caller (or the offer it was placed for) are read together; a browser call's set-up came with its line.
    const [setup, caller, offer] =
      this.plan.setup && !callerNumber
        ? [this.plan.setup, null, null]
        : await withTenant(this.db, callTenant(target), (scope) =>
            Promise.all([
              this.plan.setup ?? loadCallSetup(scope, target.assistantId),
              callerNumber && !offerId ? knownCaller(scope, callerNumber) : null,
              offerId ? offerOf(scope, offerId) : null,
            ]),
          );
    if (!setup || (offerId && !offer)) throw new CallFailure("not_found", this.t("call.error.notFound"));
    const { assistant, salon, services, faq } = setup;
    this.transferNumber = salon.transfer_phone_number;
    this.salonPhone = salon.phone;
    this.tools = {
      db: this.db,
      salonId: target.salonId,
      ownerId: target.ownerId,
      timeZone: salon.time_zone,
      country: salonCountry(salon, max),
      callerNumber,
      messaging: target.demo ? null : clientMessaging(this.env),
      callerLanguage: () => this.callerLanguage ?? this.answering,
      // The call's object lives on while the call does, long enough for a message or two.
      sendMessages: (ids) => sendInBackground(this.env, { waitUntil: (work) => void work }, { salonId: target.salonId, userId: target.ownerId }, ids),
    };

    const language = isLanguage(salon.language) ? salon.language : "en";
    // A phone caller hears the salon's language; a browser's screen keeps its own.
    if (this.isPhone) {
      this.language = language;
      this.t = translator(language);
    }
    // The owner's greeting is said word for word, so it is in the language the owner wrote it
    // in; an offer is made in the client's.
    this.answering = offer ? offer.language : (spokenLanguage(assistant.initial_greeting) ?? language);
    const instructions = [
      renderInstructions(assistant.system_prompt, { language, salon, services }),
      languageRule(this.answering),
      callFacts(salon.time_zone, callerNumber, this.plan.direction),
      ...(faq.length > 0 ? [faqSection(faq, language)] : []),
      ...(caller ? [returningCaller(caller, salon.time_zone)] : []),
      ...(offer ? [offerSection(offer, salon.name, salon.time_zone)] : []),
    ].join("\n\n");
    // Queued, not awaited: the record's writes land in order, and finish waits for them.
    void this.log.instructions(instructions);
    const opening = offer ? openingResponse(offerOpening(offer, salon.name, salon.time_zone, offer.language)) : greetingResponse(assistant.initial_greeting);
    return { assistant, instructions, opening };
  }

  /** Opens the model's socket; one that arrives after the call ended is closed at once. */
  private async connect(apiKey: string, modelName: string) {
    let model: WebSocket;
    try {
      model = await connectModel({ ...this.env, OPENAI_REALTIME_MODEL: modelName }, apiKey, this.setUp.signal);
    } catch (error) {
      if (this.finished) return;
      console.error((error as Error).message);
      // A phone caller hears a short apology; a browser shows what went wrong.
      throw new CallFailure("model_unavailable", this.t(this.isPhone ? "telephony.say.unavailable" : "call.error.modelUnavailable"));
    }
    if (this.finished) return closeQuietly(model);
    this.model = model;
    model.addEventListener("message", (event) => this.fromModel(event.data));
    model.addEventListener("close", () => void this.modelLost());
    model.addEventListener("error", () => void this.modelLost());
  }

  private get isPhone(): boolean {
    return "callSid" in this.plan;
  }

  /** Connects the caller. What the model said before this moment is played first. */
  attach(channel: CallerChannel) {
    this.channel = channel;
    for (const deliver of this.waiting.splice(0)) deliver(channel);
  }

  // CallerEvents

  audio(pcm16: string) {
    const ms = audioMs(pcm16);
    if (!this.pacer.admit(ms)) void this.finish("error", { code: "rate_limited", message: this.t("call.error.tooFast") });
    else if (this.configured) this.toModel({ type: "input_audio_buffer.append", audio: pcm16 });
    // A caller who speaks before the model is ready is heard once it is.
    else if (this.earlyMs + ms <= EARLY_AUDIO_MS) {
      this.early.push(pcm16);
      this.earlyMs += ms;
    }
  }

  hungUp() {
    void this.finish("caller_hung_up");
  }

  /**
   * Ends the call once: tells the caller, closes the model (or abandons its connection), and
   * completes the record: failed, completed, or canceled when the caller left during set-up.
   */
  finish(reason: CallEndReason, error?: { code: CallErrorCode; message: string }): Promise<void> {
    this.finished ??= (async () => {
      if (this.timer) clearTimeout(this.timer);
      this.setUp.abort();
      const channel = this.channel;
      if (channel) channel.end(reason, error);
      else this.waiting.push((late) => late.end(reason, error));
      const model = this.model;
      this.model = null;
      if (model) closeQuietly(model);
      // Words the model had begun to say but never finished are kept, marked as cut off.
      for (const [itemId, text] of this.assistantText) {
        if (!this.recorded.has(itemId) && text) this.log.message(itemId, "assistant", text, true);
      }
      await this.log.finish({
        status: error ? "failed" : this.configured ? "completed" : "canceled",
        usage: this.usage,
        cost: costOf(this.usage, pricesFor(this.modelName ?? DEFAULT_MODEL, this.env.REALTIME_PRICES)),
        model: this.modelName,
        language: this.callerLanguage,
        eurPerUsd: usdRates(this.env).EUR,
      });
      // Not awaited: the caller is gone, and a summary the instance does not live to write is the cron's.
      void summariseCall(this.env, this.plan.target, this.plan.callId);
    })();
    return this.finished;
  }

  private toCaller(deliver: (channel: CallerChannel) => void) {
    if (this.channel) deliver(this.channel);
    else this.waiting.push(deliver);
  }

  private toModel(event: SessionEvent) {
    if (this.model?.readyState !== WebSocket.OPEN) return;
    this.model.send(JSON.stringify(event));
  }

  private async modelLost() {
    if (!this.model) return;
    this.model = null;
    await this.finish("error", { code: "model_unavailable", message: this.t("call.error.modelLost") });
  }

  private fromModel(data: unknown) {
    const event = parseModelEvent(data);
    if (!event || this.finished) return;
    this.handle(event);
  }

  private handle(event: ModelEvent) {
    switch (event.type) {
      case "input_audio_buffer.speech_started":
        this.log.place(event.item_id);
        this.bargeIn();
        break;
      case "input_audio_buffer.committed":
        this.log.place(event.item_id);
        break;
      case "conversation.item.added":
      case "conversation.item.created":
      case "response.output_item.added":
        if (event.item.id) this.log.place(event.item.id);
        break;
      case "response.output_audio.delta": {
        // What is still on its way of an answer the caller cut off is not played.
        if (this.truncated.has(event.item_id)) break;
        this.sentMs.set(event.item_id, (this.sentMs.get(event.item_id) ?? 0) + audioMs(event.delta));
        this.toCaller((channel) => channel.play(event.item_id, event.delta));
        break;
      }
      case "response.output_audio_transcript.delta": {
        const text = (this.assistantText.get(event.item_id) ?? "") + event.delta;
        this.assistantText.set(event.item_id, text);
        this.toCaller((channel) => channel.transcript("assistant", event.item_id, text));
        break;
      }
      case "response.output_audio_transcript.done":
        this.assistantText.set(event.item_id, event.transcript);
        this.recorded.add(event.item_id);
        this.log.message(event.item_id, "assistant", event.transcript, this.truncated.has(event.item_id));
        this.toCaller((channel) => channel.transcript("assistant", event.item_id, event.transcript));
        break;
      case "conversation.item.input_audio_transcription.completed":
        this.heardLanguage(event.transcript);
        this.log.message(event.item_id, "user", event.transcript);
        this.toCaller((channel) => channel.transcript("user", event.item_id, event.transcript));
        break;
      case "response.function_call_arguments.done":
        this.toolRuns.push(this.runTool(event));
        break;
      case "response.done":
        this.usage = addUsage(this.usage, event.response.usage);
        void this.responseDone();
        break;
      case "error":
        // Most errors concern one request (a truncate after the audio ended, say); the call goes on.
        console.warn(`speech model error: ${event.error.message}`);
        break;
    }
  }

  /**
   * The caller spoke over the assistant: their playback is cleared, and each item not heard
   * to its end is truncated to what was heard and recorded as cut off. That may be an
   * earlier item than the newest, such as a filler line still playing when the answer after
   * it arrived; an answer not heard at all is truncated to nothing.
   */
  private bargeIn() {
    const channel = this.channel;
    if (!channel) return;
    const cut: [string, number][] = [];
    for (const [itemId, sent] of this.sentMs) {
      if (this.truncated.has(itemId)) continue;
      const heard = channel.heardMs(itemId);
      if (heard < sent - 1) cut.push([itemId, heard]);
    }
    if (cut.length === 0) return;
    channel.clear();
    for (const [itemId, heard] of cut) {
      this.truncated.add(itemId);
      this.toModel({ type: "conversation.item.truncate", item_id: itemId, content_index: 0, audio_end_ms: Math.floor(heard) });
      if (this.recorded.has(itemId)) this.log.message(itemId, "assistant", this.assistantText.get(itemId) ?? "", true);
    }
  }

  /** Follows the caller's language: recorded with the call, and the model told when it changes. */
  private heardLanguage(transcript: string) {
    const language = spokenLanguage(transcript);
    if (!language) return;
    this.callerLanguage = language;
    if (language === this.answering) return;
    this.answering = language;
    this.toModel(languageSwitch(language));
  }

  private async runTool(event: ResponseFunctionCallArgumentsDoneEvent) {
    const key = event.item_id;
    this.log.place(key);
    const outcome = await this.outcomeOf(event.name, event.arguments);
    this.log.functionCall(key, event.name, event.arguments, outcome);
    this.toModel({
      type: "conversation.item.create",
      item: { type: "function_call_output", call_id: event.call_id, output: JSON.stringify(outcome.ok ? outcome.result : { error: outcome.error }) },
    });
  }

  private async outcomeOf(name: string, args: string): Promise<ToolOutcome> {
    if (name === CALL_CONTROL_TOOLS.endCall) {
      this.ending = { reason: "assistant_ended", afterNextResponse: false };
      return { ok: true, result: { ending: true } };
    }
    if (name === CALL_CONTROL_TOOLS.handOver) {
      if (this.channel?.transfer && this.transferNumber) {
        this.ending = { reason: "handed_over", transferTo: this.transferNumber, afterNextResponse: true };
        return { ok: true, result: { transferring: true, instruction: HAND_OVER.transferring } };
      }
      if (this.channel?.kind === "browser") {
        this.ending = { reason: "assistant_ended", afterNextResponse: true };
        return { ok: true, result: { transferring: false, instruction: HAND_OVER.inBrowser(this.salonPhone) } };
      }
      return { ok: false, error: HAND_OVER.noTransferNumber(this.salonPhone) };
    }
    if (this.plan.offerId && isOfferTool(name)) return runOfferTool(this.tools!, this.plan.offerId, name);
    return runTool(this.tools!, name, args);
  }

  /** After a response: answer its tool calls, or end the call once the last words were heard. */
  private async responseDone() {
    const runs = this.toolRuns;
    this.toolRuns = [];
    await Promise.all(runs);
    const ending = this.ending;
    if (ending && !ending.afterNextResponse) {
      await this.channel?.drained();
      if (ending.transferTo && this.channel?.transfer) {
        try {
          await this.channel.transfer(ending.transferTo);
        } catch (error) {
          console.error("the hand-over failed", error);
        }
      }
      await this.finish(ending.reason);
      return;
    }
    if (ending) ending.afterNextResponse = false;
    if (runs.length > 0) this.toModel({ type: "response.create" });
  }
}

/** Facts of this call the instructions cannot hold: the salon's clock, and the caller's number on the phone. */
function callFacts(timeZone: string, callerNumber: string | null, direction: CallPlan["direction"]): string {
  const now = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(new Date());
  return [
    `# This call`,
    `- Now at the salon: ${now}. Dates for the tools are YYYY-MM-DD, times HH:MM on the salon's clock.`,
    !callerNumber
      ? `- The caller's number is not known: ask for it before booking.`
      : direction === "outbound"
        ? `- You called the client at ${callerNumber}. The tools use it when customer_phone is left out.`
        : `- The caller is calling from ${callerNumber}; confirm it rather than asking for it. The tools use it when customer_phone is left out.`,
  ].join("\n");
}

/** An FAQ longer than this is looked up with get_salon_faq rather than told in full. */
const FAQ_INLINE_CHARS = 6_000;

/**
 * The salon's answers to what callers asked before. Told in full while short; a long FAQ is
 * looked up question by question, so it does not crowd the instructions out.
 */
export function faqSection(faq: FaqEntry[], salonLanguage: Language): string {
  const entries = faq.map((entry) => `- Q: ${entry.question}\n  A: ${entry.answer}`);
  const rule = "Answer with these, in the caller's language. For a question about the salon that neither the salon's details nor these answer, say honestly that you do not know and offer that the salon gets back to the caller.";
  return entries.join("\n").length <= FAQ_INLINE_CHARS
    ? ["# The salon's answers to common questions", rule, ...entries].join("\n")
    : [
        "# The salon's answers to common questions",
        `The salon has answered ${faq.length} questions callers ask. Before saying you do not know something about the salon, look it up with get_salon_faq, asking in ${LANGUAGE_NAMES[salonLanguage]}, the language the answers are written in.`,
        rule,
      ].join("\n");
}

/**
 * What the salon knows of a returning caller, so they are greeted by name and asked about
 * their next visit rather than asked who they are. Names are the salon's data, quoted as such.
 */
function returningCaller(caller: KnownCaller, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long" });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const name = caller.name ? JSON.stringify(caller.name) : null;
  return [
    "# The caller",
    name ? `- This number belongs to a client of the salon: ${name}.` : "- This number belongs to a client of the salon whose name is not on record: ask for it before booking.",
    ...(caller.preferred_stylist ? [`- Their preferred stylist is ${JSON.stringify(caller.preferred_stylist)}: offer them first.`] : []),
    caller.upcoming.length > 0
      ? `- Their upcoming appointments: ${caller.upcoming.map((next) => `${day.format(next.start_at)} at ${time.format(next.start_at)}, ${next.services ?? "an appointment"} with ${next.stylist_name}`).join("; ")}.`
      : "- They have no upcoming appointment.",
    ...(name
      ? [
          `- After the greeting, call them by their first name${caller.upcoming.length > 0 ? " and ask whether they are calling about their next appointment" : ""}, without asking who they are; use this name with the tools. If they say they are someone else, believe them and ask for their name.`,
        ]
      : []),
  ].join("\n");
}
