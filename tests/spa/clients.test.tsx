import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClientDetail, ClientSummary } from "../../contract/clients.ts";
import type { Language } from "../../contract/languages.ts";
import { ClientsPage } from "../../src/features/clients/components/clients-page.tsx";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, renderWithQueries, reply } from "./render.tsx";

const summary = (id: string, name: string | null, phones: string[], email: string | null = null): ClientSummary => ({
  id,
  name,
  phones,
  email,
  source: "receptionist",
  created_at: "2026-10-01T10:00:00Z",
  next_appointment_at: null,
  visit_count: 0,
  no_show_count: 0,
});

const LUCIE = summary("11111111-1111-4111-8111-111111111111", "Lucie Dvořáková", ["+420777123456"], "lucie@example.cz");
const PETRA = summary("22222222-2222-4222-8222-222222222222", "Petra Nováková", ["+420603111222"]);
const UNNAMED = summary("33333333-3333-4333-8333-333333333333", null, ["+420602999888"]);
const CLIENTS = [LUCIE, PETRA, UNNAMED];

const JANA = { id: "44444444-4444-4444-8444-444444444444", first_name: "Jana", last_name: "Svobodová" };

const LUCIE_PAGE: ClientDetail = {
  ...LUCIE,
  language: "cs",
  preferred_stylist_id: JANA.id,
  notes: "Allergic to ammonia dyes.",
  marketing_consent: true,
  updated_at: "2026-11-01T10:00:00Z",
  upcoming_appointments: [
    // 14:30 in Prague.
    { id: "a1", start_datetime: "2026-11-28T13:30:00Z", end_datetime: "2026-11-28T14:30:00Z", stylist_name: "Jana Svobodová", service_name: "Balayage", status: "booked", no_show: false },
  ],
  past_appointments: [
    { id: "a2", start_datetime: "2026-10-03T08:00:00Z", end_datetime: "2026-10-03T09:00:00Z", stylist_name: "Petr Malý", service_name: null, status: "cancelled", no_show: false },
  ],
  calls: [{ id: "c1", started_at: "2026-11-20T09:05:00Z", duration: 185, direction: "inbound", outcome: "booked" }],
  // 00:30 on the 15th in Prague, still the 14th in UTC.
  opt_outs: [{ channel: "sms", address: "+420777123456", created_at: "2026-11-14T23:30:00Z" }],
  // A freed 16:00 offered by text at 10:15 and taken.
  offers: [{ id: "o1", start_datetime: "2026-11-26T15:00:00Z", stylist_name: "Jana Svobodová", channel: "sms", status: "accepted", created_at: "2026-11-26T09:15:00Z" }],
};

interface Request {
  method: string;
  pathname: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** The clients API over a fixed list: search matches names and digits, as the server's does. */
function fakeClientsApi(answer: (request: Request) => Response | undefined = () => undefined) {
  const requests: Request[] = [];
  mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, "http://localhost");
    const request = { method: init.method ?? "GET", pathname, search: searchParams, headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(request);
    const own = answer(request);
    if (own) return own;
    if (pathname === "/api/dashboard/salon") return reply(api.dashboard.salon.$get, { name: "Salon Bella", time_zone: "Europe/Prague", currency: "CZK" });
    if (pathname === "/api/dashboard/stylists") return reply(api.dashboard.stylists.$get, [JANA]);
    if (pathname === "/api/dashboard/clients") {
      const q = (searchParams.get("q") ?? "").toLowerCase();
      const items = CLIENTS.filter((client) => !q || client.name?.toLowerCase().includes(q) || client.phones.some((phone) => phone.includes(q)));
      return reply(api.dashboard.clients.$get, { items, more: false });
    }
    if (pathname === `/api/dashboard/clients/${LUCIE.id}` && request.method === "GET") return reply(api.dashboard.clients[":id"].$get, LUCIE_PAGE);
    return refusal(404, { detail: "no such route in the fake" });
  });
  return requests;
}

function Address() {
  const location = useLocation();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <Link to="?q=Lucie">A link to a search</Link>
    </>
  );
}

const renderPage = (language: Language = "en", search = "") =>
  renderWithQueries(
    <>
      <ClientsPage />
      <Address />
    </>,
    { language, path: `/${language}/dashboard/clients${search}` },
  );
const address = () => new URLSearchParams(screen.getByTestId("address").textContent ?? "");
const clientPage = async () => within(await screen.findByRole("article"));

describe("the Clients screen", () => {
  it("lists the clients with their numbers, and searches as one types, keeping the search in the address", async () => {
    const requests = fakeClientsApi();
    renderPage();
    const lucie = await screen.findByRole("button", { name: /Lucie Dvořáková/ });
    expect(lucie).toHaveTextContent("+420 777 123 456");
    expect(lucie).toHaveTextContent("lucie@example.cz");
    expect(screen.getByRole("button", { name: /No name/ })).toHaveTextContent("+420 602 999 888");
    expect(screen.getByText("3 clients")).toBeInTheDocument();

    await userEvent.type(screen.getByRole("searchbox", { name: "Search clients" }), "603");
    await waitFor(() => expect(screen.queryByRole("button", { name: /Lucie/ })).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: /Petra Nováková/ })).toBeInTheDocument();
    expect(screen.getByText("1 client")).toBeInTheDocument();
    expect(address().get("q")).toBe("603");
    // Typing is not a request per letter: the search runs once the typing pauses.
    const searches = requests.filter((request) => request.pathname === "/api/dashboard/clients").map((request) => request.search.get("q"));
    expect(searches).toEqual(["", "603"]);

    await userEvent.type(screen.getByRole("searchbox"), "9");
    expect(await screen.findByText("No client matches “6039”.")).toBeInTheDocument();

    // A search the address brings (a link, Back) is what the box then shows.
    await userEvent.click(screen.getByRole("link", { name: "A link to a search" }));
    expect(screen.getByRole("searchbox")).toHaveValue("Lucie");
    expect(await screen.findByRole("button", { name: /Lucie Dvořáková/ })).toBeInTheDocument();
  });

  it("keeps the search of the address, says when nothing matches, and offers another try when the list cannot load", async () => {
    let failing = true;
    fakeClientsApi(({ pathname }) => (pathname === "/api/dashboard/clients" && failing ? refusal(503, { detail: "The database is not reachable." }) : undefined));
    renderPage("en", "?q=Petra");
    expect(screen.getByRole("searchbox")).toHaveValue("Petra");
    expect(await screen.findByText("Could not load the clients: The database is not reachable.")).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: /Petra Nováková/ })).toBeInTheDocument();
  });

  it("shows a client's page: details, appointments in the salon's time and the interface's language, and calls", async () => {
    fakeClientsApi();
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: /Lucie Dvořáková/ }));
    expect(address().get("client")).toBe(LUCIE.id);
    const page = await clientPage();
    expect(await page.findByRole("heading", { name: "Lucie Dvořáková" })).toBeInTheDocument();
    expect(page.getByText("Phone numbers").nextSibling).toHaveTextContent("+420 777 123 456");
    expect(page.getByText("Email").nextSibling).toHaveTextContent("lucie@example.cz");
    expect(page.getByText("Language").nextSibling).toHaveTextContent("Czech");
    expect(await page.findByText("Jana Svobodová", { selector: "dd" })).toBeInTheDocument();
    expect(page.getByText("Marketing consent").nextSibling).toHaveTextContent("Agreed");
    expect(page.getByText("Notes").nextSibling).toHaveTextContent("Allergic to ammonia dyes.");
    expect(page.getByText("Messages").nextSibling).toHaveTextContent("No SMS: replied STOP to +420 777 123 456 on Nov 15, 2026");

    const upcoming = within(page.getByRole("region", { name: "Upcoming appointments" }));
    expect(upcoming.getByRole("listitem")).toHaveTextContent("Sat, Nov 28, 2026, 2:30 PMBalayage · Jana Svobodová");
    const past = within(page.getByRole("region", { name: "Past appointments" }));
    expect(past.getByRole("listitem")).toHaveTextContent("Sat, Oct 3, 2026, 10:00 AMAppointment · Petr MalýCancelled");
    const calls = within(page.getByRole("region", { name: "Calls" }));
    expect(calls.getByRole("listitem")).toHaveTextContent("Fri, Nov 20, 2026, 10:05 AMIncoming · 3 minBooked");
    // Each call opens on the Calls screen.
    expect(within(calls.getByRole("listitem")).getByRole("link")).toHaveAttribute("href", "/en/dashboard/calls?call=c1");
    expect(calls.getByRole("link", { name: "Open the Calls screen" })).toHaveAttribute("href", "/en/dashboard/calls");
    const offers = within(page.getByRole("region", { name: "Freed times offered" }));
    expect(offers.getByRole("listitem")).toHaveTextContent("Thu, Nov 26, 2026, 4:00 PM with Jana SvobodováSMS · Thu, Nov 26, 2026, 10:15 AMAccepted");
    expect(offers.getByRole("link", { name: "Open the offers on the Waitlist screen" })).toHaveAttribute("href", "/en/dashboard/waitlist?tab=offers");
  });

  it("tells each client's next appointment in the salon's time, their visits and no-shows, and marks the no-shows on their page", async () => {
    const lucie = { ...LUCIE, next_appointment_at: "2026-11-28T13:30:00Z", visit_count: 4, no_show_count: 1 };
    const petra = { ...PETRA, visit_count: 1 };
    const missed = { id: "a3", start_datetime: "2026-11-02T09:00:00Z", end_datetime: "2026-11-02T10:00:00Z", stylist_name: "Jana Svobodová", service_name: "Balayage", status: "booked" as const, no_show: true };
    fakeClientsApi(({ pathname, method }) => {
      if (pathname === "/api/dashboard/clients") return reply(api.dashboard.clients.$get, { items: [lucie, petra], more: false });
      if (pathname === `/api/dashboard/clients/${LUCIE.id}` && method === "GET") {
        return reply(api.dashboard.clients[":id"].$get, { ...LUCIE_PAGE, ...lucie, past_appointments: [missed, ...LUCIE_PAGE.past_appointments] });
      }
      return undefined;
    });
    renderPage();
    const row = await screen.findByRole("button", { name: /Lucie Dvořáková/ });
    // 14:30 in Prague, whatever the browser's zone.
    await waitFor(() => expect(row).toHaveTextContent("Next: Sat, Nov 28, 2026, 2:30 PM"));
    expect(row).toHaveTextContent("4 visits");
    expect(row).toHaveTextContent("1 no-show");
    const petraRow = screen.getByRole("button", { name: /Petra Nováková/ });
    expect(petraRow).toHaveTextContent("1 visit");
    expect(petraRow).not.toHaveTextContent(/Next|no-show/);

    await userEvent.click(row);
    const page = await clientPage();
    expect(await page.findByText("Visits")).toBeInTheDocument();
    expect(page.getByText("Visits").nextSibling).toHaveTextContent("4");
    expect(page.getByText("No-shows").nextSibling).toHaveTextContent("Once");
    const past = within(page.getByRole("region", { name: "Past appointments" }));
    expect(past.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Mon, Nov 2, 2026, 10:00 AMBalayage · Jana SvobodováNo-show",
      "Sat, Oct 3, 2026, 10:00 AMAppointment · Petr MalýCancelled",
    ]);
  });

  it("counts visits and no-shows in Czech", async () => {
    fakeClientsApi(({ pathname }) =>
      pathname === "/api/dashboard/clients" ? reply(api.dashboard.clients.$get, { items: [{ ...LUCIE, visit_count: 3, no_show_count: 2 }], more: false }) : undefined,
    );
    renderPage("cs");
    const row = await screen.findByRole("button", { name: /Lucie Dvořáková/ });
    expect(row).toHaveTextContent("3 návštěvy");
    expect(row).toHaveTextContent("2krát nedorazil");
  });

  it("writes the client's page in German with the salon's times", async () => {
    fakeClientsApi();
    renderPage("de", `?client=${LUCIE.id}`);
    const page = await clientPage();
    expect(await page.findByRole("heading", { name: "Lucie Dvořáková" })).toBeInTheDocument();
    expect(page.getByText("Sprache").nextSibling).toHaveTextContent("Tschechisch");
    expect(within(page.getByRole("region", { name: "Anstehende Termine" })).getByRole("listitem")).toHaveTextContent("Sa., 28. Nov. 2026, 14:30");
  });

  it("edits a client: notes and numbers are sent, and a number another client has is refused under the numbers", async () => {
    let refuse = true;
    const requests = fakeClientsApi(({ method, pathname }) => {
      if (method !== "PUT" || pathname !== `/api/dashboard/clients/${LUCIE.id}`) return undefined;
      if (refuse) return refusal(409, { detail: "The number +420 603 111 222 belongs to another client.", fields: { phones_add: "The number +420 603 111 222 belongs to another client." } });
      return reply(api.dashboard.clients[":id"].$put, { ...LUCIE_PAGE, notes: "Prefers mornings." });
    });
    renderPage("en", `?client=${LUCIE.id}`);
    await userEvent.click(await (await clientPage()).findByRole("button", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit client" }));
    const notes = dialog.getByLabelText("Notes");
    await userEvent.clear(notes);
    await userEvent.type(notes, "Prefers mornings.");
    await userEvent.click(dialog.getByRole("button", { name: "Add number" }));
    await userEvent.type(dialog.getByLabelText("Phone number 2"), "+420 603 111 222");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));

    expect(await dialog.findByText("The number +420 603 111 222 belongs to another client.", { selector: "p" })).toBeInTheDocument();
    const put = requests.find((request) => request.method === "PUT");
    expect(put?.body).toMatchObject({ notes: "Prefers mornings.", phones_add: ["+420 603 111 222"], phones_remove: [] });

    // The first number goes instead; the second is then kept out of the request.
    refuse = false;
    await userEvent.click(dialog.getByRole("button", { name: "Remove number 2" }));
    await userEvent.click(dialog.getByRole("button", { name: "Remove number 1" }));
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === "PUT").at(-1)?.body).toMatchObject({ phones_add: [], phones_remove: ["+420777123456"] });
    expect(await screen.findByText("Client saved.")).toBeInTheDocument();
  });

  it("refuses a number that is not one before sending anything", async () => {
    const requests = fakeClientsApi();
    renderPage("en", `?client=${LUCIE.id}`);
    await userEvent.click(await (await clientPage()).findByRole("button", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog"));
    await userEvent.click(dialog.getByRole("button", { name: "Add number" }));
    await userEvent.type(dialog.getByLabelText("Phone number 2"), "12");
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(dialog.getByLabelText("Phone number 2")).toHaveAccessibleDescription("Enter a valid phone number, e.g. +420 777 123 456.");
    expect(dialog.getByLabelText("Phone number 2")).toHaveFocus();
    expect(requests.some((request) => request.method === "PUT")).toBe(false);
  });

  it.each([
    ["en", "Delete", "Delete Lucie Dvořáková?", "Their name, numbers and notes are removed from every appointment and call; the appointments keep their time and the calls their duration and cost. This cannot be undone.", "Delete client"],
    ["de", "Löschen", "Lucie Dvořáková löschen?", "Name, Telefonnummern und Notizen werden aus allen Terminen und Anrufen entfernt. Die Termine behalten ihre Uhrzeit, die Anrufe ihre Dauer und Kosten. Das lässt sich nicht rückgängig machen.", "Endgültig löschen"],
    ["cs", "Smazat", "Smazat klienta Lucie Dvořáková?", "Jméno, telefonní čísla a poznámky zmizí ze všech rezervací a hovorů. U rezervací zůstane čas, u hovorů délka a cena. Tuto akci nelze vrátit zpět.", "Smazat klienta"],
  ] as const)("in %s, asks before deleting, saying what is erased, and then leaves the client's page", async (language, open, title, message, confirm) => {
    const requests = fakeClientsApi(({ method }) => (method === "DELETE" ? new Response(null, { status: 204 }) : undefined));
    renderPage(language, `?client=${LUCIE.id}`);
    await userEvent.click(await (await clientPage()).findByRole("button", { name: open }));
    const dialog = within(await screen.findByRole("dialog", { name: title }));
    expect(dialog.getByText(message)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: confirm }));
    await waitFor(() => expect(address().get("client")).toBeNull());
    expect(requests.find((request) => request.method === "DELETE")?.pathname).toBe(`/api/dashboard/clients/${LUCIE.id}`);
  });

  it("merges another client found by searching into this one", async () => {
    const requests = fakeClientsApi(({ method }) => (method === "POST" ? reply(api.dashboard.clients[":id"].merge.$post, LUCIE_PAGE) : undefined));
    renderPage("en", `?client=${LUCIE.id}`);
    await userEvent.click(await (await clientPage()).findByRole("button", { name: "Merge…" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Merge with another client" }));
    const merge = dialog.getByRole("button", { name: "Merge" });
    expect(merge).toBeDisabled();
    // The client itself is not among those to merge.
    expect(await dialog.findByRole("radio", { name: /Petra Nováková/ })).toBeInTheDocument();
    expect(dialog.queryByRole("radio", { name: /Lucie/ })).not.toBeInTheDocument();
    await userEvent.type(dialog.getByRole("searchbox"), "602");
    await waitFor(() => expect(dialog.queryByRole("radio", { name: /Petra/ })).not.toBeInTheDocument());
    await userEvent.click(dialog.getByRole("radio", { name: /No name/ }));
    await userEvent.click(merge);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requests.find((request) => request.method === "POST")).toMatchObject({ pathname: `/api/dashboard/clients/${LUCIE.id}/merge`, body: { other: UNNAMED.id } });
    expect(screen.getByText("Clients merged.")).toBeInTheDocument();
  });

  describe("Export CSV", () => {
    afterEach(() => {
      sessionStorage.clear();
      vi.restoreAllMocks();
    });

    it("fetches the export with the session's token and saves it under the language's file name", async () => {
      sessionStorage.setItem("accessToken", "token-1");
      const requests = fakeClientsApi(({ pathname }) =>
        pathname === "/api/dashboard/clients/export.csv" ? new Response("Name,Telefonnummern\n", { headers: { "content-type": "text/csv" } }) : undefined,
      );
      const saved: { href: string; download: string }[] = [];
      URL.createObjectURL = () => "blob:clients";
      URL.revokeObjectURL = () => {};
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
      renderPage("de");
      await userEvent.click(await screen.findByRole("button", { name: "Als CSV exportieren" }));
      await waitFor(() => expect(saved).toEqual([{ href: "blob:clients", download: "kundschaft.csv" }]));
      expect(requests.find((request) => request.pathname.endsWith("export.csv"))?.headers.get("authorization")).toBe("Bearer token-1");
    });

    it("says why an export failed", async () => {
      fakeClientsApi(({ pathname }) => (pathname === "/api/dashboard/clients/export.csv" ? refusal(503, { detail: "The database is not reachable." }) : undefined));
      renderPage();
      await userEvent.click(await screen.findByRole("button", { name: "Export CSV" }));
      expect(await screen.findByText("Could not export the clients: The database is not reachable.")).toBeInTheDocument();
    });
  });
});
