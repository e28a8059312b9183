/**
 * A browser's call equipment in memory: WebSocket, getUserMedia, AudioContext and
 * AudioWorkletNode, installed per test by installFakeCall(). The fakes record what the call
 * client does with them and let a test play the server and the microphone.
 */
import { act } from "@testing-library/react";
import { vi } from "vitest";
import type { ServerMessage } from "../../contract/call-socket.ts";

type Listener = ((event: never) => void) | null;

export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: Listener = null;
  onmessage: Listener = null;
  onerror: Listener = null;
  onclose: Listener = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error("send on a socket that is not open");
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = FakeWebSocket.CLOSED;
  }

  // The server's side.
  open() {
    this.readyState = FakeWebSocket.OPEN;
    (this.onopen as ((event: Event) => void) | null)?.(new Event("open"));
  }

  receive(message: ServerMessage) {
    (this.onmessage as ((event: MessageEvent) => void) | null)?.(new MessageEvent("message", { data: JSON.stringify(message) }));
  }

  serverClose(code: number, reason = "") {
    this.readyState = FakeWebSocket.CLOSED;
    (this.onclose as ((event: CloseEvent) => void) | null)?.(new CloseEvent("close", { code, reason }));
  }

  /** What the client sent, of one type. */
  sentOf(type: string) {
    return this.sent.filter((message) => (message as { type: string }).type === type) as Record<string, unknown>[];
  }
}

class FakeNode {
  readonly connections: unknown[] = [];
  connect = vi.fn((target: unknown) => {
    this.connections.push(target);
    return target;
  });
  disconnect = vi.fn();
}

export class FakeBufferSource extends FakeNode {
  buffer: { duration: number; samples: Float32Array } | null = null;
  onended: (() => void) | null = null;
  startedAt: number | null = null;
  start = vi.fn((when = 0) => {
    this.startedAt = when;
  });
  stop = vi.fn();
}

export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  /** Makes audioWorklet.addModule fail, as when the processor's file cannot load. */
  static workletFails = false;
  /** Keeps new contexts suspended and resume() pending, as when the browser will not let audio run. */
  static stuck = false;
  /** Refuses a microphone in a context whose rate is not the device's (48 kHz), as some browsers do. */
  static deviceRateOnly = false;
  state: AudioContextState = "running";
  currentTime = 0;
  readonly sampleRate: number;
  readonly destination = new FakeNode();
  readonly sources: FakeBufferSource[] = [];
  readonly audioWorklet = {
    addModule: vi.fn(async (_url: string) => {
      if (FakeAudioContext.workletFails) throw new DOMException("The user aborted a request.", "AbortError");
    }),
  };
  close = vi.fn(async () => {
    this.state = "closed";
  });
  resume = vi.fn(() => (FakeAudioContext.stuck ? new Promise<void>(() => {}) : Promise.resolve()));

  constructor(readonly options: AudioContextOptions = {}) {
    this.sampleRate = options.sampleRate ?? 48000;
    if (FakeAudioContext.stuck) this.state = "suspended";
    FakeAudioContext.instances.push(this);
  }

  createMediaStreamSource() {
    if (FakeAudioContext.deviceRateOnly && this.sampleRate !== 48000) throw new DOMException("different sample rate", "NotSupportedError");
    return new FakeNode();
  }

  createBuffer(_channels: number, length: number, rate: number) {
    const samples = new Float32Array(length);
    return { duration: length / rate, samples, copyToChannel: (data: Float32Array) => samples.set(data) };
  }

  createBufferSource() {
    const source = new FakeBufferSource();
    this.sources.push(source);
    return source;
  }
}

export class FakeAudioWorkletNode extends FakeNode {
  static instances: FakeAudioWorkletNode[] = [];
  readonly port = { onmessage: null as ((event: MessageEvent) => void) | null, close: vi.fn(), postMessage: vi.fn() };

  constructor(
    readonly context: FakeAudioContext,
    readonly name: string,
    readonly options: AudioWorkletNodeOptions,
  ) {
    super();
    FakeAudioWorkletNode.instances.push(this);
  }

  /** The worklet posting one buffer of PCM16 bytes. */
  post(bytes: Uint8Array) {
    this.port.onmessage?.(new MessageEvent("message", { data: bytes.buffer }));
  }
}

export interface FakeTrack {
  kind: "audio";
  stop: ReturnType<typeof vi.fn>;
  addEventListener: (type: string, listener: () => void) => void;
  /** The device going away. */
  end: () => void;
}

function fakeTrack(): FakeTrack {
  const listeners: (() => void)[] = [];
  return {
    kind: "audio",
    stop: vi.fn(),
    addEventListener: (type, listener) => type === "ended" && listeners.push(listener),
    end: () => listeners.forEach((listener) => listener()),
  };
}

/**
 * Installs the fakes; `microphone: "denied"` makes getUserMedia refuse, `audio: "stuck"` keeps the
 * audio context from running, `audio: "device-rate-only"` refuses the microphone in a 24 kHz
 * context, `worklet: "fails"` fails loading the capture worklet. Returns the tracks
 * handed out and the getUserMedia mock. Undone by uninstallFakeCall().
 */
export function installFakeCall({
  microphone = "granted",
  audio = "runs",
  worklet = "loads",
}: { microphone?: "granted" | "denied"; audio?: "runs" | "stuck" | "device-rate-only"; worklet?: "loads" | "fails" } = {}) {
  FakeAudioContext.workletFails = worklet === "fails";
  FakeAudioContext.deviceRateOnly = audio === "device-rate-only";
  FakeAudioContext.stuck = audio === "stuck";
  FakeWebSocket.instances = [];
  FakeAudioContext.instances = [];
  FakeAudioWorkletNode.instances = [];
  const tracks: FakeTrack[] = [];
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => {
    if (microphone === "denied") throw new DOMException("Permission denied", "NotAllowedError");
    const track = fakeTrack();
    tracks.push(track);
    return { getTracks: () => [track], getAudioTracks: () => [track] };
  });
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal("AudioContext", FakeAudioContext);
  vi.stubGlobal("AudioWorkletNode", FakeAudioWorkletNode);
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia } });
  return { tracks, getUserMedia };
}

export function uninstallFakeCall() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "mediaDevices");
}

/** Fake timers for setTimeout/setInterval only, so module loading and React still get real turns of the event loop. */
export function useCallTimers() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
}

/** Lets pending promises (the call's code loading, getUserMedia, ...) settle until `check` holds. */
export async function until(check: () => boolean, what = "the condition") {
  // Real time (the timers are fake): the first start loads the call's code from disk.
  const deadline = performance.now() + 5000;
  while (!check() && performance.now() < deadline) {
    await act(async () => {
      // Work queued for "now" on the fake clock (React Query's notifications) runs; time does not move.
      if (vi.isFakeTimers()) vi.advanceTimersByTime(0);
      await new Promise<void>((resolve) => setImmediate(resolve));
    });
  }
  if (!check()) throw new Error(`timed out waiting for ${what}: ${document.body.innerHTML.slice(0, 300)}`);
}

/** The socket the call opened, once it exists. */
export async function callSocket(): Promise<FakeWebSocket> {
  await until(() => FakeWebSocket.instances.length > 0, "the call socket");
  return FakeWebSocket.instances.at(-1)!;
}

/** Base64 of PCM16 audio of `samples` samples of silence. */
export const silence = (samples: number) => Buffer.from(new Uint8Array(samples * 2)).toString("base64");
