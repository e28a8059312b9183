/** Timings of the browser call (public site spec, section 9), shared by the call demo and the test call. */

/** Starting a call fails when the audio context is not running, or the socket not open, by then. */
export const SOCKET_OPEN_TIMEOUT_MS = 5000;
/** Keeps the call socket alive through proxies. */
export const PING_INTERVAL_MS = 30000;
/** After a clear_audio, arriving audio is dropped until this long has passed without a newer one. */
export const INTERRUPTION_RESET_MS = 300;
/** When nothing is queued, the next audio starts this many seconds ahead, so network jitter does not cut it. */
export const PLAYBACK_LEAD_S = 0.05;
/** How often the page tells the server how much of each item of the assistant's speech it has played. */
export const PLAYBACK_REPORT_MS = 100;

/** The capture worklet's processor name, for `new AudioWorkletNode(context, CAPTURE_PROCESSOR)`. */
export const CAPTURE_PROCESSOR = "call-capture";

/** The capture worklet's processorOptions. */
export interface CaptureOptions {
  /** The rate the socket wants (24000). */
  targetRate: number;
  /** Samples per posted buffer (4096). */
  bufferSamples: number;
}
