import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AssistantsPage } from "../../src/features/assistants/components/assistants-page.tsx";
import { assistant, fakeAssistantsApi, type FakeRequest } from "./fake-assistants-api.ts";
import { FakeAudioContext, FakeWebSocket, callSocket, installFakeCall, silence, uninstallFakeCall, until, useCallTimers } from "./fake-call.ts";
import { api } from "../../src/lib/api-client.ts";
import { refusal, renderWithQueries, reply } from "./render.tsx";

const reception = assistant("as-1", "Reception");
const evening = assistant("as-2", "Evenings");
const CONNECTION_FAILED = "Failed to establish call connection. Please check your microphone permissions.";

/** The assistant API with a ticket desk: `ticket` answers the ticket request. */
function fakeApiWithTickets(ticket: () => Response = () => reply(api.dashboard.assistant[":id"]["call-ticket"].$post, { ticket: "tk/1+a", expires_at: "2030-01-01T00:00:00Z" }, 201)) {
  return fakeAssistantsApi({ assistants: [reception, evening] }, (request: FakeRequest) => (request.url.endsWith("/call-ticket") ? ticket() : undefined));
}

const button = (name: string) => screen.getByRole("button", { name });
const hasButton = (name: string) => screen.queryByRole("button", { name }) !== null;
/** The toasts on screen, as "kind: text". */
const toasts = () =>
  Array.from(screen.getByRole("list", { name: "Notifications" }).children).map((toast) => `${(toast as HTMLElement).dataset.kind}: ${toast.querySelector("p")?.textContent}`);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

async function startTestCall() {
  renderWithQueries(<AssistantsPage />);
  await until(() => hasButton("Test Call"), "the assistant");
  fireEvent.click(button("Test Call"));
}

/** Starts a test call and lets the server accept it; `session: false` leaves out session_created. */
async function activeCall({ session = true } = {}) {
  await startTestCall();
  const socket = await callSocket();
  await until(() => socket.onopen !== null, "the socket handlers");
  act(() => socket.open());
  await until(() => hasButton("End Call"), "the active call");
  if (session) act(() => socket.receive({ type: "session_created", session_id: "s-1" }));
  return socket;
}

describe("the test call", () => {
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

  it("gets a ticket, calls the saved assistant, shows the live transcript, and clears it 500 ms after End Call", async () => {
    const requests = fakeApiWithTickets();
    await startTestCall();
    await until(() => hasButton("Connecting..."), "Connecting...");
    expect(button("Connecting...")).toBeDisabled();
    const socket = await callSocket();
    expect(requests.filter((request) => request.method === "POST")).toEqual([{ method: "POST", url: "/api/dashboard/assistant/as-1/call-ticket", body: undefined }]);
    expect(socket.url).toBe(`ws://${location.host}/api/browser-ai/as-1?ticket=tk%2F1%2Ba`);
    expect(fakes.getUserMedia).toHaveBeenCalledTimes(1);

    await until(() => socket.onopen !== null, "the socket handlers");
    act(() => socket.open());
    await until(() => hasButton("End Call"), "the active call");
    expect(toasts()).toEqual([]);
    act(() => socket.receive({ type: "session_created", session_id: "s-1" }));
    expect(toasts()).toEqual(["success: Connected to Reception. Start speaking!"]);
    const panel = screen.getByRole("region", { name: "Test call transcript" });
    expect(within(panel).getByText("Call in progress")).toBeInTheDocument();
    const transcript = screen.getByTestId("test-call-transcript");
    expect(transcript).toHaveAttribute("aria-live", "polite");
    expect(transcript).toHaveTextContent("Listening... Say hello to your assistant.");

    act(() => socket.receive({ type: "text", data: "Hello, Salon", role: "assistant", item_id: "a1" }));
    act(() => socket.receive({ type: "text", data: "Hello, Salon Bella. How can I help?", role: "assistant", item_id: "a1" }));
    act(() => socket.receive({ type: "text", data: "A haircut tomorrow, please.", role: "user", item_id: "u1" }));
    act(() => socket.receive({ type: "audio", data: silence(2400) }));
    const lines = within(transcript).getAllByRole("listitem");
    expect(lines.map((line) => line.textContent)).toEqual(["ReceptionHello, Salon Bella. How can I help?", "YouA haircut tomorrow, please."]);
    expect(FakeAudioContext.instances[0]!.sources).toHaveLength(1);

    fireEvent.click(button("End Call"));
    expect(socket.closedWith).toEqual({ code: 1000, reason: "caller_hung_up" });
    expect(fakes.tracks[0]!.stop).toHaveBeenCalled();
    expect(FakeAudioContext.instances[0]!.close).toHaveBeenCalled();
    expect(toasts()).toContain("info: Call ended");
    expect(button("Test Call")).toBeEnabled();
    expect(within(panel).getByText("Call ended")).toBeInTheDocument();
    advance(499);
    expect(screen.getByTestId("test-call-transcript")).toHaveTextContent("A haircut tomorrow, please.");
    advance(1);
    expect(screen.queryByTestId("test-call-transcript")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Test call transcript" })).not.toBeInTheDocument();
  });

  it("ends with a toast when the assistant hangs up, and pings while it runs", async () => {
    fakeApiWithTickets();
    const socket = await activeCall();
    advance(30_000);
    expect(socket.sentOf("ping")).toHaveLength(1);
    act(() => socket.receive({ type: "text", data: "Goodbye!", role: "assistant", item_id: "a1" }));
    act(() => socket.serverClose(1000, "assistant_ended"));
    expect(toasts()).toContain("info: Call ended");
    expect(button("Test Call")).toBeEnabled();
    expect(FakeAudioContext.instances[0]!.close).toHaveBeenCalled();
    expect(screen.getByTestId("test-call-transcript")).toHaveTextContent("Goodbye!");
    advance(500);
    expect(screen.queryByTestId("test-call-transcript")).not.toBeInTheDocument();
  });

  it("says to check the microphone permissions when the microphone is refused, without asking for a ticket", async () => {
    uninstallFakeCall();
    installFakeCall({ microphone: "denied" });
    const requests = fakeApiWithTickets();
    await startTestCall();
    await until(() => toasts().length > 0, "a toast");
    expect(toasts()).toEqual([`error: ${CONNECTION_FAILED}`]);
    expect(button("Test Call")).toBeEnabled();
    expect(requests.some((request) => request.url.endsWith("/call-ticket"))).toBe(false);
  });

  it("says the same when the socket does not open within 5 s", async () => {
    fakeApiWithTickets();
    await startTestCall();
    const socket = await callSocket();
    await until(() => socket.onopen !== null, "the socket handlers");
    advance(4999);
    expect(button("Connecting...")).toBeDisabled();
    advance(1);
    await until(() => toasts().length > 0, "a toast");
    expect(toasts()).toEqual([`error: ${CONNECTION_FAILED}`]);
    expect(socket.closedWith).not.toBeNull();
    expect(fakes.tracks[0]!.stop).toHaveBeenCalled();
    expect(button("Test Call")).toBeEnabled();
  });

  it("gives the server's reason when no ticket is issued, and releases the microphone", async () => {
    fakeApiWithTickets(() => refusal(429, { detail: "Too many test calls. Please wait a minute." }));
    await startTestCall();
    await until(() => toasts().length > 0, "a toast");
    expect(toasts()).toEqual(["error: Error starting call: Too many test calls. Please wait a minute."]);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(fakes.tracks[0]!.stop).toHaveBeenCalled();
    expect(FakeAudioContext.instances[0]!.close).toHaveBeenCalled();
    expect(button("Test Call")).toBeEnabled();
  });

  it("gives the server's message when it refuses the call before the assistant answers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fakeApiWithTickets();
    const socket = await activeCall({ session: false });
    act(() => socket.receive({ type: "error", message: "The voice service is not configured.", code: "not_configured" }));
    act(() => socket.serverClose(1011, "error"));
    expect(toasts()).toEqual(["error: Error starting call: The voice service is not configured."]);
    expect(button("Test Call")).toBeEnabled();
  });

  it("only ends, without an error toast, when the server fails after the assistant spoke", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fakeApiWithTickets();
    const socket = await activeCall();
    act(() => socket.receive({ type: "text", data: "Hello!", role: "assistant", item_id: "a1" }));
    act(() => socket.receive({ type: "error", message: "The model stopped answering.", code: "model_unavailable" }));
    act(() => socket.serverClose(1011, "error"));
    expect(toasts()).toEqual(["success: Connected to Reception. Start speaking!", "info: Call ended"]);
  });

  it("hangs up when another assistant is chosen", async () => {
    fakeApiWithTickets();
    const socket = await activeCall();
    fireEvent.click(within(screen.getByRole("navigation", { name: "Assistants" })).getByRole("button", { name: /Evenings/ }));
    expect(socket.closedWith).toEqual({ code: 1000, reason: "caller_hung_up" });
    expect(fakes.tracks[0]!.stop).toHaveBeenCalled();
    expect(button("Test Call")).toBeEnabled();
    expect(screen.getByLabelText("Assistant Name")).toHaveValue("Evenings");
  });
});
