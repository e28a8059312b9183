import { DEFAULT_VAD_SETTINGS, type AssistantConfig } from "../../contract/assistants.ts";
import type { PhoneNumber } from "../../contract/phone-numbers.ts";
import { json, mockFetch } from "./render.tsx";

export interface FakeRequest {
  method: string;
  url: string;
  body: unknown;
}

type StoredAssistant = Omit<AssistantConfig, "phone_connection">;

export const assistant = (id: string, name: string, changes: Partial<StoredAssistant> = {}): StoredAssistant => ({
  id,
  name,
  voice_name: "coral",
  temperature: 0.7,
  max_tokens: 1500,
  system_prompt: `You are ${name}.`,
  initial_greeting: "Hello!",
  vad_settings: DEFAULT_VAD_SETTINGS,
  is_active: true,
  ...changes,
});

/**
 * The assistant and phone-number API in memory, as the Worker answers: phone_connection is
 * computed, and deleting an assistant leaves its numbers without one. `answer` can take
 * over a request first, e.g. to fail it.
 */
export function fakeAssistantsApi(
  seed: { assistants?: StoredAssistant[]; numbers?: PhoneNumber[] } = {},
  answer?: (request: FakeRequest) => Response | undefined,
) {
  let assistants = [...(seed.assistants ?? [])];
  let numbers = [...(seed.numbers ?? [])];
  const requests: FakeRequest[] = [];
  let nextId = 100;
  const withConnection = (row: StoredAssistant): AssistantConfig => ({
    ...row,
    phone_connection: numbers.some((number) => number.assistant_config_id === row.id),
  });

  mockFetch((url, init) => {
    const request = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(request);
    const taken = answer?.(request);
    if (taken) return taken;
    const body = request.body as Record<string, unknown>;

    if (url === "/api/dashboard/assistant/configs") return json(200, assistants.map(withConnection));
    const assistantPath = /^\/api\/dashboard\/assistant\/config(?:\/(.+))?$/.exec(url);
    if (assistantPath) {
      const id = assistantPath[1] ?? `as-${nextId++}`;
      if (request.method === "DELETE") {
        assistants = assistants.filter((row) => row.id !== id);
        numbers = numbers.map((number) => (number.assistant_config_id === id ? { ...number, assistant_config_id: null } : number));
        return new Response(null, { status: 204 });
      }
      const row = { ...(body as unknown as StoredAssistant), id };
      assistants = assistantPath[1] ? assistants.map((other) => (other.id === id ? row : other)) : [...assistants, row];
      return json(assistantPath[1] ? 200 : 201, withConnection(row));
    }

    const numberPath = /^\/api\/dashboard\/phone-numbers(?:\/(.+))?$/.exec(url);
    if (numberPath) {
      const id = numberPath[1] ?? `pn-${nextId++}`;
      if (request.method === "GET") return json(200, numbers);
      if (request.method === "DELETE") {
        numbers = numbers.filter((row) => row.id !== id);
        return new Response(null, { status: 204 });
      }
      // The Worker stores E.164; spaces are all these tests type besides digits.
      const row: PhoneNumber = {
        id,
        phone_number: String(body.phone_number).replaceAll(" ", ""),
        phone_name: (body.phone_name as string) || null,
        assistant_config_id: (body.assistant_config_id as string | null) ?? null,
      };
      numbers = numberPath[1] ? numbers.map((other) => (other.id === id ? row : other)) : [...numbers, row];
      return json(numberPath[1] ? 200 : 201, row);
    }
    return json(404, { detail: "Not found" });
  });
  return requests;
}

export const changes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== "GET");
