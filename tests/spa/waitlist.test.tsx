import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import type { OutreachLog, OutreachSlot, WaitlistEntry } from "../../contract/outreach.ts";
import { addDays, dayOf } from "../../contract/time-zone.ts";
import { WaitlistPage } from "../../src/features/outreach/components/waitlist-page.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const HAIRCUT = { id: "11111111-1111-4111-8111-111111111111", name: "Haircut", duration: 45 };
const COLOUR = { id: "22222222-2222-4222-8222-222222222222", name: "Colour", duration: 90 };
const JANA = { id: "33333333-3333-4333-8333-333333333333", first_name: "Jana", last_name: "Nováková", is_active: true };
/** Open Monday to Saturday, late on Thursdays, short on Saturdays. */
const HOURS = {
  "0": { open: "09:00", close: "19:00" },
  "1": { open: "09:00", close: "19:00" },
  "2": { open: "09:00", close: "19:00" },
  "3": { open: "09:00", close: "20:00" },
  "4": { open: "09:00", close: "19:00" },
  "5": { open: "08:30", close: "14:00" },
  "6": null,
};

const LUCIE: WaitlistEntry = {
  id: "44444444-4444-4444-8444-444444444444",
  client_id: null,
  name: "Lucie Malá",
  phone: "+420777123456",
  language: "cs",
  services: [HAIRCUT],
  duration: 45,
  stylist: null,
  stylist_name: null,
  weekdays: [1, 2, 3, 4, 5],
  from_time: "09:00",
  until_time: "12:00",
  from_date: "2026-12-01",
  until_date: "2026-12-31",
  note: null,
  source: "voice",
  status: "waiting",
  appointment_id: null,
  created_at: "2026-11-20T10:00:00Z",
  offers: 2,
  last_offer_at: "2026-11-25T13:05:00Z",
};

interface Request {
  method: string;
  pathname: string;
  search: URLSearchParams;
  body: unknown;
}

/** The dashboard's API as the screen uses it; `answer` overrides a request. */
function fakeApi(entries: WaitlistEntry[], answer: (request: Request) => Response | undefined = () => undefined) {
  const requests: Request[] = [];
  mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, "http://localhost");
    const request = { method: init.method ?? "GET", pathname, search: searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(request);
    const own = answer(request);
    if (own) return own;
    if (pathname === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Salon Bella", time_zone: "Europe/Prague", business_hours: HOURS });
    if (pathname === "/api/dashboard/services") return reply(api.dashboard.services.$get, [HAIRCUT, COLOUR]);
    if (pathname === "/api/dashboard/stylists") return reply(api.dashboard.stylists.$get, [JANA]);
    if (pathname === "/api/dashboard/waitlist" && request.method === "GET") return reply(api.dashboard.waitlist.$get, searchParams.get("status") === "waiting" ? entries : []);
    if (pathname === "/api/dashboard/outreach/log") return reply(api.dashboard.outreach.log.$get, { slots: [], next: null });
    return refusal(404, { detail: "no such route in the fake" });
  });
  return requests;
}

const renderPage = (language: Language = "en", search = "") =>
  renderWithQueries(<WaitlistPage />, { language, path: `/${language}/dashboard/waitlist${search}` });

describe("the Waitlist screen's Waiting tab", () => {
  it("explains the waitlist when no one waits, and adds a client with the salon's days and hours for the next month", async () => {
    const entries: WaitlistEntry[] = [];
    let answers = 0;
    const requests = fakeApi(entries, ({ method, pathname, body }) => {
      if (method !== "POST" || pathname !== "/api/dashboard/waitlist") return undefined;
      // The server reads the number in the salon's country and refuses the first one.
      if (answers++ === 0) return refusal(422, { detail: "Please enter a phone number the offer can reach.", fields: { phone: "Please enter a phone number the offer can reach." } });
      entries.push({ ...LUCIE, ...(body as object), services: [HAIRCUT], offers: 0, last_offer_at: null, source: "dashboard" } as WaitlistEntry);
      return reply(api.dashboard.waitlist.$post, entries[0]!, 201);
    });
    renderPage();
    expect(await screen.findByText("No one is waiting yet.")).toBeInTheDocument();
    expect(screen.getByText(/the first to reply YES gets it/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Add client" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add to the waitlist" }));
    await dialog.findByRole("checkbox", { name: "Haircut" });
    // The days the salon opens are chosen, Sunday not; the hours run from its earliest opening to its latest closing.
    expect(dialog.getByRole("button", { name: "Monday" })).toHaveAttribute("aria-pressed", "true");
    expect(dialog.getByRole("button", { name: "Saturday" })).toHaveAttribute("aria-pressed", "true");
    expect(dialog.getByRole("button", { name: "Sunday" })).toHaveAttribute("aria-pressed", "false");
    expect(dialog.getByLabelText("Earliest start")).toHaveValue("8:30 AM");
    expect(dialog.getByLabelText("Finished by")).toHaveValue("8:00 PM");

    await userEvent.type(dialog.getByLabelText(/^Name/), "Lucie Malá");
    await userEvent.type(dialog.getByLabelText(/^Phone number/), "777 000");
    await userEvent.click(dialog.getByRole("button", { name: "Add to the waitlist" }));
    // No service chosen: the form says so and sends nothing.
    expect(await dialog.findByText("Choose between one and five services.")).toBeInTheDocument();
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);

    await userEvent.click(dialog.getByRole("checkbox", { name: "Haircut" }));
    await userEvent.click(dialog.getByRole("button", { name: "Saturday" }));
    await userEvent.click(dialog.getByRole("button", { name: "Add to the waitlist" }));
    await waitFor(() => expect(dialog.getByLabelText(/^Phone number/)).toHaveAccessibleDescription(/Please enter a phone number the offer can reach\./));

    await userEvent.clear(dialog.getByLabelText(/^Phone number/));
    await userEvent.type(dialog.getByLabelText(/^Phone number/), "777 123 456");
    await userEvent.click(dialog.getByRole("button", { name: "Add to the waitlist" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const today = dayOf(new Date(), "Europe/Prague");
    expect(requests.filter((request) => request.method === "POST").at(-1)!.body).toEqual({
      name: "Lucie Malá",
      phone: "777 123 456",
      services: [HAIRCUT.id],
      stylist: null,
      weekdays: [1, 2, 3, 4, 5],
      from_time: "08:30",
      until_time: "20:00",
      from_date: today,
      until_date: addDays(today, 30),
      note: null,
    });
    const card = within(await screen.findByRole("listitem", { name: "Lucie Malá" }));
    expect(card.getByText("Haircut (45 min)")).toBeInTheDocument();
    expect(card.getByText("Anyone")).toBeInTheDocument();
    expect(card.getByText("Mon–Fri, 8:30 AM–8:00 PM")).toBeInTheDocument();
  });

  it("shows a waiting client's wish and offers in German, and removes them after asking", async () => {
    const entries = [LUCIE];
    const requests = fakeApi(entries, ({ method, pathname }) => {
      if (method !== "DELETE") return undefined;
      expect(pathname).toBe(`/api/dashboard/waitlist/${LUCIE.id}`);
      entries.pop();
      return new Response(null, { status: 204 });
    });
    renderPage("de");
    const card = within(await screen.findByRole("listitem", { name: "Lucie Malá" }));
    expect(card.getByText("+420 777 123 456")).toBeInTheDocument();
    expect(card.getByText("Mo–Fr, 9:00–12:00")).toBeInTheDocument();
    expect(card.getByText("vom Assistenten bei einem Anruf")).toBeInTheDocument();
    // 13:05 UTC is 14:05 on the salon's clock.
    expect(card.getByText("2 Angebote, zuletzt Mi., 25. Nov., 14:05")).toBeInTheDocument();

    await userEvent.click(card.getByRole("button", { name: "Lucie Malá entfernen" }));
    const confirm = within(await screen.findByRole("dialog", { name: "Lucie Malá von der Warteliste entfernen?" }));
    await userEvent.click(confirm.getByRole("button", { name: "Entfernen" }));
    expect(await screen.findByText("Noch steht niemand auf der Warteliste.")).toBeInTheDocument();
    expect(requests.filter((request) => request.method === "DELETE")).toHaveLength(1);
  });
});

const slot = (id: string, start: string, changes: Partial<OutreachSlot> = {}): OutreachSlot => ({
  id,
  stylist: JANA.id,
  stylist_name: "Jana Nováková",
  start_datetime: start,
  end_datetime: new Date(Date.parse(start) + 3_600_000).toISOString(),
  trigger: "cancelled",
  status: "filled",
  appointment_id: null,
  created_at: "2026-11-25T08:00:00Z",
  closed_at: null,
  attempts: [],
  ...changes,
});

describe("the Waitlist screen's Offers tab", () => {
  it("lists each freed time with its offers and shows older ones on request", async () => {
    const first: OutreachLog = {
      slots: [
        slot("55555555-5555-4555-8555-555555555555", "2026-11-27T13:00:00Z", {
          attempts: [
            {
              id: "a1",
              slot_id: "55555555-5555-4555-8555-555555555555",
              client_id: null,
              entry_id: LUCIE.id,
              name: "Lucie Malá",
              phone: "+420777123456",
              channel: "sms",
              start_datetime: "2026-11-27T13:00:00Z",
              end_datetime: "2026-11-27T14:00:00Z",
              status: "accepted",
              reason: null,
              call_id: null,
              appointment_id: null,
              created_at: "2026-11-25T08:00:00Z",
              answered_at: "2026-11-25T08:10:00Z",
            },
            {
              id: "a2",
              slot_id: "55555555-5555-4555-8555-555555555555",
              client_id: null,
              entry_id: null,
              name: null,
              phone: "+420603111222",
              channel: "sms",
              start_datetime: "2026-11-27T13:00:00Z",
              end_datetime: "2026-11-27T14:00:00Z",
              status: "skipped",
              reason: "opted_out",
              call_id: null,
              appointment_id: null,
              created_at: "2026-11-25T08:00:00Z",
              answered_at: null,
            },
          ],
        }),
      ],
      next: "2026-11-25T08:00:00.000000Z",
    };
    const older: OutreachLog = { slots: [slot("66666666-6666-4666-8666-666666666666", "2026-11-20T09:00:00Z", { trigger: "fill_gaps", status: "exhausted" })], next: null };
    const requests = fakeApi([], ({ pathname, search }) =>
      pathname === "/api/dashboard/outreach/log" ? reply(api.dashboard.outreach.log.$get, search.get("before") === first.next ? older : first) : undefined,
    );
    renderPage("en", "?tab=offers");

    const freed = within(await screen.findByRole("listitem", { name: "Fri, Nov 27, 2:00 PM–3:00 PM" }));
    expect(freed.getByText("Jana Nováková · freed by a cancellation")).toBeInTheDocument();
    expect(freed.getByText("Booked from an offer")).toBeInTheDocument();
    const [lucie, unnamed] = within(freed.getByRole("list", { name: "Offers made" })).getAllByRole("listitem");
    expect(lucie).toHaveTextContent(/Lucie Malá.*SMS.*Accepted/);
    expect(unnamed).toHaveTextContent(/\+420 603 111 222.*SMS.*Skipped.*opted out of texts/);

    await userEvent.click(screen.getByRole("button", { name: "Show older" }));
    const previous = within(await screen.findByRole("listitem", { name: "Fri, Nov 20, 10:00 AM–11:00 AM" }));
    expect(previous.getByText("Jana Nováková · offered with Fill gaps")).toBeInTheDocument();
    expect(previous.getByText("No one took it")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show older" })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.pathname === "/api/dashboard/outreach/log").map((request) => request.search.get("before"))).toEqual([null, first.next]);
  });

  it("says what the log will hold before any offer is made", async () => {
    fakeApi([]);
    renderPage("cs", "?tab=offers");
    expect(await screen.findByText("Zatím nebyla odeslána žádná nabídka.")).toBeInTheDocument();
    expect(screen.getByText(/objeví se tu uvolněný termín/)).toBeInTheDocument();
  });
});
