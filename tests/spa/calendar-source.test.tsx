import type { Calendar } from "@event-calendar/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { Appointment, AppointmentSource } from "../../contract/appointments.ts";
import type { Language } from "../../contract/languages.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS } from "../../contract/salon.ts";
import type { AppointmentTarget } from "../../src/features/calendar/appointment-draft.ts";
import { VIEWS } from "../../src/features/calendar/calendar-views.ts";
import { AppointmentModal } from "../../src/features/calendar/components/appointment-modal.tsx";
import { eventContent } from "../../src/features/calendar/event-content.ts";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const appointment = (source: AppointmentSource): Appointment => ({
  id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
  customer_name: "Marie Dvořáková",
  customer_phone: "+420 777 123 456",
  stylist: "11111111-1111-4111-8111-111111111111",
  stylist_name: "Jana Nováková",
  // Ahead, so the modal offers no no-show.
  start_datetime: "2099-11-23T09:00:00.000Z",
  end_datetime: "2099-11-23T10:00:00.000Z",
  notes: null,
  service_name: "Haircut",
  service_color: "#16a34a",
  services: [{ service_id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", service_name: "Haircut", service_color: "#16a34a", price_at_booking: 30, duration_at_booking: 60 }],
  no_show_at: null,
  source,
  created_by: null,
  changed_by: null,
  version: 1,
});

const WORDS = {
  noName: "No name",
  noShow: "No-show",
  day: () => "Monday, 23 November",
  booked: { online: "Booked online", voice: "Booked by the receptionist", outreach: "Booked from an offer" },
};

/** An event as the calendar draws it, in a button as the library's events are. */
function drawEvent(booked: Appointment) {
  const info = {
    event: { display: "auto", start: new Date(), extendedProps: { appointment: booked } },
    timeText: "10:00 - 11:00",
    view: { type: VIEWS.week },
  } as unknown as Calendar.EventContentInfo;
  const content = eventContent(info, WORDS) as { domNodes: Node[] };
  const event = document.createElement("div");
  event.setAttribute("role", "button");
  event.append(...content.domNodes);
  document.body.replaceChildren(event);
  return event;
}

describe("where a booking came from, in the calendar", () => {
  it("marks an online booking and the receptionist's with an icon named in words", () => {
    const online = drawEvent(appointment("online"));
    expect(within(online).getByRole("img", { name: "Booked online" })).toBeInTheDocument();
    expect(online).toHaveAccessibleName(expect.stringContaining("Booked online"));
    expect(online.querySelector(".appointment")).toHaveAttribute("title", expect.stringContaining("Booked online"));

    const voice = drawEvent({ ...appointment("voice"), no_show_at: "2099-11-23T09:30:00.000Z" });
    expect(within(voice).getByRole("img", { name: "Booked by the receptionist" })).toBeInTheDocument();
    // The no-show's label stays on the same line.
    expect(within(voice).getByText("No-show")).toBeInTheDocument();
  });

  it("leaves the dashboard's own bookings unmarked", () => {
    const event = drawEvent(appointment("dashboard"));
    expect(within(event).queryByRole("img")).toBeNull();
    expect(event).toHaveTextContent("Marie Dvořáková");
  });
});

function fakeApi() {
  mockFetch((url) => {
    if (url === "/api/dashboard/stylists") {
      return reply(api.dashboard.stylists.$get, [
        { id: "11111111-1111-4111-8111-111111111111", first_name: "Jana", last_name: "Nováková", email: null, phone: null, working_hours: DEFAULT_WORKING_HOURS, time_off: [], is_active: true, color: "#3788d8" },
      ]);
    }
    if (url === "/api/dashboard/services") return reply(api.dashboard.services.$get, []);
    if (url.startsWith("/api/dashboard/availability")) return reply(api.dashboard.availability.$get, []);
    if (url.includes("/messages")) return reply(api.dashboard["client-messages"].$get, { items: [] });
    return refusal(404, { detail: "no such route in the fake" });
  });
}

/** A page with a button that opens the modal on `open`, as the calendar does. */
function Host({ open }: { open: AppointmentTarget }) {
  const [target, setTarget] = useState<AppointmentTarget | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget(open)}>
        Open
      </button>
      <AppointmentModal target={target} timeZone="Europe/Prague" businessHours={DEFAULT_BUSINESS_HOURS} onClose={() => setTarget(null)} />
    </>
  );
}

async function openModal(target: AppointmentTarget, language: Language = "en") {
  fakeApi();
  renderWithQueries(<Host open={target} />, { language });
  await userEvent.click(screen.getByRole("button", { name: "Open" }));
  return screen.findByRole("dialog");
}

describe("where a booking came from, in the appointment modal", () => {
  it.each([
    ["online", "en", "Booked online"],
    ["voice", "en", "Booked by the receptionist on a call"],
    ["dashboard", "en", "Booked in the dashboard"],
    ["online", "de", "Online gebucht"],
    ["voice", "cs", "Rezervovala AI recepční během hovoru"],
  ] as const)("says a %s booking's origin in %s", async (source, language, words) => {
    const dialog = await openModal({ mode: "edit", appointment: appointment(source) }, language);
    expect(within(dialog).getByText(words)).toBeVisible();
  });

  it("says nothing of an origin for a new appointment", async () => {
    const dialog = await openModal({ mode: "create" });
    await within(dialog).findByRole("option", { name: "Jana Nováková" });
    expect(within(dialog).queryByText(/^Booked /)).toBeNull();
  });
});
