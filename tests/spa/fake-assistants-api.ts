import { DEFAULT_VAD_SETTINGS, type AssistantConfig, type AssistantConfigBody } from "../../contract/assistants.ts";
import type { ModelOffer } from "../../contract/models.ts";
import { VERIFICATION, type AvailableNumber, type PhoneNumber } from "../../contract/phone-numbers.ts";
import { api } from "../../src/lib/api-client.ts";
import { mockFetch, refusal, reply } from "./render.tsx";

export interface FakeRequest {
  method: string;
  url: string;
  body: unknown;
}

type StoredAssistant = Omit<AssistantConfig, "phone_connection">;

/** The models as the Worker prices them at its default rate. */
export const MODEL_OFFERS: ModelOffer[] = [
  { model: "gpt-realtime-2.1", tier: "quality", eur_per_minute: 0.0502 },
  { model: "gpt-realtime-2.1-mini", tier: "economy", eur_per_minute: 0.0166 },
];

export const assistant = (id: string, name: string, changes: Partial<StoredAssistant> = {}): StoredAssistant => ({
  id,
  name,
  voice_name: "coral",
  model: "gpt-realtime-2.1",
  temperature: 0.7,
  max_tokens: 1500,
  system_prompt: `You are ${name}.`,
  initial_greeting: "Hello!",
  vad_settings: DEFAULT_VAD_SETTINGS,
  is_active: true,
  ...changes,
});

/** A number as the API lists it: an own number, active unless `changes` say otherwise. */
export const phoneNumber = (id: string, phone_number: string, changes: Partial<PhoneNumber> = {}): PhoneNumber => ({
  id,
  phone_number,
  phone_name: null,
  assistant_config_id: null,
  status: "active",
  source: "own",
  verification: null,
  ...changes,
});

/** A number on offer, as GET /phone-numbers/available lists it. */
export const offer = (phone_number: string, changes: Partial<AvailableNumber> = {}): AvailableNumber => ({
  phone_number,
  type: "local",
  locality: null,
  region: null,
  monthly_price: 1.15,
  price_unit: "USD",
  ...changes,
});

/** What the fake's verification call says, until a test changes it. */
export const SPOKEN_CODE = "482913";

const refused = (status: number, code: string, detail: string, fields?: Record<string, string>) => refusal(status, { detail, code, ...(fields && { fields }) });

/**
 * The assistant and phone-number API in memory, as the Worker answers: phone_connection is
 * computed, and deleting an assistant leaves its numbers without one. A number typed in is
 * unverified until the code SPOKEN_CODE comes back; `available` are the numbers on offer, and
 * buying one makes it an active number. `answer` can take over a request first, e.g. to fail or hold it.
 */
export function fakeAssistantsApi(
  seed: { assistants?: StoredAssistant[]; numbers?: PhoneNumber[]; available?: AvailableNumber[] } = {},
  answer?: (request: FakeRequest) => Response | Promise<Response> | undefined,
) {
  let assistants = [...(seed.assistants ?? [])];
  let numbers = [...(seed.numbers ?? [])];
  let available = [...(seed.available ?? [])];
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

    if (url === "/api/dashboard/assistant/configs") return reply(api.dashboard.assistant.configs.$get, assistants.map(withConnection));
    if (url === "/api/dashboard/assistant/models") return reply(api.dashboard.assistant.models.$get, MODEL_OFFERS);
    const assistantPath = /^\/api\/dashboard\/assistant\/config(?:\/(.+))?$/.exec(url);
    if (assistantPath) {
      const id = assistantPath[1] ?? `as-${nextId++}`;
      if (request.method === "DELETE") {
        assistants = assistants.filter((row) => row.id !== id);
        numbers = numbers.map((number) => (number.assistant_config_id === id ? { ...number, assistant_config_id: null } : number));
        return new Response(null, { status: 204 });
      }
      // What the screen sends, as the contract types it.
      const row = assistant(id, String(body.name), body as AssistantConfigBody);
      assistants = assistantPath[1] ? assistants.map((other) => (other.id === id ? row : other)) : [...assistants, row];
      return reply(api.dashboard.assistant.config.$post, withConnection(row), assistantPath[1] ? 200 : 201);
    }

    const { pathname, searchParams } = new URL(url, "http://app.test");
    if (pathname === "/api/dashboard/phone-numbers/available") {
      const contains = searchParams.get("contains") ?? "";
      return reply(api.dashboard["phone-numbers"].available.$get, { numbers: available.filter((number) => number.phone_number.slice(1).includes(contains)) });
    }
    if (pathname === "/api/dashboard/phone-numbers/purchase") {
      const bought = phoneNumber(`pn-${nextId++}`, String(body.phone_number), {
        phone_name: (body.phone_name as string | null) ?? null,
        assistant_config_id: (body.assistant_config_id as string | null) ?? null,
        source: "bought",
      });
      available = available.filter((number) => number.phone_number !== bought.phone_number);
      numbers = [...numbers, bought];
      return reply(api.dashboard["phone-numbers"].purchase.$post, bought, 201);
    }
    const verification = /^\/api\/dashboard\/phone-numbers\/([^/]+)\/verification(\/code)?$/.exec(pathname);
    if (verification) {
      const row = numbers.find((number) => number.id === verification[1])!;
      let changed: PhoneNumber;
      if (!verification[2]) {
        const expires = new Date(Date.now() + VERIFICATION.minutes * 60_000).toISOString();
        changed = { ...row, status: "verifying", verification: { call_status: "queued", expires_at: expires, tries_left: VERIFICATION.tries } };
      } else if (body.code === SPOKEN_CODE) {
        changed = { ...row, status: "active", verification: null };
      } else {
        const left = row.verification!.tries_left - 1;
        numbers = numbers.map((number) => (number.id === row.id ? { ...row, verification: { ...row.verification!, tries_left: left } } : number));
        const detail = `That code is not the one we read out. ${left} tries left.`;
        return refused(422, "wrong_code", detail, { code: detail });
      }
      numbers = numbers.map((number) => (number.id === row.id ? changed : number));
      return reply(api.dashboard["phone-numbers"][":id"].verification.$post, changed, verification[2] ? 200 : 202);
    }
    const numberPath = /^\/api\/dashboard\/phone-numbers(?:\/(.+))?$/.exec(pathname);
    if (numberPath) {
      const id = numberPath[1] ?? `pn-${nextId++}`;
      if (request.method === "GET") return reply(api.dashboard["phone-numbers"].$get, numbers);
      if (request.method === "DELETE") {
        numbers = numbers.filter((row) => row.id !== id);
        return new Response(null, { status: 204 });
      }
      // The Worker stores E.164; spaces are all these tests type besides digits.
      const typed = String(body.phone_number).replaceAll(" ", "");
      const before = numbers.find((row) => row.id === id);
      const renumbered = before?.phone_number !== typed;
      if (before && before.source !== "own" && renumbered) {
        return refused(422, "validation", "A number got here cannot change.", { phone_number: "A number got here cannot change." });
      }
      const row: PhoneNumber = {
        ...(before ?? phoneNumber(id, typed)),
        phone_number: typed,
        phone_name: (body.phone_name as string) || null,
        assistant_config_id: (body.assistant_config_id as string | null) ?? null,
        // A number typed in, or an own number typed anew, takes no calls until verified.
        ...(renumbered && { status: "unverified", verification: null }),
      };
      numbers = numberPath[1] ? numbers.map((other) => (other.id === id ? row : other)) : [...numbers, row];
      return reply(api.dashboard["phone-numbers"].$post, row, numberPath[1] ? 200 : 201);
    }
    return refusal(404, { detail: "Not found" });
  });
  return requests;
}

export const changes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== "GET");
