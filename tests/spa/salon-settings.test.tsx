import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import type { InferResponseType } from "hono/client";
import { DEFAULT_BUSINESS_HOURS } from "../../contract/salon.ts";
import { SalonSettingsPage } from "../../src/features/salon-settings/components/salon-settings-page.tsx";
import { api } from "../../src/lib/api-client.ts";
import { json, mockFetch, refusal, renderWithApp, reply } from "./render.tsx";

/** The salon as its route answers it (its special dates as JSON, not the contract's unknowns). */
type Salon = InferResponseType<typeof api.dashboard.salon.$get>;

const SALON: Salon = {
  name: "Studio Vlasy",
  email: "hello@studio-vlasy.test",
  phone: "+420 777 123 456",
  website: "www.studio-vlasy.test",
  address: "Vinohradská 12",
  city: "Praha",
  state: null,
  postal_code: "120 00",
  country: "Czechia",
  description: "Cuts and colour in Vinohrady.",
  transfer_phone_number: null,
  business_hours: { ...DEFAULT_BUSINESS_HOURS, "6": null },
  special_dates: { "2025-12-24": { closed: true } },
  time_zone: "Europe/Prague",
  currency: "EUR",
  transcript_retention_days: 90,
};

const isPut = (init: RequestInit) => init.method === "PUT";

/** Answers GET with the salon and PUT with `put` (by default, the saved body). */
function mockSalonApi(put: (body: Salon) => Response = (body) => reply(api.dashboard.salon.$put, body)) {
  return mockFetch((url, init) => {
    if (!url.endsWith("/api/dashboard/salon")) return refusal(404, { detail: "Not found" });
    return isPut(init) ? put(JSON.parse(String(init.body))) : reply(api.dashboard.salon.$get, SALON);
  });
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderPage(path = "/en/salon-settings", language: Language = "en") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <SalonSettingsPage />
      <LocationProbe />
    </QueryClientProvider>,
    { path, language },
  );
}

const day = (name: string) => within(screen.getByRole("group", { name }));
const save = () => userEvent.click(screen.getByRole("button", { name: "Save Changes" }));

describe("salon settings page", () => {
  it("shows the title, the tabs and the loaded salon", async () => {
    mockSalonApi();
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Salon Settings" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Salon Information" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Loading salon information...");

    expect(await screen.findByLabelText(/Salon Name/)).toHaveValue("Studio Vlasy");
    expect(screen.getByLabelText(/Salon Name/)).toBeRequired();
    expect(screen.getByLabelText("Email")).toHaveValue("hello@studio-vlasy.test");
    expect(screen.getByLabelText("Website")).toHaveValue("www.studio-vlasy.test");
    expect(screen.getByLabelText("Street Address")).toHaveValue("Vinohradská 12");
    expect(screen.getByLabelText("State")).toHaveValue("");
    expect(screen.getByLabelText("Postal Code")).toHaveValue("120 00");
    expect(screen.getByLabelText("Human Representative Number")).toHaveAccessibleDescription(
      "Calls are transferred to this number when customers ask to speak to a human.",
    );
    expect(screen.getByRole("combobox", { name: "Time zone" })).toHaveDisplayValue(/Prague$/);
    expect(screen.getByLabelText("Description")).toHaveValue("Cuts and colour in Vinohrady.");
    // The browser's English here is American: a 12-hour clock.
    expect(day("Monday").getByLabelText("Opens")).toHaveValue("9:00 AM");
    expect(day("Monday").getByLabelText("Closes")).toHaveValue("6:00 PM");
    expect(day("Monday").getByLabelText("Closed")).not.toBeChecked();
    expect(day("Sunday").getByLabelText("Closed")).toBeChecked();
    expect(day("Sunday").getByLabelText("Opens")).toBeDisabled();
  });

  it("shows the transfer tip on keyboard focus and hides it with Escape", async () => {
    mockSalonApi();
    renderPage();
    const info = await screen.findByRole("button", { name: "More information: Human Representative Number" });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    act(() => info.focus());
    expect(screen.getByRole("tooltip")).toHaveTextContent("Calls are transferred to this number");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("requires a salon name and sends nothing without one", async () => {
    const calls = mockSalonApi();
    renderPage();
    await userEvent.clear(await screen.findByLabelText(/Salon Name/));
    await save();
    expect(await screen.findByText("Salon name is required")).toBeInTheDocument();
    expect(screen.getByLabelText(/Salon Name/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/Salon Name/)).toHaveAccessibleDescription("Salon name is required");
    await waitFor(() => expect(screen.getByLabelText(/Salon Name/)).toHaveFocus());
    expect(calls.map((call) => call.url)).toEqual(["/api/dashboard/salon"]);

    // Typing a name again takes the out-of-date message away.
    await userEvent.type(screen.getByLabelText(/Salon Name/), "Studio");
    expect(screen.queryByText("Salon name is required")).not.toBeInTheDocument();
  });

  it("checks business hours before saving", async () => {
    const calls = mockSalonApi();
    renderPage();
    await screen.findByLabelText(/Salon Name/);
    fireEvent.change(day("Tuesday").getByLabelText("Closes"), { target: { value: "08:00" } });
    await save();
    expect(day("Tuesday").getByText("Closing time must be after opening time.")).toBeInTheDocument();
    expect(day("Tuesday").getByLabelText("Closes")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(1);
  });

  it("saves edited hours and transfer number, shows Saving... and then the success toast", async () => {
    let answer!: (response: Response) => void;
    const calls = mockFetch((_url, init) => (isPut(init) ? new Promise<Response>((resolve) => (answer = resolve)) : reply(api.dashboard.salon.$get, SALON)));
    renderPage();
    await userEvent.type(await screen.findByLabelText("Human Representative Number"), "+420 601 000 111");
    fireEvent.change(day("Wednesday").getByLabelText("Closes"), { target: { value: "20:00" } });
    await userEvent.click(day("Saturday").getByLabelText("Closed"));
    await userEvent.click(day("Sunday").getByLabelText("Closed"));
    fireEvent.change(day("Sunday").getByLabelText("Opens"), { target: { value: "10:00" } });
    fireEvent.change(day("Sunday").getByLabelText("Closes"), { target: { value: "14:00" } });
    await userEvent.clear(screen.getByLabelText("Website"));
    await save();

    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    const put = calls.find((call) => call.body !== undefined)!;
    expect(put.url).toBe("/api/dashboard/salon");
    expect(put.body).toEqual({
      ...SALON,
      website: null,
      transfer_phone_number: "+420 601 000 111",
      business_hours: {
        "0": { open: "09:00", close: "18:00" },
        "1": { open: "09:00", close: "18:00" },
        "2": { open: "09:00", close: "20:00" },
        "3": { open: "09:00", close: "18:00" },
        "4": { open: "09:00", close: "18:00" },
        "5": null,
        "6": { open: "10:00", close: "14:00" },
      },
    });

    answer(reply(api.dashboard.salon.$put, put.body as Salon));
    expect(await screen.findByText("Salon settings saved successfully")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  });

  it("keeps call transcripts for the chosen time, forever sent as null, and says what stays", async () => {
    const calls = mockSalonApi();
    renderPage("/de/salon-settings", "de");
    const retention = await screen.findByLabelText("Aufbewahrungsdauer");
    expect(within(retention).getAllByRole("option").map((option) => option.textContent)).toEqual(["30 Tage", "90 Tage", "1 Jahr", "Unbegrenzt"]);
    expect(retention).toHaveValue("90");
    expect(retention).toHaveAccessibleDescription("Danach wird der Gesprächsverlauf gelöscht. Zeitpunkt, Dauer und Kosten jedes Anrufs bleiben im Anrufverlauf erhalten.");
    await userEvent.selectOptions(retention, "Unbegrenzt");
    await userEvent.click(screen.getByRole("button", { name: "Änderungen speichern" }));
    await waitFor(() => expect(calls.find((call) => call.body !== undefined)?.body).toMatchObject({ transcript_retention_days: null }));
  });

  it("chooses the time zone in a searchable list of named zones, the salon's country first, and stores its IANA name", async () => {
    const calls = mockSalonApi();
    renderPage();
    const zone = await screen.findByRole("combobox", { name: "Time zone" });
    // Prague is an hour ahead of UTC in winter and two in summer.
    expect(zone).toHaveDisplayValue(/^\(UTC\+0[12]:00\) Prague$/);
    expect(zone).toHaveAttribute("aria-expanded", "false");

    await userEvent.click(zone);
    await userEvent.keyboard("{ArrowDown}");
    const listbox = screen.getByRole("listbox", { name: "Time zone" });
    const options = within(listbox).getAllByRole("option");
    expect(options.length).toBeGreaterThan(300);
    expect(options[0]).toHaveTextContent(/Prague.*Central European Time · Czechia/);
    expect(within(listbox).getByRole("group", { name: "Czechia" })).toBeInTheDocument();

    // Escape closes the list and keeps the zone.
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(zone).toHaveDisplayValue(/Prague$/);

    await userEvent.clear(zone);
    await userEvent.paste("new york");
    const found = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveTextContent(/\(UTC−0[45]:00\) New York.*Eastern Time · United States/);
    expect(zone).toHaveAttribute("aria-activedescendant", found[0]!.id);
    await userEvent.keyboard("{Enter}");
    expect(zone).toHaveDisplayValue(/\) New York$/);
    expect(calls.some((call) => call.body !== undefined)).toBe(false);

    await save();
    expect(await screen.findByText("Salon settings saved successfully")).toBeInTheDocument();
    expect(calls.find((call) => call.body !== undefined)!.body).toMatchObject({ time_zone: "America/New_York" });
  }, 20_000);

  it("finds time zones by offset and by their names in the interface's language, and says when none matches", async () => {
    mockSalonApi();
    renderPage("/de/salon-settings", "de");
    const zone = await screen.findByRole("combobox", { name: "Zeitzone" });
    await userEvent.clear(zone);
    await userEvent.paste("utc+5:30");
    expect(within(screen.getByRole("listbox")).getAllByRole("option")[0]).toHaveTextContent("Indische Normalzeit");
    await userEvent.clear(zone);
    await userEvent.paste("xyz");
    expect(screen.getByRole("status")).toHaveTextContent("Keine Zeitzone passt.");
  }, 20_000);

  it("says when saving fails, with the server's detail and field messages", async () => {
    // Without the API's body, as a proxy in front of it answers.
    mockSalonApi(() => json(500, {}));
    renderPage();
    await screen.findByLabelText(/Salon Name/);
    await save();
    expect(await screen.findByText("Failed to save salon settings")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeEnabled();

    mockSalonApi(() =>
      refusal(422, { detail: "Enter a valid phone number.", code: "validation_error", fields: { phone: "Enter a valid phone number." } }),
    );
    await save();
    expect(await screen.findByText("Failed to save salon settings: Enter a valid phone number.")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Phone")).toHaveAccessibleDescription("Enter a valid phone number.");
  });

  it("says when the salon cannot be loaded, and Try again loads it", async () => {
    mockFetch(() => json(500, {}));
    renderPage();
    expect(await screen.findByText("Failed to load salon data")).toBeInTheDocument();
    expect(screen.getByText("Your salon information could not be loaded.")).toBeInTheDocument();

    mockSalonApi();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText(/Salon Name/)).toHaveValue(SALON.name);
  });

  it("switches tabs and keeps the tab in ?tab=", async () => {
    mockSalonApi();
    renderPage();
    const location = screen.getByTestId("location");
    await userEvent.click(screen.getByRole("tab", { name: "Stylists" }));
    expect(screen.getByRole("tab", { name: "Stylists" })).toHaveAttribute("aria-selected", "true");
    expect(location).toHaveTextContent("/en/salon-settings?tab=stylists");
    await userEvent.click(screen.getByRole("tab", { name: "Services" }));
    expect(location).toHaveTextContent("/en/salon-settings?tab=services");

    // Edits on the salon tab survive a visit to another tab.
    await userEvent.click(screen.getByRole("tab", { name: "Salon Information" }));
    expect(location).toHaveTextContent("/en/salon-settings?tab=salon");
    await userEvent.type(await screen.findByLabelText("City"), " 2");
    await userEvent.click(screen.getByRole("tab", { name: "Services" }));
    await userEvent.click(screen.getByRole("tab", { name: "Salon Information" }));
    expect(screen.getByLabelText("City")).toHaveValue("Praha 2");
  });

  it("opens the tab named in the link, and the salon tab for an unknown one", () => {
    mockSalonApi();
    const { unmount } = renderPage("/en/salon-settings?tab=services");
    expect(screen.getByRole("tab", { name: "Services" })).toHaveAttribute("aria-selected", "true");
    unmount();
    renderPage("/en/salon-settings?tab=nonsense");
    expect(screen.getByRole("tab", { name: "Salon Information" })).toHaveAttribute("aria-selected", "true");
  });
});
