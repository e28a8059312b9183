import type { ResponseFunctionCallArgumentsDoneEvent } from "openai/resources/realtime/realtime";
import { renderInstructions } from "../../contract/assistant-instructions.ts";
import max from "libphonenumber-js/max/metadata";
import type { CallEndReason, CallErrorCode } from "../../contract/call-socket.ts";
import { isLanguage, type Language } from "../../contract/languages.ts";
import { DEFAULT_MODEL } from "../../contract/models.ts";
import { salonCountry } from "../../contract/phone.ts";
import { spokenLanguage } from "../../contract/spoken-language.ts";
import { eurPerUsd } from "../currency.ts";
import { callAssistant } from "../data/assistants.ts";
import { database, type Database } from "../data/db.ts";
import { salonProfile } from "../data/salons.ts";
import { listServices } from "../data/services.ts";
import { withTenant } from "../data/tenant.ts";
import type { Bindings } from "../env.ts";
import { translator, type Translate } from "../messages/index.ts";
import { AudioPacer } from "./audio-pacer.ts";
import { audioMs, type CallerChannel, type CallerEvents } from "./caller-channel.ts";
import { CallLog } from "./call-log.ts";
import { addUsage, costOf, NO_USAGE, pricesFor } from "./pricing.ts";
import { connectModel, ModelUnavailable, parseModelEvent, type ModelEvent, type SessionEvent } from "./realtime.ts";
import { greetingResponse, languageRule, languageSwitch, sessionUpdate } from "./session-config.ts";
import { callTenant, type CallPlan } from "./session-client.ts";
import { CALL_CONTROL_TOOLS } from "./tool-schemas.ts";
import { runTool, type ToolContext, type ToolOutcome } from "./tools.ts";

/** A failure that ends the call with a message for the caller. */
class CallFailure extends Error {
  constructor(
    readonly code: CallErrorCode,
    message: string,
  ) {
    super(message);
  }
}


/**
 * One live call: the speech model's connection, the caller's channel, the receptionist's
 * tools and the call's record. The model is connected (and starts greeting) before a
 * channel is attached, so a phone call's greeting is ready when its media stream opens;
 * what the model says meanwhile is queued for the channel.
 */
export class LiveCall implements CallerEvents {
  private readonly db: Database;
  private readonly t: Translate;
  private model: WebSocket | null = null;
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
  private speaking: string | null = null;
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
    this.t = translator(plan.language);
    this.log = new CallLog(this.db, plan.target, plan.callId);
  }

  /**
   * Loads the assistant and the salon, connects the model and starts the greeting; answers
   * whether the call is under way (else it has ended, telling the caller why).
   */
  async prepare(): Promise<boolean> {
    try {
      const apiKey = this.env.OPENAI_API_KEY;
      if (!apiKey) throw new CallFailure("not_configured", this.t("call.error.notConfigured", { setting: "OPENAI_API_KEY" }));
      const { target } = this.plan;
      const { assistant, salon, services } = await withTenant(this.db, callTenant(target), async (scope) => ({
        assistant: await callAssistant(scope, target.assistantId),
        salon: await salonProfile(scope),
        services: await listServices(scope),
      }));
      if (!assistant || !salon) throw new CallFailure("not_found", this.t("call.error.notFound"));
      this.transferNumber = salon.transfer_phone_number;
      this.salonPhone = salon.phone;
      this.tools = { db: this.db, salonId: target.salonId, ownerId: target.ownerId, timeZone: salon.time_zone, country: salonCountry(salon, max) };

      const language = isLanguage(salon.language) ? salon.language : "en";
      // The greeting is said word for word, so it is in the language the owner wrote it in.
      this.answering = spokenLanguage(assistant.initial_greeting) ?? language;
      // An operator's OPENAI_REALTIME_MODEL runs every call; otherwise the assistant's choice does.
      this.modelName = this.env.OPENAI_REALTIME_MODEL || assistant.model;
      const instructions = [
        renderInstructions(assistant.system_prompt, { language, salon, services }),
        languageRule(this.answering),
        callFacts(salon.time_zone, this.plan.direction === "inbound" && this.plan.fromNumber !== "browser" ? this.plan.fromNumber : null),
      ].join("\n\n");

      await this.log.instructions(instructions);
      this.timer = setTimeout(() => void this.finish("time_limit"), this.plan.maxSeconds * 1000);

      try {
        this.model = await connectModel({ ...this.env, OPENAI_REALTIME_MODEL: this.modelName }, apiKey);
      } catch (error) {
        if (error instanceof ModelUnavailable) console.error(error.message);
        throw new CallFailure("model_unavailable", this.t("call.error.modelUnavailable"));
      }
      this.model.addEventListener("message", (event) => this.fromModel(event.data));
      this.model.addEventListener("close", () => void this.modelLost());
      this.model.addEventListener("error", () => void this.modelLost());
      this.toModel(sessionUpdate(assistant, instructions));
      this.toModel(greetingResponse(assistant.initial_greeting));
      return true;
    } catch (error) {
      const failure = error instanceof CallFailure ? error : new CallFailure("internal", this.t("call.error.internal"));
      if (!(error instanceof CallFailure)) console.error("a call could not start", error);
      await this.finish("error", { code: failure.code, message: failure.message });
      return false;
    }
  }

  /** Connects the caller. What the model said before this moment is played first. */
  attach(channel: CallerChannel) {
    this.channel = channel;
    for (const deliver of this.waiting.splice(0)) deliver(channel);
  }

  // CallerEvents

  audio(pcm16: string) {
    if (this.pacer.admit(audioMs(pcm16))) this.toModel({ type: "input_audio_buffer.append", audio: pcm16 });
    else void this.finish("error", { code: "rate_limited", message: this.t("call.error.tooFast") });
  }

  hungUp() {
    void this.finish("caller_hung_up");
  }

  /** Ends the call once: tells the caller, closes the model, and completes the record. */
  finish(reason: CallEndReason, error?: { code: CallErrorCode; message: string }): Promise<void> {
    this.finished ??= (async () => {
      if (this.timer) clearTimeout(this.timer);
      const channel = this.channel;
      if (channel) channel.end(reason, error);
      else this.waiting.push((late) => late.end(reason, error));
      const model = this.model;
      this.model = null;
      try {
        model?.close(1000, "call ended");
      } catch {
        /* already closed */
      }
      // Words the model had begun to say but never finished are kept, marked as cut off.
      for (const [itemId, text] of this.assistantText) {
        if (!this.recorded.has(itemId) && text) this.log.message(itemId, "assistant", text, true);
      }
      await this.log.finish({
        status: error ? "failed" : "completed",
        usage: this.usage,
        cost: costOf(this.usage, pricesFor(this.modelName ?? DEFAULT_MODEL, this.env.REALTIME_PRICES)),
        model: this.modelName,
        language: this.callerLanguage,
        eurPerUsd: eurPerUsd(this.env.EUR_PER_USD),
      });
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
        this.speaking = event.item_id;
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
   * The caller spoke over the assistant: their playback is cleared and the model is told
   * how much of its answer was heard, so the conversation remembers only that part.
   */
  private bargeIn() {
    const itemId = this.speaking;
    const channel = this.channel;
    if (!itemId || !channel) return;
    const heard = channel.heardMs(itemId);
    const sent = this.sentMs.get(itemId) ?? 0;
    if (heard >= sent - 1) return;
    channel.clear();
    this.speaking = null;
    this.truncated.add(itemId);
    this.toModel({ type: "conversation.item.truncate", item_id: itemId, content_index: 0, audio_end_ms: Math.floor(heard) });
    if (this.recorded.has(itemId)) this.log.message(itemId, "assistant", this.assistantText.get(itemId) ?? "", true);
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
        return { ok: true, result: { transferring: true, instruction: "Tell the caller in one short sentence that you are putting them through now." } };
      }
      if (this.channel?.kind === "browser") {
        this.ending = { reason: "assistant_ended", afterNextResponse: true };
        return {
          ok: true,
          result: {
            transferring: false,
            instruction: `This call is in a web browser, so it cannot be put through to a person. Explain that briefly${
              this.salonPhone ? `, give the salon's number ${this.salonPhone}` : ""
            }, and say goodbye.`,
          },
        };
      }
      return { ok: false, error: "No number for transfers is set. Offer to take a message (name, number, what they need) instead." };
    }
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
function callFacts(timeZone: string, callerNumber: string | null): string {
  const now = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(new Date());
  return [
    `# This call`,
    `- Now at the salon: ${now}. Dates for the tools are YYYY-MM-DD, times HH:MM on the salon's clock.`,
    callerNumber ? `- The caller is calling from ${callerNumber}; confirm it rather than asking for it.` : `- The caller's number is not known: ask for it before booking.`,
  ].join("\n");
}
