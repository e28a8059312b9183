import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import { DEFAULT_WORKING_HOURS, type Service, type Stylist } from "../../contract/salon.ts";
import { ServicesTab } from "../../src/features/salon-settings/services/services-tab.tsx";
import { StylistsTab } from "../../src/features/salon-settings/stylists/stylists-tab.tsx";
import { json, mockFetch, refusal, renderWithQueries } from "./render.tsx";

const jana: Stylist = {
  id: "st-1",
  first_name: "Jana",
  last_name: "Nováková",
  email: "jana@salon.test",
  phone: "+420 777 123 456",
  working_hours: DEFAULT_WORKING_HOURS,
  time_off: [],
  is_active: true,
  color: "#e11d48",
};

const haircut: Service = {
  id: "sv-1",
  name: "Haircut",
  description: null,
  duration: 45,
  price: 25,
  min_price: 20,
  max_price: 30,
  color: "#16a34a",
};

interface Request {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The dashboard API in memory: lists, creates, updates and deletes stylists and services.
 * `answer` can take over a request first, e.g. to fail it.
 */
function fakeApi(
  seed: { stylists?: Stylist[]; services?: Service[] } = {},
  answer?: (request: Request) => Response | undefined,
) {
  const rows: Record<string, { id: string }[]> = { stylists: [...(seed.stylists ?? [])], services: [...(seed.services ?? [])] };
  const requests: Request[] = [];
  let nextId = 100;
  mockFetch((url, init) => {
    const request = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(request);
    const taken = answer?.(request);
    if (taken) return taken;
    const [, resource, id] = /^\/api\/dashboard\/(stylists|services)(?:\/(.+))?$/.exec(url) ?? [];
    const list = rows[resource ?? ""];
    if (!list) return refusal(404, { detail: "Not found" });
    switch (request.method) {
      case "GET":
        return json(200, list);
      case "POST": {
        const row = { ...(request.body as object), id: `new-${nextId++}` };
        list.push(row);
        return json(201, row);
      }
      case "PUT": {
        const row = { ...(request.body as object), id: id! };
        rows[resource!] = list.map((other) => (other.id === id ? row : other));
        return json(200, row);
      }
      case "DELETE":
        rows[resource!] = list.filter((other) => other.id !== id);
        return new Response(null, { status: 204 });
      default:
        return refusal(405, { detail: "Method not allowed" });
    }
  });
  return requests;
}

const changes = (requests: Request[]) => requests.filter((request) => request.method !== "GET");

function renderTab(ui: ReactNode, language: Language = "en") {
  return renderWithQueries(ui, { language });
}

describe("stylists tab", () => {
  it("says how to start when there are no stylists", async () => {
    fakeApi();
    renderTab(<StylistsTab />);
    expect(screen.getByText("Loading stylists...")).toBeInTheDocument();
    expect(await screen.findByText('No stylists found. Click "Add Stylist" to create one.')).toBeInTheDocument();
  });

  it("lists each stylist with contact details, an inactive badge and named buttons", async () => {
    fakeApi({ stylists: [jana, { ...jana, id: "st-2", first_name: "Petr", last_name: "Svoboda", email: null, phone: null, is_active: false }] });
    renderTab(<StylistsTab />);
    const list = await screen.findByRole("list", { name: "Stylists" });
    expect(within(list).getByText("Jana Nováková")).toBeInTheDocument();
    expect(within(list).getByText("jana@salon.test")).toBeInTheDocument();
    expect(within(list).getByText("+420 777 123 456")).toBeInTheDocument();
    expect(within(list).getByText("Inactive")).toBeInTheDocument();
    expect(screen.getByText("2 stylists")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit Jana Nováková" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete Petr Svoboda" })).toBeInTheDocument();
  });

  it("adds a stylist working on Sunday and off on Monday, then returns to the list", async () => {
    const requests = fakeApi();
    renderTab(<StylistsTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Stylist" }));

    expect(screen.getByRole("heading", { name: "Add Stylist" })).toBeInTheDocument();
    expect(screen.getByLabelText("First Name")).toHaveFocus();
    expect(screen.getByLabelText("Active")).toBeChecked();
    expect(screen.getByText("#3788d8")).toBeInTheDocument();
    const sunday = screen.getByRole("group", { name: "Sunday" });
    expect(within(sunday).getByText("Day Off")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("First Name"), "Eva");
    await userEvent.type(screen.getByLabelText("Last Name"), "Dvořáková");
    await userEvent.type(screen.getByLabelText("Email"), "eva@salon.test");
    const monday = screen.getByRole("group", { name: "Monday" });
    await userEvent.click(within(monday).getByLabelText("Working"));
    expect(within(monday).getByText("Day Off")).toBeInTheDocument();
    await userEvent.click(within(sunday).getByLabelText("Working"));
    expect(within(sunday).getByLabelText("Morning start")).toHaveDisplayValue(/^9:00\sAM$/);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Stylist added successfully")).toBeInTheDocument();
    const [post] = changes(requests);
    expect(post).toMatchObject({ method: "POST", url: "/api/dashboard/stylists" });
    const body = post!.body as Stylist;
    expect(body).toMatchObject({ first_name: "Eva", last_name: "Dvořáková", email: "eva@salon.test", phone: null, is_active: true, color: "#3788d8" });
    expect(body.working_hours["0"]).toBeNull();
    expect(body.working_hours["6"]).toEqual({ working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "17:00" });
    expect(body.working_hours["1"]).toEqual(body.working_hours["6"]);

    expect(await screen.findByText("Eva Dvořáková")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Stylist" })).toHaveFocus();
  });

  it("requires a last name before sending anything", async () => {
    const requests = fakeApi();
    renderTab(<StylistsTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Stylist" }));
    await userEvent.type(screen.getByLabelText("First Name"), "Eva");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(screen.getByText("Last name is required")).toBeInTheDocument();
    const lastName = screen.getByLabelText("Last Name");
    expect(lastName).toHaveAttribute("aria-invalid", "true");
    expect(lastName).toHaveAccessibleDescription("Last name is required");
    expect(lastName).toHaveFocus();
    expect(changes(requests)).toEqual([]);

    // The message goes as soon as the field is changed.
    await userEvent.type(lastName, "D");
    expect(screen.queryByText("Last name is required")).not.toBeInTheDocument();
    expect(lastName).toHaveAttribute("aria-invalid", "false");
  });

  it("shows a shift in the wrong order on that day's row", async () => {
    const requests = fakeApi();
    renderTab(<StylistsTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Stylist" }));
    await userEvent.type(screen.getByLabelText("First Name"), "Eva");
    await userEvent.type(screen.getByLabelText("Last Name"), "Dvořáková");
    const tuesday = screen.getByRole("group", { name: "Tuesday" });
    fireEvent.change(within(tuesday).getByLabelText("Morning end"), { target: { value: "08:00" } });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    const message = "The end must be after the start, and both times are needed.";
    expect(within(tuesday).getByText(message)).toBeInTheDocument();
    expect(within(tuesday).getByLabelText("Morning end")).toHaveAccessibleDescription(message);
    expect(within(screen.getByRole("group", { name: "Monday" })).queryByText(message)).not.toBeInTheDocument();
    expect(changes(requests)).toEqual([]);
  });

  it("puts the server's working-hours messages on the day they belong to", async () => {
    const message = "The afternoon must start after the morning ends.";
    fakeApi({}, (request) =>
      request.method === "POST"
        ? refusal(422, { detail: message, code: "validation_error", fields: { "working_hours.2.afternoon_start": message } })
        : undefined,
    );
    renderTab(<StylistsTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Stylist" }));
    await userEvent.type(screen.getByLabelText("First Name"), "Eva");
    await userEvent.type(screen.getByLabelText("Last Name"), "Dvořáková");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    const wednesday = screen.getByRole("group", { name: "Wednesday" });
    expect(within(wednesday).getByText(message)).toBeInTheDocument();
    expect(within(wednesday).getByLabelText("Afternoon start")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("heading", { name: "Add Stylist" })).toBeInTheDocument();
  });

  it("edits a stylist with a PUT and returns focus to the edited row", async () => {
    const requests = fakeApi({ stylists: [jana] });
    renderTab(<StylistsTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Jana Nováková" }));
    expect(screen.getByRole("heading", { name: "Edit Stylist" })).toBeInTheDocument();
    expect(screen.getByLabelText("First Name")).toHaveValue("Jana");
    expect(screen.getByLabelText("Phone")).toHaveValue("+420 777 123 456");
    await userEvent.click(screen.getByLabelText("Active"));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Stylist updated successfully")).toBeInTheDocument();
    expect(changes(requests)).toMatchObject([{ method: "PUT", url: "/api/dashboard/stylists/st-1", body: { is_active: false } }]);
    expect(await screen.findByText("Inactive")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit Jana Nováková" })).toHaveFocus();
  });

  it("goes back to the list on Cancel without saving", async () => {
    const requests = fakeApi({ stylists: [jana] });
    renderTab(<StylistsTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Stylist" }));
    await userEvent.type(screen.getByLabelText("First Name"), "Eva");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Add Stylist" })).toHaveFocus();
    expect(screen.getByText("Jana Nováková")).toBeInTheDocument();
    expect(changes(requests)).toEqual([]);
  });

  it("asks before deleting and deletes only after confirming", async () => {
    const requests = fakeApi({ stylists: [jana] });
    renderTab(<StylistsTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Jana Nováková" }));
    const dialog = await screen.findByRole("dialog", { name: 'Delete stylist "Jana Nováková"?' });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(changes(requests)).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Delete Jana Nováková" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Stylist deleted successfully")).toBeInTheDocument();
    expect(changes(requests)).toMatchObject([{ method: "DELETE", url: "/api/dashboard/stylists/st-1" }]);
    expect(await screen.findByText('No stylists found. Click "Add Stylist" to create one.')).toBeInTheDocument();
  });

  it("takes times as typed, shows them the reader's way and copies Monday to the other working days", async () => {
    const requests = fakeApi();
    renderTab(<StylistsTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Stylist" }));
    await userEvent.type(screen.getByLabelText("First Name"), "Eva");
    await userEvent.type(screen.getByLabelText("Last Name"), "Malá");
    const monday = within(screen.getByRole("group", { name: "Monday" }));
    const typed = { "Morning start": "930", "Afternoon start": "1:15 pm", "Afternoon end": "18:45" };
    for (const [label, text] of Object.entries(typed)) {
      await userEvent.clear(monday.getByLabelText(label));
      await userEvent.type(monday.getByLabelText(label), text);
    }
    await userEvent.tab();
    expect(monday.getByLabelText("Morning start")).toHaveDisplayValue(/^9:30\sAM$/);
    expect(monday.getByLabelText("Afternoon end")).toHaveDisplayValue(/^6:45\sPM$/);

    await userEvent.click(screen.getByRole("button", { name: "Copy Monday to the other working days" }));
    const saturday = within(screen.getByRole("group", { name: "Saturday" }));
    expect(saturday.getByLabelText("Afternoon start")).toHaveDisplayValue(/^1:15\sPM$/);
    expect(within(screen.getByRole("group", { name: "Sunday" })).getByText("Day Off")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    await screen.findByText("Stylist added successfully");
    const body = changes(requests)[0]!.body as Stylist;
    const copied = { working: true, morning_start: "09:30", morning_end: "13:00", afternoon_start: "13:15", afternoon_end: "18:45" };
    expect([0, 1, 2, 3, 4, 5].map((day) => body.working_hours[`${day}` as "0"])).toEqual(Array(6).fill(copied));
    expect(body.working_hours["6"]).toBeNull();
  }, 15_000);

  it("writes times on a 24-hour clock in Czech", async () => {
    fakeApi({ stylists: [jana] });
    renderTab(<StylistsTab />, "cs");
    await userEvent.click(await screen.findByRole("button", { name: "Upravit Jana Nováková" }));
    const monday = within(screen.getByRole("group", { name: "Pondělí" }));
    expect(monday.getByLabelText("Začátek odpoledne")).toHaveValue("14:00");
  });

  it("crosses the form in few Tab presses, walks the week with the arrow keys, and sends on Enter only when complete", async () => {
    const requests = fakeApi();
    renderTab(<StylistsTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Stylist" }));
    await userEvent.type(screen.getByLabelText("First Name"), "Eva");
    await userEvent.type(screen.getByLabelText("Last Name"), "Malá");

    let presses = 0;
    while (document.activeElement !== screen.getByRole("button", { name: "Save" }) && presses < 100) {
      await userEvent.tab();
      presses += 1;
    }
    expect(presses).toBeLessThan(25);

    // Into the week, then down a day and along to Tuesday's afternoon.
    screen.getByRole("button", { name: "Add time off" }).focus();
    await userEvent.tab({ shift: true });
    const mondayWorking = within(screen.getByRole("group", { name: "Monday" })).getByLabelText("Working");
    expect(mondayWorking).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}{ArrowRight}{ArrowRight}");
    const tuesday = within(screen.getByRole("group", { name: "Tuesday" }));
    expect(tuesday.getByLabelText("Morning end")).toHaveFocus();

    // A shift without its end is not sent.
    await userEvent.clear(tuesday.getByLabelText("Morning end"));
    await userEvent.click(screen.getByLabelText("Last Name"));
    await userEvent.keyboard("{Enter}");
    expect(changes(requests)).toEqual([]);
    expect(screen.getByRole("heading", { name: "Add Stylist" })).toBeInTheDocument();

    await userEvent.type(tuesday.getByLabelText("Morning end"), "1230");
    await userEvent.type(screen.getByLabelText("Last Name"), "{Enter}");
    expect(await screen.findByText("Stylist added successfully")).toBeInTheDocument();
    expect((changes(requests)[0]!.body as Stylist).working_hours["1"]).toMatchObject({ morning_end: "12:30" });
  });

  it.each([
    ["stylists", () => <StylistsTab />, "Failed to load stylists", "Your stylists could not be loaded.", "Jana Nováková"],
    ["services", () => <ServicesTab />, "Failed to load services", "Your services could not be loaded.", "Haircut"],
  ])("says so when the %s cannot be loaded, and Try again loads them", async (resource, tab, toast, text, name) => {
    let failures = 1;
    fakeApi({ stylists: [jana], services: [haircut] }, (request) =>
      request.url === `/api/dashboard/${resource}` && failures-- > 0 ? refusal(500, { detail: "Internal error" }) : undefined,
    );
    renderTab(tab());
    expect(await screen.findByRole("alert")).toHaveTextContent(toast);
    expect(screen.getByText(text)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(name)).toBeInTheDocument();
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it("names the weekdays in the interface language", async () => {
    fakeApi();
    renderTab(<StylistsTab />, "cs");
    await userEvent.click(await screen.findByRole("button", { name: "Přidat stylistu" }));
    expect(screen.getByRole("group", { name: "Pondělí" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Neděle" })).toHaveTextContent("Volný den");
  });
});

describe("services tab", () => {
  it("says how to start when there are no services", async () => {
    fakeApi();
    renderTab(<ServicesTab />);
    expect(screen.getByText("Loading services...")).toBeInTheDocument();
    expect(await screen.findByText('No services found. Click "Add Service" to create one.')).toBeInTheDocument();
  });

  it("shows duration, the price in euros and the price range", async () => {
    fakeApi({ services: [haircut, { ...haircut, id: "sv-2", name: "Blow-dry", min_price: null }] });
    renderTab(<ServicesTab />);
    const list = await screen.findByRole("list", { name: "Services" });
    expect(within(list).getAllByText("45 min")).toHaveLength(2);
    expect(within(list).getAllByText("€25.00")).toHaveLength(2);
    // Only the service with both bounds shows a range.
    expect(within(list).getAllByText("€20.00 – €30.00")).toHaveLength(1);
    expect(screen.getByText("2 services")).toBeInTheDocument();
  });

  it("formats prices for German", async () => {
    fakeApi({ services: [haircut] });
    renderTab(<ServicesTab />, "de");
    expect(await screen.findByText("25,00 €")).toBeInTheDocument();
    expect(screen.getByText("20,00 € – 30,00 €")).toBeInTheDocument();
    expect(screen.getByText("45 Min.")).toBeInTheDocument();
  });

  it("rejects a duration that is not a multiple of 5", async () => {
    const requests = fakeApi();
    renderTab(<ServicesTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Service" }));
    expect(screen.getByLabelText("Service Name")).toHaveFocus();
    expect(screen.getByLabelText("Duration (minutes)")).toHaveValue(60);
    await userEvent.type(screen.getByLabelText("Service Name"), "Colour");
    await userEvent.clear(screen.getByLabelText("Duration (minutes)"));
    await userEvent.type(screen.getByLabelText("Duration (minutes)"), "47");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(screen.getByLabelText("Duration (minutes)")).toHaveAccessibleDescription("Duration must be at least 5 minutes, in steps of 5.");
    expect(changes(requests)).toEqual([]);
  });

  it("sends numbers, and empty minimum and maximum prices as null", async () => {
    const requests = fakeApi();
    renderTab(<ServicesTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Service" }));
    await userEvent.type(screen.getByLabelText("Service Name"), "Beard trim");
    await userEvent.clear(screen.getByLabelText("Duration (minutes)"));
    await userEvent.type(screen.getByLabelText("Duration (minutes)"), "30");
    await userEvent.clear(screen.getByLabelText("Price"));
    await userEvent.type(screen.getByLabelText("Price"), "12.5");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Service added successfully")).toBeInTheDocument();
    expect(changes(requests)).toEqual([
      {
        method: "POST",
        url: "/api/dashboard/services",
        body: { name: "Beard trim", description: null, duration: 30, price: 12.5, min_price: null, max_price: null, color: "#3788d8" },
      },
    ]);
    expect(await screen.findByText("€12.50")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Service" })).toHaveFocus();
  });

  it("keeps the confirmation open with the server's detail when a delete is refused", async () => {
    const detail = "This service is booked in 3 upcoming appointments.";
    fakeApi({ services: [haircut] }, (request) => (request.method === "DELETE" ? refusal(409, { detail, code: "conflict" }) : undefined));
    renderTab(<ServicesTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Haircut" }));
    const dialog = await screen.findByRole("dialog", { name: 'Delete service "Haircut"?' });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(detail);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Delete" })).toBeEnabled();
  });

  it("falls back to the spec's text when a delete fails without a reason", async () => {
    fakeApi({ services: [haircut] }, (request) => (request.method === "DELETE" ? refusal(500, { detail: "Internal error" }) : undefined));
    renderTab(<ServicesTab />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Haircut" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to delete service");
  });
});
