import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MESSAGE_SETTINGS_DEFAULTS } from "../../contract/client-messages.ts";
import type { ErrorBody } from "../../contract/errors.ts";
import type { Language } from "../../contract/languages.ts";
import { MessagesTab } from "../../src/features/salon-settings/messages/messages-tab.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const SALON = { name: "Salon Bella", address: "Vinohradská 12", postal_code: "120 00", city: "Praha", phone: "+420 222 333 444", time_zone: "Europe/Prague", currency: "CZK" } as const;

/** The settings API, answering a save with `refused` when one is given, and what was sent. */
function fakeApi(refused?: { status: number; body: ErrorBody }) {
  const saved: unknown[] = [];
  mockFetch((url, init) => {
    const { pathname } = new URL(url, "http://localhost");
    if (pathname === "/api/dashboard/message-settings" && init.method === "PUT") {
      saved.push(JSON.parse(String(init.body)));
      return refused ? refusal(refused.status, refused.body) : reply(api.dashboard["message-settings"].$put, JSON.parse(String(init.body)));
    }
    if (pathname === "/api/dashboard/message-settings") return reply(api.dashboard["message-settings"].$get, MESSAGE_SETTINGS_DEFAULTS);
    if (pathname === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, SALON);
    if (pathname === "/api/dashboard/services") return reply(api.dashboard.services.$get, [{ id: "s1", name: "Dámský střih", duration: 60, price: 890 }]);
    if (pathname === "/api/dashboard/stylists") return reply(api.dashboard.stylists.$get, [{ id: "t1", first_name: "Jana", last_name: "Nováková", is_active: true }]);
    return refusal(404, { detail: "no such route in the fake" });
  });
  return saved;
}

const renderTab = (language: Language = "en") => renderWithQueries(<MessagesTab />, { language, path: `/${language}/salon-settings?tab=messages` });

describe("the Messages tab", () => {
  it("saves the timing chosen, and shows the API's refusal at its field", async () => {
    const saved = fakeApi({ status: 422, body: { detail: "Der Absendername wird nicht angenommen.", fields: { sender_name: "Der Absendername wird nicht angenommen." } } });
    renderTab("de");
    await userEvent.selectOptions(await screen.findByLabelText("Erinnerung"), "2 Stunden vorher");
    await userEvent.type(screen.getByLabelText("Absendername (optional)"), "Bella");
    await userEvent.click(screen.getByRole("button", { name: "Änderungen speichern" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ ...MESSAGE_SETTINGS_DEFAULTS, reminder_hours: 2, sender_name: "Bella" });
    const sender = screen.getByLabelText("Absendername (optional)");
    await waitFor(() => expect(sender).toHaveAttribute("aria-invalid", "true"));
    expect(sender).toHaveAccessibleDescription(expect.stringContaining("Der Absendername wird nicht angenommen."));
  });

  it("previews the salon's own messages, with the SMS's size counted", async () => {
    fakeApi();
    renderTab();
    const sms = await screen.findByTestId("sms-preview");
    await waitFor(() => expect(sms).toHaveTextContent("Salon Bella: your appointment is booked"));
    expect(sms).toHaveTextContent("Dámský střih with Jana Nováková. Vinohradská 12, 120 00 Praha.");
    expect(sms).toHaveTextContent("Reply STOP to opt out.");
    // Czech letters of the service's name make the English SMS a Unicode one.
    expect(screen.getByTestId("sms-size")).toHaveTextContent(/70 characters in one, 67 in each part/);

    await userEvent.click(within(screen.getByRole("group", { name: "Client's language" })).getByRole("button", { name: "Deutsch" }));
    await waitFor(() => expect(sms).toHaveTextContent("Salon Bella: Ihr Termin ist gebucht"));
    expect(screen.getByTestId("email-subject")).toHaveTextContent("Salon Bella: Termin bestätigt");
    const frame = screen.getByTitle("Email preview");
    // The email's HTML runs in a frame that allows nothing: no script, no reaching the page.
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame.getAttribute("srcdoc")).toContain("Hallo Lena,");
  });
});
