/**
 * The microphone's AudioWorklet processor: turns the input into mono at the call's rate and
 * posts PCM16 buffers of a fixed size (an ArrayBuffer each, transferred) to its port.
 * Loaded by URL (capture-processor.ts?worker&url), so it imports only DOM-free modules.
 */
import { CAPTURE_PROCESSOR, type CaptureOptions } from "./constants.ts";
import { LinearResampler, SampleChunker, downmix, floatToPcm16 } from "./pcm.ts";

// The AudioWorkletGlobalScope's names; the DOM library does not describe them.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: { processorOptions?: unknown });
}
declare function registerProcessor(name: string, processor: new (options: { processorOptions: CaptureOptions }) => AudioWorkletProcessor): void;

class CaptureProcessor extends AudioWorkletProcessor {
  private readonly resampler: LinearResampler;
  private readonly chunker: SampleChunker;

  constructor(options: { processorOptions: CaptureOptions }) {
    super(options);
    const { targetRate, bufferSamples } = options.processorOptions;
    this.resampler = new LinearResampler(sampleRate, targetRate);
    this.chunker = new SampleChunker(bufferSamples, (chunk) => {
      const bytes = floatToPcm16(chunk);
      this.port.postMessage(bytes.buffer, [bytes.buffer]);
    });
  }

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0];
    if (channels && channels.length > 0) this.chunker.push(this.resampler.process(downmix(channels)));
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR, CaptureProcessor);
