import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Call, CallStats, ConversationItem } from "../../contract/calls.ts";
import type { Language } from "../../contract/languages.ts";
import { CallsPage } from "../../src/features/calls/components/calls-page.tsx";
import { callKind } from "../../src/features/calls/format.ts";
import { pageItems } from "../../src/features/calls/pagination.ts";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";
import { aCall } from "./call-fixture.ts";

// jsdom has no canvas: the chart's library is replaced by a stand-in that records what it was given.
const charts = vi.hoisted(() => [] as { data: { labels: string[]; datasets: { data: number[] }[] } }[]);
vi.mock("../../src/features/calls/chart-setup.ts", () => ({
  Chart: class {
    constructor(_canvas: unknown, config: (typeof charts)[number]) {
      charts.push(config);
    }
    destroy() {}
  },
}));

// Monday 23 November 2026, 13:00 in Prague.
const NOW = new Date("2026-11-23T12:00:00Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  charts.length = 0;
});
afterEach(() => vi.useRealTimers());

const call = aCall;

const CALLS: Call[] = [
  call("c1", "2026-11-23T11:30:00Z", { outcome: "booked" }),
  call("c2", "2026-11-22T23:10:00Z", { from_number: "browser", to_number: null, assistant_name: null, caller_city: null, caller_country: null, total_price: 0.0187 }),
  call("c3", "2026-11-22T22:50:00Z", { call_status: "no-answer", call_duration: 0, total_price: null, from_number: "+420777456789", outcome: "abandoned" }),
  call("c4", "2026-11-20T09:00:00Z", { direction: "outbound", from_number: "+420228881234", to_number: "+420604222333" }),
];

const CONVERSATION: ConversationItem[] = [
  { item_type: "conversation", id: "i1", created_at: "2026-11-23T11:30:01Z", role: "assistant", content: "Hello! How can I help you today?", is_truncated: false },
  { item_type: "conversation", id: "i2", created_at: "2026-11-23T11:30:05Z", role: "user", content: "A haircut on Friday, please.", is_truncated: false },
  {
    item_type: "function_call",
    id: "i3",
    created_at: "2026-11-23T11:30:06Z",
    function_name: "find_free_slots",
    status: "successful",
    arguments: '{"date":"2026-11-27"}',
    result: '{"slots":["14:00"]}',
    error: null,
  },
  { item_type: "conversation", id: "i4", created_at: "2026-11-23T11:30:09Z", role: "assistant", content: "On Friday I have two o'clock and", is_truncated: true },
  {
    item_type: "function_call",
    id: "i5",
    created_at: "2026-11-23T11:30:12Z",
    function_name: "book_appointment",
    status: "failed",
    arguments: '{"start":"2026-11-27 14:00"}',
    result: null,
    error: "That time was just taken.",
  },
  { item_type: "function_call", id: "i6", created_at: "2026-11-23T11:30:13Z", function_name: "end_call", status: "attempted", arguments: "{}", result: null, error: null },
  { item_type: "function_call", id: "i7", created_at: "2026-11-23T11:30:14Z", function_name: "legacy_tool", status: null, arguments: null, result: null, error: null },
];

const stats = (period: string, fields: Partial<CallStats> = {}): CallStats => ({
  period: period as CallStats["period"],
  time_zone: "Europe/Prague",
  start_date: "2026-11-23",
  end_date: "2026-11-24",
  total_calls: 2,
  total_price: 0.0684,
  average_duration: 125.5,
  average_price_per_call: 0.0342,
  days: [{ date: "2026-11-23", calls: 2 }],
  ...fields,
});

const WEEK = stats("this_week", {
  start_date: "2026-11-23",
  end_date: "2026-11-30",
  total_calls: 9,
  days: ["23", "24", "25", "26", "27", "28", "29"].map((day, index) => ({ date: `2026-11-${day}`, calls: index === 0 ? 9 : 0 })),
});

interface FakeApi {
  calls?: Call[];
  total?: number;
  conversation?: (id: string) => Response;
  stats?: (period: string) => Response | Promise<Response>;
  list?: () => Response;
  instructions?: string | null;
}

function fakeCallsApi({ calls = CALLS, total, conversation, stats: statsAnswer, list, instructions = "You are the receptionist of Salon Bella." }: FakeApi = {}) {
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, "http://localhost");
    if (pathname === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Salon Bella", time_zone: "Europe/Prague", currency: "EUR" });
    if (pathname === "/api/calls/list") return list ? list() : reply(api.calls.list.$get, { items: calls, total: total ?? calls.length });
    if (pathname === "/api/calls/stats") {
      const period = searchParams.get("period")!;
      return statsAnswer ? statsAnswer(period) : reply(api.calls.stats.$get, period === "this_week" ? WEEK : stats(period));
    }
    const id = pathname.split("/").pop()!;
    if (pathname.startsWith("/api/calls/conversation/")) return conversation ? conversation(id) : reply(api.calls.conversation[":id"].$get, id === "c1" ? CONVERSATION : []);
    if (pathname.startsWith("/api/calls/instructions/")) return reply(api.calls.instructions[":id"].$get, { instructions: id === "c1" ? instructions : null });
    return refusal(404, { detail: "no such route in the fake" });
  });
}

const renderPage = (language: Language = "en", path = `/${language}/dashboard/calls`) => renderWithQueries(<CallsPage />, { language, path });
const region = (name: string) => screen.getByRole("region", { name });
const history = () => region("Call history");

describe("the Calls screen", () => {
  it("shows the period's figures, the calls by day, and the first call chosen with its details and conversation", async () => {
    fakeCallsApi();
    renderPage();
    const figures = within(region("Call statistics"));
    expect(await figures.findByText("€0.0684")).toBeInTheDocument();
    expect(figures.getByText("Total Calls").nextSibling).toHaveTextContent("2");
    expect(figures.getByText("Avg Duration").nextSibling).toHaveTextContent("02:06");
    expect(figures.getByText("Avg Cost / Call").nextSibling).toHaveTextContent("€0.0342");
    // One day has no chart.
    expect(figures.queryByRole("img")).not.toBeInTheDocument();

    const list = within(await waitFor(() => history()));
    const groups = await list.findAllByRole("group");
    expect(groups.map((group) => group.getAttribute("aria-label"))).toEqual(["Today", "Yesterday", "Friday, November 20"]);
    expect(list.getByText("4 calls")).toBeInTheDocument();
    // Inbound: the caller; outbound: the number called. Times in the salon's zone.
    const rows = list.getAllByRole("button");
    // What came of each call, as its tools tell: none for a call they cannot speak for.
    expect(rows[0]).toHaveTextContent("+420 603 111 222BookedFront desk12:30 PM");
    expect(rows[0]).toHaveAttribute("aria-current", "true");
    expect(rows[1]).toHaveTextContent("BrowserUnknown assistant12:10 AM");
    expect(rows[3]).toHaveTextContent("+420 604 222 333");
    expect(within(rows[2]!).getByRole("img", { name: "Missed call" })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent("Abandoned");
    expect(list.queryByRole("navigation")).not.toBeInTheDocument();

    const details = within(region("Call Details"));
    expect(details.getByText("Inbound call")).toBeInTheDocument();
    expect(details.getByText("From").nextSibling).toHaveTextContent("+420 603 111 222");
    expect(details.getByText("Assistant").nextSibling).toHaveTextContent("Front desk");
    expect(details.getByText("Duration").nextSibling).toHaveTextContent("03:05");
    expect(details.getByText("Status").nextSibling).toHaveTextContent("Completed");
    expect(details.getByText("Outcome").nextSibling).toHaveTextContent("Booked");
    expect(details.getByText("Location").nextSibling).toHaveTextContent("Brno, Czechia");
    expect(details.getByText("Total cost").nextSibling).toHaveTextContent("€0.0497");
    expect(details.getByText("Billed $0.0578 at €0.86 per US dollar")).toBeInTheDocument();
    expect(details.getByText("Language").nextSibling).toHaveTextContent("Czech");
    expect(details.getByText("Model").nextSibling).toHaveTextContent("gpt-realtime-2.1");

    const conversation = within(region("Conversation"));
    expect(await conversation.findByText("A haircut on Friday, please.")).toBeInTheDocument();
    expect(conversation.getByText(/On Friday I have two o'clock and/)).toHaveTextContent("(Message was interrupted)");
    expect(conversation.getAllByText("(Message was interrupted)")).toHaveLength(1);
  });

  it("opens function-call cards to their arguments, result and error, coloured by status, and closes them for another call", async () => {
    fakeCallsApi();
    renderPage();
    const conversation = within(region("Conversation"));
    const failed = await conversation.findByRole("button", { name: /book_appointment/ });
    expect(failed).toHaveTextContent("Failed");
    expect(failed).toHaveAttribute("aria-expanded", "false");
    expect(conversation.queryByText("That time was just taken.")).not.toBeVisible();
    await userEvent.click(failed);
    expect(failed).toHaveAttribute("aria-expanded", "true");
    expect(conversation.getByText("That time was just taken.")).toBeVisible();
    expect(conversation.getByText(/"start": "2026-11-27 14:00"/)).toBeVisible();

    const tones = conversation.getAllByRole("listitem").flatMap((item) => item.getAttribute("data-status") ?? []);
    expect(tones).toEqual(["successful", "failed", "attempted", "other"]);
    expect(conversation.getByRole("button", { name: /legacy_tool/ })).toHaveTextContent("Other");
    expect(conversation.getByRole("button", { name: /end_call/ })).toHaveTextContent("Attempted");
    const successful = conversation.getByRole("button", { name: /find_free_slots/ });
    await userEvent.click(successful);
    expect(conversation.getByText(/"slots": \[/)).toBeVisible();

    // Another call, and back: every card is closed again.
    await userEvent.click(within(history()).getAllByRole("button")[1]!);
    expect(await conversation.findByText("No conversation recorded for this call.")).toBeInTheDocument();
    await userEvent.click(within(history()).getAllByRole("button")[0]!);
    expect(await conversation.findByRole("button", { name: /book_appointment/ })).toHaveAttribute("aria-expanded", "false");
  });

  it("names each call by direction: inbound, missed, outbound with its callee", async () => {
    fakeCallsApi();
    renderPage();
    const rows = await within(await waitFor(() => history())).findAllByRole("button");
    const details = () => within(region("Call Details"));

    await userEvent.click(rows[1]!);
    expect(details().getByText("Inbound call")).toBeInTheDocument();
    expect(details().getByText("From").nextSibling).toHaveTextContent("Browser");
    expect(details().getByText("Assistant").nextSibling).toHaveTextContent("Unknown assistant");
    expect(details().queryByText("Location")).not.toBeInTheDocument();

    await userEvent.click(rows[2]!);
    expect(details().getByText("Missed call")).toBeInTheDocument();
    expect(details().getByText("Status").nextSibling).toHaveTextContent("No answer");
    expect(details().getByText("Duration").nextSibling).toHaveTextContent("00:00");
    // No price: no Pricing block.
    expect(details().queryByText("Total cost")).not.toBeInTheDocument();

    await userEvent.click(rows[3]!);
    expect(details().getByText("Outbound call")).toBeInTheDocument();
    expect(details().queryByText("From")).not.toBeInTheDocument();
    expect(details().getByText("To").nextSibling).toHaveTextContent("+420 604 222 333");
  });

  it("shows the call's instructions in a dialog, or says there are none", async () => {
    fakeCallsApi();
    renderPage();
    const open = await within(region("Call Details")).findByRole("button", { name: "Assistant Instructions" });
    await userEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Assistant Instructions" });
    expect(await within(dialog).findByText("You are the receptionist of Salon Bella.")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());

    await userEvent.click(within(history()).getAllByRole("button")[2]!);
    await userEvent.click(within(region("Call Details")).getByRole("button", { name: "Assistant Instructions" }));
    expect(await within(await screen.findByRole("dialog")).findByText("No system prompt available")).toBeInTheDocument();
  });

  it("shows the empty texts and no pager when there are no calls", async () => {
    fakeCallsApi({ calls: [], stats: (period) => reply(api.calls.stats.$get, stats(period, { total_calls: 0, total_price: 0, average_duration: 0, average_price_per_call: 0, days: [{ date: "2026-11-23", calls: 0 }] })) });
    renderPage();
    expect(await screen.findByText("No calls found. Calls will appear here when you receive or make them.")).toBeInTheDocument();
    expect(
      await screen.findByText("No call data available for the selected period. Statistics will appear here once you have made or received calls."),
    ).toBeInTheDocument();
    expect(screen.getByText("Select a call from the list to view details.")).toBeInTheDocument();
    expect(screen.getByText("Select a call to view the conversation.")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pages of calls" })).not.toBeInTheDocument();
  });

  it("pages 50 calls at a time: first, previous, numbers with gaps, next and last", async () => {
    const requests = fakeCallsApi({ total: 1000 });
    renderPage();
    const pager = within(await screen.findByRole("navigation", { name: "Pages of calls" }));
    const numbers = () => pager.getAllByRole("button", { name: /^Page / }).map((button) => button.textContent);
    expect(numbers()).toEqual(["1", "2", "3", "20"]);
    expect(pager.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(pager.getByRole("button", { name: "First page" })).toBeDisabled();
    expect(pager.getByRole("button", { name: "Previous page" })).toBeDisabled();

    await userEvent.click(pager.getByRole("button", { name: "Page 3" }));
    await waitFor(() => expect(requests.some((request) => request.url === "/api/calls/list?limit=50&offset=100")).toBe(true));
    expect(numbers()).toEqual(["1", "2", "3", "4", "5", "20"]);
    await userEvent.click(pager.getByRole("button", { name: "Next page" }));
    expect(numbers()).toEqual(["1", "2", "3", "4", "5", "6", "20"]);
    await userEvent.click(pager.getByRole("button", { name: "Last page" }));
    await waitFor(() => expect(requests.some((request) => request.url === "/api/calls/list?limit=50&offset=950")).toBe(true));
    expect(numbers()).toEqual(["1", "18", "19", "20"]);
    expect(pager.getByRole("button", { name: "Next page" })).toBeDisabled();
    expect(pager.getByRole("button", { name: "Last page" })).toBeDisabled();
    await userEvent.click(pager.getByRole("button", { name: "Previous page" }));
    await waitFor(() => expect(requests.some((request) => request.url === "/api/calls/list?limit=50&offset=900")).toBe(true));
  });

  it("reloads the statistics for another period and draws its days", async () => {
    const requests = fakeCallsApi();
    renderPage();
    const select = await screen.findByLabelText("Stats for:");
    expect(select).toHaveValue("today");
    expect((await within(select).findAllByRole("option")).map((option) => option.textContent)).toEqual(["Today", "This Week", "This Month", "Last 30 Days"]);
    await userEvent.selectOptions(select, "This Week");
    await waitFor(() => expect(requests.some((request) => request.url === "/api/calls/stats?period=this_week")).toBe(true));
    const chart = await within(region("Call statistics")).findByRole("img", {
      name: "Calls per day from Monday, November 23 to Sunday, November 29: 9 calls in all, at most 9 on one day.",
    });
    expect(chart).toBeInTheDocument();
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(charts[0]!.data.datasets[0]!.data).toEqual([9, 0, 0, 0, 0, 0, 0]);
    expect(charts[0]!.data.labels[0]).toBe("23 Mon");
  });

  it("says what went wrong with each load, in the error catalogue's words", async () => {
    fakeCallsApi({
      list: () => refusal(500, { detail: "The calls are resting." }),
      stats: () => refusal(503, { detail: "Down for maintenance" }),
    });
    renderPage();
    expect(await screen.findByText("Failed to load statistics: 503 - Down for maintenance")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText("Failed to load calls: The calls are resting.")).toHaveLength(2));
    // The statistics are cleared, not shown as a period without calls.
    expect(screen.getByText("The statistics could not be loaded.")).toBeInTheDocument();
    expect(screen.queryByText(/No call data available for the selected period/)).not.toBeInTheDocument();
  });

  it("loads the statistics and the history again with Try again", async () => {
    let failures = 2;
    fakeCallsApi({
      list: () => (failures-- > 0 ? refusal(500, { detail: "The calls are resting." }) : reply(api.calls.list.$get, { items: CALLS, total: CALLS.length })),
      stats: (period) => (failures-- > 0 ? refusal(503, { detail: "Down for maintenance" }) : reply(api.calls.stats.$get, stats(period))),
    });
    renderPage();
    expect(await screen.findByText("The statistics could not be loaded.")).toBeInTheDocument();
    const retries = await screen.findAllByRole("button", { name: "Try again" });
    expect(retries).toHaveLength(2);
    for (const retry of retries) await userEvent.click(retry);
    expect(await within(history()).findAllByRole("listitem")).not.toHaveLength(0);
    expect(await screen.findByText("Total Calls")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });

  it.each([
    ["an answer without a detail", () => new Response("oops", { status: 500 }), "Failed to load statistics: 500 - Unknown error"],
    ["no answer at all", () => Promise.reject(new TypeError("Failed to fetch")), "Failed to load statistics: No response from server"],
  ])("reports statistics that fail with %s", async (_, answer, text) => {
    fakeCallsApi({ stats: answer as () => Response });
    renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("empties the conversation when it cannot be loaded", async () => {
    fakeCallsApi({ conversation: () => refusal(404, { detail: "Not found. It may have been deleted." }) });
    renderPage();
    await waitFor(() => expect(screen.getAllByText("Failed to load conversation: Not found. It may have been deleted.")).toHaveLength(2));
    expect(within(region("Conversation")).queryByRole("listitem")).not.toBeInTheDocument();
  });

  it("says the words of a call are gone once the salon's transcript retention removed them", async () => {
    fakeCallsApi({ calls: [call("c1", "2026-11-23T11:30:00Z", { transcript_removed: true })] });
    renderPage();
    const conversation = within(region("Conversation"));
    expect(await conversation.findByText(/What was said on this call has been removed/)).toBeInTheDocument();
    expect(conversation.queryByText("A haircut on Friday, please.")).not.toBeInTheDocument();
  });

  it("speaks Czech: day headings, plurals and euros with four decimals", async () => {
    fakeCallsApi({ total: 113 });
    renderPage("cs");
    const list = within(await waitFor(() => screen.getByRole("region", { name: "Historie hovorů" })));
    expect(await list.findByText("113 hovorů")).toBeInTheDocument();
    expect((await list.findAllByRole("group")).map((group) => group.getAttribute("aria-label"))).toEqual(["Dnes", "Včera", "pátek 20. listopadu"]);
    const details = within(screen.getByRole("region", { name: "Podrobnosti hovoru" }));
    expect(details.getByText("Příchozí hovor")).toBeInTheDocument();
    expect(details.getByText("Celková cena").nextSibling).toHaveTextContent("0,0497 €");
    expect(details.getByText("Jazyk").nextSibling).toHaveTextContent("čeština");
    expect(details.getByText("Místo").nextSibling).toHaveTextContent("Brno, Česko");
  });
});

describe("a call's kind", () => {
  it("is inbound when completed or still running, missed otherwise, or outbound", () => {
    const at = "2026-11-23T11:30:00Z";
    expect(callKind(call("a", at))).toBe("inbound");
    expect(callKind(call("b", at, { call_status: "in-progress" }))).toBe("inbound");
    for (const status of ["no-answer", "busy", "failed", "canceled"] as const) expect(callKind(call("c", at, { call_status: status }))).toBe("missed");
    expect(callKind(call("d", at, { direction: "outbound", call_status: "no-answer" }))).toBe("outbound");
  });
});

describe("the pager's numbers", () => {
  it("lists every page up to 7", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("shows the first, the last and 2 either side of the current page beyond 7, a gap for what is left out", () => {
    expect(pageItems(1, 8)).toEqual([1, 2, 3, "gap-after", 8]);
    expect(pageItems(10, 20)).toEqual([1, "gap-before", 8, 9, 10, 11, 12, "gap-after", 20]);
    expect(pageItems(20, 20)).toEqual([1, "gap-before", 18, 19, 20]);
    // A gap of one page shows that page instead.
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, "gap-after", 20]);
    expect(pageItems(17, 20)).toEqual([1, "gap-before", 15, 16, 17, 18, 19, 20]);
  });
});
