import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookingPageView, BookingTimes } from "../../contract/booking-page.ts";
import type { Language } from "../../contract/languages.ts";
import { BookingPage } from "../../src/features/booking/components/booking-page.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const HAIRCUT = "11111111-1111-4111-8111-111111111111";
const COLOUR = "22222222-2222-4222-8222-222222222222";
const JANA = "33333333-3333-4333-8333-333333333333";

const view = (changes: Partial<BookingPageView> = {}): BookingPageView => ({
  slug: "studio-lumen",
  open: true,
  salon: {
    name: "Studio Lumen",
    address: "Dlouhá 12, 110 00 Praha",
    phone: "+420 777 123 456",
    map_url: "https://www.google.com/maps/search/?api=1&query=Dlouh%C3%A1%2012",
    time_zone: "Europe/Prague",
    currency: "EUR",
    business_hours: { 0: { open: "09:00", close: "18:00" }, 1: { open: "09:00", close: "18:00" }, 2: { open: "09:00", close: "18:00" }, 3: { open: "09:00", close: "18:00" }, 4: { open: "09:00", close: "18:00" }, 5: { open: "09:00", close: "13:00" }, 6: null },
    language: "cs",
  },
  waitlist: false,
  services: [
    { id: HAIRCUT, name: "Haircut", description: "Wash, cut and style", duration: 60, price: 40, min_price: null, max_price: null },
    { id: COLOUR, name: "Colour", description: null, duration: 30, price: 30, min_price: 30, max_price: 50 },
  ],
  stylists: [{ id: JANA, name: "Jana Nováková" }],
  min_notice_minutes: 120,
  horizon_days: 60,
  slot_step: 15,
  first_day: "2026-12-07",
  last_day: "2027-02-05",
  ...changes,
});

// Monday 7 December has two free times, Tuesday none, Wednesday one; the next fortnight is asked for by "Later days".
const FIRST: BookingTimes = {
  time_zone: "Europe/Prague",
  days: [
    { date: "2026-12-07", times: ["2026-12-07T09:00:00Z", "2026-12-07T10:30:00Z"] },
    { date: "2026-12-08", times: [] },
    { date: "2026-12-09", times: ["2026-12-09T13:00:00Z"] },
  ],
  next: "2026-12-10",
};
const LATER: BookingTimes = { time_zone: "Europe/Prague", days: [{ date: "2026-12-10", times: ["2026-12-10T08:00:00Z"] }], next: null };

/** The page against a fake API: `answer` may override any request; the rest answer as a salon with free times would. */
function openPage({ language = "en", answer, page = {} }: {
  language?: Language;
  answer?: (url: string, init: RequestInit) => Response | Promise<Response> | undefined;
  page?: Partial<BookingPageView>;
} = {}) {
  const calls = mockFetch((url, init) => {
    const given = answer?.(url, init);
    if (given) return given;
    if (url.startsWith("/api/book/studio-lumen/times")) return reply(api.book[":slug"].times.$get, new URL(url, "http://x").searchParams.get("from") === "2026-12-10" ? LATER : FIRST);
    if (url === "/api/book/studio-lumen") return reply(api.book[":slug"].$get, view(page));
    return refusal(404, { detail: "No such thing" });
  });
  renderWithQueries(<BookingPage slug="studio-lumen" />, { language, path: `/${language}/book/studio-lumen` });
  return calls;
}

/** The visitor's own clock, as the browser reports it. */
function visitorClock(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone };
  });
}
afterEach(() => vi.restoreAllMocks());

async function chooseServicesAndAnyone(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("checkbox", { name: /Haircut/ }));
  await user.click(screen.getByRole("checkbox", { name: /Colour/ }));
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await user.click(screen.getByRole("button", { name: "Continue" }));
}

describe("the booking page", () => {
  it("shows the salon, adds up two services, and offers anyone or a stylist", async () => {
    const user = userEvent.setup();
    openPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Studio Lumen" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "+420 777 123 456" })).toHaveAttribute("href", "tel:+420777123456");
    expect(screen.getByRole("link", { name: /Map/ })).toHaveAttribute("href", view().salon.map_url);
    // Monday's hours, the salon's today, and Sunday closed, with weekday names in the page's language.
    expect(screen.getByText("Today 9:00 AM – 6:00 PM")).toBeInTheDocument();
    expect(screen.getByText("Sunday").nextSibling).toHaveTextContent("Closed");

    const services = screen.getByRole("group", { name: "Choose your services" });
    expect(within(services).getByText("€40")).toBeInTheDocument();
    expect(within(services).getByText("€30 – €50")).toBeInTheDocument();
    const next = screen.getByRole("button", { name: "Continue" });
    expect(next).toBeDisabled();

    await user.click(within(services).getByRole("checkbox", { name: /Haircut/ }));
    await user.click(within(services).getByRole("checkbox", { name: /Colour/ }));
    expect(screen.getByText("2 services")).toBeInTheDocument();
    expect(screen.getByText("1 h 30 min · €70 – €90")).toBeInTheDocument();

    await user.click(next);
    const stylists = screen.getByRole("group", { name: "Choose a stylist" });
    expect(within(stylists).getByRole("radio", { name: /Anyone/ })).toBeChecked();
    expect(within(stylists).getByRole("radio", { name: "Jana Nováková" })).not.toBeChecked();
    // The new step's heading has focus, so reading goes on from there.
    expect(screen.getByRole("heading", { name: "Choose a stylist" })).toHaveFocus();
  });

  it("asks for anyone's times, marks the days without any, and loads later days", async () => {
    const user = userEvent.setup();
    visitorClock("America/New_York");
    const calls = openPage();
    await chooseServicesAndAnyone(user);

    const days = await screen.findByRole("group", { name: "Days" });
    const asked = new URL(calls.find((call) => call.url.includes("/times"))!.url, "http://x").searchParams;
    expect(Object.fromEntries(asked)).toEqual({ services: `${HAIRCUT},${COLOUR}`, from: "2026-12-07", days: "14" });
    expect(within(days).getByRole("button", { name: "Monday, December 7" })).toHaveAttribute("aria-pressed", "true");
    expect(within(days).getByRole("button", { name: "Tuesday, December 8, fully booked" })).toBeDisabled();
    expect(screen.getByRole("group", { name: "Free times on Monday, December 7" })).toHaveTextContent("10:00 AM11:30 AM");
    // The salon's clock is Prague's, the visitor's New York's.
    expect(screen.getByText(/Times are in the salon's time zone/)).toHaveTextContent("Central European Time (Europe/Prague)");

    await user.click(within(days).getByRole("button", { name: "Later days" }));
    await user.click(await within(days).findByRole("button", { name: "Thursday, December 10" }));
    expect(screen.getByRole("button", { name: "9:00 AM" })).toBeInTheDocument();
    expect(within(days).queryByRole("button", { name: "Later days" })).toBeNull();
  });

  it("when the time was just taken, says so, shows fresh times and keeps what was typed", async () => {
    const user = userEvent.setup();
    let taken = false;
    // The fresh times arrive only when the test says so: until then the page shows what it had.
    let sendFresh = () => {};
    const fresh = new Promise<Response>((resolve) => {
      sendFresh = () => resolve(reply(api.book[":slug"].times.$get, { ...FIRST, days: [{ date: "2026-12-07", times: ["2026-12-07T10:30:00Z", "2026-12-07T11:00:00Z"] }, ...FIRST.days.slice(1)] }));
    });
    const calls = openPage({
      answer: (url, init) => {
        if (init.method === "POST") {
          taken = true;
          return refusal(409, { detail: "Someone else took this time.", code: "taken" });
        }
        // Once taken, Monday's 10:00 is gone.
        if (taken && url.includes("/times")) return fresh;
        return undefined;
      },
    });
    visitorClock("Europe/Prague");
    await chooseServicesAndAnyone(user);
    await user.click(await screen.findByRole("button", { name: "10:00 AM" }));
    // A visitor on the salon's clock needs no word about time zones.
    expect(screen.queryByText(/time zone/)).toBeNull();
    expect(screen.getByRole("button", { name: "10:00 AM" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.getByRole("heading", { name: "Your details" })).toHaveFocus();
    expect(screen.getByText("Monday, December 7, 2026, 10:00 AM")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Name/), "Petra Králová");
    await user.type(screen.getByLabelText(/Phone/), "+420 603 111 222");
    await user.click(screen.getByRole("button", { name: "Confirm booking" }));

    expect(await screen.findByText("Sorry, that time was just taken. Please choose another one.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Choose a day and time" })).toHaveFocus();
    // The time that went is gone at once, not offered again while the fresh times load.
    expect(screen.queryByRole("button", { name: "10:00 AM" })).toBeNull();
    expect(screen.getByRole("button", { name: "11:30 AM" })).toHaveAttribute("aria-pressed", "false");
    sendFresh();
    expect(await screen.findByRole("button", { name: "12:00 PM" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "10:00 AM" })).toBeNull();
    const sent = calls.find((call) => call.url.endsWith("/bookings"))!;
    expect(sent.body).toMatchObject({ services: [HAIRCUT, COLOUR], stylist: null, start_datetime: "2026-12-07T09:00:00Z", name: "Petra Králová", website: "" });
    expect(sent.headers.get("Accept-Language")).toBe("en");

    await user.click(screen.getByRole("button", { name: "11:30 AM" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByLabelText(/Name/)).toHaveValue("Petra Králová");
    expect(screen.getByLabelText(/Phone/)).toHaveValue("+420 603 111 222");
  });

  it("books, and the done screen says when, with whom and where to change it", async () => {
    const user = userEvent.setup();
    openPage({
      language: "cs",
      answer: (_url, init) =>
        init.method === "POST"
          ? reply(
              api.book[":slug"].bookings.$post,
              { start_datetime: "2026-12-07T09:00:00Z", end_datetime: "2026-12-07T10:30:00Z", time_zone: "Europe/Prague", services: ["Haircut", "Colour"], stylist_name: "Jana Nováková", visit_token: "visit-token" },
              201,
            )
          : undefined,
    });
    await user.click(await screen.findByRole("checkbox", { name: /Haircut/ }));
    await user.click(screen.getByRole("button", { name: "Pokračovat" }));
    await user.click(screen.getByRole("radio", { name: "Jana Nováková" }));
    await user.click(screen.getByRole("button", { name: "Pokračovat" }));
    await user.click(await screen.findByRole("button", { name: "10:00" }));
    await user.click(screen.getByRole("button", { name: "Pokračovat" }));
    // A name is asked for before anything is sent.
    await user.click(screen.getByRole("button", { name: "Potvrdit rezervaci" }));
    expect(screen.getByLabelText(/Jméno/)).toHaveAccessibleDescription("Zadejte prosím své jméno.");
    expect(screen.getByLabelText(/Jméno/)).toHaveFocus();
    await user.type(screen.getByLabelText(/Jméno/), "Petra");
    await user.type(screen.getByLabelText(/Telefon/), "603111222");
    await user.click(screen.getByRole("button", { name: "Potvrdit rezervaci" }));

    expect(await screen.findByRole("heading", { name: "Máte zarezervováno!" })).toHaveFocus();
    expect(screen.getByText("pondělí 7. prosince 2026")).toBeInTheDocument();
    expect(screen.getByText("10:00 – 11:30")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Změnit nebo zrušit rezervaci" })).toHaveAttribute("href", "/cs/visit/visit-token");
  });

  it("shows the server's words for a refused field at that field", async () => {
    const user = userEvent.setup();
    openPage({
      language: "de",
      answer: (_url, init) =>
        init.method === "POST" ? refusal(422, { detail: "Bitte prüfen Sie Ihre Angaben.", fields: { phone: "Bitte geben Sie eine Telefonnummer an, unter der wir Sie erreichen." } }) : undefined,
    });
    await user.click(await screen.findByRole("checkbox", { name: /Haircut/ }));
    await user.click(screen.getByRole("button", { name: "Weiter" }));
    await user.click(screen.getByRole("button", { name: "Weiter" }));
    await user.click(await screen.findByRole("button", { name: "10:00" }));
    await user.click(screen.getByRole("button", { name: "Weiter" }));
    await user.type(screen.getByLabelText(/Name/), "Petra");
    await user.type(screen.getByLabelText(/Telefon/), "12");
    await user.click(screen.getByRole("button", { name: "Termin buchen" }));
    await waitFor(() => expect(screen.getByLabelText(/Telefon/)).toHaveFocus());
    expect(screen.getByLabelText(/Telefon/)).toHaveAccessibleDescription(/Bitte geben Sie eine Telefonnummer an/);
  });

  it("says politely that an address is no booking page", async () => {
    openPage({ answer: () => refusal(404, { detail: "No booking page has this address.", code: "booking_page_not_found" }) });
    expect(await screen.findByRole("heading", { name: "This booking page does not exist" })).toBeInTheDocument();
  });

  it("shows a page switched off as closed, with the salon's number", async () => {
    openPage({ language: "de", answer: (url) => (url === "/api/book/studio-lumen" ? reply(api.book[":slug"].$get, view({ open: false, services: [], stylists: [] })) : undefined) });
    expect(await screen.findByRole("heading", { name: "Online-Buchung derzeit pausiert" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Studio Lumen" })).toBeInTheDocument();
    expect(screen.getByText(/nimmt gerade keine Online-Buchungen an/)).toHaveTextContent("Für einen Termin rufen Sie bitte +420 777 123 456 an.");
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("offers to try again when the page could not be loaded", async () => {
    const user = userEvent.setup();
    let offline = true;
    openPage({ answer: () => (offline ? Response.error() : undefined) });
    await user.click(await screen.findByRole("button", { name: "Try again" }));
    expect(screen.getByRole("heading", { level: 1, name: "The page could not be loaded" })).toBeInTheDocument();
    offline = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Studio Lumen" })).toBeInTheDocument();
  });

  it("offers a salon's waitlist to a visitor whom no time suits, and joins it with the days and hours chosen", async () => {
    const user = userEvent.setup();
    const calls = openPage({
      page: { waitlist: true },
      answer: (_url, init) => {
        if (init.method !== "POST") return undefined;
        const body = JSON.parse(String(init.body)) as { from_time: string };
        // The first try is refused at a field, as the salon's page would refuse an hour it cannot take.
        if (body.from_time === "09:00") return refusal(422, { detail: "Choose a later hour.", fields: { from_time: "Choose a later hour." } });
        return reply(api.book[":slug"].waitlist.$post, {
          services: ["Haircut", "Colour"],
          stylist_name: null,
          weekdays: [1, 3],
          from_time: "10:00",
          until_time: "13:00",
          until_date: "2026-12-21",
          phone: "+420603111222",
        });
      },
    });
    await chooseServicesAndAnyone(user);
    await user.click(await screen.findByRole("button", { name: "Join the waitlist" }));
    expect(screen.getByRole("heading", { name: "Join the waitlist" })).toHaveFocus();

    // The salon's open days stand chosen (it is closed on Sundays), its hours from opening to closing, a month ahead.
    const days = screen.getByRole("group", { name: "Days you can come" });
    expect(within(days).getAllByRole("checkbox").map((box) => [box.closest("label")!.textContent, (box as HTMLInputElement).checked])).toEqual(
      ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map((short, i) => [`${short}${["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][i]}`, true]),
    );
    expect(screen.getByLabelText("Earliest start")).toHaveDisplayValue("9:00 AM");
    expect(screen.getByLabelText("Finished by")).toHaveDisplayValue("6:00 PM");
    expect(screen.getByLabelText("Keep me on the list until")).toHaveDisplayValue("Wednesday, January 6");
    expect(screen.getByText(/may text you offers of free times until Wednesday, January 6/)).toHaveTextContent("Studio Lumen");

    // Nothing is sent without a day, a name and a number.
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]) await user.click(within(days).getByRole("checkbox", { name: day }));
    await user.click(screen.getByRole("button", { name: "Join the waitlist" }));
    expect(screen.getByText("Choose at least one day.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveAccessibleDescription("Please enter your name.");
    // Focus goes to the first field refused.
    expect(within(days).getByRole("checkbox", { name: "Monday" })).toHaveFocus();
    expect(calls.some((call) => call.url.endsWith("/waitlist"))).toBe(false);

    await user.click(within(days).getByRole("checkbox", { name: "Wednesday" }));
    await user.click(within(days).getByRole("checkbox", { name: "Monday" }));
    await user.selectOptions(screen.getByLabelText("Finished by"), "1:00 PM");
    await user.selectOptions(screen.getByLabelText("Keep me on the list until"), "Monday, December 21");
    await user.type(screen.getByLabelText(/Name/), "Petra Králová");
    await user.type(screen.getByLabelText(/Phone/), "603 111 222");
    await user.click(screen.getByRole("button", { name: "Join the waitlist" }));
    expect(await screen.findByLabelText("Earliest start")).toHaveAccessibleDescription("Choose a later hour.");

    await user.selectOptions(screen.getByLabelText("Earliest start"), "10:00 AM");
    await user.click(screen.getByRole("button", { name: "Join the waitlist" }));
    const done = await screen.findByRole("heading", { name: "You're on the waitlist" });
    expect(done).toHaveFocus();
    const sent = calls.filter((call) => call.url.endsWith("/waitlist")).at(-1)!;
    expect(sent.body).toEqual({
      services: [HAIRCUT, COLOUR],
      stylist: null,
      weekdays: [1, 3],
      from_time: "10:00",
      until_time: "13:00",
      until_date: "2026-12-21",
      name: "Petra Králová",
      phone: "603 111 222",
      note: "",
      website: "",
    });
    expect(done.nextSibling).toHaveTextContent("When a time that suits you comes free, we'll text +420603111222.");
    expect(screen.getByText("Monday and Wednesday")).toBeInTheDocument();
    expect(screen.getByText("10:00 AM–1:00 PM")).toBeInTheDocument();
    expect(screen.getByText("Monday, December 21")).toBeInTheDocument();
  });

  it("offers no waitlist where the salon keeps none", async () => {
    const user = userEvent.setup();
    openPage();
    await chooseServicesAndAnyone(user);
    expect(await screen.findByRole("group", { name: "Days" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Join the waitlist" })).toBeNull();
  });
});
