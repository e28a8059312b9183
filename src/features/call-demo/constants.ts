/** Timings of the call demo (spec section 9); the call's own (socket wait, ping, interruption) are in lib/voice-call/constants.ts. */

/** The "..." after "Incoming call" gains a dot this often. */
export const DOTS_TICK_MS = 600;
/** The hero phone rings for this long ... */
export const HERO_ANIMATION_MS = 8000;
/** ... then rests this long before ringing again. */
export const HERO_ANIMATION_PAUSE_MS = 600;
/** A call error stays in the phone this long, then the call rings again. */
export const CALL_ERROR_DISPLAY_MS = 3000;
/** The active call's caption shows at most this many characters of the last assistant message. */
export const CAPTION_MAX = 80;
