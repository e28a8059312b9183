import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Call, CallStats } from "../../contract/calls.ts";
import { CallsPage } from "../../src/features/calls/components/calls-page.tsx";
import { aCall } from "./call-fixture.ts";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

// Monday 23 November 2026, 13:00 in Prague. Timers are faked too, moving with real time, so a
// test can jump ahead to the next time a summary is asked for.
const NOW = new Date("2026-11-23T12:00:00Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"], shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const BOOKED = aCall("c1", "2026-11-23T11:30:00Z", {
  outcome: "booked",
  summary: "Petra booked a women's haircut with Jana on Wednesday at 4 pm. She asked whether she could pay by card.",
  follow_up: false,
});
const CALL_BACK = aCall("c2", "2026-11-23T10:00:00Z", {
  from_number: "+420604222333",
  outcome: "no_action",
  summary: "Lucie asked for a colour correction after another salon's work and wanted a price first.",
  follow_up: true,
  follow_up_reason: "Wants a price for a colour correction before booking.",
});
const FAILED = aCall("c3", "2026-11-22T09:00:00Z", { summary_state: "failed", outcome: "question_answered" });
const SKIPPED = aCall("c4", "2026-11-21T09:00:00Z", { summary_state: "skipped", outcome: "abandoned", call_duration: 4 });
/** Not on any page the fake lists: only its own address reads it. */
const OLDER = aCall("c9", "2026-10-02T08:00:00Z", {
  from_number: "+420606444555",
  outcome: "handed_over",
  summary: "Eva was unhappy with last week's colour and asked to speak to someone at the salon.",
  follow_up: true,
  follow_up_reason: "Unhappy with her colour; make sure someone has called her.",
});

const STATS: CallStats = {
  period: "today",
  time_zone: "Europe/Prague",
  start_date: "2026-11-23",
  end_date: "2026-11-24",
  total_calls: 2,
  total_price: 0.1,
  average_duration: 100,
  average_price_per_call: 0.05,
  days: [{ date: "2026-11-23", calls: 2 }],
};

interface FakeApi {
  /** The calls a filter lists, and how many it counts (more than listed for paging). */
  list?: (filter: { outcome: string | null; followUp: boolean }) => { items: Call[]; total?: number };
  /** The answer for one call by its id; by default the calls above. */
  call?: (id: string) => Response;
}

function fakeCallsApi({ list, call }: FakeApi = {}) {
  const every = [BOOKED, CALL_BACK, FAILED, SKIPPED];
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, "http://localhost");
    if (pathname === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Salon Bella", time_zone: "Europe/Prague", currency: "EUR" });
    if (pathname === "/api/calls/stats") return reply(api.calls.stats.$get, STATS);
    if (pathname === "/api/calls/list") {
      const filter = { outcome: searchParams.get("outcome"), followUp: searchParams.get("follow_up") === "true" };
      const answer = list?.(filter) ?? {
        items: every.filter((one) => (!filter.outcome || one.outcome === filter.outcome) && (!filter.followUp || one.follow_up)),
      };
      return reply(api.calls.list.$get, { items: answer.items, total: answer.total ?? answer.items.length });
    }
    const id = pathname.split("/").pop()!;
    if (pathname.startsWith("/api/calls/conversation/")) return reply(api.calls.conversation[":id"].$get, []);
    if (pathname === `/api/calls/${id}`) {
      if (call) return call(id);
      const found = [...every, OLDER].find((one) => one.id === id);
      return found ? reply(api.calls[":id"].$get, found) : refusal(404, { detail: "Not found. It may have been deleted.", code: "not_found" });
    }
    return refusal(404, { detail: "no such route in the fake" });
  });
}

/** The address the screen is at, as the browser's bar would show it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const renderPage = (path = "/en/dashboard/calls") =>
  renderWithQueries(
    <>
      <CallsPage />
      <Address />
    </>,
    { language: "en", path },
  );
const address = () => screen.getByTestId("address").textContent;
const region = (name: string) => screen.getByRole("region", { name });
const history = () => within(region("Call history"));
const details = () => within(region("Call Details"));
const listRequests = (requests: { url: string }[]) => requests.filter((request) => request.url.startsWith("/api/calls/list")).map((request) => request.url);

describe("the Calls screen's filter", () => {
  it("keeps the filter in the address, pages within it, and starts each filter on its first page", async () => {
    const booked = Array.from({ length: 50 }, (_, n) => aCall(`b${n}`, new Date(NOW.getTime() - (n + 1) * 3_600_000).toISOString(), { outcome: "booked" }));
    const requests = fakeCallsApi({
      list: ({ outcome, followUp }) => (outcome === "booked" ? { items: booked, total: 120 } : followUp ? { items: [CALL_BACK] } : { items: [BOOKED, CALL_BACK], total: 2 }),
    });
    renderPage();
    const filter = await screen.findByLabelText("Show:");
    expect(filter).toHaveValue("all");
    expect(within(filter).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "All calls",
      "Needs follow-up",
      "Booked",
      "Rescheduled",
      "Cancelled",
      "Question answered",
      "Handed over",
      "Nothing to do",
      "Abandoned",
      "Voicemail left",
      "Not answered",
    ]);

    await userEvent.selectOptions(filter, "Booked");
    await waitFor(() => expect(address()).toBe("/en/dashboard/calls?outcome=booked"));
    expect(await history().findByText("120 calls")).toBeInTheDocument();
    const pager = within(screen.getByRole("navigation", { name: "Pages of calls" }));
    expect(pager.getAllByRole("button", { name: /^Page / }).map((button) => button.textContent)).toEqual(["1", "2", "3"]);
    await userEvent.click(pager.getByRole("button", { name: "Page 3" }));
    await waitFor(() => expect(address()).toBe("/en/dashboard/calls?outcome=booked&page=3"));
    await waitFor(() => expect(listRequests(requests)).toContain("/api/calls/list?limit=50&offset=100&outcome=booked"));

    // Another filter starts on its first page.
    await userEvent.selectOptions(filter, "Needs follow-up");
    await waitFor(() => expect(address()).toBe("/en/dashboard/calls?follow_up=1"));
    await waitFor(() => expect(listRequests(requests)).toContain("/api/calls/list?limit=50&offset=0&follow_up=true"));
    expect(await history().findByText("1 call")).toBeInTheDocument();
    expect(history().getAllByRole("button", { name: /\+420 604 222 333/ })).toHaveLength(1);

    await userEvent.selectOptions(filter, "All calls");
    await waitFor(() => expect(address()).toBe("/en/dashboard/calls"));
    expect(listRequests(requests).at(-1)).toBe("/api/calls/list?limit=50&offset=0");
  });

  it("reads the filter from the address, and says when no call passes it, with a way back to all calls", async () => {
    const requests = fakeCallsApi();
    renderPage("/en/dashboard/calls?outcome=cancelled");
    expect(await history().findByText("No calls with the outcome “Cancelled”.")).toBeInTheDocument();
    expect(screen.getByLabelText("Show:")).toHaveValue("cancelled");
    expect(listRequests(requests)).toEqual(["/api/calls/list?limit=50&offset=0&outcome=cancelled"]);
    await userEvent.click(history().getByRole("button", { name: "Show all calls" }));
    await waitFor(() => expect(address()).toBe("/en/dashboard/calls"));
    expect(await history().findByText("4 calls")).toBeInTheDocument();
  });

  it("says so when no call needs a follow-up", async () => {
    fakeCallsApi({ list: () => ({ items: [] }) });
    renderPage("/en/dashboard/calls?follow_up=1");
    expect(await history().findByText("No calls need a follow-up.")).toBeInTheDocument();
    expect(screen.getByLabelText("Show:")).toHaveValue("follow_up");
  });

  it("marks the calls to get back to in the list, by name and not by colour alone", async () => {
    fakeCallsApi();
    renderPage();
    const rows = await history().findAllByRole("button", { name: /\+420/ });
    expect(rows.map((row) => within(row).queryByText("Needs follow-up") !== null)).toEqual([false, true, false, false]);
    expect(within(rows[1]!).getByTitle("Needs follow-up")).toBeInTheDocument();
  });
});

describe("a call's details", () => {
  it("show the summary and, first and prominent, that the salon should get back to the caller and why", async () => {
    fakeCallsApi();
    renderPage();
    expect(await details().findByRole("heading", { name: "Summary" })).toBeInTheDocument();
    expect(details().getByText(BOOKED.summary!)).toBeInTheDocument();
    expect(details().queryByText("Get back to this caller")).not.toBeInTheDocument();

    await userEvent.click(history().getByRole("button", { name: /\+420 604 222 333/ }));
    await waitFor(() => expect(address()).toBe("/en/dashboard/calls?call=c2"));
    expect(details().getByText("Get back to this caller")).toBeInTheDocument();
    expect(details().getByText("Wants a price for a colour correction before booking.")).toBeInTheDocument();
    expect(details().getByText(CALL_BACK.summary!)).toBeInTheDocument();
    // Said before the call's facts.
    const text = region("Call Details").textContent!;
    expect(text.indexOf("Get back to this caller")).toBeLessThan(text.indexOf("From"));
  });

  it("say when no summary could be made, and nothing when there was nothing to summarise", async () => {
    fakeCallsApi();
    renderPage("/en/dashboard/calls?call=c3");
    expect(await details().findByText("No summary could be made for this call.")).toBeInTheDocument();
    expect(details().queryByRole("heading", { name: "Summary" })).not.toBeInTheDocument();

    await userEvent.click(history().getAllByRole("button", { name: /\+420 603 111 222/ }).at(-1)!);
    await waitFor(() => expect(address()).toBe("/en/dashboard/calls?call=c4"));
    expect(details().getByText("Abandoned")).toBeInTheDocument();
    expect(details().queryByText("No summary could be made for this call.")).not.toBeInTheDocument();
    expect(details().queryByText("The summary is being written…")).not.toBeInTheDocument();
    expect(details().queryByRole("heading", { name: "Summary" })).not.toBeInTheDocument();
  });

  it("say of an offer call an answering machine took that a message was left, not that someone hung up", async () => {
    const machine = aCall("c5", "2026-11-23T09:00:00Z", { direction: "outbound", offer: true, outcome: "voicemail", summary_state: "skipped", call_duration: 25 });
    fakeCallsApi({ call: () => reply(api.calls[":id"].$get, machine) });
    renderPage("/en/dashboard/calls?call=c5");
    expect(await details().findByText("Voicemail left")).toBeInTheDocument();
    expect(details().queryByText("Abandoned")).not.toBeInTheDocument();
  });

  it("open by the address for a call that is not on the page, read by its id; Back to calls closes it", async () => {
    const requests = fakeCallsApi();
    renderPage("/en/dashboard/calls?call=c9");
    expect(await details().findByText(OLDER.summary!)).toBeInTheDocument();
    expect(details().getByText("Unhappy with her colour; make sure someone has called her.")).toBeInTheDocument();
    expect(details().getByText("From").nextSibling).toHaveTextContent("+420 606 444 555");
    expect(requests.map((request) => request.url)).toContain("/api/calls/c9");
    // Not a call of the page: none of its rows is current.
    expect(region("Call history").querySelector('[aria-current="true"]')).toBeNull();

    await userEvent.click(details().getByRole("button", { name: "Back to calls" }));
    await waitFor(() => expect(address()).toBe("/en/dashboard/calls"));
    // The page's first call again.
    expect(await details().findByText(BOOKED.summary!)).toBeInTheDocument();
    expect(details().queryByRole("button", { name: "Back to calls" })).not.toBeInTheDocument();
  });

  it("say when a call in the address cannot be read", async () => {
    fakeCallsApi();
    renderPage("/en/dashboard/calls?call=gone");
    expect(await details().findByText("This call could not be loaded: Not found. It may have been deleted.")).toBeInTheDocument();
  });

  it("wait quietly for a summary being written, asking again every 5 seconds until it is there", async () => {
    // Ended a minute ago.
    const fresh = aCall("c5", new Date(NOW.getTime() - 4 * 60_000).toISOString(), { call_duration: 180, summary_state: "pending", outcome: "booked" });
    const written = { ...fresh, summary_state: "done" as const, summary: "Martin booked a men's haircut for tomorrow at 10.", follow_up: true, follow_up_reason: "Asked to be called if an earlier time frees up." };
    let asked = 0;
    const requests = fakeCallsApi({
      list: () => ({ items: [asked >= 2 ? written : fresh] }),
      call: () => reply(api.calls[":id"].$get, ++asked >= 2 ? written : fresh),
    });
    renderPage();
    expect(await details().findByText("The summary is being written…")).toBeInTheDocument();
    expect(details().getByRole("status")).toHaveTextContent("The summary is being written…");
    await waitFor(() => expect(asked).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await details().findByText("Martin booked a men's haircut for tomorrow at 10.")).toBeInTheDocument();
    expect(details().getByText("Asked to be called if an earlier time frees up.")).toBeInTheDocument();
    expect(details().queryByText("The summary is being written…")).not.toBeInTheDocument();
    // The list is read again: the call is now marked for a follow-up there too.
    expect(await within(await history().findByRole("button", { name: /Needs follow-up/ })).findByText("Needs follow-up")).toBeInTheDocument();
    expect(listRequests(requests)).toHaveLength(2);

    // Written: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(asked).toBe(2);
  });

  it("stop asking for a summary after two minutes", async () => {
    const fresh = aCall("c6", new Date(NOW.getTime() - 2 * 60_000).toISOString(), { call_duration: 60, summary_state: "pending" });
    let asked = 0;
    fakeCallsApi({ list: () => ({ items: [fresh] }), call: () => {
      asked++;
      return reply(api.calls[":id"].$get, fresh);
    } });
    renderPage();
    expect(await details().findByText("The summary is being written…")).toBeInTheDocument();
    for (let second = 0; second < 180; second += 5) await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(asked).toBeGreaterThanOrEqual(24);
    expect(asked).toBeLessThanOrEqual(26);
    const after = asked;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(asked).toBe(after);
  });

  it("show nothing of a summary for a call that ended long ago and never got one", async () => {
    const old = aCall("c7", "2026-11-23T08:00:00Z", { summary_state: "pending" });
    let asked = 0;
    fakeCallsApi({ list: () => ({ items: [old] }), call: () => {
      asked++;
      return reply(api.calls[":id"].$get, old);
    } });
    renderPage();
    expect(await details().findByText("Inbound call")).toBeInTheDocument();
    expect(details().queryByText("The summary is being written…")).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
