import { describe, expect, it } from "vitest";
import {
  Downsampler,
  FRAME,
  LOW_PASS,
  PhoneAudio,
  Upsampler,
  fromBase64,
  mulawDecode,
  mulawDecodeSample,
  mulawEncode,
  mulawEncodeSample,
  pcm16FromBase64,
  pcm16ToBase64,
  toBase64,
} from "../../worker/calls/telephony/g711.ts";

const tone = (hz: number, rate: number, samples: number, amplitude = 8000, phase = 0) =>
  Int16Array.from({ length: samples }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate + phase)));

const rms = (samples: ArrayLike<number>, from = 0) => {
  let sum = 0;
  for (let i = from; i < samples.length; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / (samples.length - from));
};

describe("mu-law (ITU-T G.711)", () => {
  it("encodes the reference points of the table", () => {
    // Silence is 0xFF; the code is the complement of sign, segment and step.
    expect(mulawEncodeSample(0)).toBe(0xff);
    expect(mulawEncodeSample(-8)).toBe(0x7e);
    expect(mulawEncodeSample(32767)).toBe(0x80);
    expect(mulawEncodeSample(-32768)).toBe(0x00);
    // Segment ends of the 14-bit scale (values << 2 for PCM16): 30 -> 0xF0, 94 -> 0xE0, 222 -> 0xD0.
    expect(mulawEncodeSample(30 * 4)).toBe(0xf0);
    expect(mulawEncodeSample(94 * 4)).toBe(0xe0);
    expect(mulawEncodeSample(222 * 4)).toBe(0xd0);
    expect(mulawEncodeSample(-222 * 4)).toBe(0x50);
  });

  it("decodes the reference points of the table", () => {
    expect(mulawDecodeSample(0xff)).toBe(0);
    expect(mulawDecodeSample(0x7f)).toBe(0);
    expect(mulawDecodeSample(0x80)).toBe(32124);
    expect(mulawDecodeSample(0x00)).toBe(-32124);
    // The middle of each step: 0xF0 covers 120..127 -> 120 (14-bit 30), 0xE0 -> 372.
    expect(mulawDecodeSample(0xf0)).toBe(120);
    expect(mulawDecodeSample(0xe0)).toBe(372);
    expect(mulawDecodeSample(0x70)).toBe(-120);
  });

  it("is symmetric around zero and monotonic", () => {
    for (let code = 0; code < 128; code++) expect(mulawDecodeSample(code) + mulawDecodeSample(code | 0x80)).toBe(0);
    let previous = -Infinity;
    for (let code = 0; code < 128; code++) {
      const value = mulawDecodeSample(code);
      expect(value).toBeGreaterThan(previous);
      previous = value;
    }
  });

  it("round-trips every code exactly and every sample within half a step", () => {
    for (let code = 0; code < 256; code++) {
      const back = mulawEncodeSample(mulawDecodeSample(code));
      // 0x7F (negative zero) decodes to 0, which encodes as 0xFF (positive zero).
      expect(back).toBe(code === 0x7f ? 0xff : code);
    }
    for (let sample = -32768; sample < 32768; sample += 7) {
      const back = mulawDecodeSample(mulawEncodeSample(sample));
      const clipped = Math.max(-32124, Math.min(32124, sample));
      // Steps double per segment; the error stays within 1/16 of the magnitude (8 near zero).
      expect(Math.abs(back - clipped)).toBeLessThanOrEqual(Math.max(8, (Math.abs(clipped) + 132) / 16) + 4);
    }
  });

  it("array functions agree with the per-sample ones (the tables)", () => {
    const samples = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);
    const encoded = mulawEncode(samples);
    for (let i = 0; i < samples.length; i += 1) expect(encoded[i]).toBe(mulawEncodeSample(samples[i]!));
    const codes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(Array.from(mulawDecode(codes))).toEqual(Array.from(codes, mulawDecodeSample));
  });
});

describe("resampling", () => {
  it("turns one 20 ms frame of 160 mu-law bytes into 480 samples and back", () => {
    const up = new Upsampler();
    const down = new Downsampler();
    const pcm = up.process(new Uint8Array(FRAME.mulawBytes).fill(0xff));
    expect(pcm.length).toBe(FRAME.pcmSamples);
    const mulaw = down.process(pcm);
    expect(mulaw.length).toBe(FRAME.mulawBytes);
  });

  it("keeps silence silent", () => {
    const pcm = new Upsampler().process(new Uint8Array(160).fill(0xff));
    expect(pcm.every((s) => s === 0)).toBe(true);
    const mulaw = new Downsampler().process(new Int16Array(480));
    expect(mulaw.every((b) => b === 0xff)).toBe(true);
  });

  it("interpolates linearly between 8 kHz samples", () => {
    const up = new Upsampler();
    const a = mulawEncodeSample(3000);
    const b = mulawEncodeSample(-3000);
    const va = mulawDecodeSample(a);
    const vb = mulawDecodeSample(b);
    const out = up.process(Uint8Array.of(a, b));
    const t = Math.trunc;
    expect(Array.from(out)).toEqual([t(va / 3), t((2 * va) / 3), va, t((2 * va + vb) / 3), t((va + 2 * vb) / 3), vb]);
  });

  it("carries the remainder of a chunk over to the next one", () => {
    const signal = tone(440, 24_000, 4800);
    const whole = new Downsampler().process(signal);
    const pieces = new Downsampler();
    const parts: number[] = [];
    // Odd chunk lengths, as the model's audio deltas come.
    for (let at = 0, size = 1; at < signal.length; at += size, size = (size * 7 + 3) % 997 || 1) {
      parts.push(...pieces.process(signal.subarray(at, Math.min(signal.length, at + size))));
    }
    expect(whole.length).toBe(1600);
    expect(parts).toEqual(Array.from(whole));
  });

  it("keeps the speech band and a 1 kHz tone survives 8k -> 24k -> 8k", () => {
    const input = tone(1000, 8000, 1600, 10_000);
    const wide = new Upsampler().process(mulawEncode(input));
    const back = mulawDecode(new Downsampler().process(wide));
    // The round trip delays by the filter's group delay: compare levels, not samples.
    const level = 20 * Math.log10(rms(back, 100) / rms(input, 100));
    expect(Math.abs(level)).toBeLessThan(1);
  });

  it("attenuates what would alias: 6 kHz and 10 kHz tones at 24 kHz", () => {
    const ratio = (hz: number) => {
      const input = tone(hz, 24_000, 24_000, 12_000);
      const out = mulawDecode(new Downsampler().process(input));
      return 20 * Math.log10(rms(out, 100) / rms(input));
    };
    expect(ratio(1000)).toBeGreaterThan(-1);
    expect(ratio(3000)).toBeGreaterThan(-2);
    // mu-law's quantisation noise sets a floor near -40 dB for these levels.
    expect(ratio(6000)).toBeLessThan(-30);
    expect(ratio(10_000)).toBeLessThan(-30);
  });

  it("has a normalised, symmetric low-pass filter", () => {
    expect(LOW_PASS.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (let i = 0; i < LOW_PASS.length; i++) expect(LOW_PASS[i]).toBeCloseTo(LOW_PASS[LOW_PASS.length - 1 - i]!, 12);
  });

  it("starts afresh after reset", () => {
    const down = new Downsampler();
    const first = down.process(tone(500, 24_000, 480));
    down.process(tone(700, 24_000, 101));
    down.reset();
    expect(Array.from(down.process(tone(500, 24_000, 480)))).toEqual(Array.from(first));
  });
});

describe("base64", () => {
  it("encodes and decodes every length and value", () => {
    for (let length = 0; length < 70; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 13) & 0xff);
      const expected = btoa(String.fromCharCode(...bytes));
      expect(toBase64(bytes)).toBe(expected);
      expect(Array.from(fromBase64(expected))).toEqual(Array.from(bytes));
      expect(Array.from(fromBase64(expected.replace(/=+$/, "")))).toEqual(Array.from(bytes));
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(toBase64(all)).toBe(btoa(String.fromCharCode(...all)));
    // A view into a larger buffer encodes only its own bytes.
    expect(toBase64(all.subarray(10, 13))).toBe(btoa("\x0a\x0b\x0c"));
  });

  it("carries PCM16 little-endian", () => {
    const samples = Int16Array.of(0, 1, -1, 32767, -32768, 258);
    const text = pcm16ToBase64(samples);
    expect(text).toBe(Buffer.from([0, 0, 1, 0, 0xff, 0xff, 0xff, 0x7f, 0, 0x80, 2, 1]).toString("base64"));
    expect(Array.from(pcm16FromBase64(text))).toEqual(Array.from(samples));
    expect(Array.from(pcm16FromBase64(Buffer.from([1, 0, 7]).toString("base64")))).toEqual([1]);
    expect(pcm16ToBase64(samples.subarray(3))).toBe(Buffer.from([0xff, 0x7f, 0, 0x80, 2, 1]).toString("base64"));
  });
});

describe("PhoneAudio", () => {
  it("converts a Twilio payload to the model's format and the model's audio to mu-law", () => {
    const audio = new PhoneAudio();
    const payload = Buffer.from(mulawEncode(tone(300, 8000, 160))).toString("base64");
    const pcm = Buffer.from(audio.toModel(payload), "base64");
    expect(pcm.length).toBe(960);
    const mulaw = audio.toPhone(pcm16ToBase64(tone(300, 24_000, 480)));
    expect(mulaw.length).toBe(160);
  });
});

describe("full-scale audio", () => {
  /** The decimator written the slow, obvious way: every tap, clamped, then encoded. */
  function reference(input: Int16Array): number[] {
    const padded = new Int16Array(LOW_PASS.length - 1 + input.length);
    padded.set(input, LOW_PASS.length - 1);
    const out: number[] = [];
    for (let i = 2; i < input.length; i += 3) {
      let acc = 0;
      for (let k = 0; k < LOW_PASS.length; k++) acc += LOW_PASS[k]! * padded[LOW_PASS.length - 1 + i - k]!;
      out.push(mulawEncodeSample(Math.max(-32768, Math.min(32767, Math.trunc(acc)))));
    }
    return out;
  }

  it("matches a tap-by-tap filter, saturating its overshoot instead of wrapping around", () => {
    // A full-scale square wave: each edge makes the filter ring past full scale.
    const square = Int16Array.from({ length: 4800 }, (_, i) => (Math.floor(i / 60) % 2 ? -32768 : 32767));
    let seed = 1;
    const noise = Int16Array.from({ length: 4800 }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 65536) - 32768);
    for (const input of [square, noise, tone(1000, 24_000, 4800, 30_000)]) {
      expect(Array.from(new Downsampler().process(input))).toEqual(reference(input));
    }
    const out = mulawDecode(new Downsampler().process(square));
    expect(Math.max(...out)).toBe(32124);
    expect(Math.min(...out)).toBe(-32124);
  });
});
