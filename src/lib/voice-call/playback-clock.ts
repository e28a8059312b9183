import { PLAYBACK_LEAD_S } from "./constants.ts";

/** An item's buffers not yet played to their end, and the seconds of those that were. */
interface ItemPlayback {
  done: number;
  pending: { start: number; duration: number }[];
  reportedMs: number;
}

/**
 * Gapless playback: each buffer of the assistant's voice starts exactly where the one before
 * ends. When the queue has run dry (or was cleared) the next buffer starts a short lead after
 * now. Times are in seconds on the audio context's clock. Buffers of a named item are
 * followed, so the page can tell the server how much of each item has really been played.
 */
export class PlaybackClock {
  private queuedUntil = 0;
  private readonly items = new Map<string, ItemPlayback>();

  constructor(private readonly lead = PLAYBACK_LEAD_S) {}

  /** The start time for a buffer of `duration` seconds arriving at `now`, part of item `itemId` if given. */
  schedule(now: number, duration: number, itemId?: string): number {
    const start = this.queuedUntil > now ? this.queuedUntil : now + this.lead;
    this.queuedUntil = start + duration;
    if (itemId) {
      let item = this.items.get(itemId);
      if (!item) this.items.set(itemId, (item = { done: 0, pending: [], reportedMs: 0 }));
      item.pending.push({ start, duration });
    }
    return start;
  }

  /** Milliseconds played at `now` of each item that has begun playing, for those whose figure changed since the last call. */
  progress(now: number): { itemId: string; ms: number }[] {
    const changed: { itemId: string; ms: number }[] = [];
    for (const [itemId, item] of this.items) {
      if (item.pending.length === 0) continue;
      let playing = 0;
      while (item.pending.length > 0 && now >= item.pending[0]!.start + item.pending[0]!.duration) item.done += item.pending.shift()!.duration;
      if (item.pending.length > 0) playing = Math.max(0, now - item.pending[0]!.start);
      const ms = Math.round((item.done + playing) * 1000);
      if (ms === item.reportedMs) continue;
      item.reportedMs = ms;
      changed.push({ itemId, ms });
    }
    return changed;
  }

  /** Forgets the queue (after the queued buffers were stopped). */
  reset() {
    this.queuedUntil = 0;
    this.items.clear();
  }
}
