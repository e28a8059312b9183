import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Language } from "../../contract/languages.ts";
import type { PhoneNumber } from "../../contract/phone-numbers.ts";
import { PhoneNumbersPage } from "../../src/features/phone-numbers/components/phone-numbers-page.tsx";
import { SPOKEN_CODE, assistant, changes, fakeAssistantsApi, offer, phoneNumber, type FakeRequest } from "./fake-assistants-api.ts";
import { api } from "../../src/lib/api-client.ts";
import { json, refusal, renderWithQueries, reply } from "./render.tsx";

function renderPage(language: Language = "en") {
  return renderWithQueries(<PhoneNumbersPage />, { language });
}

const reception = assistant("as-1", "Reception");
const evening = assistant("as-2", "Evenings");
const support: PhoneNumber = phoneNumber("pn-1", "+420777123456", { phone_name: "Support Line", assistant_config_id: "as-1" });
const bare: PhoneNumber = phoneNumber("pn-2", "+420222333444");

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
    expect(screen.queryByRole("button", { name: "Delete Phone Number" })).not.toBeInTheDocument();

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
      request.method === "POST" ? refusal(409, { detail: taken, code: "phone_number_taken", fields: { phone_number: taken } }) : undefined,
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
    await screen.findByRole("form", { name: "Support Line" });
    await userEvent.click(screen.getByRole("button", { name: "Delete Phone Number" }));
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
      if (request.url === "/api/dashboard/phone-numbers") return refusal(500, { detail: "Something went wrong on our side." });
      // Without the API's body, as a proxy in front of it answers.
      if (request.url === "/api/dashboard/assistant/configs") return json(503, {});
      return undefined;
    });
    renderPage();
    expect(await screen.findByText("Failed to load phone numbers: Something went wrong on our side.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to load assistant configurations: The server did not answer. Please try again.")).toBeInTheDocument();
  });

  it("offers Try again when the assistants cannot be loaded, and then names each number's assistant", async () => {
    let failures = 1;
    fakeAssistantsApi({ assistants: [reception], numbers: [support] }, (request) =>
      request.url === "/api/dashboard/assistant/configs" && failures-- > 0 ? json(503, {}) : undefined,
    );
    renderPage();
    expect(await screen.findByText("Your assistants could not be loaded, so the numbers show no assistant for now.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(within(list()).getByRole("button", { name: /Support Line/ })).toHaveTextContent("Reception"));
    expect(screen.queryByText(/Your assistants could not be loaded/)).not.toBeInTheDocument();
  });

  it("offers Try again in place of the list and the form when the numbers cannot be loaded", async () => {
    let failures = 1;
    fakeAssistantsApi({ numbers: [support] }, (request) =>
      request.url === "/api/dashboard/phone-numbers" && failures-- > 0 ? refusal(500, { detail: "Something went wrong on our side." }) : undefined,
    );
    renderPage();
    expect(await screen.findByText("Your phone numbers could not be loaded.")).toBeInTheDocument();
    expect(screen.queryByText("Loading phone numbers...")).not.toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("form", { name: "Support Line" })).toBeInTheDocument();
    expect(within(list()).getByRole("button", { name: /Support Line/ })).toBeInTheDocument();
    expect(screen.queryByText("Your phone numbers could not be loaded.")).not.toBeInTheDocument();
  });

  it("speaks Czech", async () => {
    fakeAssistantsApi();
    renderPage("cs");
    expect(await screen.findByText("Nebyla nalezena žádná telefonní čísla. Přidejte své první číslo.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Telefonní čísla", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Přidat číslo" })).toBeDisabled();
  });
});

const salon = (country: string) => (request: FakeRequest) =>
  request.url === "/api/dashboard/salon" ? reply(api.dashboard.salon.$get, { name: "Salon Bella", country, phone: null }) : undefined;

const dialog = () => screen.getByRole("dialog", { name: "Get a phone number" });
const panel = (name = "Prove this number is yours") => screen.findByRole("region", { name });
/** The verification call's progress, as the panel announces it. */
const progress = async (name?: string) => within(await panel(name)).getByRole("status");

async function openGetNumber() {
  await userEvent.click(await screen.findByRole("button", { name: "Get a number" }));
  return dialog();
}

describe("numbers that take calls", () => {
  it("shows each number's status in words", async () => {
    fakeAssistantsApi({
      numbers: [
        support,
        phoneNumber("pn-2", "+420222333444", { status: "unverified" }),
        phoneNumber("pn-3", "+420222333445", { status: "verifying", verification: { call_status: "ringing", expires_at: "2030-01-01T10:00:00Z", tries_left: 3 } }),
        phoneNumber("pn-4", "+420222333446", { status: "released" }),
      ],
    });
    renderPage();
    const rows = within(await screen.findByRole("list", { name: "Phone numbers" })).getAllByRole("button");
    expect(rows.map((row) => within(row).getByText(/^(Active|Unverified|Verifying|Released)$/).textContent)).toEqual([
      "Active",
      "Unverified",
      "Verifying",
      "Released",
    ]);
  });

  it("gets a number: searches the salon's country, shows place, type and price, and buys the chosen one with a name and an assistant", async () => {
    const requests = fakeAssistantsApi(
      {
        assistants: [reception, evening],
        numbers: [support],
        available: [
          offer("+493012345678", { locality: "Berlin", region: "BE" }),
          offer("+4932212345678", { type: "national", monthly_price: null, price_unit: null }),
          offer("+4917612345678", { type: "mobile", monthly_price: 3.5 }),
        ],
      },
      salon("Deutschland"),
    );
    renderPage();
    const get = await openGetNumber();
    const country = within(get).getByLabelText("Country");
    expect(country).toHaveFocus();
    await waitFor(() => expect(country).toHaveValue("DE"));
    expect(within(country).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Austria",
      "Czechia",
      "Germany",
      "Slovakia",
      "United Kingdom",
      "United States",
    ]);
    const digits = within(get).getByLabelText("Area code or digits (optional)");
    await userEvent.type(digits, "+49 30");
    expect(digits).toHaveValue("4930");
    await userEvent.clear(digits);
    await userEvent.click(within(get).getByRole("button", { name: "Search" }));

    expect(await within(get).findByText("3 numbers available")).toBeInTheDocument();
    expect(requests.at(-1)!.url).toBe("/api/dashboard/phone-numbers/available?country=DE&contains=");
    const offers = within(within(get).getByRole("list", { name: "Available numbers" })).getAllByRole("button");
    expect(offers.map((button) => button.textContent)).toEqual([
      "+49 30 12345678Berlin, BE · Local$1.15 a month",
      "+49 32 212345678National",
      "+49 176 12345678Mobile$3.50 a month",
    ]);

    await userEvent.click(offers[0]!);
    expect(within(get).getByRole("heading", { name: "+49 30 12345678" })).toHaveFocus();
    expect(within(get).getByLabelText("Assistant Configuration")).toHaveValue("as-1");
    await userEvent.type(within(get).getByLabelText("Phone Name (optional)"), "Berlin line");
    await userEvent.selectOptions(within(get).getByLabelText("Assistant Configuration"), "Evenings");
    await userEvent.click(within(get).getByRole("button", { name: "Get this number" }));

    expect(await screen.findByText("+49 30 12345678 is yours now.")).toBeInTheDocument();
    expect(changes(requests)).toEqual([
      {
        method: "POST",
        url: "/api/dashboard/phone-numbers/purchase",
        body: { country: "DE", phone_number: "+493012345678", phone_name: "Berlin line", assistant_config_id: "as-2" },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const row = within(list()).getByRole("button", { name: /Berlin line/ });
    await waitFor(() => expect(row).toHaveAttribute("aria-current", "true"));
    expect(row).toHaveTextContent("Active");
    expect(row).toHaveTextContent("Evenings");
    const bought = form("Berlin line");
    expect(within(bought).getByLabelText("Phone Number")).toHaveAttribute("readonly");
    expect(within(bought).getByLabelText("Phone Number")).toHaveAccessibleDescription("This number was set up for you here, so its digits can't be changed.");
  });

  it("starts in Czechia when the salon's country is not on offer, searches by digits and says when none match", async () => {
    const requests = fakeAssistantsApi({ available: [offer("+420777000111")] }, salon("France"));
    renderPage();
    const get = await openGetNumber();
    await waitFor(() => expect(requests.some((request) => request.url === "/api/dashboard/salon")).toBe(true));
    expect(within(get).getByLabelText("Country")).toHaveValue("CZ");
    await userEvent.type(within(get).getByLabelText("Area code or digits (optional)"), "999");
    await userEvent.click(within(get).getByRole("button", { name: "Search" }));
    expect(
      await within(get).findByText("No numbers with these digits right now. Try other digits, or leave the field empty to see every number on offer."),
    ).toBeInTheDocument();
    expect(requests.at(-1)!.url).toBe("/api/dashboard/phone-numbers/available?country=CZ&contains=999");
    expect(within(get).queryByRole("list")).not.toBeInTheDocument();
  });

  it("shows a refused search in the dialog", async () => {
    const detail = "Buying numbers is not set up on this server.";
    fakeAssistantsApi({}, (request) => (request.url.includes("/available") ? refusal(503, { detail, code: "not_configured" }) : undefined));
    renderPage();
    const get = await openGetNumber();
    await userEvent.click(within(get).getByRole("button", { name: "Search" }));
    expect(await within(get).findByRole("alert")).toHaveTextContent(detail);
  });

  it("keeps a refused purchase in the dialog, and drops a number someone else got first", async () => {
    const bundle = "Numbers in Germany need a regulatory bundle first.";
    const taken = "Someone else just got this number. Please search again.";
    let refused = refusal(422, { detail: bundle, code: "bundle_required" });
    const requests = fakeAssistantsApi({ available: [offer("+493012345678"), offer("+493087654321")] }, (request) =>
      request.url.endsWith("/purchase") ? refused : undefined,
    );
    renderPage();
    const get = await openGetNumber();
    await userEvent.click(within(get).getByRole("button", { name: "Search" }));
    await userEvent.click(await within(get).findByRole("button", { name: /\+49 30 12345678/ }));
    await userEvent.click(within(get).getByRole("button", { name: "Get this number" }));
    expect(await within(get).findByRole("alert")).toHaveTextContent(bundle);
    expect(within(get).getByRole("button", { name: "Get this number" })).toBeEnabled();

    refused = refusal(409, { detail: taken, code: "number_unavailable" });
    await userEvent.click(within(get).getByRole("button", { name: "Get this number" }));
    expect(await within(get).findByRole("alert")).toHaveTextContent(taken);
    expect(within(get).getByText("1 number available")).toHaveFocus();
    expect(within(get).queryByRole("button", { name: /\+49 30 12345678/ })).not.toBeInTheDocument();
    expect(within(get).getByRole("button", { name: /\+49 30 87654321/ })).toBeInTheDocument();
    expect(changes(requests)).toHaveLength(2);

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Get a number" })).toHaveFocus();
  });

  it("verifies a typed-in number by a call: progress in words, a wrong code costs a try, the right one makes it Active", async () => {
    const requests = fakeAssistantsApi({ assistants: [reception], numbers: [phoneNumber("pn-1", "+420777123456", { status: "unverified", assistant_config_id: "as-1" })] });
    renderPage();
    const box = await panel();
    expect(box).toHaveTextContent("This number takes no calls until you prove it's yours: we'll call it and read out a six-digit code.");
    await userEvent.click(within(box).getByRole("button", { name: "Call me with a code" }));

    expect(await within(box).findByRole("status")).toHaveTextContent("Calling +420 777 123 456...");
    const code = within(box).getByLabelText("Six-digit code");
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(box).toHaveTextContent("3 tries left.");
    expect(within(list()).getByRole("button", { name: /\+420 777 123 456/ })).toHaveTextContent("Verifying");

    await userEvent.type(code, "123");
    await userEvent.click(within(box).getByRole("button", { name: "Verify" }));
    expect(code).toHaveAccessibleDescription("Enter the six digits you heard.");
    expect(changes(requests)).toHaveLength(1);

    await userEvent.clear(code);
    await userEvent.type(code, "111111");
    await userEvent.click(within(box).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(code).toHaveAccessibleDescription("That code is not the one we read out. 2 tries left."));
    await waitFor(() => expect(box).toHaveTextContent("2 tries left."));

    await userEvent.clear(code);
    await userEvent.type(code, `${SPOKEN_CODE}{Enter}`);
    expect(await screen.findByText("+420 777 123 456 now takes calls.")).toBeInTheDocument();
    expect(changes(requests).map((request) => [request.url, request.body])).toEqual([
      ["/api/dashboard/phone-numbers/pn-1/verification", undefined],
      ["/api/dashboard/phone-numbers/pn-1/verification/code", { code: "111111" }],
      ["/api/dashboard/phone-numbers/pn-1/verification/code", { code: SPOKEN_CODE }],
    ]);
    await waitFor(() => expect(within(list()).getByRole("button", { name: /\+420 777 123 456/ })).toHaveTextContent("Active"));
    expect(screen.queryByRole("region", { name: "Prove this number is yours" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Forward your salon's line to this number" })).toBeInTheDocument();
  });

  it("keeps a code typed while the list is still being read again after the call was placed", async () => {
    const verifying = phoneNumber("pn-1", "+420777123456", {
      status: "verifying",
      assistant_config_id: "as-1",
      verification: { call_status: "ringing", expires_at: "2030-01-01T10:00:00Z", tries_left: 3 },
    });
    let placed = false;
    let release = () => {};
    const held = new Promise<Response>((resolve) => (release = () => resolve(reply(api.dashboard["phone-numbers"].$get, [verifying]))));
    const requests = fakeAssistantsApi({ assistants: [reception], numbers: [phoneNumber("pn-1", "+420777123456", { status: "unverified", assistant_config_id: "as-1" })] }, (request) => {
      if (request.url.endsWith("/verification")) placed = true;
      else if (placed && request.url === "/api/dashboard/phone-numbers") return held;
      return undefined;
    });
    renderPage();
    await userEvent.click(within(await panel()).getByRole("button", { name: "Call me with a code" }));
    const code = await screen.findByLabelText("Six-digit code");
    await waitFor(() => expect(requests.filter((request) => request.url === "/api/dashboard/phone-numbers").length).toBe(2));
    await userEvent.type(code, SPOKEN_CODE);
    release();
    await waitFor(() => expect(within(list()).getByRole("button", { name: /\+420 777 123 456/ })).toHaveTextContent("Verifying"));
    await waitFor(() => expect(screen.getByRole("button", { name: "Verify" })).toBeEnabled());
    expect(screen.getByLabelText("Six-digit code")).toHaveValue(SPOKEN_CODE);
  });

  it("follows the verification call by reading the list again while a number is verifying", async () => {
    let callStatus = "ringing";
    const verifying = () => phoneNumber("pn-1", "+420777123456", { status: "verifying", verification: { call_status: callStatus, expires_at: "2030-01-01T10:00:00Z", tries_left: 3 } });
    const requests = fakeAssistantsApi({}, (request) => (request.url === "/api/dashboard/phone-numbers" ? reply(api.dashboard["phone-numbers"].$get, [verifying()]) : undefined));
    renderPage();
    expect(await progress()).toHaveTextContent("+420 777 123 456 is ringing. Pick up to hear the code.");
    callStatus = "in-progress";
    await waitFor(async () => expect(await progress()).toHaveTextContent("On the line: listen for the code."), { timeout: 5000 });
    expect(requests.filter((request) => request.url === "/api/dashboard/phone-numbers").length).toBeGreaterThan(1);
  });

  it.each([
    ["queued", "Calling +420 777 123 456..."],
    ["initiated", "Calling +420 777 123 456..."],
    ["answered", "On the line: listen for the code."],
    ["completed", "Call ended. Enter the code you heard."],
    ["busy", "The line was busy. Call again when it's free."],
    ["no-answer", "Nobody answered. Call again when you can pick up."],
    ["failed", "The call didn't go through. Check the number and call again."],
    ["canceled", "The call didn't go through. Check the number and call again."],
  ])("words a %s verification call", async (callStatus, text) => {
    fakeAssistantsApi({
      numbers: [phoneNumber("pn-1", "+420777123456", { status: "verifying", verification: { call_status: callStatus, expires_at: "2030-01-01T10:00:00Z", tries_left: 1 } })],
    });
    renderPage();
    expect(await progress()).toHaveTextContent(text);
    expect(await panel()).toHaveTextContent("1 try left.");
  });

  it("shows a refused verification call and an expired code with the server's words", async () => {
    const refused = "We could not call this number. Check that it can take calls.";
    const expired = "This code has expired. Ask for a new call.";
    fakeAssistantsApi(
      {
        numbers: [
          phoneNumber("pn-1", "+420777123456", { status: "unverified" }),
          phoneNumber("pn-2", "+420777123457", { status: "verifying", verification: { call_status: "completed", expires_at: "2030-01-01T10:00:00Z", tries_left: 3 } }),
        ],
      },
      (request) => {
        if (request.url.endsWith("/pn-1/verification")) return refusal(422, { detail: refused, code: "call_refused" });
        if (request.url.endsWith("/pn-2/verification/code")) return refusal(422, { detail: expired, code: "code_expired" });
        return undefined;
      },
    );
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Call me with a code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refused);

    await userEvent.click(within(list()).getByRole("button", { name: /\+420 777 123 457/ }));
    await userEvent.type(screen.getByLabelText("Six-digit code"), "123456{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(expired);
    expect(screen.getByRole("button", { name: "Call again" })).toBeEnabled();
  });

  it("says why a released number takes no calls, and still deletes it", async () => {
    fakeAssistantsApi({ numbers: [phoneNumber("pn-1", "+420777123456", { status: "released" })] });
    renderPage();
    const box = await panel("This number takes no calls");
    expect(box).toHaveTextContent("Another account proved it controls this number, so it no longer takes calls here.");
    expect(within(box).queryByRole("button")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete Phone Number" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Phone number deleted successfully")).toBeInTheDocument();
  });

  it("tells how to forward the salon's line to an active number, with codes to copy", async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    fakeAssistantsApi({ numbers: [support] });
    renderPage();
    const toggle = await screen.findByRole("button", { name: "Forward your salon's line to this number" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText("**21*+420777123456#")).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const help = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(help).toHaveTextContent("On the phone whose calls should reach +420 777 123 456, dial one of these codes and press the call button.");
    expect([...help.querySelectorAll("dt")].map((term) => [term.textContent, term.nextElementSibling!.querySelector("code")!.textContent])).toEqual([
      ["All calls", "**21*+420777123456#"],
      ["When your line is busy", "**67*+420777123456#"],
      ["When nobody answers", "**61*+420777123456#"],
      ["When your phone is off or has no signal", "**62*+420777123456#"],
      ["Turn all forwarding off", "##002#"],
    ]);
    expect(help).toHaveTextContent("These are the standard codes most mobile networks use. Landlines and some carriers use others: if a code doesn't work, ask your phone provider.");
    await userEvent.click(within(help).getByRole("button", { name: "Copy the code for When your line is busy" }));
    expect(copied).toEqual(["**67*+420777123456#"]);
    expect(within(help).getByRole("button", { name: "Copied the code for When your line is busy" })).toHaveTextContent("Copied");
  });

  it("releases a bought number after saying what that means", async () => {
    const requests = fakeAssistantsApi({ numbers: [phoneNumber("pn-1", "+420777123456", { source: "bought", phone_name: "Main line" })] });
    renderPage();
    await screen.findByRole("form", { name: "Main line" });
    await userEvent.click(screen.getByRole("button", { name: "Delete Phone Number" }));
    const confirm = screen.getByRole("dialog", { name: "Release Phone Number" });
    expect(confirm).toHaveTextContent(
      'Release "Main line"? The number goes back to the phone provider and stops taking calls at once. You may not get it back.',
    );
    await userEvent.click(within(confirm).getByRole("button", { name: "Release number" }));
    expect(await screen.findByText("Phone number released")).toBeInTheDocument();
    expect(changes(requests)).toEqual([{ method: "DELETE", url: "/api/dashboard/phone-numbers/pn-1", body: undefined }]);
  });

  it("gets and verifies numbers in German", async () => {
    fakeAssistantsApi({ numbers: [phoneNumber("pn-1", "+420777123456", { status: "unverified" })], available: [offer("+431234567", { type: "toll free" })] }, salon("Österreich"));
    renderPage("de");
    expect(await screen.findByRole("region", { name: "Bestätigen Sie, dass dies Ihre Nummer ist" })).toHaveTextContent(
      "Diese Nummer nimmt erst Anrufe an, wenn Sie bestätigt haben, dass sie Ihnen gehört: Wir rufen sie an und lesen Ihnen einen sechsstelligen Code vor.",
    );
    expect(within(screen.getByRole("list", { name: "Telefonnummern" })).getByRole("button", { name: /\+420 777 123 456/ })).toHaveTextContent("Nicht bestätigt");
    await userEvent.click(screen.getByRole("button", { name: "Code per Anruf erhalten" }));
    expect(await progress("Bestätigen Sie, dass dies Ihre Nummer ist")).toHaveTextContent("Wir rufen +420 777 123 456 an …");

    await userEvent.click(screen.getByRole("button", { name: "Nummer buchen" }));
    const get = screen.getByRole("dialog", { name: "Telefonnummer buchen" });
    await waitFor(() => expect(within(get).getByLabelText("Land")).toHaveValue("AT"));
    expect(within(within(get).getByLabelText("Land")).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Deutschland",
      "Österreich",
      "Slowakei",
      "Tschechien",
      "Vereinigte Staaten",
      "Vereinigtes Königreich",
    ]);
    await userEvent.click(within(get).getByRole("button", { name: "Suchen" }));
    expect(await within(get).findByRole("button", { name: /\+43 1 234567/ })).toHaveTextContent("Gebührenfrei1,15 $ pro Monat");
  });

  it("gets and verifies numbers in Czech", async () => {
    fakeAssistantsApi({ numbers: [phoneNumber("pn-1", "+420777123456", { status: "verifying", verification: { call_status: "busy", expires_at: "2030-01-01T10:00:00Z", tries_left: 2 } })] });
    renderPage("cs");
    const box = await panel("Ověřte, že je číslo vaše");
    expect(within(box).getByRole("status")).toHaveTextContent("Linka byla obsazená. Až bude volná, nechte si zavolat znovu.");
    expect(box).toHaveTextContent("Zbývají 2 pokusy.");
    expect(within(box).getByLabelText("Šestimístný kód")).toBeInTheDocument();
    expect(within(box).getByRole("button", { name: "Zavolat znovu" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Získat číslo" }));
    const get = screen.getByRole("dialog", { name: "Získat telefonní číslo" });
    expect(within(get).getByLabelText("Země")).toHaveValue("CZ");
    expect(within(get).getByLabelText("Předvolba nebo číslice (nepovinné)")).toBeInTheDocument();
  });
});
