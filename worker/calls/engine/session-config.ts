import type { ConversationItemCreateEvent, RealtimeFunctionTool, ResponseCreateEvent, SessionUpdateEvent } from "openai/resources/realtime/realtime";
import { CALL_AUDIO } from "../../../contract/call-socket.ts";
import type { Language } from "../../../contract/languages.ts";
import type { CallAssistant } from "../../data/assistants.ts";
import { TOOL_DEFINITIONS } from "./tool-schemas.ts";

/** Transcribes the caller's words for the record and the live transcript. */
const TRANSCRIPTION_MODEL = "gpt-4o-mini-transcribe";

const PCM = { type: "audio/pcm", rate: CALL_AUDIO.sampleRate } as const;

/**
 * The model's session for one call, from the assistant's settings. The GA Realtime
 * session has no temperature (the model samples at its own fixed setting), so the
 * assistant's temperature is kept for the owner but not sent.
 */
export function sessionUpdate(assistant: CallAssistant, instructions: string, tools: RealtimeFunctionTool[] = TOOL_DEFINITIONS): SessionUpdateEvent {
  const vad = assistant.vad_settings;
  return {
    type: "session.update",
    session: {
      type: "realtime",
      output_modalities: ["audio"],
      instructions,
      max_output_tokens: assistant.max_tokens,
      audio: {
        input: {
          format: PCM,
          transcription: { model: TRANSCRIPTION_MODEL },
          turn_detection: {
            type: "server_vad",
            threshold: vad.threshold,
            prefix_padding_ms: vad.prefix_padding_ms,
            silence_duration_ms: vad.silence_duration_ms,
            create_response: vad.create_response,
            interrupt_response: true,
          },
        },
        output: { format: PCM, voice: assistant.voice_name },
      },
      tools,
      tool_choice: "auto",
    },
  };
}

/** The assistant speaks first, with the owner's greeting word for word. */
export const greetingResponse = (greeting: string): ResponseCreateEvent =>
  openingResponse(`Start the call by saying exactly this, and nothing else: "${greeting}"`);

/** The assistant speaks first, as `instructions` say: a call the salon placed opens with why it calls. */
export function openingResponse(instructions: string): ResponseCreateEvent {
  return { type: "response.create", response: { instructions } };
}

/** Languages as the instructions, which are in English, name them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "German", cs: "Czech" };

/**
 * The rule on languages, added to every call's instructions whatever the owner wrote: the
 * greeting in its own language, then the caller's.
 */
export function languageRule(greetingLanguage: Language): string {
  return [
    "# Language",
    `- The greeting is in ${LANGUAGE_NAMES[greetingLanguage]}.`,
    "- After it, always answer in the language the caller speaks (English, German, Czech or any other), and when the caller changes language, change with them at once.",
    "- Keep names, numbers, prices and times exactly as they are when you change language.",
  ].join("\n");
}

/** Tells the model the caller now speaks another language, so the next answers are in it. */
export function languageSwitch(language: Language): ConversationItemCreateEvent {
  return {
    type: "conversation.item.create",
    item: {
      type: "message",
      role: "system",
      content: [{ type: "input_text", text: `The caller is now speaking ${LANGUAGE_NAMES[language]}. Answer in ${LANGUAGE_NAMES[language]} from now on, until they change language again.` }],
    },
  };
}
