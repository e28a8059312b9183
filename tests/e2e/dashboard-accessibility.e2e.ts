import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { accessibilityProblems } from "./axe.ts";
import { VIEWPORTS, screenshot, useBrowser } from "./browser.ts";
import { t, tPattern } from "./catalogue.ts";
import { logIn } from "./owner.ts";

const browser = useBrowser();

const LAPTOP = { width: 1366, height: 768 } as const;

type Step = (page: Page, language: string) => Promise<unknown>;

/** One state of a screen: how to reach it from the screen's address, and the dialog it opens, if any. */
interface State {
  name: string;
  path: string;
  reach?: Step[];
  /** The catalogue key of the dialog's title, when the state is a dialog: only the dialog is checked then. */
  dialog?: string;
  /** A state of one width only: the account menu is in the bar on a laptop, in the menu on a phone. */
  width?: number;
}

const press =
  (key: string, role: "button" | "tab" = "button"): Step =>
  (page, language) =>
    page.locator("main").getByRole(role, { name: t(language, key), exact: true }).first().click();
const firstCall: Step = (page) => page.locator("main li button").first().click();
const firstAppointment: Step = (page) => page.locator(".ec-event").first().click();
/** A list's first row's button, named by what it does and to what ("Edit Jana Nováková"). */
const firstRow =
  (key: string): Step =>
  (page, language) =>
    page.locator("main li").getByRole("button", { name: tPattern(language, key) }).first().click();

/** The first button whose name is the catalogue text with anything in its placeholders ("Answer “…”"). */
const pressFirst =
  (key: string, role: "button" | "tab" = "button"): Step =>
  (page, language) =>
    page.locator("main").getByRole(role, { name: tPattern(language, key) }).first().click();

/** Every screen of the dashboard and every dialog on it, as the demo salon fills them. */
const STATES: State[] = [
  { name: "assistants", path: "/dashboard/assistant" },
  { name: "assistant behaviour", path: "/dashboard/assistant", reach: [press("assistants.tabs.behavior", "tab")] },
  { name: "assistant voice detection", path: "/dashboard/assistant", reach: [press("assistants.tabs.voice", "tab")] },
  { name: "new assistant", path: "/dashboard/assistant", reach: [press("assistants.create")] },
  { name: "delete assistant", path: "/dashboard/assistant", reach: [press("assistants.editor.delete")], dialog: "assistants.delete.title" },
  { name: "dismissed questions", path: "/dashboard/assistant", reach: [pressFirst("assistants.questions.view.dismissed", "tab")] },
  { name: "answer a question", path: "/dashboard/assistant", reach: [pressFirst("assistants.questions.answerLabel")], dialog: "assistants.questions.answer.title" },
  { name: "edit an FAQ answer", path: "/dashboard/assistant", reach: [pressFirst("assistants.questions.faq.editLabel")], dialog: "assistants.questions.edit.title" },
  { name: "add an FAQ question", path: "/dashboard/assistant", reach: [press("assistants.questions.faq.add")], dialog: "assistants.questions.add.title" },
  { name: "delete an FAQ answer", path: "/dashboard/assistant", reach: [pressFirst("assistants.questions.deleteLabel")], dialog: "assistants.questions.delete.title" },
  { name: "phone numbers", path: "/dashboard/phone-numbers" },
  { name: "new phone number", path: "/dashboard/phone-numbers", reach: [press("phoneNumbers.add")] },
  { name: "phone number chosen", path: "/dashboard/phone-numbers", reach: [(page) => page.locator("main li button").first().click()] },
  { name: "unverified number", path: "/dashboard/phone-numbers", reach: [(page) => page.locator("main li button").filter({ hasText: "777" }).click()] },
  {
    name: "delete phone number",
    path: "/dashboard/phone-numbers",
    reach: [(page) => page.locator("main li button").first().click(), press("phoneNumbers.form.delete")],
    dialog: "phoneNumbers.form.delete",
  },
  { name: "get a number", path: "/dashboard/phone-numbers", reach: [press("phoneNumbers.get.open")], dialog: "phoneNumbers.get.title" },
  { name: "calls", path: "/dashboard/calls" },
  { name: "call chosen", path: "/dashboard/calls", reach: [firstCall] },
  { name: "call instructions", path: "/dashboard/calls", reach: [firstCall, press("calls.instructions.open")], dialog: "calls.instructions.title" },
  // Filtered, the first call shows its summary; among those to get back to, the reason too.
  { name: "calls booked", path: "/dashboard/calls?outcome=booked" },
  { name: "calls to get back to", path: "/dashboard/calls?follow_up=1" },
  { name: "calendar week", path: "/dashboard/calendar" },
  { name: "calendar day", path: "/dashboard/calendar", reach: [press("calendar.view.day")] },
  { name: "calendar month", path: "/dashboard/calendar", reach: [press("calendar.view.month")] },
  { name: "calendar year", path: "/dashboard/calendar", reach: [press("calendar.view.year")] },
  { name: "calendar years", path: "/dashboard/calendar", reach: [press("calendar.view.years")] },
  { name: "create appointment", path: "/dashboard/calendar", reach: [press("calendar.create")], dialog: "appointments.modal.createTitle" },
  { name: "edit appointment", path: "/dashboard/calendar", reach: [firstAppointment], dialog: "appointments.modal.editTitle" },
  {
    name: "delete appointment",
    path: "/dashboard/calendar",
    reach: [firstAppointment, (page, language) => page.getByRole("dialog").getByRole("button", { name: t(language, "common.delete"), exact: true }).click()],
    dialog: "appointments.delete.title",
  },
  { name: "salon information", path: "/salon-settings" },
  { name: "time zones", path: "/salon-settings", reach: [(page, language) => page.getByRole("combobox", { name: t(language, "salonSettings.salon.timeZone") }).click()] },
  { name: "stylists", path: "/salon-settings?tab=stylists" },
  { name: "new stylist", path: "/salon-settings?tab=stylists", reach: [press("stylists.add")] },
  { name: "stylist edited", path: "/salon-settings?tab=stylists", reach: [firstRow("stylists.row.edit")] },
  { name: "delete stylist", path: "/salon-settings?tab=stylists", reach: [firstRow("stylists.row.delete")], dialog: "stylists.delete.title" },
  { name: "services", path: "/salon-settings?tab=services" },
  { name: "new service", path: "/salon-settings?tab=services", reach: [press("services.add")] },
  { name: "delete service", path: "/salon-settings?tab=services", reach: [firstRow("services.row.delete")], dialog: "services.delete.title" },
  {
    name: "account menu",
    path: "/dashboard/assistant",
    reach: [(page, language) => page.getByRole("button", { name: tPattern(language, "account.menu.label") }).click()],
    width: LAPTOP.width,
  },
  {
    name: "menu",
    path: "/dashboard/assistant",
    reach: [(page, language) => page.getByRole("button", { name: t(language, "nav.menu.open") }).click()],
    dialog: "nav.menu.title",
    width: VIEWPORTS.phone.width,
  },
  { name: "clients", path: "/dashboard/clients" },
  { name: "client chosen", path: "/dashboard/clients", reach: [firstCall] },
  { name: "edit client", path: "/dashboard/clients", reach: [firstCall, press("common.edit")], dialog: "clients.edit.title" },
  { name: "delete client", path: "/dashboard/clients", reach: [firstCall, press("common.delete")], dialog: "clients.delete.title" },
];

/** The serious and critical findings of one state: in its dialog, or on the whole page. */
async function problemsIn(page: Page, language: string, state: State) {
  await page.goto(`/${language}${state.path}`);
  await page.locator("main h1").first().waitFor();
  for (const step of state.reach ?? []) await step(page, language);
  if (!state.dialog) return accessibilityProblems(page);
  await page.getByRole("dialog", { name: tPattern(language, state.dialog) }).waitFor();
  return accessibilityProblems(page, "[role=dialog]");
}

describe("the dashboard, for everyone", () => {
  it("names each appointment with its day and stylist, as the calendar's columns are not read out", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/en/dashboard/calendar");
    const events = page.locator(".ec-event");
    await events.first().waitFor();
    // The calendar opens on the salon's week, whichever month that falls in.
    const named = page.getByRole("button", {
      name: /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (January|February|March|April|May|June|July|August|September|October|November|December) \d+, (Jana Nováková|Petra Svobodová|Tomáš Dvořák)$/,
    });
    await expect.poll(() => named.count()).toBe(await events.count());
    await context.close();
  });

  // Every screen and dialog is checked once, in a language and at a width that take turns:
  // what differs between languages is words and between widths layout, so each language meets
  // both widths and each state one of them, at a third of the time of every state in all three.
  const PASSES = [
    ["en", LAPTOP],
    ["de", VIEWPORTS.phone],
    ["cs", LAPTOP],
    ["en", VIEWPORTS.phone],
    ["de", LAPTOP],
    ["cs", VIEWPORTS.phone],
  ] as const;
  const passOf = (state: State, index: number) => {
    const turn = index % PASSES.length;
    // A state of one width goes to the next pass at that width (passes alternate widths).
    return state.width && state.width !== PASSES[turn]![1].width ? (turn + 1) % PASSES.length : turn;
  };

  it.each(PASSES.map(([language, viewport], pass) => [language, viewport.width, pass] as const))(
    "has no serious or critical axe findings on its share of screens and dialogs in %s at %i px",
    { timeout: 300_000 },
    async (language, _width, pass) => {
      const viewport = PASSES[pass]![1];
      const { page, context } = await browser.visitor({ viewport: LAPTOP });
      await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
      await page.setViewportSize(viewport);
      const states = STATES.filter((state, index) => passOf(state, index) === pass);
      const found: Record<string, string[]> = {};
      for (const state of states) {
        found[state.name] = await problemsIn(page, language, state);
        if (state.name.startsWith("calendar")) await screenshot(page, `a11y-${language}-${viewport.width}-${state.name.replaceAll(" ", "-")}`, { fullPage: false });
      }
      console.log(`axe, ${language} at ${viewport.width} px: ${states.map((state) => `${state.name} ${found[state.name]!.length}`).join(", ")}`);
      expect(found).toEqual(Object.fromEntries(states.map((state) => [state.name, []])));
      await context.close();
    },
  );
});
