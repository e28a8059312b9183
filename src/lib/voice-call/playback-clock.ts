import { PLAYBACK_LEAD_S } from "./constants.ts";

/**
 * Gapless playback: each buffer of the assistant's voice starts exactly where the one before
 * ends. When the queue has run dry (or was cleared) the next buffer starts a short lead after
 * now. Times are in seconds on the audio context's clock.
 */
export class PlaybackClock {
  private queuedUntil = 0;

  constructor(private readonly lead = PLAYBACK_LEAD_S) {}

  /** The start time for a buffer of `duration` seconds arriving at `now`. */
  schedule(now: number, duration: number): number {
    const start = this.queuedUntil > now ? this.queuedUntil : now + this.lead;
    this.queuedUntil = start + duration;
    return start;
  }

  /** Forgets the queue (after the queued buffers were stopped). */
  reset() {
    this.queuedUntil = 0;
  }
}
