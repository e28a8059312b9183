/**
 * The speech models calls run on. Every model a call may have used is listed, so its cost
 * can be read; an assistant chooses between the two current ones: the best quality, or a
 * lower cost.
 */
export const REALTIME_MODELS = ["gpt-realtime-2.1", "gpt-realtime-2.1-mini", "gpt-realtime-2", "gpt-realtime-1.5", "gpt-realtime"] as const;
export type RealtimeModel = (typeof REALTIME_MODELS)[number];

export const ASSISTANT_MODELS = ["gpt-realtime-2.1", "gpt-realtime-2.1-mini"] as const satisfies readonly RealtimeModel[];
export type AssistantModel = (typeof ASSISTANT_MODELS)[number];
export const DEFAULT_MODEL: AssistantModel = "gpt-realtime-2.1";

/** What the Basic Info tab offers: each model with what a typical minute of a call costs on it. */
export interface ModelOffer {
  model: AssistantModel;
  tier: "quality" | "economy";
  /** Euros, at the rate costs are stored with. */
  eur_per_minute: number;
}

export const MODEL_TIERS: Record<AssistantModel, ModelOffer["tier"]> = {
  "gpt-realtime-2.1": "quality",
  "gpt-realtime-2.1-mini": "economy",
};

export function isRealtimeModel(value: unknown): value is RealtimeModel {
  return typeof value === "string" && (REALTIME_MODELS as readonly string[]).includes(value);
}
