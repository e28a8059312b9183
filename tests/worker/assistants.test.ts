import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_GREETINGS, DEFAULT_INSTRUCTIONS } from "../../contract/assistant-instructions.ts";
import { DEFAULT_VAD_SETTINGS } from "../../contract/assistants.ts";
import { sql } from "./auth-helpers.ts";
import { api, ok, refused } from "./helpers.ts";
import { phoneNumbersOf, signedInOwner } from "./owner.ts";

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

afterAll(() => sql.end());

const CONFIGS = "/api/dashboard/assistant/configs";
const config = (id?: string) => (id ? `/api/dashboard/assistant/config/${id}` : "/api/dashboard/assistant/config");

/** The owner's assistants, by the routes the dashboard calls. */
const assistantsOf = (owner: Owner) => {
  const { assistant } = owner.api.dashboard;
  return {
    list: () => ok(assistant.configs.$get()),
    create: (json: Parameters<typeof assistant.config.$post>[0]["json"]) => assistant.config.$post({ json }),
    edit: (id: string, json: Parameters<typeof assistant.config[":id"]["$put"]>[0]["json"]) => assistant.config[":id"].$put({ param: { id }, json }),
    remove: (id: string) => assistant.config[":id"].$delete({ param: { id } }),
  };
};

describe("assistant configs", () => {
  it("are created with the spec's defaults and the default instructions in the caller's language", async () => {
    const owner = await signedInOwner({ "accept-language": "de" });
    const assistants = assistantsOf(owner);
    expect(await assistants.list()).toEqual([]);
    const created = await ok(assistants.create({ name: "  Empfang " }), 201);
    expect(created).toEqual({
      id: expect.any(String),
      name: "Empfang",
      voice_name: "coral",
      model: "gpt-realtime-2.1",
      temperature: 0.7,
      max_tokens: 1500,
      system_prompt: DEFAULT_INSTRUCTIONS.de,
      initial_greeting: DEFAULT_GREETINGS.de,
      vad_settings: DEFAULT_VAD_SETTINGS,
      is_active: true,
      phone_connection: false,
    });
    expect(await assistants.list()).toEqual([created]);
  });

  it("are listed in the order they were made, edited with VAD settings as a JSON string, and deleted", async () => {
    const owner = await signedInOwner();
    const assistants = assistantsOf(owner);
    const first = await ok(assistants.create({ name: "Reception" }), 201);
    const second = await ok(assistants.create({ name: "After hours", voice_name: "verse", temperature: 1 }), 201);
    expect((await assistants.list()).map((c) => c.name)).toEqual(["Reception", "After hours"]);

    const edited = await ok(
      assistants.edit(first.id, {
        ...first,
        name: "Front desk",
        voice_name: "sage",
        model: "gpt-realtime-2.1-mini",
        temperature: 0.6,
        max_tokens: 800,
        system_prompt: "You are the receptionist of {{salon_name}}.",
        initial_greeting: "Salon Bella, good morning!",
        vad_settings: JSON.stringify({ threshold: 0.8, prefix_padding_ms: 500, silence_duration_ms: 1200, create_response: false }),
        is_active: false,
      }),
    );
    expect(edited).toMatchObject({
      id: first.id,
      name: "Front desk",
      voice_name: "sage",
      model: "gpt-realtime-2.1-mini",
      temperature: 0.6,
      max_tokens: 800,
      system_prompt: "You are the receptionist of {{salon_name}}.",
      initial_greeting: "Salon Bella, good morning!",
      vad_settings: { threshold: 0.8, prefix_padding_ms: 500, silence_duration_ms: 1200, create_response: false },
      is_active: false,
    });

    await ok(assistants.remove(second.id), 204);
    expect(await assistants.list()).toEqual([edited]);
    await refused(assistants.remove(second.id), 404);
    await refused(assistants.edit(second.id, { name: "Back" }), 404);
  });

  it.each([
    [{ name: "" }, "name", "Assistant name is required"],
    [{ name: "A", voice_name: "nova" }, "voice_name", "Choose one of the voices."],
    [{ name: "A", model: "gpt-realtime" }, "model", "Choose one of the models."],
    [{ name: "A", temperature: 0.5 }, "temperature", "The response style must be between 0.6 and 1."],
    [{ name: "A", temperature: 1.1 }, "temperature", "The response style must be between 0.6 and 1."],
    [{ name: "A", temperature: "0.7" }, "temperature", "The response style must be between 0.6 and 1."],
    [{ name: "A", max_tokens: 50 }, "max_tokens", "Maximum tokens must be a whole number between 100 and 4096."],
    [{ name: "A", system_prompt: "   " }, "system_prompt", "Enter the assistant's instructions, or use the default ones."],
    [{ name: "A", initial_greeting: "" }, "initial_greeting", "Enter the initial greeting."],
    [{ name: "A", vad_settings: { threshold: 1.5 } }, "vad_settings.threshold", "The threshold must be between 0 and 1."],
    [{ name: "A", vad_settings: { prefix_padding_ms: 2500 } }, "vad_settings.prefix_padding_ms", "The prefix padding must be between 0 and 2000 ms."],
    [{ name: "A", vad_settings: { silence_duration_ms: 50 } }, "vad_settings.silence_duration_ms", "The silence duration must be between 100 and 5000 ms."],
    [{ name: "A", vad_settings: "{not json" }, "vad_settings", "The voice detection settings could not be read."],
  ])("reject %j", async (body, field, message) => {
    const owner = await signedInOwner();
    const res = await owner.call(config(), { body });
    expect(res.status).toBe(422);
    expect((res.json.fields as Record<string, string>)[field]).toBe(message);
    expect((await owner.call(CONFIGS)).json).toEqual([]);
  });

  it("run on the best model or the lower-cost one, each offered with the price of a typical minute in euros", async () => {
    const owner = await signedInOwner();
    expect(await ok(owner.api.dashboard.assistant.models.$get())).toEqual([
      { model: "gpt-realtime-2.1", tier: "quality", eur_per_minute: 0.0502 },
      { model: "gpt-realtime-2.1-mini", tier: "economy", eur_per_minute: 0.0166 },
    ]);
    expect((await api("/api/dashboard/assistant/models")).status).toBe(401);
  });

  it("answer in the caller's language", async () => {
    const owner = await signedInOwner({ "accept-language": "cs" });
    // A voice there is none of, which the typed client would not send: by path.
    const res = await owner.call(config(), { body: { name: "A", voice_name: "nova" } });
    expect(res.json.detail).toBe("Vyberte jeden z hlasů.");
  });

  it("are marked connected while an active phone number rings them, and deleting one leaves its numbers without an assistant", async () => {
    const owner = await signedInOwner();
    const assistants = assistantsOf(owner);
    const { id: reception } = await ok(assistants.create({ name: "Reception" }), 201);
    const { id: spare } = await ok(assistants.create({ name: "Spare" }), 201);
    const numbers = phoneNumbersOf(owner);
    const number = await ok(numbers.add({ phone_number: "+420 777 555 101", assistant_config_id: reception }), 201);
    // A number typed in rings nobody until it is verified (here: assigned, as the operator would).
    expect((await assistants.list()).map((c) => c.phone_connection)).toEqual([false, false]);
    await sql`update phone_numbers set status = 'active', source = 'assigned' where id = ${number.id}`;

    const connected = await assistants.list();
    expect(connected.map((c) => [c.id, c.phone_connection])).toEqual([
      [reception, true],
      [spare, false],
    ]);
    // An edit answers with the connection too.
    expect((await ok(assistants.edit(reception, { name: "Reception 2" }))).phone_connection).toBe(true);

    await ok(assistants.remove(reception), 204);
    expect(await numbers.list()).toEqual([expect.objectContaining({ id: number.id, phone_number: "+420777555101", assistant_config_id: null })]);
  });
});

describe("isolation of assistants between salons", () => {
  it("gives a second owner neither the list nor a way to change or delete the first's assistant", async () => {
    const first = await signedInOwner();
    const second = await signedInOwner();
    const { id } = await ok(assistantsOf(first).create({ name: "Mine" }), 201);

    const theirs = assistantsOf(second);
    expect(await theirs.list()).toEqual([]);
    await refused(theirs.edit(id, { name: "Stolen" }), 404);
    await refused(theirs.remove(id), 404);
    await refused(theirs.remove("not-a-uuid"), 404);
    const [row] = await sql`select name from assistant_configs where id = ${id}`;
    expect(row?.name).toBe("Mine");
  });

  it("is only for signed-in owners", async () => {
    expect((await api(CONFIGS)).status).toBe(401);
    expect((await api(config(), { body: { name: "A" } })).status).toBe(401);
  });
});
