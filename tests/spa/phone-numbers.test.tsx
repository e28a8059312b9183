import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import type { PhoneNumber } from "../../contract/phone-numbers.ts";
import { PhoneNumbersPage } from "../../src/features/phone-numbers/components/phone-numbers-page.tsx";
import { assistant, changes, fakeAssistantsApi } from "./fake-assistants-api.ts";
import { json, renderWithQueries } from "./render.tsx";

function renderPage(language: Language = "en") {
  return renderWithQueries(<PhoneNumbersPage />, { language });
}

const reception = assistant("as-1", "Reception");
const evening = assistant("as-2", "Evenings");
const support: PhoneNumber = { id: "pn-1", phone_number: "+420777123456", phone_name: "Support Line", assistant_config_id: "as-1" };
const bare: PhoneNumber = { id: "pn-2", phone_number: "+420222333444", phone_name: null, assistant_config_id: null };

const list = () => screen.getByRole("list", { name: "Phone numbers" });
const form = (name: string) => screen.getByRole("form", { name });

describe("the phone numbers screen", () => {
  it("starts with the empty text and a blank form whose Create Number waits for a change", async () => {
    const requests = fakeAssistantsApi({ assistants: [reception, evening] });
    renderPage();
    expect(screen.getByText("Loading phone numbers...")).toBeInTheDocument();
    expect(await screen.findByText("No phone numbers found. Add your first number.")).toBeInTheDocument();

    const blank = form("New Phone Number");
    const number = within(blank).getByLabelText("Phone Number");
    expect(number).toHaveAttribute("placeholder", "+1234567890");
    expect(number).toHaveAccessibleDescription("In international format: + and the country code, then the number.");
    expect(within(blank).getByLabelText("Phone Name (optional)")).toHaveAttribute("placeholder", "e.g. Support Line");
    const select = within(blank).getByLabelText("Assistant Configuration");
    await waitFor(() => expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["No Assistant", "Reception", "Evenings"]));
    expect(within(blank).getByRole("button", { name: "Create Number" })).toBeDisabled();
    expect(within(blank).queryByRole("button", { name: "Delete Phone Number" })).not.toBeInTheDocument();

    await userEvent.type(number, "+420 777 123 456");
    await userEvent.type(within(blank).getByLabelText("Phone Name (optional)"), "Support Line");
    await userEvent.selectOptions(select, "Evenings");
    await userEvent.click(within(blank).getByRole("button", { name: "Create Number" }));

    expect(await screen.findByText("Phone number created successfully!")).toBeInTheDocument();
    expect(changes(requests)).toEqual([
      { method: "POST", url: "/api/dashboard/phone-numbers", body: { phone_number: "+420 777 123 456", phone_name: "Support Line", assistant_config_id: "as-2" } },
    ]);
    // The saved number is chosen, and nothing differs from what was saved.
    const saved = await screen.findByRole("form", { name: "Support Line" });
    expect(within(saved).getByLabelText("Phone Number")).toHaveValue("+420 777 123 456");
    expect(within(saved).getByRole("button", { name: "Save Changes" })).toBeDisabled();
    expect(within(list()).getByRole("button", { name: /Support Line/ })).toHaveAttribute("aria-current", "true");
  });

  it("lists the name or number, the assistant or No assistant, and the number; the first is open", async () => {
    fakeAssistantsApi({ assistants: [reception], numbers: [support, bare] });
    renderPage();
    const rows = within(await screen.findByRole("list", { name: "Phone numbers" })).getAllByRole("button");
    expect(rows[0]).toHaveTextContent("Support Line");
    await waitFor(() => expect(rows[0]).toHaveTextContent("Reception"));
    expect(rows[0]).toHaveTextContent("+420 777 123 456");
    expect(rows[1]).toHaveTextContent("+420 222 333 444");
    expect(rows[1]).toHaveTextContent("No assistant");
    expect(screen.getByText("2 numbers")).toBeInTheDocument();
    expect(form("Support Line")).toBeInTheDocument();

    await userEvent.click(rows[1]!);
    expect(within(form("+420 222 333 444")).getByLabelText("Assistant Configuration")).toHaveValue("");
  });

  it("sends No Assistant as null, and saves only when something changed", async () => {
    const requests = fakeAssistantsApi({ assistants: [reception], numbers: [support] });
    renderPage();
    const open = await screen.findByRole("form", { name: "Support Line" });
    const save = within(open).getByRole("button", { name: "Save Changes" });
    const select = within(open).getByLabelText("Assistant Configuration");
    await waitFor(() => expect(select).toHaveValue("as-1"));
    expect(save).toBeDisabled();
    await userEvent.selectOptions(select, "No Assistant");
    expect(save).toBeEnabled();
    await userEvent.click(save);

    expect(await screen.findByText("Phone number updated successfully!")).toBeInTheDocument();
    expect(changes(requests)).toEqual([
      { method: "PUT", url: "/api/dashboard/phone-numbers/pn-1", body: { phone_number: "+420 777 123 456", phone_name: "Support Line", assistant_config_id: null } },
    ]);
    await waitFor(() => expect(within(list()).getByRole("button", { name: /Support Line/ })).toHaveTextContent("No assistant"));
  });

  it("shows the server's message when a number is refused", async () => {
    const taken = "This phone number is already registered.";
    fakeAssistantsApi({ assistants: [reception] }, (request) =>
      request.method === "POST" ? json(409, { detail: taken, code: "phone_number_taken", fields: { phone_number: taken } }) : undefined,
    );
    renderPage();
    await screen.findByText("No phone numbers found. Add your first number.");
    const number = within(form("New Phone Number")).getByLabelText("Phone Number");
    await userEvent.type(number, "+420 777 123 456");
    await userEvent.click(screen.getByRole("button", { name: "Create Number" }));

    expect(await screen.findByText(`Failed to save phone number: ${taken}`)).toBeInTheDocument();
    expect(number).toHaveAttribute("aria-invalid", "true");
    expect(number).toHaveAccessibleDescription(expect.stringContaining(taken));
    expect(number).toHaveFocus();
  });

  it("Add New Number clears the form", async () => {
    fakeAssistantsApi({ numbers: [support] });
    renderPage();
    await userEvent.type(within(await screen.findByRole("form", { name: "Support Line" })).getByLabelText("Phone Name (optional)"), " 2");
    await userEvent.click(screen.getByRole("button", { name: "Add New Number" }));
    expect(within(form("New Phone Number")).getByLabelText("Phone Number")).toHaveValue("");
    await userEvent.type(within(form("New Phone Number")).getByLabelText("Phone Number"), "+49");
    await userEvent.click(screen.getByRole("button", { name: "Add New Number" }));
    expect(within(form("New Phone Number")).getByLabelText("Phone Number")).toHaveValue("");
  });

  it("deletes after the spec's question, then opens the first remaining number or a blank form", async () => {
    const requests = fakeAssistantsApi({ assistants: [reception], numbers: [support, bare] });
    renderPage();
    await userEvent.click(within(await screen.findByRole("form", { name: "Support Line" })).getByRole("button", { name: "Delete Phone Number" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Phone Number" });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Support Line"?');
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Phone number deleted successfully")).toBeInTheDocument();
    expect(changes(requests)).toEqual([{ method: "DELETE", url: "/api/dashboard/phone-numbers/pn-1", body: undefined }]);
    await screen.findByRole("form", { name: "+420 222 333 444" });

    await userEvent.click(screen.getByRole("button", { name: "Delete Phone Number" }));
    expect(screen.getByRole("dialog")).toHaveTextContent('Are you sure you want to delete "+420 222 333 444"?');
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No phone numbers found. Add your first number.")).toBeInTheDocument();
    expect(form("New Phone Number")).toBeInTheDocument();
  });

  it("names what could not be loaded", async () => {
    fakeAssistantsApi({}, (request) => {
      if (request.url === "/api/dashboard/phone-numbers") return json(500, { detail: "Something went wrong on our side." });
      if (request.url === "/api/dashboard/assistant/configs") return json(503, {});
      return undefined;
    });
    renderPage();
    expect(await screen.findByText("Failed to load phone numbers: Something went wrong on our side.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to load assistant configurations: The server did not answer. Please try again.")).toBeInTheDocument();
  });

  it("speaks Czech", async () => {
    fakeAssistantsApi();
    renderPage("cs");
    expect(await screen.findByText("Nebyla nalezena žádná telefonní čísla. Přidejte své první číslo.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Telefonní čísla", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Vytvořit číslo" })).toBeDisabled();
  });
});
