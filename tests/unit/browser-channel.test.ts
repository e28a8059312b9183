import { describe, expect, it, vi } from "vitest";
import { BrowserChannel, type CallSocket } from "../../worker/calls/browser/channel.ts";

type Listener = (event: never) => void;

function fakeSocket() {
  const listeners: Record<string, Listener[]> = {};
  const sent: Record<string, unknown>[] = [];
  const socket: CallSocket & { closedWith?: [number | undefined, string | undefined] } = {
    send: (message) => void sent.push(JSON.parse(message) as Record<string, unknown>),
    close(code, reason) {
      this.closedWith = [code, reason];
    },
    addEventListener: (type: string, listener: Listener) => void (listeners[type] ??= []).push(listener),
  };
  const emit = (type: string, event: unknown) => listeners[type]?.forEach((listener) => listener(event as never));
  return { socket, sent, emit };
}

/** `ms` of 24 kHz PCM16 audio, base64. */
const audio = (ms: number) => Buffer.alloc(ms * 48).toString("base64");

describe("the browser call channel", () => {
  it("estimates what the caller heard: at most the time since the item began playing, never more than was sent", () => {
    let now = 1000;
    const { socket } = fakeSocket();
    const channel = new BrowserChannel(socket, { audio: vi.fn(), hungUp: vi.fn() }, () => now);
    channel.play("a", audio(500));
    channel.play("a", audio(500));
    now += 300;
    expect(channel.heardMs("a")).toBe(300);
    now += 2000;
    expect(channel.heardMs("a")).toBe(1000);
    // The next item starts playing where the first ended, not when it was sent.
    channel.play("b", audio(400));
    expect(channel.heardMs("b")).toBe(0);
    expect(channel.heardMs("unknown")).toBe(0);
  });

  it("takes what was heard from the page's playback reports: an item not reported has not begun", () => {
    let now = 0;
    const { socket, sent, emit } = fakeSocket();
    const channel = new BrowserChannel(socket, { audio: vi.fn(), hungUp: vi.fn() }, () => now);
    channel.play("filler", audio(1000));
    channel.play("answer", audio(2000));
    expect(sent.map((m) => m.item_id)).toEqual(["filler", "answer"]);
    // The page began late, behind network and its playback lead.
    now = 400;
    emit("message", { data: JSON.stringify({ type: "played", item_id: "filler", ms: 250 }) });
    now = 450;
    expect(channel.heardMs("filler")).toBe(300);
    expect(channel.heardMs("answer")).toBe(0);
    now = 5000;
    expect(channel.heardMs("filler")).toBe(1000);
    emit("message", { data: JSON.stringify({ type: "played", item_id: "answer", ms: 100 }) });
    expect(channel.heardMs("answer")).toBe(100);
    // Reports of items never sent, and malformed ones, change nothing.
    emit("message", { data: JSON.stringify({ type: "played", item_id: "other", ms: 100 }) });
    emit("message", { data: JSON.stringify({ type: "played", item_id: "answer", ms: -5 }) });
    expect(channel.heardMs("other")).toBe(0);
    expect(channel.heardMs("answer")).toBe(100);
    expect(sent.at(-1)).toMatchObject({ type: "error", code: "bad_message" });
  });

  it("clears: the queue is dropped and each item ends where the caller stopped hearing it", async () => {
    let now = 0;
    const { socket, sent } = fakeSocket();
    const channel = new BrowserChannel(socket, { audio: vi.fn(), hungUp: vi.fn() }, () => now);
    channel.play("a", audio(2000));
    now = 400;
    channel.clear();
    expect(sent.at(-1)).toEqual({ type: "clear_audio" });
    now = 5000;
    expect(channel.heardMs("a")).toBe(400);
    await channel.drained();
  });

  it("passes audio on, answers pings, and refuses bad messages without ending the call", () => {
    const { socket, sent, emit } = fakeSocket();
    const events = { audio: vi.fn(), hungUp: vi.fn() };
    new BrowserChannel(socket, events);
    emit("message", { data: JSON.stringify({ type: "audio", data: "AAAA" }) });
    expect(events.audio).toHaveBeenCalledWith("AAAA");
    emit("message", { data: JSON.stringify({ type: "ping" }) });
    expect(sent.at(-1)).toEqual({ type: "pong" });
    emit("message", { data: "{" });
    emit("message", { data: JSON.stringify({ type: "video" }) });
    emit("message", { data: new ArrayBuffer(8) });
    expect(sent.slice(-3).map((m) => m.code)).toEqual(["bad_message", "bad_message", "bad_message"]);
    expect(socket.closedWith).toBeUndefined();
    expect(events.hungUp).not.toHaveBeenCalled();
  });

  it("reads nothing more once the call has ended", () => {
    const { socket, sent, emit } = fakeSocket();
    const events = { audio: vi.fn(), hungUp: vi.fn() };
    const channel = new BrowserChannel(socket, events);
    channel.end("error", { code: "rate_limited", message: "too fast" });
    emit("message", { data: JSON.stringify({ type: "audio", data: "AAAA" }) });
    emit("message", { data: JSON.stringify({ type: "ping" }) });
    expect(events.audio).not.toHaveBeenCalled();
    expect(sent).toEqual([{ type: "error", code: "rate_limited", message: "too fast" }]);
  });

  it("reports the caller gone once, and ends with an error message and a code saying whose fault it was", () => {
    const { socket, sent, emit } = fakeSocket();
    const events = { audio: vi.fn(), hungUp: vi.fn() };
    const channel = new BrowserChannel(socket, events);
    channel.end("error", { code: "model_unavailable", message: "lost" });
    expect(sent.at(-1)).toEqual({ type: "error", code: "model_unavailable", message: "lost" });
    expect(socket.closedWith).toEqual([1011, "error"]);
    emit("close", { code: 1011 });
    expect(events.hungUp).not.toHaveBeenCalled();

    const second = fakeSocket();
    new BrowserChannel(second.socket, events);
    second.emit("close", { code: 1005 });
    second.emit("error", {});
    expect(events.hungUp).toHaveBeenCalledTimes(1);
  });
});
