import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { ASSISTANT_MODELS, DEFAULT_MODEL } from "./models.ts";
import { fromJson, requiredText } from "./text.ts";

/** The speech model's voices; coral is the default. */
export const VOICES = ["alloy", "ash", "ballad", "coral", "echo", "sage", "shimmer", "verse"] as const;
export type Voice = (typeof VOICES)[number];
export const DEFAULT_VOICE: Voice = "coral";

/** Ranges shared by the API's checks and the editor's sliders and inputs. */
export const ASSISTANT_LIMITS = {
  nameLength: 80,
  instructionsLength: 20_000,
  greetingLength: 500,
  temperature: { min: 0.6, max: 1, step: 0.1, default: 0.7 },
  maxTokens: { min: 100, max: 4096, default: 1500 },
  threshold: { min: 0, max: 1, step: 0.1 },
  prefixPaddingMs: { min: 0, max: 2000 },
  silenceDurationMs: { min: 100, max: 5000 },
} as const;

export interface VadSettings {
  threshold: number;
  prefix_padding_ms: number;
  silence_duration_ms: number;
  create_response: boolean;
}

export const DEFAULT_VAD_SETTINGS: VadSettings = { threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 700, create_response: true };

const between = (min: number, max: number, error: string) => [z.gte(min, { error }), z.lte(max, { error })] as const;
const { temperature, maxTokens, threshold, prefixPaddingMs, silenceDurationMs } = ASSISTANT_LIMITS;

const vadSettings = fromJson(
  z.object(
    {
      threshold: z._default(
        z.number({ error: "validation.assistant.threshold" }).check(...between(threshold.min, threshold.max, "validation.assistant.threshold")),
        DEFAULT_VAD_SETTINGS.threshold,
      ),
      prefix_padding_ms: z._default(
        z.int({ error: "validation.assistant.prefixPadding" }).check(
          ...between(prefixPaddingMs.min, prefixPaddingMs.max, "validation.assistant.prefixPadding"),
        ),
        DEFAULT_VAD_SETTINGS.prefix_padding_ms,
      ),
      silence_duration_ms: z._default(
        z.int({ error: "validation.assistant.silenceDuration" }).check(
          ...between(silenceDurationMs.min, silenceDurationMs.max, "validation.assistant.silenceDuration"),
        ),
        DEFAULT_VAD_SETTINGS.silence_duration_ms,
      ),
      create_response: z._default(z.boolean({ error: "validation.boolean" }), DEFAULT_VAD_SETTINGS.create_response),
    },
    { error: "validation.assistant.vadSettings" },
  ),
);

/**
 * An assistant as created and updated. Left out, the instructions and the greeting are the
 * defaults in the caller's language (the API fills them in); sent, they must not be blank.
 */
export const assistantConfigSchema = requestBody({
  name: requiredText(ASSISTANT_LIMITS.nameLength, "validation.assistant.name"),
  voice_name: z._default(z.enum(VOICES, { error: "validation.assistant.voice" }), DEFAULT_VOICE),
  model: z._default(z.enum(ASSISTANT_MODELS, { error: "validation.assistant.model" }), DEFAULT_MODEL),
  temperature: z._default(
    z.number({ error: "validation.assistant.temperature" }).check(...between(temperature.min, temperature.max, "validation.assistant.temperature")),
    temperature.default,
  ),
  max_tokens: z._default(
    z.int({ error: "validation.assistant.maxTokens" }).check(...between(maxTokens.min, maxTokens.max, "validation.assistant.maxTokens")),
    maxTokens.default,
  ),
  system_prompt: z.optional(requiredText(ASSISTANT_LIMITS.instructionsLength, "validation.assistant.instructions")),
  initial_greeting: z.optional(requiredText(ASSISTANT_LIMITS.greetingLength, "validation.assistant.greeting")),
  vad_settings: z._default(vadSettings, DEFAULT_VAD_SETTINGS),
  is_active: z._default(z.boolean({ error: "validation.boolean" }), true),
});
export type AssistantConfigBody = z.output<typeof assistantConfigSchema>;

export interface AssistantConfig extends Required<AssistantConfigBody> {
  id: string;
  /** Read only: whether one of the salon's phone numbers rings this assistant. */
  phone_connection: boolean;
}
