import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CalendarFeeds } from "../../contract/calendar-feeds.ts";
import type { ErrorBody } from "../../contract/errors.ts";
import type { Language } from "../../contract/languages.ts";
import { CalendarSyncTab } from "../../src/features/salon-settings/integrations/calendar-sync-tab.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const TOKEN = "a".repeat(43);
const JANA = "11111111-1111-4111-8111-111111111111";

/** The feeds API over a salon whose feed exists and whose stylist Jana has none; what was sent, and a refusal for every change when given. */
function fakeApi(refuse?: { status: number; body: ErrorBody }) {
  const sent: { method: string; path: string; body?: unknown }[] = [];
  let feeds: CalendarFeeds = { salon: { id: "f1", token: TOKEN }, stylists: [{ id: JANA, name: "Jana Nováková", is_active: true, feed: null }] };
  mockFetch((url, init) => {
    const { pathname } = new URL(url, "http://localhost");
    const method = init.method ?? "GET";
    if (!pathname.startsWith("/api/dashboard/calendar-feeds")) return refusal(404, { detail: "no such route in the fake" });
    if (method === "GET") return reply(api.dashboard["calendar-feeds"].$get, feeds);
    sent.push({ method, path: pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (refuse) return refusal(refuse.status, refuse.body);
    if (method === "DELETE") {
      feeds = { ...feeds, salon: null };
      return new Response(null, { status: 204 });
    }
    const feed = { id: "f2", token: "b".repeat(43) };
    feeds = { ...feeds, stylists: feeds.stylists.map((stylist) => ({ ...stylist, feed })) };
    return reply(api.dashboard["calendar-feeds"].$post, feed, 201);
  });
  return sent;
}

const renderTab = (language: Language = "en") => renderWithQueries(<CalendarSyncTab />, { language, path: `/${language}/salon-settings?tab=integrations` });

describe("the Calendar sync tab", () => {
  it("shows the salon's link, creates a stylist's, and revokes only once the owner confirms", async () => {
    const sent = fakeApi();
    renderTab();
    expect(await screen.findByText(`${window.location.origin}/api/calendar-feeds/${TOKEN}.ics`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Create link: Jana Nováková" }));
    expect(await screen.findByText(`${window.location.origin}/api/calendar-feeds/${"b".repeat(43)}.ics`)).toBeInTheDocument();
    expect(sent).toEqual([{ method: "POST", path: "/api/dashboard/calendar-feeds", body: { stylist_id: JANA } }]);

    // Escape leaves the question unanswered and the link in place.
    await userEvent.click(screen.getByRole("button", { name: "Revoke: Whole salon (all stylists)" }));
    expect(await screen.findByRole("dialog", { name: "Revoke the link for Whole salon (all stylists)?" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Revoke: Whole salon (all stylists)" }));
    await userEvent.click(await screen.findByRole("button", { name: "Revoke" }));
    expect(await screen.findByRole("button", { name: "Create link: Whole salon (all stylists)" })).toBeInTheDocument();
    expect(sent[1]).toEqual({ method: "DELETE", path: "/api/dashboard/calendar-feeds/f1", body: undefined });
  });

  it("keeps the question open and says the change failed when the server refuses, in German", async () => {
    fakeApi({ status: 404, body: { detail: "Dieses Teammitglied gibt es nicht mehr. Bitte laden Sie die Seite neu." } });
    renderTab("de");
    await userEvent.click(await screen.findByRole("button", { name: "Neuer Link: Ganzer Salon (alle Teammitglieder)" }));
    const dialog = await screen.findByRole("dialog", { name: "Link für Ganzer Salon (alle Teammitglieder) ersetzen?" });
    await userEvent.click(screen.getByRole("button", { name: "Neuer Link" }));
    expect(await screen.findByText("Der Kalenderlink konnte nicht geändert werden. Bitte versuchen Sie es erneut.")).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});
