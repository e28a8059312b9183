import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS, type Stylist } from "../../contract/salon.ts";
import type { SalonMembership, Team } from "../../contract/team.ts";
import { DashboardLayout } from "../../src/features/dashboard/components/dashboard-layout.tsx";
import { SalonSettingsPage } from "../../src/features/salon-settings/components/salon-settings-page.tsx";
import { TeamTab } from "../../src/features/salon-settings/team/team-tab.tsx";
import { api, read } from "../../src/lib/api-client.ts";
import { loadSalons, pickSalon, switchSalon } from "../../src/lib/auth/salons.ts";
import { endSession, startSession } from "../../src/lib/auth/session.ts";
import { json, mockFetch, OWNER, refusal, renderWithQueries, reply } from "./render.tsx";

const jana: Stylist = {
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

const TEAM: Team = {
  members: [
    { user_id: "u-owner", email: "owner@salon.test", name: "Olga Veselá", role: "owner", stylist_id: null, stylist_name: null, joined_at: "2026-01-01T10:00:00Z", is_you: false },
    { user_id: "u-me", email: "marta@salon.test", name: null, role: "manager", stylist_id: null, stylist_name: null, joined_at: "2026-02-01T10:00:00Z", is_you: true },
    { user_id: "u-jana", email: "jana@salon.test", name: "Jana", role: "stylist", stylist_id: jana.id, stylist_name: "Jana Nováková", joined_at: "2026-03-01T10:00:00Z", is_you: false },
  ],
  invitations: [
    {
      id: "i-1",
      email: "lenka@salon.test",
      name: null,
      role: "front_desk",
      stylist_id: null,
      stylist_name: null,
      invited_by: "Olga Veselá",
      sent_at: "2026-11-20T10:00:00Z",
      expires_at: "2026-11-27T10:00:00Z",
    },
  ],
};

const MANAGER: SalonMembership = { ...OWNER, role: "manager" };
const STYLIST: SalonMembership = { ...OWNER, role: "stylist", stylist_id: jana.id };

/** The team's API; `invite` answers the invitation's POST. */
function fakeTeamApi(invite: (body: unknown) => Response = (body) => json(201, body)) {
  return mockFetch((url, init) => {
    if (url.endsWith("/api/dashboard/team")) return reply(api.dashboard.team.$get, TEAM);
    if (url.endsWith("/api/dashboard/team/invitations") && init.method === "POST") return invite(JSON.parse(String(init.body)));
    if (url.endsWith("/api/dashboard/stylists")) return reply(api.dashboard.stylists.$get, [jana]);
    if (url.endsWith("/api/dashboard/salon")) return reply(api.dashboard.salon.$get, { time_zone: "Europe/Prague" });
    return refusal(404, { detail: "Not found" });
  });
}

describe("team tab", () => {
  it("lists the members with their roles and the open invitations", async () => {
    fakeTeamApi();
    renderWithQueries(<TeamTab />);
    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).getByText("Olga Veselá")).toBeInTheDocument();
    expect(within(members).getByText("You")).toBeInTheDocument();
    expect(within(members).getByText(/as Jana Nováková in the calendar/)).toBeInTheDocument();
    // Olga is the one owner: she can neither be removed nor take another role until there is another.
    expect(within(members).getByText("The salon's only owner")).toBeInTheDocument();
    expect(within(members).queryByRole("button", { name: "Remove Olga Veselá from the team" })).not.toBeInTheDocument();
    expect(within(members).queryByRole("button", { name: "Change role of Olga Veselá" })).not.toBeInTheDocument();
    const invitations = screen.getByRole("list", { name: "Pending invitations" });
    expect(within(invitations).getByText("lenka@salon.test")).toBeInTheDocument();
    expect(within(invitations).getByText("Front desk")).toBeInTheDocument();
    expect(within(invitations).getByRole("button", { name: "Resend the invitation to lenka@salon.test" })).toBeInTheDocument();
  });

  it("invites a stylist as one of the salon's stylists, and shows a conflict at the address", async () => {
    const calls = fakeTeamApi(() => refusal(409, { detail: "jana@salon.test is already a member of this salon.", code: "already_member" }));
    renderWithQueries(<TeamTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Invite someone" }));
    const dialog = screen.getByRole("dialog", { name: "Invite someone to your team" });
    await userEvent.type(within(dialog).getByLabelText(/Email/), "jana@salon.test");
    expect(within(dialog).queryByLabelText(/Stylist in the calendar/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("radio", { name: /Stylist/ }));
    // A stylist is one of the salon's stylists: sending without choosing is refused at the field.
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText(/Choose which stylist this person is/)).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Stylist in the calendar/), "Jana Nováková");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    const email = within(dialog).getByLabelText(/Email/);
    await waitFor(() => expect(email).toHaveAccessibleDescription("jana@salon.test is already a member of this salon."));
    expect(calls.find((call) => call.url.endsWith("/team/invitations"))?.body).toEqual({ email: "jana@salon.test", name: null, role: "stylist", stylist_id: jana.id });
  });

  it("gives a manager no owner role to hand out and no way to change an owner", async () => {
    fakeTeamApi();
    renderWithQueries(<TeamTab />, { membership: MANAGER });
    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).queryByRole("button", { name: "Change role of Olga Veselá" })).not.toBeInTheDocument();
    expect(within(members).getByRole("button", { name: "Change role of Jana" })).toBeInTheDocument();
    expect(within(members).getByRole("button", { name: "Leave salon" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Invite someone" }));
    const dialog = screen.getByRole("dialog", { name: "Invite someone to your team" });
    expect(within(dialog).getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual(["manager", "front_desk", "stylist"]);
  });
});

describe("screens by role", () => {
  const renderDashboard = (path: string, membership: SalonMembership) =>
    renderWithQueries(
      <Routes>
        <Route path="/en/dashboard" element={<DashboardLayout />}>
          <Route path="calendar" element={<p>Calendar screen</p>} />
          <Route path="calls" element={<p>Calls screen</p>} />
        </Route>
        <Route path="/en/salon-settings" element={<SalonSettingsPage />} />
      </Routes>,
      { path, membership },
    );

  it("shows a stylist only their screens, and says so at the address of another", async () => {
    mockFetch(() => json(404, {}));
    renderDashboard("/en/dashboard/calls", STYLIST);
    const nav = screen.getByRole("navigation", { name: "Dashboard" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["Calendar", "Clients", "My hours"]);
    expect(screen.getByRole("heading", { name: "Not available for your role" })).toBeInTheDocument();
    expect(screen.queryByText("Calls screen")).not.toBeInTheDocument();
  });

  it("opens the dashboard at the calendar for a stylist and the front desk, and keeps Salon Settings closed to them", async () => {
    mockFetch(() => json(404, {}));
    for (const membership of [STYLIST, { ...OWNER, role: "front_desk" as const }]) {
      const { unmount } = renderDashboard("/en/dashboard", membership);
      expect(await screen.findByText("Calendar screen")).toBeInTheDocument();
      unmount();
    }
    renderDashboard("/en/salon-settings", { ...OWNER, role: "front_desk" });
    expect(screen.getByRole("heading", { name: "Not available for your role" })).toBeInTheDocument();
  });

  it("gives an owner every screen and the Team tab", () => {
    mockFetch(() => json(404, {}));
    renderDashboard("/en/salon-settings?tab=team", OWNER);
    expect(screen.getByRole("tab", { name: "Team" })).toHaveAttribute("aria-selected", "true");
  });
});

describe("the salon worked in", () => {
  const salonA: SalonMembership = { salon_id: "aaaaaaaa-0000-4000-8000-000000000001", salon_name: "Salon A", role: "owner", stylist_id: null };
  const salonB: SalonMembership = { salon_id: "bbbbbbbb-0000-4000-8000-000000000002", salon_name: "Salon B", role: "stylist", stylist_id: jana.id };

  afterEach(() => {
    endSession();
    localStorage.clear();
  });

  it("takes the browser's last choice while it is still one of the person's salons", () => {
    expect(pickSalon([salonA, salonB], salonB.salon_id)).toBe(salonB);
    expect(pickSalon([salonA, salonB], "gone")).toBe(salonA);
    expect(pickSalon([], null)).toBeNull();
  });

  it("makes an owner's first salon only from the dashboard, never from an invitation's page", async () => {
    startSession("token", { email: "new@salon.test", is_active: true, email_verified: true });
    let salons: SalonMembership[] = [];
    const calls = mockFetch((url) => {
      if (url === "/api/account/salons") return reply(api.account.salons.$get, salons);
      salons = [salonA];
      return json(200, {});
    });
    await loadSalons();
    expect(calls.map((call) => call.url)).toEqual(["/api/account/salons"]);
    await loadSalons({ makeFirst: true });
    expect(calls.map((call) => call.url)).toEqual(["/api/account/salons", "/api/account/salons", "/api/dashboard/salon", "/api/account/salons"]);
    // The first request made the salon, so it named none.
    expect(calls[2]?.headers.get("X-Salon-Id")).toBeNull();
  });

  it("names the chosen salon on every request, and moves on to another when removed from it", async () => {
    startSession("token", { email: "jana@salon.test", is_active: true, email_verified: true });
    let salons = [salonA, salonB];
    const calls = mockFetch((url, init) => {
      if (url === "/api/account/salons") return reply(api.account.salons.$get, salons);
      if (url === "/api/account/salon") return new Response(null, { status: 204 });
      const named = new Headers(init.headers).get("X-Salon-Id");
      if (named === salonB.salon_id && !salons.includes(salonB)) return refusal(403, { detail: "You are no longer a member of this salon.", code: "not_member" });
      return json(200, {});
    });
    await loadSalons();
    await switchSalon(salonB.salon_id);
    expect(localStorage.getItem("salonId")).toBe(salonB.salon_id);
    await read(api.dashboard.salon.$get());
    expect(calls.at(-1)?.headers.get("X-Salon-Id")).toBe(salonB.salon_id);

    salons = [salonA];
    await expect(read(api.dashboard.salon.$get())).rejects.toMatchObject({ status: 403, code: "not_member" });
    await waitFor(() => expect(calls.at(-1)?.url).toBe("/api/account/salons"));
    await read(api.dashboard.salon.$get());
    await waitFor(() => expect(calls.at(-1)?.headers.get("X-Salon-Id")).toBe(salonA.salon_id));
  });
});
