import { describe, expect, it } from "vitest";
import { AudioPacer } from "../../worker/calls/engine/audio-pacer.ts";

/** A pacer at 1.5 times real time with a second's lead, on a clock the test moves. */
function pacer() {
  let now = 0;
  const paced = new AudioPacer({ speedup: 1.5, leadMs: 1000 }, () => now);
  return { admit: (ms: number) => paced.admit(ms), wait: (ms: number) => void (now += ms) };
}

describe("the caller's audio pace", () => {
  it("lets a caller speaking in real time talk for as long as the call lasts", () => {
    const { admit, wait } = pacer();
    for (let chunk = 0; chunk < 6000; chunk++) {
      expect(admit(170)).toBe(true);
      wait(170);
    }
  });

  it("lets through the burst that follows a network stall, since the stalled time has passed", () => {
    const { admit, wait } = pacer();
    expect(admit(170)).toBe(true);
    wait(5000);
    for (let chunk = 0; chunk < 30; chunk++) expect(admit(170)).toBe(true);
  });

  it("refuses a caller more than the lead ahead of 1.5 times real time, and counts no refused audio", () => {
    const { admit, wait } = pacer();
    // At once: a second of lead, then nothing more.
    for (let chunk = 0; chunk < 5; chunk++) expect(admit(200)).toBe(true);
    expect(admit(200)).toBe(false);
    // Exactly 1.5 times real time from there on is let through.
    for (let chunk = 0; chunk < 100; chunk++) {
      wait(200);
      expect(admit(300)).toBe(true);
    }
    expect(admit(1)).toBe(false);
  });

  it("refuses a flood within its first second", () => {
    const { admit, wait } = pacer();
    let admitted = 0;
    let elapsed = 0;
    while (admit(170)) {
      admitted += 170;
      wait(1);
      elapsed += 1;
    }
    expect(elapsed).toBeLessThan(1000);
    expect(admitted).toBeLessThanOrEqual(1.5 * elapsed + 1000);
  });
});
