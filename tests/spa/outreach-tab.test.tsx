import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../contract/errors.ts";
import type { Language } from "../../contract/languages.ts";
import { OUTREACH_DEFAULTS } from "../../contract/outreach.ts";
import { OutreachTab } from "../../src/features/salon-settings/offers/outreach-tab.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

/** The settings API, answering a save with `refused` when one is given, and what was sent. */
function fakeApi(refused?: { status: number; body: ErrorBody }) {
  const saved: unknown[] = [];
  mockFetch((url, init) => {
    const { pathname } = new URL(url, "http://localhost");
    if (pathname !== "/api/dashboard/outreach/settings") return refusal(404, { detail: "no such route in the fake" });
    if (init.method === "PUT") {
      saved.push(JSON.parse(String(init.body)));
      return refused ? refusal(refused.status, refused.body) : reply(api.dashboard.outreach.settings.$put, JSON.parse(String(init.body)));
    }
    return reply(api.dashboard.outreach.settings.$get, OUTREACH_DEFAULTS);
  });
  return saved;
}

const renderTab = (language: Language = "en") => renderWithQueries(<OutreachTab />, { language, path: `/${language}/salon-settings?tab=outreach` });

describe("the Outreach tab", () => {
  it("switches outreach on with calls, and says what each switch now does", async () => {
    const saved = fakeApi();
    renderTab();
    const outreach = await screen.findByRole("switch", { name: "Offer free times to waiting clients" });
    expect(outreach).toHaveAccessibleDescription(/nobody is offered a free time/);
    // Voicemail matters only for calls, which start off.
    expect(screen.getByRole("radio", { name: /Hang up/ })).toBeDisabled();

    await userEvent.click(outreach);
    expect(outreach).toBeChecked();
    expect(outreach).toHaveAccessibleDescription(/clients on the waitlist get a text/);
    await userEvent.click(screen.getByRole("checkbox", { name: /regular clients due for their usual service/ }));
    await userEvent.selectOptions(screen.getByLabelText("Clients per round"), "5 clients");
    await userEvent.selectOptions(screen.getByLabelText("Wait for a YES"), "2 hours");
    await userEvent.click(screen.getByRole("switch", { name: "Call the next client when nobody answered" }));
    await userEvent.click(screen.getByRole("radio", { name: /Hang up/ }));
    const cap = screen.getByLabelText("Offers per day at most");
    await userEvent.clear(cap);
    await userEvent.type(cap, "40");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ enabled: true, include_regulars: true, sms_round: 5, answer_minutes: 120, calls_enabled: true, voicemail: "none", daily_cap: 40 });
    expect(await screen.findByText("Outreach settings saved")).toBeInTheDocument();
  });

  it("refuses a daily cap out of range before sending, in German, and links to the quiet hours", async () => {
    const saved = fakeApi();
    renderTab("de");
    const cap = await screen.findByLabelText("Tageslimit für Angebote");
    await userEvent.clear(cap);
    await userEvent.type(cap, "500");
    await userEvent.click(screen.getByRole("button", { name: "Änderungen speichern" }));
    await waitFor(() => expect(cap).toHaveAttribute("aria-invalid", "true"));
    expect(cap).toHaveAccessibleDescription(expect.stringContaining("Erlauben Sie"));
    expect(cap).toHaveFocus();
    expect(saved).toEqual([]);
    expect(screen.getByRole("link", { name: "Nachrichten" })).toHaveAttribute("href", "/de/salon-settings?tab=messages");
  });

  it("shows the API's refusal in Czech at its field", async () => {
    const detail = "Nabídněte termín 1 až 5 klientům najednou.";
    fakeApi({ status: 422, body: { detail, fields: { sms_round: detail } } });
    renderTab("cs");
    await userEvent.click(await screen.findByRole("switch", { name: "Nabízet volné termíny čekajícím klientům" }));
    await userEvent.click(screen.getByRole("button", { name: "Uložit změny" }));
    const round = screen.getByLabelText("Klientů v jednom kole");
    await waitFor(() => expect(round).toHaveAttribute("aria-invalid", "true"));
    expect(round).toHaveAccessibleDescription(expect.stringContaining(detail));
  });
});
