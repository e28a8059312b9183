import type { AssistantConfig, AssistantConfigBody, VadSettings, Voice } from "../../contract/assistants.ts";
import { CALL_LIMITS, type CallTicket } from "../../contract/call-socket.ts";
import type { AssistantModel } from "../../contract/models.ts";
import { hashToken, randomToken } from "./tokens.ts";
import { notFound } from "./errors.ts";
import { deleteSalonRow } from "./rows.ts";
import type { TenantScope } from "./tenant.ts";

// phone_connection is computed, so every query names the table `a`.
const COLUMNS = `a.id, a.name, a.voice_name, a.model, a.temperature, a.max_tokens, a.system_prompt, a.initial_greeting, a.vad_settings, a.is_active,
  exists (select from phone_numbers p where p.assistant_config_id = a.id and p.salon_id = a.salon_id and p.status = 'active') as phone_connection`;

/** An assistant as stored: instructions and greeting are always there (the caller fills in defaults). */
export type AssistantValues = Omit<AssistantConfigBody, "system_prompt" | "initial_greeting"> & { system_prompt: string; initial_greeting: string };

export async function listAssistants(scope: TenantScope): Promise<AssistantConfig[]> {
  const { sql } = scope;
  return sql<AssistantConfig[]>`
    select ${sql.unsafe(COLUMNS)} from assistant_configs a where a.salon_id = ${scope.salonId} order by a.created_at, a.id`;
}

// VAD settings go in as JSON text cast to jsonb by the query, as a parameter the server sees
// as jsonb would be encoded a second time.
export async function createAssistant(scope: TenantScope, row: AssistantValues): Promise<AssistantConfig> {
  const { sql } = scope;
  const [config] = await sql<AssistantConfig[]>`
    insert into assistant_configs as a (salon_id, name, voice_name, model, temperature, max_tokens, system_prompt, initial_greeting, vad_settings, is_active)
    values (${scope.salonId}, ${row.name}, ${row.voice_name}, ${row.model}, ${row.temperature}, ${row.max_tokens}, ${row.system_prompt},
            ${row.initial_greeting}, ${JSON.stringify(row.vad_settings)}::text::jsonb, ${row.is_active})
    returning ${sql.unsafe(COLUMNS)}`;
  return config!;
}

export async function updateAssistant(scope: TenantScope, id: string, row: AssistantValues): Promise<AssistantConfig> {
  const { sql } = scope;
  const [config] = await sql<AssistantConfig[]>`
    update assistant_configs a set name = ${row.name}, voice_name = ${row.voice_name}, model = ${row.model}, temperature = ${row.temperature},
      max_tokens = ${row.max_tokens}, system_prompt = ${row.system_prompt}, initial_greeting = ${row.initial_greeting},
      vad_settings = ${JSON.stringify(row.vad_settings)}::text::jsonb, is_active = ${row.is_active}, updated_at = now()
    where a.id = ${id} and a.salon_id = ${scope.salonId}
    returning ${sql.unsafe(COLUMNS)}`;
  if (!config) throw notFound();
  return config;
}

/** Deletes an assistant; numbers ringing it are left without one (the foreign key clears them). */
export async function deleteAssistant(scope: TenantScope, id: string): Promise<void> {
  await deleteSalonRow(scope, "assistant_configs", id);
}

/** What a call needs of its assistant. */
export interface CallAssistant {
  name: string;
  voice_name: Voice;
  model: AssistantModel;
  max_tokens: number;
  system_prompt: string;
  initial_greeting: string;
  vad_settings: VadSettings;
  is_active: boolean;
}

export async function callAssistant(scope: TenantScope, id: string): Promise<CallAssistant | undefined> {
  const [assistant] = await scope.sql<CallAssistant[]>`
    select name, voice_name, model, max_tokens, system_prompt, initial_greeting, vad_settings, is_active
    from assistant_configs where id = ${id} and salon_id = ${scope.salonId}`;
  return assistant;
}

/**
 * Issues a ticket for one test call of one of the salon's assistants. A browser cannot put a
 * bearer token on a WebSocket, so the call's socket brings this instead; only its hash is kept.
 */
export async function issueCallTicket(scope: TenantScope, assistantId: string): Promise<CallTicket> {
  const { sql } = scope;
  const [assistant] = await sql`select id from assistant_configs where id = ${assistantId} and salon_id = ${scope.salonId}`;
  if (!assistant) throw notFound();
  const ticket = randomToken();
  await sql`delete from call_tickets where expires_at < now()`;
  const [row] = await sql<{ expires_at: Date }[]>`
    insert into call_tickets (token_hash, salon_id, assistant_config_id, expires_at)
    values (${await hashToken(ticket)}, ${scope.salonId}, ${assistantId}, now() + make_interval(secs => ${CALL_LIMITS.ticketSeconds}))
    returning expires_at`;
  return { ticket, expires_at: row!.expires_at.toISOString() };
}
