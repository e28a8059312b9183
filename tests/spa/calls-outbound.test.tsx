import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CallStats } from "../../contract/calls.ts";
import type { Language } from "../../contract/languages.ts";
import { CallsPage } from "../../src/features/calls/components/calls-page.tsx";
import { aCall } from "./call-fixture.ts";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

// Monday 23 November 2026, 13:00 in Prague.
const NOW = new Date("2026-11-23T12:00:00Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** The assistant called a client to offer a freed time, and the client took it. */
const OFFER_CALL = aCall("c1", "2026-11-23T11:30:00Z", {
  direction: "outbound",
  from_number: "+420228881234",
  to_number: "+420604222333",
  caller_city: null,
  caller_country: null,
  offer: true,
  outcome: "booked",
  summary: "Eva took the freed time on Thursday at 2 pm with Jana.",
  follow_up: false,
});
const INBOUND = aCall("c2", "2026-11-23T10:00:00Z", { from_number: "+420603111222", outcome: "question_answered" });

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

function fakeCallsApi() {
  return mockFetch((url) => {
    const { pathname } = new URL(url, "http://localhost");
    if (pathname === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Salon Bella", time_zone: "Europe/Prague", currency: "EUR" });
    if (pathname === "/api/calls/stats") return reply(api.calls.stats.$get, STATS);
    if (pathname === "/api/calls/list") return reply(api.calls.list.$get, { items: [OFFER_CALL, INBOUND], total: 2 });
    if (pathname.startsWith("/api/calls/conversation/")) return reply(api.calls.conversation[":id"].$get, []);
    const found = [OFFER_CALL, INBOUND].find((call) => pathname === `/api/calls/${call.id}`);
    return found ? reply(api.calls[":id"].$get, found) : refusal(404, { detail: "no such route in the fake" });
  });
}

const renderPage = (language: Language) => renderWithQueries(<CallsPage />, { language, path: `/${language}/dashboard/calls` });

describe("an outbound call on the Calls screen", () => {
  it("is marked outbound with the number called, and its page says it offered a freed time, with outcome and cost", async () => {
    fakeCallsApi();
    renderPage("en");
    const history = within(screen.getByRole("region", { name: "Call history" }));
    const outbound = await history.findByRole("button", { name: /To \+420 604 222 333/ });
    expect(within(outbound).getByRole("img", { name: "Outbound call" })).toBeInTheDocument();
    expect(within(outbound).getByText(/^Outbound ·/)).toBeInTheDocument();
    expect(within(outbound).getByText("Booked")).toBeInTheDocument();
    // An inbound call keeps its caller's number alone, without a mark.
    const inbound = history.getByRole("button", { name: /\+420 603 111 222/ });
    expect(within(inbound).queryByText(/^Outbound/)).not.toBeInTheDocument();
    expect(within(inbound).getByRole("img", { name: "Inbound call" })).toBeInTheDocument();

    await userEvent.click(outbound);
    const details = within(screen.getByRole("region", { name: "Call Details" }));
    expect(await details.findByText("The assistant placed this call to offer a time that came free.")).toBeInTheDocument();
    expect(details.getByText("To")).toBeInTheDocument();
    expect(details.queryByText("From")).not.toBeInTheDocument();
    expect(details.getByText("+420 604 222 333")).toBeInTheDocument();
    expect(details.getByText("Total cost")).toBeInTheDocument();
  });

  it.each([
    ["de", /An \+420 604 222 333/, "Ausgehend", "Der Assistent hat angerufen, um einen frei gewordenen Termin anzubieten."],
    ["cs", /Na \+420 604 222 333/, "Odchozí", "Tento hovor uskutečnil asistent, aby nabídl uvolněný termín."],
  ] as const)("reads the same in %s", async (language, to, mark, offer) => {
    fakeCallsApi();
    renderPage(language);
    const outbound = await screen.findByRole("button", { name: to });
    expect(within(outbound).getByText(new RegExp(`^${mark} ·`))).toBeInTheDocument();
    await userEvent.click(outbound);
    expect(await screen.findByText(offer)).toBeInTheDocument();
  });
});
