import { CALL_LIMITS } from "../../../contract/call-socket.ts";

/**
 * Keeps a caller's audio to the pace of speech. A person's audio arrives at real time on
 * average; after a network stall it arrives in a burst, but never ahead of the time that has
 * passed. A caller whose audio since its first chunk runs more than `leadMs` ahead of
 * `speedup` times real time is sending faster than anyone speaks, and is refused.
 */
export class AudioPacer {
  private firstAt: number | null = null;
  private receivedMs = 0;

  constructor(
    private readonly limits: { speedup: number; leadMs: number } = { speedup: CALL_LIMITS.audioSpeedup, leadMs: CALL_LIMITS.audioLeadMs },
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a chunk of `ms` milliseconds of audio; false when it would put the caller too far ahead. */
  admit(ms: number): boolean {
    const now = this.now();
    this.firstAt ??= now;
    if (this.receivedMs + ms > (now - this.firstAt) * this.limits.speedup + this.limits.leadMs) return false;
    this.receivedMs += ms;
    return true;
  }
}
