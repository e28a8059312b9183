import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { Appointment, AppointmentBody, FreeSlot } from "../../contract/appointments.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS, type BusinessHours, type Service, type Stylist } from "../../contract/salon.ts";
import type { AppointmentTarget } from "../../src/features/calendar/appointment-draft.ts";
import { AppointmentModal } from "../../src/features/calendar/components/appointment-modal.tsx";
import type { SalonMembership } from "../../contract/team.ts";
import { api } from "../../src/lib/api-client.ts";
import { json, mockFetch, OWNER, refusal, renderWithApp, renderWithQueries, reply } from "./render.tsx";

const PRAGUE = "Europe/Prague";
// Open 09:00-18:00, closed on Sunday; the stylists work 09:00-13:00 and 14:00-17:00 except Sunday.
const HOURS: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, "6": null };

const stylist = (id: string, first: string, last: string, is_active = true): Stylist => ({
  id,
  first_name: first,
  last_name: last,
  email: null,
  phone: null,
  working_hours: DEFAULT_WORKING_HOURS,
  time_off: [],
  is_active,
  color: "#3788d8",
});
const jana = stylist("11111111-1111-4111-8111-111111111111", "Jana", "Nováková");
const petr = { ...stylist("22222222-2222-4222-8222-222222222222", "Petr", "Svoboda"), time_off: [{ start_date: "2026-11-25", end_date: "2026-11-27", note: null }] };
const gone = stylist("33333333-3333-4333-8333-333333333333", "Eva", "Malá", false);

const service = (id: string, name: string, duration: number, price: number): Service => ({
  id,
  name,
  description: null,
  duration,
  price,
  min_price: null,
  max_price: null,
  color: "#16a34a",
});
const haircut = service("aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "Haircut", 45, 30);
const colouring = service("bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "Colouring", 90, 75.5);

const booked: Appointment = {
  id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
  customer_name: "Marie Dvořáková",
  customer_phone: "+420 777 123 456",
  stylist: jana.id,
  stylist_name: "Jana Nováková",
  // 10:00-11:15 in Prague (winter, UTC+1).
  start_datetime: "2026-11-23T09:00:00.000Z",
  end_datetime: "2026-11-23T10:15:00.000Z",
  notes: "Sensitive scalp",
  service_name: "Haircut, Beard",
  service_color: "#16a34a",
  services: [
    { service_id: haircut.id, service_name: "Haircut", service_color: "#16a34a", price_at_booking: 28, duration_at_booking: 45 },
    { service_id: colouring.id, service_name: "Colouring", service_color: "#16a34a", price_at_booking: 70, duration_at_booking: 30 },
  ],
  no_show_at: null,
  source: "dashboard",
  created_by: null,
  changed_by: null,
  version: 1,
};

interface Request {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The dashboard API for the modal: stylists, services, free times and appointment writes.
 * `answer` can take over a write (fail it, or hold it to see the in-progress labels).
 */
function fakeApi(answer?: (request: Request) => Response | Promise<Response> | undefined, slots: FreeSlot[] = []) {
  const requests: Request[] = [];
  mockFetch((url, init) => {
    const request = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(request);
    if (url === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Salon Bella", time_zone: PRAGUE, currency: "EUR" });
    if (url === "/api/dashboard/stylists") return reply(api.dashboard.stylists.$get, [jana, petr, gone]);
    if (url === "/api/dashboard/services") return reply(api.dashboard.services.$get, [haircut, colouring]);
    if (url.startsWith("/api/dashboard/availability?")) return reply(api.dashboard.availability.$get, slots);
    const taken = answer?.(request);
    if (taken) return taken;
    if (request.method === "DELETE") return new Response(null, { status: 204 });
    return reply(api.dashboard.appointments.$post, { ...booked, ...(request.body as object) }, request.method === "POST" ? 201 : 200);
  });
  return requests;
}

const writes = (requests: Request[]) => requests.filter((request) => request.method !== "GET");

/** A page with a button that opens the modal, as the calendar does. */
function Host({ open }: { open: AppointmentTarget }) {
  const [target, setTarget] = useState<AppointmentTarget | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget(open)}>
        Open
      </button>
      <AppointmentModal target={target} timeZone={PRAGUE} businessHours={HOURS} onClose={() => setTarget(null)} />
    </>
  );
}

async function openModal(target: AppointmentTarget, membership?: SalonMembership) {
  renderWithQueries(<Host open={target} />, { membership });
  await userEvent.click(screen.getByRole("button", { name: "Open" }));
  const dialog = await screen.findByRole("dialog");
  // The selects are filled once stylists and services have loaded.
  await within(dialog).findByRole("option", { name: "Jana Nováková" });
  await within(dialog).findAllByRole("option", { name: /Haircut/ });
  return dialog;
}

const serviceSelects = (dialog: HTMLElement) => within(dialog).getAllByLabelText(/^Service\*?$/);
/** Types a wall-clock "YYYY-MM-DDTHH:MM" into a field's date and time boxes, and leaves them; the time box is "<label>: time" in English. */
function setTime(dialog: HTMLElement, label: string, wall: string, timeLabel = `${label}: time`) {
  for (const [box, value] of [[label, wall.slice(0, 10)], [timeLabel, wall.slice(11)]] as const) {
    const input = within(dialog).getByLabelText(box);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  }
}

/** What a field's date and time boxes show; the browser's English here is American. */
const shown = (dialog: HTMLElement, label: string) =>
  [label, `${label}: time`].map((box) => (within(dialog).getByLabelText(box) as HTMLInputElement).value).join(" ").trim();

/** Fills what Save needs: stylist, a service, a start. */
async function fillRequired(dialog: HTMLElement) {
  await userEvent.selectOptions(within(dialog).getByLabelText("Stylist"), "Jana Nováková");
  await userEvent.selectOptions(serviceSelects(dialog)[0]!, haircut.id);
  setTime(dialog, "Start Time", "2026-11-23T09:00");
}

/** A response the test releases when it has seen what happens meanwhile. */
function held() {
  let release!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { response, release };
}

describe("appointment modal", () => {
  it("creates an appointment with two services, in the salon's time zone", async () => {
    const requests = fakeApi();
    const dialog = await openModal({ mode: "create" });

    expect(within(dialog).getByRole("heading", { name: "Create Appointment" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Client Name")).toHaveFocus();
    expect(within(dialog).getByText("* Required fields")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    // Inactive stylists are not offered for new appointments.
    expect(within(dialog).queryByRole("option", { name: "Eva Malá" })).not.toBeInTheDocument();
    // Options read "name (duration min - price)", the price in euros.
    expect(within(dialog).getByRole("option", { name: "Colouring (90 min - €75.50)" })).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText("Client Name"), "Marie Dvořáková");
    await userEvent.type(within(dialog).getByLabelText("Phone"), "+420 777 123 456");
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Service" }));
    await userEvent.selectOptions(serviceSelects(dialog)[1]!, colouring.id);
    expect(shown(dialog, "End Time")).toBe("11/23/2026 11:15 AM");
    expect(within(dialog).getByText("Total: 135 min · €105.50")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("Notes"), "First visit");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Appointment created successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [post] = writes(requests);
    expect(post).toMatchObject({ method: "POST", url: "/api/dashboard/appointments" });
    expect(post!.body).toEqual({
      customer_name: "Marie Dvořáková",
      customer_phone: "+420 777 123 456",
      stylist: jana.id,
      // 09:00 and 11:15 on a November day in Prague are 08:00 and 10:15 UTC.
      start_datetime: "2026-11-23T08:00:00.000Z",
      end_datetime: "2026-11-23T10:15:00.000Z",
      notes: "First visit",
      services: [
        { service: haircut.id, price_at_booking: 30, duration_at_booking: 45 },
        { service: colouring.id, price_at_booking: 75.5, duration_at_booking: 90 },
      ],
    } satisfies AppointmentBody);
  });

  it("opens a drag-created slot with its stylist and times", async () => {
    fakeApi();
    const dialog = await openModal({ mode: "create", stylist: petr.id, start: "2026-11-24T14:00", end: "2026-11-24T15:30" });
    expect(within(dialog).getByLabelText("Stylist")).toHaveValue(petr.id);
    expect(shown(dialog, "Start Time")).toBe("11/24/2026 2:00 PM");
    expect(shown(dialog, "End Time")).toBe("11/24/2026 3:30 PM");
  });

  it("fills price and duration from the chosen service and recomputes the end when the start changes", async () => {
    fakeApi();
    const dialog = await openModal({ mode: "create" });
    await userEvent.selectOptions(serviceSelects(dialog)[0]!, colouring.id);
    expect(within(dialog).getByLabelText("Price")).toHaveValue(75.5);
    expect(within(dialog).getByLabelText("Duration (min)")).toHaveValue(90);
    // No start yet: the end is left alone.
    expect(shown(dialog, "End Time")).toBe("");

    setTime(dialog, "Start Time", "2026-11-23T09:00");
    expect(shown(dialog, "End Time")).toBe("11/23/2026 10:30 AM");
    setTime(dialog, "Start Time", "2026-11-23T13:15");
    expect(shown(dialog, "End Time")).toBe("11/23/2026 2:45 PM");
    // A duration typed over the service's counts too.
    await userEvent.clear(within(dialog).getByLabelText("Duration (min)"));
    await userEvent.type(within(dialog).getByLabelText("Duration (min)"), "60");
    expect(shown(dialog, "End Time")).toBe("11/23/2026 2:15 PM");
  });

  it("adds and removes service rows; Remove shows only with more than one row", async () => {
    fakeApi();
    const dialog = await openModal({ mode: "create" });
    expect(serviceSelects(dialog)).toHaveLength(1);
    expect(within(dialog).queryByRole("button", { name: /^Remove service/ })).not.toBeInTheDocument();

    await userEvent.selectOptions(serviceSelects(dialog)[0]!, haircut.id);
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Service" }));
    await userEvent.selectOptions(serviceSelects(dialog)[1]!, colouring.id);
    expect(serviceSelects(dialog)).toHaveLength(2);
    expect(within(dialog).getByRole("button", { name: "Remove service 1" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Remove service 2" })).toBeInTheDocument();

    setTime(dialog, "Start Time", "2026-11-23T09:00");
    expect(shown(dialog, "End Time")).toBe("11/23/2026 11:15 AM");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove service 1" }));
    expect(serviceSelects(dialog)).toHaveLength(1);
    expect(serviceSelects(dialog)[0]).toHaveValue(colouring.id);
    expect(within(dialog).queryByRole("button", { name: /^Remove service/ })).not.toBeInTheDocument();
    // The removed service's minutes are gone from the end time.
    expect(shown(dialog, "End Time")).toBe("11/23/2026 10:30 AM");
  });

  it("keeps Save disabled until stylist, start, end and the first service are set", async () => {
    fakeApi();
    const dialog = await openModal({ mode: "create" });
    const save = within(dialog).getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText("Stylist"), "Jana Nováková");
    expect(save).toBeDisabled();
    setTime(dialog, "Start Time", "2026-11-23T09:00");
    setTime(dialog, "End Time", "2026-11-23T09:30");
    expect(save).toBeDisabled();
    // A service in a later row is not enough: the first row needs one.
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Service" }));
    await userEvent.selectOptions(serviceSelects(dialog)[1]!, haircut.id);
    expect(save).toBeDisabled();
    await userEvent.selectOptions(serviceSelects(dialog)[0]!, colouring.id);
    expect(save).toBeEnabled();
    await userEvent.selectOptions(within(dialog).getByLabelText("Stylist"), "Select a stylist");
    expect(save).toBeDisabled();
  });

  it("says when the end is not after the start, without sending anything", async () => {
    const requests = fakeApi();
    const dialog = await openModal({ mode: "create" });
    await fillRequired(dialog);
    setTime(dialog, "End Time", "2026-11-23T08:30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    const end = within(dialog).getByLabelText("End Time");
    expect(end).toHaveAccessibleDescription(/^The end time must be after the start time\. Format: MM\/DD\/YYYY/);
    expect(end).toHaveFocus();
    expect(writes(requests)).toEqual([]);
  });

  it("shows Saving... while saving, and the server's detail when the time clashes", async () => {
    const clash = "Jana Nováková already has an appointment on 23 November from 09:30 to 10:30. Choose another time or stylist.";
    const post = held();
    const requests = fakeApi((request) => (request.method === "POST" ? post.response : undefined));
    const dialog = await openModal({ mode: "create" });
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    const saving = within(dialog).getByRole("button", { name: "Saving..." });
    expect(saving).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    post.release(refusal(409, { detail: clash, code: "overlap" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(clash);
    // The modal stays, with what was typed, for another time.
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeEnabled();
    expect(shown(dialog, "Start Time")).toBe("11/23/2026 9:00 AM");
    expect(writes(requests)).toHaveLength(1);
  });

  it("offers the stylist's next free times and takes one with a click", async () => {
    const slot = { stylist: jana.id, start_datetime: "2026-11-24T13:00:00.000Z", end_datetime: "2026-11-24T13:45:00.000Z" };
    const requests = fakeApi(undefined, [slot]);
    const dialog = await openModal({ mode: "create" });
    await userEvent.selectOptions(within(dialog).getByLabelText("Stylist"), "Jana Nováková");
    await userEvent.selectOptions(serviceSelects(dialog)[0]!, haircut.id);
    const free = await within(dialog).findByRole("group", { name: "Next free times" });
    // 13:00 UTC is 14:00 in Prague.
    await userEvent.click(within(free).getByRole("button", { name: "Tue, Nov 24, 2:00 PM" }));
    expect(shown(dialog, "Start Time")).toBe("11/24/2026 2:00 PM");
    expect(shown(dialog, "End Time")).toBe("11/24/2026 2:45 PM");
    const query = new URL(requests.find((request) => request.url.includes("availability"))!.url, "http://x").searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ duration: "45", stylist: jana.id });
  });

  it("edits an appointment: its values in the salon's time, Updating..., then the change sent", async () => {
    const put = held();
    const requests = fakeApi((request) => (request.method === "PUT" ? put.response : undefined));
    const dialog = await openModal({ mode: "edit", appointment: booked });

    expect(within(dialog).getByRole("heading", { name: "Edit Appointment" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Client Name")).toHaveValue("Marie Dvořáková");
    expect(within(dialog).getByLabelText("Phone")).toHaveValue("+420 777 123 456");
    expect(within(dialog).getByLabelText("Stylist")).toHaveValue(jana.id);
    expect(shown(dialog, "Start Time")).toBe("11/23/2026 10:00 AM");
    expect(shown(dialog, "End Time")).toBe("11/23/2026 11:15 AM");
    expect(within(dialog).getByLabelText("Notes")).toHaveValue("Sensitive scalp");
    // The prices agreed at booking, not today's.
    expect(within(dialog).getAllByLabelText("Price").map((input) => (input as HTMLInputElement).value)).toEqual(["28", "70"]);

    await userEvent.selectOptions(within(dialog).getByLabelText("Stylist"), "Petr Svoboda");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update" }));
    expect(within(dialog).getByRole("button", { name: "Updating..." })).toBeDisabled();
    put.release(reply(api.dashboard.appointments[":id"].$put, { ...booked, stylist: petr.id }));

    expect(await screen.findByText("Appointment updated successfully")).toBeInTheDocument();
    const [sent] = writes(requests);
    expect(sent).toMatchObject({ method: "PUT", url: `/api/dashboard/appointments/${booked.id}` });
    expect(sent!.body).toMatchObject({
      stylist: petr.id,
      start_datetime: booked.start_datetime,
      end_datetime: booked.end_datetime,
      services: [
        { service: haircut.id, price_at_booking: 28, duration_at_booking: 45 },
        { service: colouring.id, price_at_booking: 70, duration_at_booking: 30 },
      ],
    });
  });

  it("marks a begun appointment as a no-show and undoes it, without touching the rest of the form", async () => {
    const requests = fakeApi((request) =>
      request.url.endsWith("/no-show")
        ? reply(api.dashboard.appointments[":id"]["no-show"].$put, { ...booked, no_show_at: (request.body as { no_show: boolean }).no_show ? "2026-11-23T11:00:00.000Z" : null })
        : undefined,
    );
    const dialog = await openModal({ mode: "edit", appointment: booked });
    expect(within(dialog).getByText("Did the client not come? Mark the appointment as a no-show.")).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: "Mark as no-show" }));
    expect(await screen.findByText("Marked as a no-show")).toBeInTheDocument();
    expect(within(dialog).getByText("Marked as a no-show: the client did not come.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Undo no-show" }));
    expect(await screen.findByText("No-show undone")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Mark as no-show" })).toBeInTheDocument();

    expect(writes(requests)).toEqual([
      { method: "PUT", url: `/api/dashboard/appointments/${booked.id}/no-show`, body: { no_show: true } },
      { method: "PUT", url: `/api/dashboard/appointments/${booked.id}/no-show`, body: { no_show: false } },
    ]);
    // The dialog stays open for the rest of the appointment.
    expect(screen.getByRole("dialog", { name: "Edit Appointment" })).toBeInTheDocument();
  });

  it("offers no no-show for an appointment still ahead", async () => {
    fakeApi();
    const ahead = await openModal({ mode: "edit", appointment: { ...booked, start_datetime: "2099-01-05T09:00:00.000Z", end_datetime: "2099-01-05T10:00:00.000Z" } });
    expect(within(ahead).queryByRole("button", { name: "Mark as no-show" })).not.toBeInTheDocument();
  });

  it("says why the server refused a no-show", async () => {
    fakeApi((request) => (request.url.endsWith("/no-show") ? refusal(422, { detail: "This appointment has not begun yet." }) : undefined));
    const dialog = await openModal({ mode: "edit", appointment: { ...booked, no_show_at: "2026-11-23T11:00:00.000Z" } });
    expect(within(dialog).getByText("Marked as a no-show: the client did not come.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Undo no-show" }));
    expect(await screen.findByText("This appointment has not begun yet.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Undo no-show" })).toBeEnabled();
  });

  it("keeps an inactive stylist's own appointment editable", async () => {
    fakeApi();
    const dialog = await openModal({ mode: "edit", appointment: { ...booked, stylist: gone.id, stylist_name: "Eva Malá" } });
    expect(within(dialog).getByLabelText("Stylist")).toHaveValue(gone.id);
  });

  it("deletes after confirmation, showing Deleting...", async () => {
    const remove = held();
    const requests = fakeApi((request) => (request.method === "DELETE" ? remove.response : undefined));
    const dialog = await openModal({ mode: "edit", appointment: booked });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    const confirm = screen.getByRole("dialog", { name: "Delete this appointment?" });
    expect(writes(requests)).toEqual([]);
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));

    expect(within(confirm).getByRole("button", { name: "Deleting..." })).toBeDisabled();
    // The appointment's own Delete says so too, behind the confirmation.
    expect(within(dialog).getByRole("button", { name: "Deleting...", hidden: true })).toBeDisabled();
    remove.release(new Response(null, { status: 204 }));

    expect(await screen.findByText("Appointment deleted successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(writes(requests)).toEqual([{ method: "DELETE", url: `/api/dashboard/appointments/${booked.id}`, body: undefined }]);
  });

  it("says who booked an appointment and who changed it last, on the salon's clock", async () => {
    fakeApi();
    const dialog = await openModal({
      mode: "edit",
      appointment: {
        ...booked,
        created_by: { kind: "assistant", name: null, at: "2026-11-12T13:03:00.000Z" },
        changed_by: { kind: "person", name: "Jana Nováková", at: "2026-11-13T09:30:00.000Z" },
      },
    });
    expect(within(dialog).getByText("Booked by the phone assistant · Nov 12, 2:03 PM")).toBeInTheDocument();
    expect(within(dialog).getByText("Last changed by Jana Nováková · Nov 13, 10:30 AM")).toBeInTheDocument();
  });

  it("opens another stylist's appointment for a stylist to read, with nothing to change", async () => {
    const requests = fakeApi();
    const dialog = await openModal({ mode: "edit", appointment: { ...booked, customer_phone: null } }, { ...OWNER, role: "stylist", stylist_id: petr.id });
    expect(within(dialog).getByText(/another stylist's appointment/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Client Name")).toBeDisabled();
    expect(within(dialog).queryByRole("button", { name: "Update" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    // The dialog's own Close at its top, and the one in place of Save at its end.
    await userEvent.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(writes(requests)).toEqual([]);
    // The clients' messages are not theirs to read.
    expect(requests.some((request) => request.url.includes("/messages"))).toBe(false);
  });

  it("loads the details when the clicked event carries no services", async () => {
    const requests = fakeApi((request) => (request.url === `/api/dashboard/appointments/${booked.id}` ? reply(api.dashboard.appointments[":id"].$get, booked) : undefined));
    renderWithApp(
      <QueryClientProvider client={new QueryClient()}>
        <Host open={{ mode: "edit", appointment: { ...booked, services: [] } }} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(serviceSelects(dialog)).toHaveLength(2));
    expect(requests.some((request) => request.url === `/api/dashboard/appointments/${booked.id}`)).toBe(true);
  });

  it("starts afresh after being closed with the close button, and gives focus back", async () => {
    const requests = fakeApi();
    const dialog = await openModal({ mode: "create" });
    await userEvent.type(within(dialog).getByLabelText("Client Name"), "Marie");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Service" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Focus returns to what opened the modal.
    expect(screen.getByRole("button", { name: "Open" })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const again = await screen.findByRole("dialog");
    expect(within(again).getByLabelText("Client Name")).toHaveValue("");
    expect(serviceSelects(again)).toHaveLength(1);
    expect(writes(requests)).toEqual([]);
  });

  it("says which hours a time is outside of, and saves it only as Save anyway", async () => {
    const requests = fakeApi();
    const dialog = await openModal({ mode: "create" });
    await fillRequired(dialog);
    expect(within(dialog).queryByText("Outside opening or working hours")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeEnabled();
    const warning = () => within(dialog).getByText("Outside opening or working hours").parentElement!;
    const listed = () => within(warning()).getAllByRole("listitem").map((item) => item.textContent);

    // Sunday 29 November: the salon is closed and Jana is off.
    setTime(dialog, "Start Time", "2026-11-29T10:00");
    expect(listed()).toEqual(["The salon is closed on this day.", "Jana Nováková does not work on this day."]);
    // After closing, and after the end of her day.
    setTime(dialog, "Start Time", "2026-11-23T19:30");
    expect(listed()).toEqual(["The salon is open only 9:00 AM–6:00 PM on this day.", "Jana Nováková works only 9:00 AM–5:00 PM on this day."]);
    // Into her lunch break.
    setTime(dialog, "Start Time", "2026-11-23T12:30");
    expect(listed()).toEqual(["Jana Nováková has a break 1:00 PM–2:00 PM."]);
    // Petr is away from the 25th to the 27th.
    await userEvent.selectOptions(within(dialog).getByLabelText("Stylist"), "Petr Svoboda");
    setTime(dialog, "Start Time", "2026-11-26T10:00");
    expect(listed()).toEqual(["Petr Svoboda has time off on this day."]);
    expect(within(dialog).getByText("You can still book this time if you mean to.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: "Save anyway" }));
    expect(await screen.findByText("Appointment created successfully")).toBeInTheDocument();
    expect(writes(requests)).toMatchObject([{ method: "POST", body: { stylist: petr.id, start_datetime: "2026-11-26T09:00:00.000Z" } }]);
  });

  it("warns when an edited appointment is moved outside the hours, and takes the warning back inside them", async () => {
    fakeApi();
    const dialog = await openModal({ mode: "edit", appointment: booked });
    expect(within(dialog).getByRole("button", { name: "Update" })).toBeInTheDocument();
    setTime(dialog, "End Time", "2026-11-23T13:30");
    expect(within(dialog).getByText("Jana Nováková has a break 1:00 PM–2:00 PM.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Update anyway" })).toBeInTheDocument();
    setTime(dialog, "End Time", "2026-11-23T12:00");
    expect(within(dialog).queryByText("Outside opening or working hours")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Update" })).toBeInTheDocument();
  });

  it("says what a new salon still lacks for booking, with the way to add it", async () => {
    mockFetch((url) => {
      if (url === "/api/dashboard/stylists") return reply(api.dashboard.stylists.$get, [gone]);
      if (url === "/api/dashboard/services") return reply(api.dashboard.services.$get, []);
      return json(200, []);
    });
    renderWithQueries(<Host open={{ mode: "create" }} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("You have no services yet, so there is nothing to book.")).toBeInTheDocument();
    expect(within(dialog).getByText("You have no active stylist yet who could take the appointment.")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Add services" })).toHaveAttribute("href", "/en/salon-settings?tab=services");
    expect(within(dialog).getByRole("link", { name: "Add a stylist" })).toHaveAttribute("href", "/en/salon-settings?tab=stylists");
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("says nothing is missing once there are services and an active stylist", async () => {
    fakeApi();
    const dialog = await openModal({ mode: "create" });
    expect(within(dialog).queryByRole("link", { name: "Add services" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("link", { name: "Add a stylist" })).not.toBeInTheDocument();
  });

  it("speaks Czech, with prices in the Czech number format", async () => {
    fakeApi();
    const client = new QueryClient();
    renderWithApp(
      <QueryClientProvider client={client}>
        <Host open={{ mode: "create" }} />
      </QueryClientProvider>,
      { language: "cs" },
    );
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = await screen.findByRole("dialog", { name: "Nová rezervace" });
    // Intl puts a no-break space before the euro sign.
    expect(await within(dialog).findByRole("option", { name: "Colouring (90 min – 75,50\u00a0€)" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Uložit" })).toBeDisabled();

    await userEvent.selectOptions(within(dialog).getByLabelText("Stylista"), "Jana Nováková");
    await userEvent.selectOptions(within(dialog).getAllByLabelText(/^Služba/)[0]!, haircut.id);
    setTime(dialog, "Začátek", "2026-11-23T12:30", "Začátek: čas");
    expect(within(dialog).getByText("Jana Nováková má od 13:00 do 14:00 pauzu.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Přesto uložit" })).toBeEnabled();
  });
});
