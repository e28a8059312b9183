import { useMutation } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import type { SetupProgress } from "../../contract/setup-progress.ts";
import { DashboardLayout } from "../../src/features/dashboard/components/dashboard-layout.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const NOTHING: SetupProgress = { salon: false, stylists: false, services: false, assistant: false, phone_number: false, test_call: false };

/** The API's answer, changed by the test as the owner's data grows. */
function fakeProgress(initial: SetupProgress) {
  const state = { progress: initial };
  mockFetch((url) => (url.endsWith("/api/dashboard/setup-progress") ? reply(api.dashboard["setup-progress"].$get, state.progress) : refusal(404, { detail: "Not found" })));
  return state;
}

/** A screen's save, as the dashboard's forms make one. */
function SaveButton({ onSave }: { onSave: () => void }) {
  const save = useMutation({ mutationFn: async () => onSave() });
  return (
    <button type="button" onClick={() => save.mutate()}>
      Save
    </button>
  );
}

const card = (name = "Getting started") => screen.findByRole("region", { name });
const steps = async () => within(await card()).getAllByRole("listitem");

describe("the Getting started checklist", () => {
  it("shows a new owner 0 of 5 with every step a link to its screen", async () => {
    fakeProgress(NOTHING);
    renderWithQueries(<DashboardLayout />, { path: "/en/dashboard/assistant" });
    expect(await within(await card()).findByText("0 of 5 done")).toBeInTheDocument();
    const links = within(await card()).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/en/salon-settings?tab=salon",
      "/en/salon-settings?tab=stylists",
      "/en/dashboard/assistant",
      "/en/dashboard/phone-numbers",
      "/en/dashboard/assistant",
    ]);
    // The step's number is for the eye; its name and hint are what the link says.
    expect(links[0]).toHaveAccessibleName(expect.stringMatching(/^Salon details and hours ?Fill in the address, city and phone number/));
    expect(links[1]).toHaveTextContent("Add a stylist with working hours and at least one service, so clients can book.");
    expect(links[4]).toHaveAccessibleName(expect.stringMatching(/^A test call ?Call your assistant from the browser/));
  });

  it("ticks steps as saves change the salon's data, names what the team still lacks, and goes once all are done", async () => {
    const api = fakeProgress({ ...NOTHING, salon: true, services: true });
    let next: SetupProgress = api.progress;
    renderWithQueries(
      <>
        <DashboardLayout />
        <SaveButton onSave={() => (api.progress = next)} />
      </>,
      { path: "/en/dashboard/assistant" },
    );
    expect(await within(await card()).findByText("1 of 5 done")).toBeInTheDocument();
    expect((await steps())[0]).toHaveTextContent("Salon details and hours (done)");
    expect(within((await steps())[0]!).queryByRole("link")).not.toBeInTheDocument();
    const team = within((await steps())[1]!).getByRole("link");
    expect(team).toHaveTextContent("Your services are in place: now add a stylist with working hours.");
    expect(team).toHaveAttribute("href", "/en/salon-settings?tab=stylists");

    next = { ...api.progress, stylists: true, services: false };
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const services = await within(await card()).findByRole("link", { name: /now add at least one service/ });
    expect(services).toHaveAttribute("href", "/en/salon-settings?tab=services");

    next = { ...api.progress, services: true, assistant: true };
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await within(await card()).findByText("3 of 5 done")).toBeInTheDocument();

    next = { salon: true, stylists: true, services: true, assistant: true, phone_number: true, test_call: true };
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Getting started" })).not.toBeInTheDocument());
  });

  it("folds to one line, and stays folded in this browser", async () => {
    localStorage.clear();
    fakeProgress({ ...NOTHING, assistant: true });
    const first = renderWithQueries(<DashboardLayout />, { path: "/en/dashboard/calls" });
    await userEvent.click(within(await card()).getByRole("button", { name: "Hide steps" }));
    expect(within(await card()).queryByRole("list")).not.toBeInTheDocument();
    expect(within(await card()).getByText("1 of 5 done")).toBeVisible();
    first.unmount();

    renderWithQueries(<DashboardLayout />, { path: "/en/dashboard/calls" });
    const show = within(await card()).getByRole("button", { name: "Show steps" });
    expect(show).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(show);
    expect(within(await card()).getAllByRole("link")).toHaveLength(4);
    localStorage.clear();
  });

  it.each<[Language, string, string]>([
    ["de", "Erste Schritte", "0 von 5 erledigt"],
    ["cs", "Začínáme", "Hotovo 0 z 5"],
  ])("speaks %s", async (language, title, count) => {
    fakeProgress(NOTHING);
    renderWithQueries(<DashboardLayout />, { language, path: `/${language}/dashboard/assistant` });
    expect(await within(await card(title)).findByText(count)).toBeInTheDocument();
    expect(within(await card(title)).getAllByRole("link")[0]).toHaveAttribute("href", `/${language}/salon-settings?tab=salon`);
  });
});
