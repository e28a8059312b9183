import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_HOURS } from "../../contract/salon.ts";
import { CalendarPage } from "../../src/features/calendar/components/calendar-page.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

describe("the Calendar screen", () => {
  it("offers Try again when the stylists cannot be loaded, and loads them with it", async () => {
    let failures = 1;
    mockFetch((url) => {
      if (url === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Salon Bella", time_zone: "Europe/Prague", business_hours: DEFAULT_BUSINESS_HOURS });
      if (url === "/api/dashboard/stylists") return failures-- > 0 ? refusal(500, { detail: "Internal error" }) : reply(api.dashboard.stylists.$get, []);
      return refusal(404, { detail: "no such route in the fake" });
    });
    renderWithQueries(<CalendarPage />, { path: "/en/dashboard/calendar" });
    expect(await screen.findByText("The calendar could not be loaded.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    // Loaded: a salon without stylists is asked to add one.
    expect(await screen.findByRole("link", { name: /stylist/i })).toBeInTheDocument();
    expect(screen.queryByText("The calendar could not be loaded.")).not.toBeInTheDocument();
  });
});
