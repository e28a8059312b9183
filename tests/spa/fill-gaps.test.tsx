import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import { OUTREACH_DEFAULTS } from "../../contract/outreach.ts";
import { addDays, dayOf } from "../../contract/time-zone.ts";
import { FillGapsButton } from "../../src/features/calendar/components/fill-gaps-button.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const ZONE = "Europe/Prague";
const today = () => dayOf(new Date(), ZONE);

/** The outreach API: switched on or off, Fill gaps answering `answer`; the days sent to it. */
function fakeApi({ enabled, answer }: { enabled: boolean; answer?: () => Response }) {
  const filled: unknown[] = [];
  let on = enabled;
  mockFetch((url, init) => {
    const { pathname } = new URL(url, "http://localhost");
    if (pathname === "/api/dashboard/outreach/settings") return reply(api.dashboard.outreach.settings.$get, { ...OUTREACH_DEFAULTS, enabled: on });
    if (pathname === "/api/dashboard/outreach/fill-gaps" && init.method === "POST") {
      filled.push(JSON.parse(String(init.body)));
      const response = answer?.() ?? reply(api.dashboard.outreach["fill-gaps"].$post, { free: 0, slots: 0, offers: 0, offered_before: 0, held: null });
      if (response.status === 409) on = false;
      return response;
    }
    return refusal(404, { detail: "no such route in the fake" });
  });
  return filled;
}

const renderButton = (days: string[], language: Language = "en") =>
  renderWithQueries(<FillGapsButton days={days} timeZone={ZONE} />, { language, path: `/${language}/dashboard/calendar` });

/** How the dialog names a day: "Thursday, December 3" in English. */
const longDay = (day: string, language: Language) =>
  new Intl.DateTimeFormat(language, { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }).format(new Date(`${day}T12:00:00Z`));

describe("Fill gaps in the calendar", () => {
  it("asks about the day shown, offers it, and tells how many times and texts went out", async () => {
    const filled = fakeApi({ enabled: true, answer: () => reply(api.dashboard.outreach["fill-gaps"].$post, { free: 4, slots: 3, offers: 5, offered_before: 1, held: null }) });
    renderButton([today()]);
    const button = await screen.findByRole("button", { name: "Fill gaps" });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Fill gaps" });
    expect(dialog).toHaveTextContent(`Offer the free times of ${longDay(today(), "en")} to waiting clients?`);
    // One day on screen: nothing to choose.
    expect(within(dialog).queryByRole("combobox")).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Offer free times" }));
    expect(await screen.findByText("3 free times offered, 5 texts sent")).toBeInTheDocument();
    expect(filled).toEqual([{ date: today() }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("lets the owner choose a day of the week, starting at today, and says when there was nothing to offer, in German", async () => {
    const filled = fakeApi({ enabled: true });
    const yesterday = addDays(today(), -1);
    const week = [yesterday, today(), addDays(today(), 1), addDays(today(), 2)];
    renderButton(week, "de");
    const button = await screen.findByRole("button", { name: "Lücken füllen" });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Lücken füllen" });
    const day = within(dialog).getByLabelText("Tag");
    expect(day).toHaveValue(today());
    // A day already past cannot be offered.
    expect(within(day).queryByRole("option", { name: longDay(yesterday, "de") })).not.toBeInTheDocument();
    await userEvent.selectOptions(day, longDay(addDays(today(), 2), "de"));
    expect(dialog).toHaveTextContent(`Die freien Zeiten am ${longDay(addDays(today(), 2), "de")} der wartenden Kundschaft anbieten?`);
    await userEvent.click(within(dialog).getByRole("button", { name: "Freie Zeiten anbieten" }));
    expect(await screen.findByText("An diesem Tag gibt es keine freie Zeit anzubieten")).toBeInTheDocument();
    expect(filled).toEqual([{ date: addDays(today(), 2) }]);
  });

  it("says so in Czech when the day's free times went to everyone they suit before, not that nobody fits", async () => {
    fakeApi({ enabled: true, answer: () => reply(api.dashboard.outreach["fill-gaps"].$post, { free: 2, slots: 0, offers: 0, offered_before: 2, held: null }) });
    renderButton([today()], "cs");
    const button = await screen.findByRole("button", { name: "Nabídnout volné termíny" });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Nabídnout" }));
    expect(await screen.findByText("Volné časy toho dne už byly nabídnuty všem z čekací listiny, kterým vyhovují")).toBeInTheDocument();
  });

  it("says in German from when the free times go when the quiet hours hold them back", async () => {
    fakeApi({ enabled: true, answer: () => reply(api.dashboard.outreach["fill-gaps"].$post, { free: 2, slots: 0, offers: 0, offered_before: 0, held: { by: "quiet_hours", until: "2026-12-03T07:00:00Z" } }) });
    renderButton([today()], "de");
    const button = await screen.findByRole("button", { name: "Lücken füllen" });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Freie Zeiten anbieten" }));
    // 08:00 on the salon's clock, in Prague's winter time.
    expect(await screen.findByText(/^Gerade gilt Ihre Ruhezeit – die freien Zeiten gehen ab Do\.?,? 08:00 an die wartende Kundschaft, der sie passen$/)).toBeInTheDocument();
  });

  it("is off with a way to switch outreach on, and learns of a switch made elsewhere, in Czech", async () => {
    const detail = "Nabídky termínů jsou vypnuté, proto se volné termíny nenabízejí.";
    fakeApi({ enabled: true, answer: () => refusal(409, { detail, code: "outreach_off" }) });
    renderButton([today()], "cs");
    const button = await screen.findByRole("button", { name: "Nabídnout volné termíny" });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Nabídnout" }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription("Nabídky termínů jsou vypnuté. Zapněte je, abyste mohli nabízet volné termíny čekajícím klientům.");
    expect(screen.getByRole("link", { name: "Zapněte je" })).toHaveAttribute("href", "/cs/salon-settings?tab=outreach");
  });

  it("says which days it takes when the days shown are past", async () => {
    fakeApi({ enabled: true });
    renderButton([addDays(today(), -3), addDays(today(), -2)]);
    const button = await screen.findByRole("button", { name: "Fill gaps" });
    await waitFor(() => expect(button).toHaveAccessibleDescription("Free times can be offered from today up to 60 days ahead."));
    expect(button).toBeDisabled();
  });
});
