import { Buffer } from "node:buffer";

/**
 * The phone line's audio and the speech model's, and the way between them: Twilio streams
 * G.711 mu-law at 8 kHz, the model speaks and hears PCM16 mono at 24 kHz. Everything works on
 * typed arrays through lookup tables, so a 20 ms frame costs a few microseconds; base64 is
 * done here too, without building strings sample by sample.
 *
 * PCM16 bytes are little-endian, as the model sends them; typed-array views assume a
 * little-endian machine, which every Workers and Node host is.
 */

/** Samples in one 20 ms frame on each side: 160 mu-law bytes at 8 kHz, 480 PCM16 samples at 24 kHz. */
export const FRAME = { ms: 20, mulawBytes: 160, pcmSamples: 480 } as const;
/** Milliseconds of audio in `n` mu-law bytes (8 kHz, one byte per sample). */
export const mulawMs = (n: number) => n / 8;

// ---------------------------------------------------------------------------------------
// G.711 mu-law (ITU-T G.711, the classic Sun reference implementation's arithmetic)

const BIAS = 0x84;
const CLIP = 8159; // 14-bit magnitude limit

/** One linear PCM16 sample to its mu-law byte. */
export function mulawEncodeSample(sample: number): number {
  let value = sample >> 2; // G.711 mu-law works on 14-bit samples
  let mask: number;
  if (value < 0) {
    value = -value;
    mask = 0x7f;
  } else {
    mask = 0xff;
  }
  if (value > CLIP) value = CLIP;
  value += BIAS >> 2;
  let segment = 0;
  for (let limit = 0x3f; segment < 8 && value > limit; segment++) limit = (limit << 1) | 1;
  if (segment >= 8) return 0x7f ^ mask;
  return (((segment << 4) | ((value >> (segment + 1)) & 0xf)) ^ mask) & 0xff;
}

/** One mu-law byte to its linear PCM16 sample. */
export function mulawDecodeSample(byte: number): number {
  const u = ~byte & 0xff;
  const t = (((u & 0x0f) << 3) + BIAS) << ((u & 0x70) >> 4);
  return u & 0x80 ? BIAS - t : t - BIAS;
}

/** mu-law byte -> PCM16 sample. */
const DECODE = new Int16Array(256);
for (let i = 0; i < 256; i++) DECODE[i] = mulawDecodeSample(i);

/** 14-bit sample (PCM16 >> 2, two's complement in 14 bits) -> mu-law byte. */
const ENCODE = new Uint8Array(1 << 14);
for (let i = 0; i < 1 << 14; i++) ENCODE[i] = mulawEncodeSample(((i << 18) >> 18) << 2);

/** mu-law bytes to PCM16 at the same rate. */
export function mulawDecode(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = DECODE[bytes[i]!]!;
  return out;
}

/** PCM16 to mu-law bytes at the same rate. */
export function mulawEncode(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = ENCODE[(samples[i]! >> 2) & 0x3fff]!;
  return out;
}

// ---------------------------------------------------------------------------------------
// Resampling

/**
 * Caller's voice, 8 kHz mu-law -> 24 kHz PCM16, by linear interpolation between
 * consecutive samples. It keeps the last sample of the previous frame, so frames join
 * without a click; the output lags the input by one 8 kHz sample (125 us).
 */
export class Upsampler {
  private previous = 0;

  /** Three PCM16 samples per mu-law byte. */
  process(mulaw: Uint8Array): Int16Array {
    const out = new Int16Array(mulaw.length * 3);
    let previous = this.previous;
    for (let i = 0, o = 0; i < mulaw.length; i++, o += 3) {
      const current = DECODE[mulaw[i]!]!;
      // Storing into an Int16Array truncates toward zero: at most one step off.
      out[o] = (2 * previous + current) / 3;
      out[o + 1] = (previous + 2 * current) / 3;
      out[o + 2] = current;
      previous = current;
    }
    this.previous = previous;
    return out;
  }

  reset() {
    this.previous = 0;
  }
}

/**
 * The low-pass filter in front of the 3:1 decimation: a 24-tap Hamming-windowed sinc cut at
 * 3.84 kHz. Its response at 24 kHz: flat to 2 kHz, -1.2 dB at 3 kHz, -2.8 dB at 3.4 kHz
 * (the telephone band's edge), -25 dB at 5 kHz and below -49 dB from 6 kHz up, so the model's
 * sibilants do not fold back into the band as hiss.
 */
export const LOW_PASS = lowPass(24, 3840 / 24_000);
const TAPS = 24;

function lowPass(taps: number, cutoff: number): Float64Array {
  const h = new Float64Array(taps);
  const middle = (taps - 1) / 2;
  let sum = 0;
  for (let i = 0; i < taps; i++) {
    const x = i - middle;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    h[i] = sinc * (0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (taps - 1)));
    sum += h[i]!;
  }
  for (let i = 0; i < taps; i++) h[i]! /= sum;
  return h;
}

// The filter is symmetric (h[k] = h[23 - k]): twelve coefficients, each applied to a pair of
// samples, written out so the loop is straight-line code (about 3x faster than a tap loop).
const [H0, H1, H2, H3, H4, H5, H6, H7, H8, H9, H10, H11] = Array.from(LOW_PASS.subarray(0, 12), Number) as [
  number, number, number, number, number, number, number, number, number, number, number, number,
];

/**
 * mu-law of the filter's output, indexed by (output >> 2) + FILTERED_ZERO. The filter can
 * overshoot full scale by its coefficients' absolute sum (about 1.41) on a hard edge; this
 * table spans all of that and saturates, so the loop needs no rounding or clamping.
 */
const FILTERED_ZERO = Math.ceil((LOW_PASS.reduce((sum, h) => sum + Math.abs(h), 0) * 32768) / 4) + 1;
const ENCODE_FILTERED = new Uint8Array(2 * FILTERED_ZERO + 1);
for (let i = 0; i < ENCODE_FILTERED.length; i++) ENCODE_FILTERED[i] = mulawEncodeSample(Math.max(-32768, Math.min(32767, (i - FILTERED_ZERO) * 4)));

/**
 * Assistant's voice, 24 kHz PCM16 -> 8 kHz mu-law: low-pass filtered (LOW_PASS), every third
 * sample kept and encoded. The filter's history and the position in the groups of three carry
 * over between chunks, so chunks of any length join seamlessly; `reset` after a barge-in.
 */
export class Downsampler {
  /** The last TAPS - 1 input samples, then room for the next chunk. */
  private work = new Int16Array(TAPS - 1 + 4096);
  /** Index in the next chunk of the sample the next output sample lines up with. */
  private next = 2;

  /** One mu-law byte per three input samples (a remainder is carried to the next chunk). */
  process(pcm: Int16Array): Uint8Array {
    const keep = TAPS - 1;
    if (this.work.length < keep + pcm.length) {
      const grown = new Int16Array(keep + pcm.length);
      grown.set(this.work.subarray(0, keep));
      this.work = grown;
    }
    const w = this.work;
    w.set(pcm, keep);
    const count = pcm.length > this.next ? Math.floor((pcm.length - 1 - this.next) / 3) + 1 : 0;
    const out = new Uint8Array(count);
    for (let j = 0, e = keep + this.next; j < count; j++, e += 3) {
      // The output lines up with input sample e: the sum of h[k] * x[e - k] for k = 0..23.
      const s = e - 23;
      const sample =
        H0 * (w[e]! + w[s]!) + H1 * (w[e - 1]! + w[s + 1]!) + H2 * (w[e - 2]! + w[s + 2]!) + H3 * (w[e - 3]! + w[s + 3]!) +
        H4 * (w[e - 4]! + w[s + 4]!) + H5 * (w[e - 5]! + w[s + 5]!) + H6 * (w[e - 6]! + w[s + 6]!) + H7 * (w[e - 7]! + w[s + 7]!) +
        H8 * (w[e - 8]! + w[s + 8]!) + H9 * (w[e - 9]! + w[s + 9]!) + H10 * (w[e - 10]! + w[s + 10]!) + H11 * (w[e - 11]! + w[s + 11]!);
      out[j] = ENCODE_FILTERED[(sample >> 2) + FILTERED_ZERO]!;
    }
    this.next = this.next + count * 3 - pcm.length;
    // Slide the last `keep` samples of history + chunk to the front for the next call.
    w.copyWithin(0, pcm.length, pcm.length + keep);
    return out;
  }

  reset() {
    this.work.fill(0, 0, TAPS - 1);
    this.next = 2;
  }
}

// ---------------------------------------------------------------------------------------
// Base64, straight between typed arrays and strings. Buffer is native in Node and in
// workerd (nodejs_compat); a table-driven JavaScript codec measured 3-5 times slower.

/** Bytes to standard base64 (with padding). */
export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** Standard base64 to bytes; characters outside the alphabet are skipped, as Buffer does. */
export function fromBase64(text: string): Uint8Array {
  return Buffer.from(text, "base64");
}

/** PCM16 samples as base64 of their little-endian bytes. */
export const pcm16ToBase64 = (samples: Int16Array) => toBase64(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));

/** Base64 of little-endian PCM16 bytes to samples; a stray odd last byte is dropped. */
export function pcm16FromBase64(text: string): Int16Array {
  const bytes = fromBase64(text);
  const length = bytes.length >> 1;
  // Small Buffers share a pool; a view needs an even offset.
  if (bytes.byteOffset % 2 === 0) return new Int16Array(bytes.buffer, bytes.byteOffset, length);
  return new Int16Array(bytes.slice(0, length * 2).buffer);
}

// ---------------------------------------------------------------------------------------
// The two directions as the phone channel runs them

/** One call's conversions, each direction with its own filter state. */
export class PhoneAudio {
  private readonly up = new Upsampler();
  private readonly down = new Downsampler();

  /** Twilio media payload (base64 mu-law 8 kHz) -> model input (base64 PCM16 24 kHz). */
  toModel(payload: string): string {
    return pcm16ToBase64(this.up.process(fromBase64(payload)));
  }

  /** Model output (base64 PCM16 24 kHz) -> mu-law 8 kHz bytes, to be framed and sent. */
  toPhone(pcm16: string): Uint8Array {
    return this.down.process(pcm16FromBase64(pcm16));
  }

  /** Forgets the assistant's half-sent audio (after a barge-in). */
  resetOutput() {
    this.down.reset();
  }
}
