/**
 * The browser side of a live call (loaded only when a call starts): the microphone through an
 * AudioWorklet to the socket as 24 kHz mono PCM16, the assistant's audio played back without
 * gaps, a ping every 30 s, clear_audio, and one teardown for every way a call ends.
 */
import { CALL_AUDIO, DEMO_ASSISTANT_ID, type ClientMessage, type ServerMessage } from "../../../contract/call-socket.ts";
import { bytesToBase64, base64ToBytes } from "./base64.ts";
import { CallStartError, type CallHandlers, type CallTarget, type LiveCall } from "./call-types.ts";
import captureProcessorUrl from "./capture-processor.ts?worker&url";
import { CAPTURE_PROCESSOR, INTERRUPTION_RESET_MS, PING_INTERVAL_MS, PLAYBACK_REPORT_MS, SOCKET_OPEN_TIMEOUT_MS, type CaptureOptions } from "./constants.ts";
import { pcm16ToFloat } from "./pcm.ts";
import { PlaybackClock } from "./playback-clock.ts";
import { callSocketUrl } from "./socket-url.ts";

const MICROPHONE: MediaTrackConstraints = { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true };

/** Cleanup steps, run once in reverse order of setup. */
class Teardown {
  private steps: (() => void)[] = [];

  add(step: () => void) {
    this.steps.push(step);
  }

  run() {
    const steps = this.steps.reverse();
    this.steps = [];
    for (const step of steps) {
      try {
        step();
      } catch {
        // A node already disconnected or a context already closed: nothing left to undo.
      }
    }
  }
}

function abortError() {
  return new DOMException("The call was abandoned", "AbortError");
}

/** Rejects with a connection failure when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CallStartError("connection")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function openMicrophone(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: MICROPHONE });
  } catch (error) {
    // Refused, no device, or no mediaDevices at all (a page not served over https).
    throw new CallStartError("microphone", { cause: error });
  }
}

/**
 * A running audio context at 24 kHz with the microphone attached. Browsers that cannot feed a
 * microphone into a context of another rate get one at the device's rate; the worklet then
 * resamples to 24 kHz.
 */
async function openAudio(stream: MediaStream, teardown: Teardown) {
  const create = (options: AudioContextOptions) => {
    const context = new AudioContext({ latencyHint: "interactive", ...options });
    teardown.add(() => void context.close().catch(() => {}));
    return context;
  };
  let context = create({ sampleRate: CALL_AUDIO.sampleRate });
  let source: MediaStreamAudioSourceNode;
  try {
    source = context.createMediaStreamSource(stream);
  } catch {
    void context.close().catch(() => {});
    context = create({});
    source = context.createMediaStreamSource(stream);
  }
  teardown.add(() => source.disconnect());

  if (context.state !== "running") await within(context.resume(), SOCKET_OPEN_TIMEOUT_MS);
  if ((context.state as AudioContextState) !== "running") throw new CallStartError("connection");

  await context.audioWorklet.addModule(captureProcessorUrl);
  const processorOptions: CaptureOptions = { targetRate: CALL_AUDIO.sampleRate, bufferSamples: CALL_AUDIO.bufferSamples };
  const capture = new AudioWorkletNode(context, CAPTURE_PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    // The browser mixes a stereo microphone down to mono before the worklet sees it.
    channelCount: 1,
    channelCountMode: "explicit",
    channelInterpretation: "speakers",
    processorOptions,
  });
  teardown.add(() => {
    capture.port.onmessage = null;
    capture.port.close();
    capture.disconnect();
  });
  source.connect(capture);
  // The worklet outputs silence; being connected keeps it running in every browser.
  capture.connect(context.destination);
  return { context, capture };
}

/** An open socket, or a connection failure when it closes first or is not open within the time limit. */
function openSocket(url: string, signal: AbortSignal, teardown: Teardown): Promise<WebSocket> {
  const socket = new WebSocket(url);
  teardown.add(() => {
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000, "caller_hung_up");
  });
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", abandon);
      socket.onopen = socket.onerror = socket.onclose = null;
      if (error) reject(error);
      else resolve(socket);
    };
    const abandon = () => settle(abortError());
    const timer = setTimeout(() => settle(new CallStartError("connection")), SOCKET_OPEN_TIMEOUT_MS);
    signal.addEventListener("abort", abandon);
    socket.onopen = () => settle();
    socket.onerror = socket.onclose = () => settle(new CallStartError("connection"));
  });
}

/** The socket's address; a test call's ticket is fetched only now, once the microphone is granted, so it is fresh. */
async function socketUrlOf(target: CallTarget): Promise<string> {
  return "demo" in target ? callSocketUrl(DEMO_ASSISTANT_ID) : callSocketUrl(target.assistantId, await target.ticket());
}

/**
 * Starts a call: microphone, audio, then the socket. Rejects with a CallStartError (its cause
 * says more, e.g. the ticket request's error), or an AbortError when `signal` aborts first;
 * either way nothing is left open.
 */
export async function startCall(target: CallTarget, handlers: CallHandlers, signal: AbortSignal): Promise<LiveCall> {
  const teardown = new Teardown();
  const check = () => {
    if (signal.aborted) throw abortError();
  };
  try {
    const stream = await openMicrophone();
    teardown.add(() => stream.getTracks().forEach((track) => track.stop()));
    check();
    const { context, capture } = await openAudio(stream, teardown);
    check();
    const url = await socketUrlOf(target);
    check();
    const socket = await openSocket(url, signal, teardown);
    check();
    return connect({ stream, context, capture, socket, teardown, handlers });
  } catch (error) {
    teardown.run();
    throw error instanceof CallStartError || (error instanceof DOMException && error.name === "AbortError")
      ? error
      : new CallStartError("unexpected", { cause: error });
  }
}

interface Parts {
  stream: MediaStream;
  context: AudioContext;
  capture: AudioWorkletNode;
  socket: WebSocket;
  teardown: Teardown;
  handlers: CallHandlers;
}

/** The running call over an open socket. */
function connect({ stream, context, capture, socket, teardown, handlers }: Parts): LiveCall {
  const clock = new PlaybackClock();
  const playing = new Set<AudioBufferSourceNode>();
  // Whether the assistant has said anything yet; an error before that means the call was turned down.
  let heard = false;
  let refusal: string | null = null;
  let interrupted = false;
  let interruptionTimer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  let lineCount = 0;

  const send = (message: ClientMessage) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  const stopPlayback = () => {
    for (const source of playing) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // Not started yet in some browsers' view, or already over.
      }
      source.disconnect();
    }
    playing.clear();
    clock.reset();
  };

  const play = (data: string, itemId: string | undefined) => {
    if (interrupted) return;
    const samples = pcm16ToFloat(base64ToBytes(data));
    if (samples.length === 0) return;
    const buffer = context.createBuffer(1, samples.length, CALL_AUDIO.sampleRate);
    buffer.copyToChannel(samples, 0);
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    source.onended = () => {
      playing.delete(source);
      source.disconnect();
    };
    playing.add(source);
    source.start(clock.schedule(context.currentTime, buffer.duration, itemId));
  };

  // The caller spoke over the assistant: drop what is queued, and audio still on its way.
  const interrupt = () => {
    stopPlayback();
    interrupted = true;
    clearTimeout(interruptionTimer);
    interruptionTimer = setTimeout(() => {
      interrupted = false;
    }, INTERRUPTION_RESET_MS);
  };

  const receive = (message: ServerMessage) => {
    switch (message.type) {
      case "audio":
        heard = true;
        play(message.data, message.item_id);
        break;
      case "text":
        heard = true;
        handlers.onTranscript({ id: message.item_id ?? `line-${lineCount++}`, role: message.role ?? "assistant", text: message.data });
        break;
      case "clear_audio":
        interrupt();
        break;
      case "error":
        // The socket closes right after. The message is logged; only a refusal reaches the features.
        console.error(`call error ${message.code}: ${message.message}`);
        if (!heard) refusal = message.message;
        break;
      case "session_created":
        handlers.onSession(message.session_id);
        break;
      case "pong":
        break;
    }
  };

  const end = (reason: string | null) => {
    if (ended) return;
    ended = true;
    teardown.run();
    if (reason !== null) handlers.onEnd(reason, refusal);
  };

  teardown.add(() => {
    clearInterval(pinger);
    clearInterval(reporter);
    clearTimeout(interruptionTimer);
    stopPlayback();
  });

  socket.onmessage = (event: MessageEvent) => {
    if (ended || typeof event.data !== "string") return;
    try {
      receive(JSON.parse(event.data) as ServerMessage);
    } catch (error) {
      console.error("call message not understood", error);
    }
  };
  socket.onclose = (event: CloseEvent) => end(event.reason || (event.code === 1000 ? "assistant_ended" : "error"));
  capture.port.onmessage = (event: MessageEvent<ArrayBuffer>) => send({ type: "audio", data: bytesToBase64(new Uint8Array(event.data)) });
  const pinger = setInterval(() => send({ type: "ping" }), PING_INTERVAL_MS);
  const reporter = setInterval(() => {
    for (const { itemId, ms } of clock.progress(context.currentTime)) send({ type: "played", item_id: itemId, ms });
  }, PLAYBACK_REPORT_MS);
  for (const track of stream.getAudioTracks()) track.addEventListener("ended", () => end("microphone_lost"));

  return { hangUp: () => end(null) };
}
