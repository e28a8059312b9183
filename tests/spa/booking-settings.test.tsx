import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BOOKING_DEFAULTS, type BookingSettings } from "../../contract/booking-page.ts";
import type { ErrorBody } from "../../contract/errors.ts";
import type { Language } from "../../contract/languages.ts";
import { OUTREACH_DEFAULTS } from "../../contract/outreach.ts";
import { DEFAULT_WORKING_HOURS } from "../../contract/salon.ts";
import { BookingTab } from "../../src/features/salon-settings/online-booking/booking-tab.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const CUT = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const BALAYAGE = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const JANA = "11111111-1111-4111-8111-111111111111";
const PETRA = "22222222-2222-4222-8222-222222222222";
const GONE = "33333333-3333-4333-8333-333333333333";

const service = (id: string, name: string, duration: number) => ({ id, name, description: null, duration, price: 500, min_price: null, max_price: null, color: "#16a34a" });
const stylist = (id: string, first_name: string, last_name: string, is_active = true) => ({
  id,
  first_name,
  last_name,
  email: null,
  phone: null,
  working_hours: DEFAULT_WORKING_HOURS,
  time_off: [],
  is_active,
  color: "#3788d8",
});

/** The API of the tab: the page's settings as `loaded`, a save answered with `refused` when one is given; returns what was sent. */
function fakeApi(loaded: BookingSettings = BOOKING_DEFAULTS, refused?: { status: number; body: ErrorBody }, outreach = false) {
  const saved: BookingSettings[] = [];
  let current = loaded;
  mockFetch((url, init) => {
    const { pathname } = new URL(url, "http://localhost");
    if (pathname === "/api/dashboard/booking-page" && init.method === "PUT") {
      const body = JSON.parse(String(init.body)) as BookingSettings;
      saved.push(body);
      if (refused) return refusal(refused.status, refused.body);
      current = body;
      return reply(api.dashboard["booking-page"].$put, current);
    }
    if (pathname === "/api/dashboard/booking-page") return reply(api.dashboard["booking-page"].$get, current);
    if (pathname === "/api/dashboard/outreach/settings") return reply(api.dashboard.outreach.settings.$get, { ...OUTREACH_DEFAULTS, enabled: outreach });
    if (pathname === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Kadeřnictví Šárka & Co.", time_zone: "Europe/Prague", currency: "CZK" });
    if (pathname === "/api/dashboard/services") return reply(api.dashboard.services.$get, [service(CUT, "Dámský střih", 60), service(BALAYAGE, "Balayage", 150)]);
    if (pathname === "/api/dashboard/stylists") return reply(api.dashboard.stylists.$get, [stylist(JANA, "Jana", "Nováková"), stylist(PETRA, "Petra", "Svobodová"), stylist(GONE, "Eva", "Malá", false)]);
    return refusal(404, { detail: "no such route in the fake" });
  });
  return saved;
}

const renderTab = (language: Language = "en") => renderWithQueries(<BookingTab />, { language, path: `/${language}/salon-settings?tab=booking` });

const OPEN: BookingSettings = { ...BOOKING_DEFAULTS, enabled: true, slug: "sarka", offline_stylists: [GONE] };

describe("the Online booking tab", () => {
  it("suggests an address from the salon's name, after the page's fixed prefix", async () => {
    fakeApi();
    renderTab();
    const address = await screen.findByLabelText("Page address");
    expect(address).toHaveValue("kadernictvi-sarka-co");
    expect(address).toHaveAccessibleDescription(expect.stringContaining(`${window.location.origin}/en/book/`));
    // Nothing saved yet, so nothing to share.
    expect(screen.queryByRole("heading", { name: "Share your page" })).toBeNull();
  });

  it("sends the page switched on with the services and stylists taken off it", async () => {
    const saved = fakeApi();
    renderTab();
    await userEvent.click(await screen.findByRole("switch", { name: "Take bookings online" }));
    await userEvent.selectOptions(screen.getByLabelText("Minimum notice"), "1 day");
    await userEvent.selectOptions(screen.getByLabelText("How far ahead"), "30 days");
    await userEvent.selectOptions(screen.getByLabelText("Start times every"), "30 minutes");
    const services = screen.getByRole("group", { name: "Services" });
    await userEvent.click(within(services).getByRole("checkbox", { name: /Balayage/ }));
    const stylists = screen.getByRole("group", { name: "Stylists" });
    // Only the active stylists are offered for the page.
    expect(within(stylists).getAllByRole("checkbox").map((box) => box.closest("label")?.textContent)).toEqual(["Jana Nováková", "Petra Svobodová"]);
    await userEvent.click(within(stylists).getByRole("checkbox", { name: "Petra Svobodová" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      enabled: true,
      slug: "kadernictvi-sarka-co",
      min_notice_minutes: 1440,
      horizon_days: 30,
      slot_step: 30,
      offline_services: [BALAYAGE],
      offline_stylists: [PETRA],
    });
    // Once saved, the page's link is there to share.
    expect(await screen.findByTestId("booking-link")).toHaveTextContent(`${window.location.origin}/en/book/kadernictvi-sarka-co`);
  });

  it("shows an address another salon has at the field, in the interface language", async () => {
    const taken = "Diese Adresse ist bereits vergeben. Bitte wählen Sie eine andere.";
    fakeApi(BOOKING_DEFAULTS, { status: 409, body: { detail: taken, code: "slug_taken", fields: { slug: taken } } });
    renderTab("de");
    const address = await screen.findByLabelText("Adresse der Seite");
    await userEvent.clear(address);
    await userEvent.type(address, "salon-bella");
    await userEvent.click(screen.getByRole("button", { name: "Änderungen speichern" }));
    await waitFor(() => expect(address).toHaveAttribute("aria-invalid", "true"));
    expect(address).toHaveAccessibleDescription(expect.stringContaining(taken));
    expect(address).toHaveFocus();
    // Typing another address takes the message away.
    await userEvent.type(address, "-praha");
    expect(address).toHaveAttribute("aria-invalid", "false");
  });

  it("shows the address as saved, trimmed and in lower case", async () => {
    const saved = fakeApi();
    renderTab();
    const address = await screen.findByLabelText("Page address");
    await userEvent.clear(address);
    await userEvent.type(address, "  Salon-Bella ");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(address).toHaveValue("salon-bella"));
    expect(saved[0]?.slug).toBe("salon-bella");
  });

  it("refuses to switch the page on without an address, before sending anything", async () => {
    const saved = fakeApi();
    renderTab();
    await userEvent.clear(await screen.findByLabelText("Page address"));
    await userEvent.click(screen.getByRole("switch", { name: "Take bookings online" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Choose the page's address before switching it on.")).toBeVisible();
    expect(saved).toHaveLength(0);
  });

  it("draws the saved link's QR code as SVG, in the page language chosen", async () => {
    fakeApi(OPEN);
    renderTab("cs");
    const code = await screen.findByRole("img", { name: `QR kód odkazu ${window.location.origin}/cs/book/sarka` });
    await waitFor(() => expect(code.querySelector("svg path")).not.toBeNull());
    expect(within(code.parentElement!).getByRole("link", { name: "Stáhnout SVG" })).toHaveAttribute("href", expect.stringMatching(/^data:image\/svg\+xml/));

    await userEvent.selectOptions(screen.getByLabelText("Jazyk stránky"), "Deutsch");
    expect(screen.getByTestId("booking-link")).toHaveTextContent(`${window.location.origin}/de/book/sarka`);
    const german = await screen.findByRole("img", { name: `QR kód odkazu ${window.location.origin}/de/book/sarka` });
    await waitFor(() => expect(german.querySelector("svg path")).not.toBeNull());
  });

  it("copies the link and the embed code, and says so", async () => {
    fakeApi(OPEN);
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole("button", { name: "Copy the link" }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/en/book/sarka`);
    await waitFor(() => expect(screen.getAllByText("Copied").length).toBeGreaterThan(0));

    await user.click(screen.getByRole("button", { name: "Copy the embed code" }));
    expect(await navigator.clipboard.readText()).toBe(
      `<iframe src="${window.location.origin}/en/book/sarka" title="Online booking at Kadeřnictví Šárka &amp; Co." loading="lazy" style="width:100%;min-height:720px;border:0"></iframe>`,
    );
    expect(screen.getByRole("textbox", { name: "Embed on your website" })).toHaveValue(await navigator.clipboard.readText());
  });

  it("says the link shows a closed page while the page is off", async () => {
    fakeApi({ ...OPEN, enabled: false });
    renderTab();
    expect(await screen.findByText(/this link shows a closed page/)).toBeVisible();
    expect(screen.getByRole("switch", { name: "Take bookings online" })).not.toBeChecked();
  });

  it("says whether visitors whom no time suits can join the waitlist, and links to the outreach settings", async () => {
    fakeApi(OPEN, undefined, false);
    const { unmount } = renderTab("de");
    const off = await screen.findByText(/damit sich alle, die auf der Seite keine passende Zeit finden/);
    expect(within(off).getByRole("link", { name: "Terminangebote" })).toHaveAttribute("href", "/de/salon-settings?tab=outreach");
    unmount();
    fakeApi(OPEN, undefined, true);
    renderTab("cs");
    expect(await screen.findByText(/Kdo na stránce nenajde vhodný čas, může se zapsat na vaši čekací listinu/)).toBeInTheDocument();
  });
});
