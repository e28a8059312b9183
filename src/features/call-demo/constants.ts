/** Timings of the call demo (spec section 9); the live call reuses the socket and audio ones. */

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
/** Starting a call fails when the socket has not opened by then. */
export const SOCKET_OPEN_TIMEOUT_MS = 5000;
/** Keeps the call socket alive through proxies. */
export const PING_INTERVAL_MS = 30000;
/** The interruption flag clears after this long without a newer clear_audio. */
export const INTERRUPTION_RESET_MS = 300;
/** Until the live call exists, answering shows "Connecting..." this long before it fails. */
export const PLACEHOLDER_CONNECT_MS = 1200;
