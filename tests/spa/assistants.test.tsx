import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_GREETINGS, DEFAULT_INSTRUCTIONS } from "../../contract/assistant-instructions.ts";
import { DEFAULT_VAD_SETTINGS } from "../../contract/assistants.ts";
import type { Language } from "../../contract/languages.ts";
import { AssistantsPage } from "../../src/features/assistants/components/assistants-page.tsx";
import { assistant, changes, fakeAssistantsApi, phoneNumber } from "./fake-assistants-api.ts";
import { refusal, renderWithQueries } from "./render.tsx";

function renderPage(language: Language = "en") {
  return renderWithQueries(<AssistantsPage />, { language });
}

const list = () => screen.getByRole("navigation", { name: "Assistants" });
const saveButton = () => screen.getByRole("button", { name: "Save changes" });
const tab = (name: string) => userEvent.click(screen.getByRole("tab", { name }));

const reception = assistant("as-1", "Reception", { voice_name: "sage" });
const evening = assistant("as-2", "Evenings");

describe("the assistant page", () => {
  it("starts empty, and a new assistant waits as an unsaved entry that Cancel removes", async () => {
    const requests = fakeAssistantsApi();
    renderPage();
    expect(screen.getByText("Loading assistants...")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "No assistants yet" })).toBeInTheDocument();
    expect(screen.getByText("Create your first assistant to get started.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Create First Assistant" }));
    const entry = within(list()).getByRole("button", { name: /New Assistant/ });
    expect(entry).toHaveAttribute("aria-current", "true");
    expect(entry).toHaveTextContent("Unsaved");
    expect(screen.getByLabelText("Assistant Name")).toHaveValue("New Assistant");
    expect(screen.getByLabelText("Voice")).toHaveValue("coral");
    // A new one with a name can be saved straight away.
    expect(saveButton()).toBeEnabled();

    await userEvent.click(screen.getByRole("button", { name: "Test Call" }));
    expect(await screen.findByText("Please save the assistant configuration first")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Cancel new assistant" }));
    expect(screen.getByRole("heading", { name: "No assistants yet" })).toBeInTheDocument();
    expect(changes(requests)).toEqual([]);
  });

  it("offers Try again when the assistants cannot be loaded, and loads them with it", async () => {
    let failures = 1;
    fakeAssistantsApi({ assistants: [reception] }, (request) =>
      request.url === "/api/dashboard/assistant/configs" && failures-- > 0 ? refusal(500, { detail: "Internal error" }) : undefined,
    );
    renderPage();
    expect(await screen.findByText("Your assistants could not be loaded.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await within(await screen.findByRole("navigation", { name: "Assistants" })).findByText("Reception")).toBeInTheDocument();
    expect(screen.queryByText("Your assistants could not be loaded.")).not.toBeInTheDocument();
  });

  it("creates an assistant with the spec's defaults and the salon receptionist's instructions", async () => {
    const requests = fakeAssistantsApi();
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Create First Assistant" }));
    const name = screen.getByLabelText("Assistant Name");
    await userEvent.clear(name);
    expect(saveButton()).toBeDisabled();
    await userEvent.type(name, "Front desk");

    await tab("Behavior");
    expect(screen.getByLabelText("Assistant Instructions")).toHaveValue(DEFAULT_INSTRUCTIONS.en);
    expect(screen.getByLabelText("Initial Greeting")).toHaveValue("Hello! How can I help you today?");
    expect(screen.getByRole("slider", { name: "Response Style" })).toHaveAttribute("aria-valuetext", "Balanced");
    await userEvent.click(saveButton());

    expect(await screen.findByText("New assistant created successfully!")).toBeInTheDocument();
    expect(changes(requests)).toEqual([
      {
        method: "POST",
        url: "/api/dashboard/assistant/config",
        body: {
          name: "Front desk",
          voice_name: "coral",
          model: "gpt-realtime-2.1",
          temperature: 0.7,
          max_tokens: 1500,
          system_prompt: DEFAULT_INSTRUCTIONS.en,
          initial_greeting: DEFAULT_GREETINGS.en,
          vad_settings: DEFAULT_VAD_SETTINGS,
          is_active: true,
        },
      },
    ]);
    const entry = within(list()).getByRole("button", { name: /Front desk/ });
    expect(entry).toHaveAttribute("aria-current", "true");
    expect(entry).not.toHaveTextContent("Unsaved");
    expect(saveButton()).toBeDisabled();
  });

  it("shows which assistants a phone number rings, and saves only after a change", async () => {
    const requests = fakeAssistantsApi({
      assistants: [reception, evening],
      numbers: [phoneNumber("pn-1", "+420777123456", { assistant_config_id: "as-1" })],
    });
    renderPage();
    const first = await within(await screen.findByRole("navigation", { name: "Assistants" })).findByRole("button", { name: /Reception/ });
    expect(first).toHaveTextContent("Connected");
    expect(first).toHaveTextContent("Voice: Sage");
    expect(within(list()).getByRole("button", { name: /Evenings/ })).not.toHaveTextContent("Connected");

    expect(saveButton()).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText("Voice"), "verse");
    expect(saveButton()).toBeEnabled();
    // Back to what was loaded: nothing to save.
    await userEvent.selectOptions(screen.getByLabelText("Voice"), "sage");
    expect(saveButton()).toBeDisabled();

    await tab("Behavior");
    fireEvent.change(screen.getByRole("slider", { name: "Response Style" }), { target: { value: "1" } });
    expect(screen.getByRole("slider", { name: "Response Style" })).toHaveAttribute("aria-valuetext", "Creative");
    await tab("Voice Detection");
    fireEvent.change(screen.getByRole("slider", { name: "Threshold" }), { target: { value: "0.8" } });
    await userEvent.clear(screen.getByLabelText("Silence Duration (ms)"));
    await userEvent.type(screen.getByLabelText("Silence Duration (ms)"), "1200");
    await userEvent.click(saveButton());

    expect(await screen.findByText("Assistant updated successfully!")).toBeInTheDocument();
    const [put] = changes(requests);
    expect(put).toMatchObject({
      method: "PUT",
      url: "/api/dashboard/assistant/config/as-1",
      body: { name: "Reception", voice_name: "sage", temperature: 1, vad_settings: { threshold: 0.8, prefix_padding_ms: 300, silence_duration_ms: 1200, create_response: true } },
    });
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });

  it("offers the best model or a lower-cost one, each with its price per minute in euros, and saves the choice", async () => {
    const requests = fakeAssistantsApi({ assistants: [reception] });
    renderPage();
    const model = await screen.findByLabelText("Model");
    await waitFor(() => expect(within(model).getByRole("option", { selected: true })).toHaveTextContent("Best quality: gpt-realtime-2.1, about €0.0502 a minute"));
    expect(within(model).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Best quality: gpt-realtime-2.1, about €0.0502 a minute",
      "Lower cost: gpt-realtime-2.1-mini, about €0.0166 a minute",
    ]);
    await userEvent.selectOptions(model, "gpt-realtime-2.1-mini");
    await userEvent.click(saveButton());
    expect(await screen.findByText("Assistant updated successfully!")).toBeInTheDocument();
    expect(changes(requests)[0]).toMatchObject({ method: "PUT", body: { model: "gpt-realtime-2.1-mini" } });
  });

  it("prices the models in the interface's language", async () => {
    fakeAssistantsApi({ assistants: [reception] });
    renderPage("cs");
    const model = await screen.findByLabelText("Model");
    await waitFor(() => expect(within(model).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Nejlepší kvalita: gpt-realtime-2.1, asi 0,0502\u00a0€ za minutu",
      "Nižší cena: gpt-realtime-2.1-mini, asi 0,0166\u00a0€ za minutu",
    ]));
  });

  it("keeps unsaved edits while another assistant is open, and Discard changes drops them", async () => {
    fakeAssistantsApi({ assistants: [reception, evening] });
    renderPage();
    const name = await screen.findByLabelText("Assistant Name");
    await userEvent.type(name, " desk");
    expect(within(list()).getByRole("button", { name: /Reception desk/ })).toHaveTextContent("Unsaved");

    await userEvent.click(within(list()).getByRole("button", { name: /Evenings/ }));
    expect(screen.getByLabelText("Assistant Name")).toHaveValue("Evenings");
    await userEvent.click(within(list()).getByRole("button", { name: /Reception desk/ }));
    expect(screen.getByLabelText("Assistant Name")).toHaveValue("Reception desk");

    await userEvent.click(screen.getByRole("button", { name: "Discard changes" }));
    expect(screen.getByLabelText("Assistant Name")).toHaveValue("Reception");
    expect(screen.queryByRole("button", { name: "Discard changes" })).not.toBeInTheDocument();
  });

  it("checks the voice detection values before sending, on the tab that shows them", async () => {
    const requests = fakeAssistantsApi({ assistants: [reception] });
    renderPage();
    await screen.findByLabelText("Assistant Name");
    await tab("Voice Detection");
    const silence = screen.getByLabelText("Silence Duration (ms)");
    await userEvent.clear(silence);
    await userEvent.type(silence, "50");
    await tab("Basic Info");
    await userEvent.click(saveButton());

    const message = "The silence duration must be between 100 and 5000 ms.";
    expect(screen.getByRole("tab", { name: "Voice Detection" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Silence Duration (ms)")).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByLabelText("Silence Duration (ms)")).toHaveFocus();
    expect(changes(requests)).toEqual([]);
  });

  it("reports the server's refusal with its detail", async () => {
    fakeAssistantsApi({ assistants: [reception] }, (request) =>
      request.method === "PUT" ? refusal(422, { detail: "Assistant name is required", fields: { name: "Assistant name is required" } }) : undefined,
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText("Assistant Name"), " 2");
    await tab("Behavior");
    await userEvent.click(saveButton());
    expect(await screen.findByText("Failed to save assistant: Assistant name is required")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Basic Info" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Assistant Name")).toHaveAttribute("aria-invalid", "true");
  });

  it("brings back the default instructions", async () => {
    fakeAssistantsApi({ assistants: [reception] });
    renderPage("de");
    await screen.findByLabelText("Name des Assistenten");
    await tab("Verhalten");
    expect(screen.getByLabelText("Anweisungen für den Assistenten")).toHaveValue("You are Reception.");
    await userEvent.click(screen.getByRole("button", { name: "Standardanweisungen verwenden" }));
    expect(screen.getByLabelText("Anweisungen für den Assistenten")).toHaveValue(DEFAULT_INSTRUCTIONS.de);
    expect(screen.getByRole("button", { name: "Änderungen speichern" })).toBeEnabled();
  });

  it("deletes after confirmation, warning about linked numbers, then shows the next one and finally the empty state", async () => {
    const requests = fakeAssistantsApi({
      assistants: [reception, evening],
      numbers: [phoneNumber("pn-1", "+420777123456", { assistant_config_id: "as-1" })],
    });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete assistant" }));
    const dialog = screen.getByRole("dialog", { name: 'Delete assistant "Reception"?' });
    expect(dialog).toHaveTextContent("Phone numbers that ring this assistant will be left without one.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Assistant deleted successfully")).toBeInTheDocument();
    expect(changes(requests)).toEqual([{ method: "DELETE", url: "/api/dashboard/assistant/config/as-1", body: undefined }]);
    await waitFor(() => expect(screen.getByLabelText("Assistant Name")).toHaveValue("Evenings"));

    await userEvent.click(screen.getByRole("button", { name: "Delete assistant" }));
    expect(screen.getByRole("dialog")).toHaveTextContent("This cannot be undone.");
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("heading", { name: "No assistants yet" })).toBeInTheDocument();
  });

  it("tells when deleting fails and keeps the assistant", async () => {
    fakeAssistantsApi({ assistants: [reception] }, (request) => (request.method === "DELETE" ? refusal(500, { detail: "Something went wrong on our side." }) : undefined));
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete assistant" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete assistant: Something went wrong on our side.")).toBeInTheDocument();
    // The dialog stays for another try; cancelled, the assistant is still there.
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(within(list()).getByRole("button", { name: /Reception/ })).toBeInTheDocument();
  });
});
