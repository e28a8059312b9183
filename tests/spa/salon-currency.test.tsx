import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InferResponseType } from "hono/client";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CallStats } from "../../contract/calls.ts";
import type { Currency } from "../../contract/currency.ts";
import type { Language } from "../../contract/languages.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS, type Service } from "../../contract/salon.ts";
import type { AppointmentTarget } from "../../src/features/calendar/appointment-draft.ts";
import { AppointmentModal } from "../../src/features/calendar/components/appointment-modal.tsx";
import { CallsPage } from "../../src/features/calls/components/calls-page.tsx";
import { SalonSettingsPage } from "../../src/features/salon-settings/components/salon-settings-page.tsx";
import { ServicesTab } from "../../src/features/salon-settings/services/services-tab.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";
import { aCall } from "./call-fixture.ts";

// jsdom has no canvas: the calls chart's library is replaced by a stand-in.
vi.mock("../../src/features/calls/chart-setup.ts", () => ({
  Chart: class {
    destroy() {}
  },
}));

/** The salon as its route answers it (its special dates as JSON, not the contract's unknowns). */
type Salon = InferResponseType<typeof api.dashboard.salon.$get>;
const salon = (currency: Currency, fields: Partial<Salon> = {}): Salon => ({
  name: "Salon Bella",
  email: null,
  phone: null,
  website: null,
  address: "Vinohradská 12",
  city: "Praha",
  state: null,
  postal_code: "120 00",
  country: "Česko",
  description: null,
  transfer_phone_number: null,
  business_hours: DEFAULT_BUSINESS_HOURS,
  special_dates: {},
  time_zone: "Europe/Prague",
  currency,
  transcript_retention_days: 90,
  ...fields,
});

const cut: Service = {
  id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
  name: "Dámský střih",
  description: null,
  duration: 60,
  price: 890,
  min_price: 790,
  max_price: 1190,
  color: "#e11d48",
};
const jana = {
  id: "11111111-1111-4111-8111-111111111111",
  first_name: "Jana",
  last_name: "Nováková",
  email: null,
  phone: null,
  working_hours: DEFAULT_WORKING_HOURS,
  time_off: [],
  is_active: true,
  color: "#3788d8",
};

/** Euros per US dollar and crowns per US dollar as the Worker is set up: a crown is 1/24.30… of a euro. */
const RATES = { EUR: 0.86, CZK: 20.9, GBP: 0.76, USD: 1 };

/** The dashboard API of a salon in `currency`, with one stylist, one service and the Worker's rates. */
function fakeApi(currency: Currency, extra: (url: string, init: RequestInit) => Response | Promise<Response> | undefined = () => undefined) {
  return mockFetch((url, init) => {
    const path = new URL(url, "http://localhost").pathname;
    const answer = extra(url, init);
    if (answer) return answer;
    if (path === "/api/dashboard/salon") return init.method === "PUT" ? reply(api.dashboard.salon.$put, JSON.parse(String(init.body))) : reply(api.dashboard.salon.$get, salon(currency));
    if (path === "/api/dashboard/salon/usd-rates") return reply(api.dashboard.salon["usd-rates"].$get, RATES);
    if (path === "/api/dashboard/services") return reply(api.dashboard.services.$get, [cut]);
    if (path === "/api/dashboard/stylists") return reply(api.dashboard.stylists.$get, [jana]);
    if (path === "/api/dashboard/availability") return reply(api.dashboard.availability.$get, []);
    return refusal(404, { detail: "no such route in the fake" });
  });
}

describe("a salon pricing in crowns", () => {
  it.each([
    ["cs", "Služby", "890 Kč", "790 Kč – 1 190 Kč", "Upravit Dámský střih"],
    ["de", "Leistungen", "890 Kč", "790 Kč – 1.190 Kč", "Dámský střih bearbeiten"],
    ["en", "Services", "Kč 890", "Kč 790 – Kč 1,190", "Edit Dámský střih"],
  ] as const)("lists its services in crowns, and the form's prices take crowns (%s)", async (language, listName, price, range, edit) => {
    fakeApi("CZK");
    renderWithQueries(<ServicesTab />, { language });
    const list = await screen.findByRole("list", { name: listName });
    expect(await within(list).findByText(price)).toBeInTheDocument();
    expect(within(list).getByText(range)).toBeInTheDocument();
    expect(within(list).queryByText(/€/)).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: edit }));
    // Each of the three price inputs shows the unit its amount is in.
    expect(await screen.findAllByText("Kč")).toHaveLength(3);
    expect(screen.queryByText("€")).toBeNull();
  });

  it("shows no currency sign while the salon is loading, rather than one it does not price in", async () => {
    let release!: (response: Response) => void;
    const held = new Promise<Response>((resolve) => (release = resolve));
    fakeApi("CZK", (url) => (new URL(url, "http://localhost").pathname === "/api/dashboard/salon" ? held : undefined));
    renderWithQueries(<ServicesTab />, { language: "cs" });
    const list = await screen.findByRole("list", { name: "Služby" });
    expect(await within(list).findByText("890")).toBeInTheDocument();
    expect(within(list).queryByText(/€/)).toBeNull();
    release(reply(api.dashboard.salon.$get, salon("CZK")));
    expect(await within(list).findByText("890 Kč")).toBeInTheDocument();
  });

  it("offers its services in the appointment modal with crowns, and the line's price takes crowns", async () => {
    fakeApi("CZK");
    function Host({ target }: { target: AppointmentTarget }) {
      const [open, setOpen] = useState<AppointmentTarget | null>(null);
      return (
        <>
          <button type="button" onClick={() => setOpen(target)}>
            Otevřít
          </button>
          <AppointmentModal target={open} timeZone="Europe/Prague" businessHours={DEFAULT_BUSINESS_HOURS} onClose={() => setOpen(null)} />
        </>
      );
    }
    renderWithQueries(<Host target={{ mode: "create" }} />, { language: "cs" });
    await userEvent.click(screen.getByRole("button", { name: "Otevřít" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("option", { name: "Dámský střih (60 min – 890\u00a0Kč)" })).toBeInTheDocument();
    const price = within(dialog).getByLabelText("Cena");
    expect(price.parentElement).toHaveTextContent("Kč");
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Služba/), cut.id);
    expect(price).toHaveValue(890);
    expect(await within(dialog).findByText(/890 Kč$/)).toBeInTheDocument();
  });
});

describe("call costs of a salon pricing in crowns", () => {
  const NOW = new Date("2026-11-23T12:00:00Z");
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  const call = aCall("c1", "2026-11-23T11:30:00Z", { assistant_name: "Recepce", outcome: "booked" });
  const stats = (period: string): CallStats => ({
    period: period as CallStats["period"],
    time_zone: "Europe/Prague",
    start_date: "2026-11-23",
    end_date: "2026-11-24",
    total_calls: 2,
    total_price: 0.0684,
    average_duration: 125.5,
    average_price_per_call: 0.0342,
    days: [{ date: "2026-11-23", calls: 2 }],
  });

  const renderCalls = (currency: Currency, language: Language) => {
    fakeApi(currency, (url) => {
      const { pathname, searchParams } = new URL(url, "http://localhost");
      if (pathname === "/api/calls/list") return reply(api.calls.list.$get, { items: [call], total: 1 });
      if (pathname === "/api/calls/stats") return reply(api.calls.stats.$get, stats(searchParams.get("period")!));
      if (pathname.startsWith("/api/calls/conversation/")) return reply(api.calls.conversation[":id"].$get, []);
      return undefined;
    });
    renderWithQueries(<CallsPage />, { language, path: `/${language}/dashboard/calls` });
  };

  it.each([
    // 0.0684 € × 20.9 / 0.86 Kč per €; 0.0497 € likewise; 0.86 € per dollar is 20.9 Kč. (Text matchers read no-break spaces as spaces.)
    ["cs", "Celkové náklady", "1,6623 Kč", "Celková cena", "1,2078 Kč", "Účtováno 0,0578 $ při kurzu 20,9 Kč za americký dolar"],
    ["de", "Gesamtkosten", "1,6623 Kč", "Gesamtkosten", "1,2078 Kč", "Abgerechnet: 0,0578 $ zum Kurs von 20,9 Kč pro US-Dollar"],
  ] as const)("shows them in crowns at the Worker's rates (%s)", async (language, totalLabel, total, costLabel, cost, billed) => {
    renderCalls("CZK", language);
    const figures = await screen.findAllByText(totalLabel);
    await waitFor(() => expect(figures[0]!.nextSibling).toHaveTextContent(total));
    const [, details] = await screen.findAllByText(costLabel).then((found) => [found[0], found.at(-1)!]);
    await waitFor(() => expect(details!.nextSibling).toHaveTextContent(cost));
    expect(screen.getByText(billed)).toBeInTheDocument();
    expect(screen.queryByText(/€/)).toBeNull();
  });

  it("shows a salon in euros its costs at each call's own rate, without asking for the rates", async () => {
    const requests = fakeApi("EUR", (url) => {
      const { pathname } = new URL(url, "http://localhost");
      if (pathname === "/api/calls/list") return reply(api.calls.list.$get, { items: [call], total: 1 });
      if (pathname === "/api/calls/stats") return reply(api.calls.stats.$get, stats("today"));
      if (pathname.startsWith("/api/calls/conversation/")) return reply(api.calls.conversation[":id"].$get, []);
      return undefined;
    });
    renderWithQueries(<CallsPage />, { language: "en", path: "/en/dashboard/calls" });
    expect(await screen.findByText("€0.0684")).toBeInTheDocument();
    expect(await screen.findByText("Billed $0.0578 at €0.86 per US dollar")).toBeInTheDocument();
    expect(requests.some((request) => request.url.includes("usd-rates"))).toBe(false);
  });
});

describe("the Currency field", () => {
  const renderSettings = (language: Language) => renderWithQueries(<SalonSettingsPage />, { language, path: `/${language}/dashboard/salon-settings` });

  it.each([
    ["cs", "Měna", "euro (EUR)", "česká koruna (CZK)", "Použít měnu vaší země (CZK)", "Při změně měny se ceny nepřepočítají: částky zůstanou tak, jak jste je zadali.", "Uložit změny"],
    ["de", "Währung", "Euro (EUR)", "Tschechische Krone (CZK)", "Landeswährung CZK verwenden", "Wenn Sie die Währung wechseln, werden Ihre Preise nicht umgerechnet: Die Beträge bleiben so, wie Sie sie eingegeben haben.", "Änderungen speichern"],
  ] as const)("names the currencies in the reader's language, offers the country's, and saves the choice (%s)", async (language, label, euro, crown, suggestion, hint, saveLabel) => {
    const requests = fakeApi("EUR");
    renderSettings(language);
    const field = await screen.findByRole("combobox", { name: label });
    expect(field).toHaveDisplayValue(euro);
    expect(field).toHaveAccessibleDescription(hint);
    expect(within(field).getAllByRole("option").map((option) => option.textContent)).toContain(crown);

    // The salon is in Czechia and still on the default: the crown is offered.
    await userEvent.click(screen.getByRole("button", { name: suggestion }));
    expect(field).toHaveDisplayValue(crown);
    expect(screen.queryByRole("button", { name: suggestion })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: saveLabel }));
    await waitFor(() => expect(requests.find((request) => request.body !== undefined)?.body).toMatchObject({ currency: "CZK" }));
  });

  it("offers nothing once a currency is chosen, nor for a country priced in the default", async () => {
    fakeApi("GBP");
    renderSettings("en");
    expect(await screen.findByRole("combobox", { name: "Currency" })).toHaveDisplayValue("British Pound (GBP)");
    expect(screen.queryByRole("button", { name: /your country's currency/ })).toBeNull();

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Currency" }), "EUR");
    expect(screen.getByRole("button", { name: "Use CZK, your country's currency" })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Country"));
    await userEvent.type(screen.getByLabelText("Country"), "Deutschland");
    expect(screen.queryByRole("button", { name: /your country's currency/ })).toBeNull();
    await userEvent.clear(screen.getByLabelText("Country"));
    await userEvent.type(screen.getByLabelText("Country"), "United Kingdom");
    expect(screen.getByRole("button", { name: "Use GBP, your country's currency" })).toBeInTheDocument();
  });
});
