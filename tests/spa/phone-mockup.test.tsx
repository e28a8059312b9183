import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import sharedEn from "../../contract/messages/en.json";
import { ActiveScreen } from "../../src/features/call-demo/components/phone-screens.tsx";
import { PhoneMockup } from "../../src/features/call-demo/components/phone-mockup.tsx";
import { DOTS_TICK_MS } from "../../src/features/call-demo/constants.ts";
import en from "../../src/i18n/messages/en.json";
import {
  FakeAudioContext,
  FakeAudioWorkletNode,
  FakeWebSocket,
  callSocket,
  installFakeCall,
  silence,
  uninstallFakeCall,
  until,
  useCallTimers,
} from "./fake-call.ts";

const messages = { ...sharedEn, ...en };

function renderPhone() {
  return render(
    <IntlProvider locale="en" messages={messages}>
      <PhoneMockup />
    </IntlProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const phone = () => screen.getByTestId("phone-mockup");

describe("call demo phone", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("rings with dots that change every 600 ms", () => {
    renderPhone();
    expect(screen.getByText("Incoming call")).toBeInTheDocument();
    const dots = screen.getByTestId("call-dots");
    const before = dots.textContent;
    advance(DOTS_TICK_MS - 1);
    expect(dots.textContent).toBe(before);
    advance(1);
    expect(dots.textContent).not.toBe(before);
  });

  it("keeps ringing when the call is declined", () => {
    renderPhone();
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    advance(5000);
    expect(phone()).toHaveAttribute("data-state", "incoming");
    expect(screen.getByText("Incoming call")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Answer" })).toBeInTheDocument();
  });
});

describe("active call caption", () => {
  it("shows the last assistant message cut to 80 characters", () => {
    const long = "a".repeat(79) + "bc";
    render(
      <IntlProvider locale="en" messages={messages}>
        <ActiveScreen lastAssistantMessage={long} onHangUp={() => {}} />
      </IntlProvider>,
    );
    expect(screen.getByTestId("call-caption")).toHaveTextContent(`${"a".repeat(79)}b…`);
  });
});

const CONNECTION_ERROR = "Could not establish call connection. Please try again later.";
const MICROPHONE_ERROR = "Could not access microphone. Please check permissions.";
const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again later.";

describe("live call demo", () => {
  let fakes: ReturnType<typeof installFakeCall>;
  beforeEach(() => {
    useCallTimers();
    fakes = installFakeCall();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    uninstallFakeCall();
  });

  const answer = () => fireEvent.click(screen.getByRole("button", { name: "Answer" }));

  /** Answers and lets the server open the socket; the assistant is not on the line yet. */
  async function openedSocket() {
    renderPhone();
    answer();
    const socket = await callSocket();
    await until(() => socket.onopen !== null, "the socket handlers");
    act(() => socket.open());
    await until(() => socket.onmessage !== null, "the call's handlers");
    return socket;
  }

  /** Answers and lets the server accept: the assistant is on the line. */
  async function answered() {
    const socket = await openedSocket();
    act(() => socket.receive({ type: "session_created", session_id: "s-1" }));
    await until(() => phone().dataset.state === "active", "the active call");
    return { socket, context: FakeAudioContext.instances.at(-1)!, worklet: FakeAudioWorkletNode.instances.at(-1)! };
  }

  it("answering asks for the microphone, sets up 24 kHz audio and opens the demo's socket on this host", async () => {
    renderPhone();
    answer();
    expect(screen.getByRole("status")).toHaveTextContent("Connecting...");
    const socket = await callSocket();
    expect(socket.url).toBe(`ws://${location.host}/api/browser-ai/default`);
    expect(fakes.getUserMedia).toHaveBeenCalledWith({ audio: expect.objectContaining({ channelCount: 1, echoCancellation: true }) });
    const [context] = FakeAudioContext.instances;
    expect(context!.options.sampleRate).toBe(24000);
    expect(context!.audioWorklet.addModule).toHaveBeenCalledTimes(1);
    const [worklet] = FakeAudioWorkletNode.instances;
    expect(worklet!.options).toMatchObject({ channelCount: 1, processorOptions: { targetRate: 24000, bufferSamples: 4096 } });
    expect(phone()).toHaveAttribute("data-state", "connecting");

    await until(() => socket.onopen !== null, "the socket handlers");
    act(() => socket.open());
    // An open socket is not yet a call: the server may still turn it down.
    await until(() => socket.onmessage !== null, "the call's handlers");
    expect(phone()).toHaveAttribute("data-state", "connecting");
    act(() => socket.receive({ type: "session_created", session_id: "s-1" }));
    await until(() => phone().dataset.state === "active", "the active call");
    expect(screen.getByTestId("call-caption")).toHaveTextContent("Listening...");
    expect(screen.getByRole("button", { name: "End call" })).toBeInTheDocument();
  });

  it("sends the worklet's buffers as base64 PCM16 and pings every 30 s", async () => {
    const { socket, worklet } = await answered();
    const pcm = new Uint8Array(8192).map((_, i) => i % 251);
    act(() => worklet.post(pcm));
    expect(socket.sentOf("audio")).toEqual([{ type: "audio", data: Buffer.from(pcm).toString("base64") }]);

    act(() => vi.advanceTimersByTime(29_999));
    expect(socket.sentOf("ping")).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(socket.sentOf("ping")).toHaveLength(1);
    act(() => vi.advanceTimersByTime(30_000));
    expect(socket.sentOf("ping")).toHaveLength(2);
    expect(socket.sent.every((message) => ["audio", "ping"].includes((message as { type: string }).type))).toBe(true);
  });

  it("shows the assistant's last message, cut to 80 characters, as it grows", async () => {
    const { socket } = await answered();
    act(() => socket.receive({ type: "text", data: "Hello,", role: "assistant", item_id: "a1" }));
    expect(screen.getByTestId("call-caption")).toHaveTextContent(/^Hello,$/);
    act(() => socket.receive({ type: "text", data: "I would like a haircut", role: "user", item_id: "u1" }));
    expect(screen.getByTestId("call-caption")).toHaveTextContent(/^Hello,$/);
    const long = `${"Sure, ".repeat(13)}tomorrow at ten works.`;
    act(() => socket.receive({ type: "text", data: long, role: "assistant", item_id: "a2" }));
    expect(screen.getByTestId("call-caption")).toHaveTextContent(`${Array.from(long).slice(0, 80).join("")}…`);
    expect(screen.getByTestId("call-caption")).toHaveAttribute("aria-live", "polite");
  });

  it("plays the assistant's audio back to back, and clear_audio drops what is queued", async () => {
    const { socket, context } = await answered();
    context.currentTime = 1;
    act(() => socket.receive({ type: "audio", data: silence(2400) }));
    act(() => socket.receive({ type: "audio", data: silence(4800) }));
    const [first, second] = context.sources;
    expect(first!.startedAt).toBeCloseTo(1.05);
    expect(first!.buffer!.duration).toBeCloseTo(0.1);
    // Gapless: the second starts where the first ends.
    expect(second!.startedAt).toBeCloseTo(1.15);
    expect(first!.connections).toContain(context.destination);

    act(() => socket.receive({ type: "clear_audio" }));
    expect(first!.stop).toHaveBeenCalled();
    expect(second!.stop).toHaveBeenCalled();
    // Audio of the interrupted answer still arriving is dropped for 300 ms ...
    act(() => socket.receive({ type: "audio", data: silence(2400) }));
    expect(context.sources).toHaveLength(2);
    act(() => vi.advanceTimersByTime(299));
    act(() => socket.receive({ type: "audio", data: silence(2400) }));
    expect(context.sources).toHaveLength(2);
    // ... and a newer clear_audio restarts the wait.
    act(() => socket.receive({ type: "clear_audio" }));
    act(() => vi.advanceTimersByTime(299));
    act(() => socket.receive({ type: "audio", data: silence(2400) }));
    expect(context.sources).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    act(() => socket.receive({ type: "audio", data: silence(2400) }));
    expect(context.sources).toHaveLength(3);
    // The queue starts afresh after the interruption.
    expect(context.sources[2]!.startedAt).toBeCloseTo(1.05);
  });

  it("shows the connection error for 3 s when the socket has not opened in 5 s, and leaves nothing open", async () => {
    renderPhone();
    answer();
    const socket = await callSocket();
    await until(() => socket.onopen !== null, "the socket handlers");
    act(() => vi.advanceTimersByTime(4999));
    expect(phone()).toHaveAttribute("data-state", "connecting");
    act(() => vi.advanceTimersByTime(1));
    await until(() => phone().dataset.state === "error", "the error");
    expect(screen.getByRole("alert")).toHaveTextContent(CONNECTION_ERROR);
    expect(screen.queryByRole("button", { name: "Answer" })).not.toBeInTheDocument();
    expect(socket.closedWith).not.toBeNull();
    expect(fakes.tracks[0]!.stop).toHaveBeenCalled();
    expect(FakeAudioContext.instances[0]!.close).toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText(CONNECTION_ERROR)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(CONNECTION_ERROR)).not.toBeInTheDocument();
    expect(phone()).toHaveAttribute("data-state", "incoming");
    expect(screen.getByRole("button", { name: "Answer" })).toBeInTheDocument();
  });

  it("fails with the connection error when the audio will not run within 5 s, before any socket", async () => {
    uninstallFakeCall();
    fakes = installFakeCall({ audio: "stuck" });
    renderPhone();
    answer();
    await until(() => FakeAudioContext.instances[0]?.resume.mock.calls.length === 1, "the audio context");
    act(() => vi.advanceTimersByTime(4999));
    expect(phone()).toHaveAttribute("data-state", "connecting");
    act(() => vi.advanceTimersByTime(1));
    await until(() => phone().dataset.state === "error", "the error");
    expect(screen.getByRole("alert")).toHaveTextContent(CONNECTION_ERROR);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(fakes.tracks[0]!.stop).toHaveBeenCalled();
    expect(FakeAudioContext.instances[0]!.close).toHaveBeenCalled();
  });

  it("captures at the device's rate when the browser cannot at 24 kHz; the worklet resamples", async () => {
    uninstallFakeCall();
    fakes = installFakeCall({ audio: "device-rate-only" });
    renderPhone();
    answer();
    await callSocket();
    const [refused, used] = FakeAudioContext.instances;
    expect(refused!.options.sampleRate).toBe(24000);
    expect(refused!.close).toHaveBeenCalled();
    expect(used!.sampleRate).toBe(48000);
    expect(FakeAudioWorkletNode.instances[0]!.context).toBe(used);
    expect(FakeAudioWorkletNode.instances[0]!.options.processorOptions).toEqual({ targetRate: 24000, bufferSamples: 4096 });
  });

  it("fails at once when the server refuses the socket", async () => {
    renderPhone();
    answer();
    const socket = await callSocket();
    await until(() => socket.onclose !== null, "the socket handlers");
    act(() => socket.serverClose(1006));
    await until(() => phone().dataset.state === "error", "the error");
    expect(screen.getByRole("alert")).toHaveTextContent(CONNECTION_ERROR);
  });

  it.each([
    ["busy", "All demo lines are busy"],
    ["rate_limited", "Too many demo calls"],
  ] as const)("goes from Connecting... straight to the connection error when the server refuses the call (%s)", async (code, message) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderPhone();
    answer();
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(phone().dataset.state!));
    observer.observe(phone(), { attributeFilter: ["data-state"] });
    const socket = await callSocket();
    await until(() => socket.onopen !== null, "the socket handlers");
    // The server opens the socket only to say why it refuses, then closes it.
    act(() => socket.open());
    await until(() => socket.onmessage !== null, "the call's handlers");
    act(() => socket.receive({ type: "error", message, code }));
    act(() => socket.serverClose(1008, code));
    await until(() => phone().dataset.state === "error", "the error");
    observer.disconnect();
    expect(shown).not.toContain("active");
    expect(screen.queryByText("Call in progress")).not.toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(CONNECTION_ERROR);
  });

  it("shows the connection error when the server closes the socket before the assistant is on the line", async () => {
    const socket = await openedSocket();
    act(() => socket.serverClose(1011, "error"));
    await until(() => phone().dataset.state === "error", "the error");
    expect(screen.getByRole("alert")).toHaveTextContent(CONNECTION_ERROR);
  });

  it("shows the microphone alert when the microphone is refused, and opens no socket", async () => {
    uninstallFakeCall();
    fakes = installFakeCall({ microphone: "denied" });
    renderPhone();
    answer();
    await until(() => phone().dataset.state === "error", "the error");
    expect(screen.getByRole("alert")).toHaveTextContent(MICROPHONE_ERROR);
    expect(FakeWebSocket.instances).toHaveLength(0);
    act(() => vi.advanceTimersByTime(3000));
    expect(phone()).toHaveAttribute("data-state", "incoming");
  });

  it("shows the unexpected error when the audio worklet cannot load", async () => {
    uninstallFakeCall();
    fakes = installFakeCall({ worklet: "fails" });
    renderPhone();
    answer();
    await until(() => phone().dataset.state === "error", "the error");
    expect(screen.getByRole("alert")).toHaveTextContent(UNEXPECTED_ERROR);
    expect(fakes.tracks[0]!.stop).toHaveBeenCalled();
  });

  it("ends when the server closes the call: microphone stopped, audio closed, socket left", async () => {
    const { socket, context } = await answered();
    act(() => socket.receive({ type: "text", data: "Goodbye!", role: "assistant", item_id: "a1" }));
    act(() => socket.receive({ type: "audio", data: silence(2400) }));
    act(() => socket.serverClose(1000, "assistant_ended"));
    expect(phone()).toHaveAttribute("data-state", "ended");
    expect(screen.getByRole("status")).toHaveTextContent("Call ended");
    expect(fakes.tracks[0]!.stop).toHaveBeenCalled();
    expect(context.close).toHaveBeenCalled();
    expect(context.sources[0]!.stop).toHaveBeenCalled();
    expect(FakeAudioWorkletNode.instances[0]!.port.onmessage).toBeNull();
    // No more pings once the call is over.
    act(() => vi.advanceTimersByTime(60_000));
    expect(socket.sentOf("ping")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Call again" }));
    expect(phone()).toHaveAttribute("data-state", "incoming");
  });

  it("only logs a server error during the call, then ends when the server closes", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { socket } = await answered();
    act(() => socket.receive({ type: "session_created", session_id: "s-1" }));
    act(() => socket.receive({ type: "audio", data: silence(2400) }));
    act(() => socket.receive({ type: "error", message: "The model stopped answering", code: "model_unavailable" }));
    expect(log).toHaveBeenCalledWith(expect.stringContaining("The model stopped answering"));
    expect(screen.queryByText("The model stopped answering")).not.toBeInTheDocument();
    act(() => socket.serverClose(1011, "error"));
    expect(phone()).toHaveAttribute("data-state", "ended");
  });

  it("shows the connection error for 3 s when the server turns the call down before the assistant speaks", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { socket, context } = await answered();
    act(() => socket.receive({ type: "session_created", session_id: "s-1" }));
    act(() => socket.receive({ type: "error", message: "Too many demo calls", code: "rate_limited" }));
    act(() => socket.serverClose(1008, "error"));
    expect(log).toHaveBeenCalledWith(expect.stringContaining("Too many demo calls"));
    expect(screen.getByRole("alert")).toHaveTextContent(CONNECTION_ERROR);
    expect(screen.queryByText("Too many demo calls")).not.toBeInTheDocument();
    expect(context.close).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(3000));
    expect(phone()).toHaveAttribute("data-state", "incoming");
  });

  it("hanging up closes the socket as the caller's and stops everything", async () => {
    const { socket, context } = await answered();
    fireEvent.click(screen.getByRole("button", { name: "End call" }));
    expect(phone()).toHaveAttribute("data-state", "ended");
    expect(socket.closedWith).toEqual({ code: 1000, reason: "caller_hung_up" });
    expect(fakes.tracks[0]!.stop).toHaveBeenCalled();
    expect(context.close).toHaveBeenCalled();
  });

  it("leaving the page mid-call ends it", async () => {
    const { socket, context } = await answered();
    cleanup();
    expect(socket.closedWith).toEqual({ code: 1000, reason: "caller_hung_up" });
    expect(context.close).toHaveBeenCalled();
  });
});
