/**
 * The call's audio as numbers: microphone samples (float32, -1..1) become 24 kHz mono PCM16
 * little endian for the socket, and the assistant's PCM16 becomes float32 for playback.
 * No DOM here: the capture worklet and the unit tests use it as well.
 */

/** One mono signal from the channels of a capture block: the average of the channels. */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first || channels.length === 1) return first ?? new Float32Array(0);
  const mono = new Float32Array(first.length);
  for (const channel of channels) {
    for (let i = 0; i < mono.length; i++) mono[i]! += channel[i] ?? 0;
  }
  for (let i = 0; i < mono.length; i++) mono[i]! /= channels.length;
  return mono;
}

/** PCM16 little endian bytes of float samples; values beyond -1..1 are clipped. */
export function floatToPcm16(samples: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) {
    const sample = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(i * 2, Math.round(sample < 0 ? sample * 0x8000 : sample * 0x7fff), true);
  }
  return bytes;
}

/** Float samples of PCM16 little endian bytes; an odd last byte (half a sample) is ignored. */
export function pcm16ToFloat(bytes: Uint8Array): Float32Array<ArrayBuffer> {
  const samples = new Float32Array(bytes.length >> 1);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true) / 0x8000;
  return samples;
}

/**
 * Changes the sample rate of a stream given block by block (linear interpolation), for a
 * microphone the browser could not capture at 24 kHz. The blocks join without a seam.
 */
export class LinearResampler {
  /** Where the next output sample lies, in input samples from the start of the next block (-1 is the previous block's last sample). */
  private position = 0;
  private last = 0;
  private readonly step: number;

  constructor(inputRate: number, outputRate: number) {
    this.step = inputRate / outputRate;
  }

  process(input: Float32Array): Float32Array {
    if (this.step === 1) return input;
    const count = input.length;
    if (count === 0) return input;
    const output = new Float32Array(Math.max(0, Math.floor((count - 1 - this.position) / this.step) + 1));
    let written = 0;
    let position = this.position;
    while (position <= count - 1) {
      const index = Math.floor(position);
      const fraction = position - index;
      const before = index < 0 ? this.last : input[index]!;
      const after = fraction === 0 ? before : input[index + 1]!;
      output[written++] = before + (after - before) * fraction;
      position += this.step;
    }
    this.position = position - count;
    this.last = input[count - 1]!;
    return output.subarray(0, written);
  }
}

/** Gathers samples into full buffers of `size` samples (the socket's 4096), handing each one on as it fills. */
export class SampleChunker {
  private readonly buffer: Float32Array;
  private filled = 0;

  constructor(
    size: number,
    private readonly emit: (chunk: Float32Array) => void,
  ) {
    this.buffer = new Float32Array(size);
  }

  push(samples: Float32Array) {
    let offset = 0;
    while (offset < samples.length) {
      const taken = Math.min(this.buffer.length - this.filled, samples.length - offset);
      this.buffer.set(samples.subarray(offset, offset + taken), this.filled);
      this.filled += taken;
      offset += taken;
      if (this.filled === this.buffer.length) {
        // The receiver reads the chunk before the next push overwrites it.
        this.emit(this.buffer);
        this.filled = 0;
      }
    }
  }
}
