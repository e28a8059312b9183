import type { Voice } from "../../../../contract/assistants.ts";

/** The speech model's voices are names (Alloy, Coral, ...); they read the same in every language. */
export const voiceLabel = (voice: Voice) => voice.charAt(0).toUpperCase() + voice.slice(1);
