import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64 } from "../../src/lib/voice-call/base64.ts";
import { LinearResampler, SampleChunker, downmix, floatToPcm16, pcm16ToFloat } from "../../src/lib/voice-call/pcm.ts";
import { PlaybackClock } from "../../src/lib/voice-call/playback-clock.ts";
import { callSocketUrl } from "../../src/lib/voice-call/socket-url.ts";

const int16s = (bytes: Uint8Array) => Array.from({ length: bytes.length / 2 }, (_, i) => new DataView(bytes.buffer).getInt16(i * 2, true));

describe("PCM16 conversion", () => {
  it("writes little-endian 16-bit samples, clipping beyond full scale", () => {
    const bytes = floatToPcm16(new Float32Array([0, 1, -1, 0.5, -0.5, 2, -3]));
    expect(bytes).toHaveLength(14);
    expect(int16s(bytes)).toEqual([0, 32767, -32768, 16384, -16384, 32767, -32768]);
    // Little endian: 32767 is ff 7f.
    expect([bytes[2], bytes[3]]).toEqual([0xff, 0x7f]);
  });

  it("reads PCM16 back to floats, ignoring a trailing half sample", () => {
    const samples = pcm16ToFloat(new Uint8Array([0x00, 0x40, 0x00, 0x80, 0xff, 0x7f, 0x12]));
    expect(Array.from(samples)).toEqual([0.5, -1, 32767 / 32768]);
  });

  it("reads from a view into a larger buffer", () => {
    const whole = new Uint8Array([9, 0x00, 0x40, 9]);
    expect(Array.from(pcm16ToFloat(whole.subarray(1, 3)))).toEqual([0.5]);
  });

  it("survives a round trip within one step", () => {
    const input = new Float32Array([0.1, -0.25, 0.999, -0.001]);
    const output = pcm16ToFloat(floatToPcm16(input));
    input.forEach((value, i) => expect(output[i]).toBeCloseTo(value, 4));
  });
});

describe("downmix", () => {
  it("averages the channels, and passes one channel through", () => {
    const mono = new Float32Array([0.5, 0.25]);
    expect(downmix([mono])).toBe(mono);
    expect(Array.from(downmix([new Float32Array([1, 0.5]), new Float32Array([0, -0.5])]))).toEqual([0.5, 0]);
    expect(downmix([])).toHaveLength(0);
  });
});

describe("LinearResampler", () => {
  it("passes the signal through at the same rate", () => {
    const block = new Float32Array([1, 2, 3]);
    expect(new LinearResampler(24000, 24000).process(block)).toBe(block);
  });

  it("halves 48 kHz to 24 kHz without a seam between blocks", () => {
    const resampler = new LinearResampler(48000, 24000);
    const ramp = Float32Array.from({ length: 256 }, (_, i) => i);
    const out = [...resampler.process(ramp.subarray(0, 128)), ...resampler.process(ramp.subarray(128))];
    expect(out).toEqual(Array.from({ length: 128 }, (_, i) => i * 2));
  });

  it("interpolates 44.1 kHz across block boundaries", () => {
    const resampler = new LinearResampler(44100, 24000);
    const ramp = Float32Array.from({ length: 44100 }, (_, i) => i / 44100);
    const out: number[] = [];
    for (let offset = 0; offset < ramp.length; offset += 128) out.push(...resampler.process(ramp.subarray(offset, offset + 128)));
    // One second in, one second out (give or take the last sample).
    expect(Math.abs(out.length - 24000)).toBeLessThanOrEqual(1);
    // A ramp stays a ramp: each output is its time in seconds.
    out.forEach((value, i) => expect(value).toBeCloseTo(i / 24000, 6));
  });
});

describe("SampleChunker", () => {
  it("hands on full buffers of the given size only", () => {
    const chunks: number[][] = [];
    const chunker = new SampleChunker(4, (chunk) => chunks.push(Array.from(chunk)));
    chunker.push(new Float32Array([1, 2, 3]));
    expect(chunks).toEqual([]);
    chunker.push(new Float32Array([4, 5, 6, 7, 8, 9, 10]));
    expect(chunks).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    chunker.push(new Float32Array([11, 12]));
    expect(chunks[2]).toEqual([9, 10, 11, 12]);
  });

  it("makes 4096-sample buffers of 128-frame blocks: one every 32 blocks", () => {
    let count = 0;
    const chunker = new SampleChunker(4096, (chunk) => {
      expect(chunk).toHaveLength(4096);
      count++;
    });
    for (let block = 0; block < 64; block++) chunker.push(new Float32Array(128));
    expect(count).toBe(2);
  });
});

describe("base64", () => {
  it("matches Node's coder both ways, also for a long buffer", () => {
    for (const length of [0, 1, 2, 3, 8192, 100_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) & 0xff);
      const text = bytesToBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString("base64"));
      expect(Array.from(base64ToBytes(text))).toEqual(Array.from(bytes));
    }
  });

  it("refuses text that is not base64", () => {
    expect(() => base64ToBytes("not base64!")).toThrow();
  });
});

describe("PlaybackClock", () => {
  it("starts a short lead after now when nothing is queued, then plays buffers back to back", () => {
    const clock = new PlaybackClock(0.05);
    expect(clock.schedule(1, 0.2)).toBeCloseTo(1.05);
    expect(clock.schedule(1.01, 0.2)).toBeCloseTo(1.25);
    expect(clock.schedule(1.3, 0.1)).toBeCloseTo(1.45);
  });

  it("starts afresh once the queue has run dry or was reset", () => {
    const clock = new PlaybackClock(0.05);
    clock.schedule(0, 0.1);
    expect(clock.schedule(2, 0.1)).toBeCloseTo(2.05);
    clock.reset();
    expect(clock.schedule(2.01, 0.1)).toBeCloseTo(2.06);
  });

  it("tells how much of each item has played, once it has begun and whenever the figure changes", () => {
    const clock = new PlaybackClock(0.05);
    clock.schedule(1, 0.2, "filler");
    clock.schedule(1, 0.2, "filler");
    clock.schedule(1.1, 0.3, "answer");
    // The filler plays from 1.05 to 1.45, the answer after it.
    expect(clock.progress(1)).toEqual([]);
    expect(clock.progress(1.3)).toEqual([{ itemId: "filler", ms: 250 }]);
    expect(clock.progress(1.3)).toEqual([]);
    expect(clock.progress(1.5)).toEqual([
      { itemId: "filler", ms: 400 },
      { itemId: "answer", ms: 50 },
    ]);
    // A late buffer of the answer after the queue ran dry plays on from what was played.
    clock.schedule(2, 0.1, "answer");
    expect(clock.progress(2.1)).toEqual([{ itemId: "answer", ms: 350 }]);
    clock.reset();
    expect(clock.progress(3)).toEqual([]);
  });
});

describe("callSocketUrl", () => {
  it("follows the page's protocol and host", () => {
    expect(callSocketUrl("default", undefined, { protocol: "https:", host: "recepta.example" })).toBe("wss://recepta.example/api/browser-ai/default");
    expect(callSocketUrl("as 1", "t/k+n", { protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/api/browser-ai/as%201?ticket=t%2Fk%2Bn");
  });
});
