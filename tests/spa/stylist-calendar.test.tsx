import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { StylistCalendar } from "../../contract/stylist-calendars.ts";
import { StylistCalendarLink } from "../../src/features/salon-settings/stylists/stylist-calendar-link.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const JANA = "11111111-1111-4111-8111-111111111111";
const linked = (changes: Partial<StylistCalendar> = {}): StylistCalendar => ({
  stylist: JANA,
  address: "calendar.google.com/…/basic.ics",
  status: "ok",
  error: null,
  error_status: null,
  checked_at: "2026-12-01T13:05:00Z",
  synced_at: "2026-12-01T13:05:00Z",
  busy_count: 3,
  ...changes,
});

/** The stylist's calendar against a fake API: `answers` in turn for what the owner does. */
function open(list: StylistCalendar[], answers: Response[]) {
  const calls = mockFetch((url) => {
    const { pathname } = new URL(url, "http://localhost");
    if (pathname === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Salon Bella", time_zone: "Europe/Prague", currency: "CZK" });
    if (pathname === "/api/dashboard/stylist-calendars") return reply(api.dashboard["stylist-calendars"].$get, list);
    return answers.shift() ?? refusal(500, { detail: "no answer left in the fake" });
  });
  renderWithQueries(<StylistCalendarLink stylistId={JANA} />, { language: "en", path: "/en/salon-settings?tab=stylists" });
  return calls;
}

describe("a stylist's outside calendar in their form", () => {
  it("links an address, refused first at the field, and says how the read went", async () => {
    const calls = open([], [refusal(422, { detail: "Bad", fields: { url: "This address is not secure." } }), reply(api.dashboard["stylist-calendars"][":stylistId"].$put, linked())]);
    const address = await screen.findByLabelText("Secret iCal address");
    await userEvent.type(address, "http://cal.example.com/x.ics");
    await userEvent.click(screen.getByRole("button", { name: "Link calendar" }));
    expect(await screen.findByText("This address is not secure.")).toBeInTheDocument();
    expect(address).toHaveAccessibleDescription("This address is not secure.");

    await userEvent.clear(address);
    // Enter links the calendar.
    await userEvent.type(address, "webcal://calendar.google.com/secret/basic.ics{Enter}");
    expect(await screen.findByText("calendar.google.com/…/basic.ics")).toBeInTheDocument();
    expect(screen.getByText("Read Dec 1, 2:05 PM · 3 busy times ahead")).toBeInTheDocument();
    const sent = calls.filter((call) => call.url.startsWith("/api/dashboard/stylist-calendars/"));
    expect(sent.at(-1)!.url).toBe(`/api/dashboard/stylist-calendars/${JANA}`);
    expect(sent.at(-1)!.body).toEqual({ url: "webcal://calendar.google.com/secret/basic.ics" });
  });

  it("says why a read failed and that the last good busy times still apply, reads again and unlinks", async () => {
    const failed = linked({ status: "error", error: "http", error_status: 404, checked_at: "2026-12-02T09:00:00Z" });
    open([failed], [reply(api.dashboard["stylist-calendars"][":stylistId"].$put, linked({ busy_count: 1 })), new Response(null, { status: 204 })]);
    expect(await screen.findByText(/Could not read it Dec 2, 10:00 AM: the address answered with error 404\./)).toHaveTextContent(
      "The busy times read Dec 1, 2:05 PM still apply.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Read now" }));
    expect(await screen.findByText("Read Dec 1, 2:05 PM · 1 busy time ahead")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Unlink" }));
    expect(await screen.findByLabelText("Secret iCal address")).toHaveValue("");
  });
});
