import { DEFAULT_GREETINGS, DEFAULT_INSTRUCTIONS } from "../../../contract/assistant-instructions.ts";
import { ASSISTANT_LIMITS, DEFAULT_VAD_SETTINGS, DEFAULT_VOICE, type AssistantConfig, type Voice } from "../../../contract/assistants.ts";
import type { Language } from "../../../contract/languages.ts";
import { DEFAULT_MODEL, type AssistantModel } from "../../../contract/models.ts";

/** The id of the one assistant that exists only in the browser until it is saved. */
export const TEMP_ID = "temp-new";

/** An assistant as edited. Millisecond fields stay text while typed, so a cleared input is not 0. */
export interface AssistantDraft {
  name: string;
  voice_name: Voice;
  model: AssistantModel;
  temperature: number;
  system_prompt: string;
  initial_greeting: string;
  threshold: number;
  prefix_padding_ms: string;
  silence_duration_ms: string;
  /** Not edited here; kept as loaded. */
  max_tokens: number;
  is_active: boolean;
  create_response: boolean;
}

export const toDraft = (config: AssistantConfig): AssistantDraft => ({
  name: config.name,
  voice_name: config.voice_name,
  model: config.model,
  temperature: config.temperature,
  system_prompt: config.system_prompt,
  initial_greeting: config.initial_greeting,
  threshold: config.vad_settings.threshold,
  prefix_padding_ms: String(config.vad_settings.prefix_padding_ms),
  silence_duration_ms: String(config.vad_settings.silence_duration_ms),
  max_tokens: config.max_tokens,
  is_active: config.is_active,
  create_response: config.vad_settings.create_response,
});

/** A new assistant: the spec's defaults, with the salon receptionist's instructions and greeting in the interface language. */
export const newDraft = (name: string, language: Language): AssistantDraft => ({
  name,
  voice_name: DEFAULT_VOICE,
  model: DEFAULT_MODEL,
  temperature: ASSISTANT_LIMITS.temperature.default,
  system_prompt: DEFAULT_INSTRUCTIONS[language],
  initial_greeting: DEFAULT_GREETINGS[language],
  threshold: DEFAULT_VAD_SETTINGS.threshold,
  prefix_padding_ms: String(DEFAULT_VAD_SETTINGS.prefix_padding_ms),
  silence_duration_ms: String(DEFAULT_VAD_SETTINGS.silence_duration_ms),
  max_tokens: ASSISTANT_LIMITS.maxTokens.default,
  is_active: true,
  create_response: DEFAULT_VAD_SETTINGS.create_response,
});

// An empty number must fail the contract's check instead of taking its default.
const whole = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));

/** What the form sends; the contract checks it before it goes. */
export const toBody = (draft: AssistantDraft) => ({
  name: draft.name,
  voice_name: draft.voice_name,
  model: draft.model,
  temperature: draft.temperature,
  max_tokens: draft.max_tokens,
  system_prompt: draft.system_prompt,
  initial_greeting: draft.initial_greeting,
  vad_settings: {
    threshold: draft.threshold,
    prefix_padding_ms: whole(draft.prefix_padding_ms),
    silence_duration_ms: whole(draft.silence_duration_ms),
    create_response: draft.create_response,
  },
  is_active: draft.is_active,
});

/** The editor's tabs, and which one shows each field the contract may complain about. */
export const TABS = ["basic", "behavior", "voice"] as const;
export type Tab = (typeof TABS)[number];

export function tabOf(field: string): Tab {
  if (field === "name" || field === "voice_name" || field === "model") return "basic";
  if (field.startsWith("vad_settings")) return "voice";
  return "behavior";
}
