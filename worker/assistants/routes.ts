import { Hono, type Context } from "hono";
import { DEFAULT_GREETINGS, DEFAULT_INSTRUCTIONS } from "../../contract/assistant-instructions.ts";
import { assistantConfigSchema, type AssistantConfig, type AssistantConfigBody } from "../../contract/assistants.ts";
import type { CallTicket } from "../../contract/call-socket.ts";
import { inSalon, notFound, rowId, type OwnerEnv } from "../dashboard/tenancy.ts";
import { jsonBody } from "../http/validate.ts";
import { issueTicket } from "../voice/target.ts";

// phone_connection is computed, so every query names the table `a`.
const COLUMNS = `a.id, a.name, a.voice_name, a.temperature, a.max_tokens, a.system_prompt, a.initial_greeting, a.vad_settings, a.is_active,
  exists (select from phone_numbers p where p.assistant_config_id = a.id and p.salon_id = a.salon_id) as phone_connection`;

/**
 * The stored row of a body. Instructions and greeting left out are the defaults in the
 * caller's language; VAD settings go in as JSON text cast to jsonb by the query, as a
 * parameter the server sees as jsonb would be encoded a second time.
 */
const values = (c: Context<OwnerEnv>, body: AssistantConfigBody) => ({
  ...body,
  system_prompt: body.system_prompt ?? DEFAULT_INSTRUCTIONS[c.var.language],
  initial_greeting: body.initial_greeting ?? DEFAULT_GREETINGS[c.var.language],
  vad_settings: JSON.stringify(body.vad_settings),
});

/** /api/dashboard/assistant: the salon's voice assistants (the spec's paths: configs to list, config to change). */
export const assistantRoutes = new Hono<OwnerEnv>()
  .get("/configs", async (c) =>
    c.json(
      await inSalon(c, (tx) => tx<AssistantConfig[]>`
        select ${tx.unsafe(COLUMNS)} from assistant_configs a where a.salon_id = ${c.var.salon.id} order by a.created_at, a.id`),
    ),
  )
  .post("/config", jsonBody(assistantConfigSchema), async (c) => {
    const row = values(c, c.req.valid("json"));
    const [config] = await inSalon(c, (tx) => tx<AssistantConfig[]>`
      insert into assistant_configs as a (salon_id, name, voice_name, temperature, max_tokens, system_prompt, initial_greeting, vad_settings, is_active)
      values (${c.var.salon.id}, ${row.name}, ${row.voice_name}, ${row.temperature}, ${row.max_tokens}, ${row.system_prompt},
              ${row.initial_greeting}, ${row.vad_settings}::text::jsonb, ${row.is_active})
      returning ${tx.unsafe(COLUMNS)}`);
    return c.json(config!, 201);
  })
  .put("/config/:id", jsonBody(assistantConfigSchema), async (c) => {
    const id = rowId(c);
    const row = values(c, c.req.valid("json"));
    const [config] = await inSalon(c, (tx) => tx<AssistantConfig[]>`
      update assistant_configs a set name = ${row.name}, voice_name = ${row.voice_name}, temperature = ${row.temperature},
        max_tokens = ${row.max_tokens}, system_prompt = ${row.system_prompt}, initial_greeting = ${row.initial_greeting},
        vad_settings = ${row.vad_settings}::text::jsonb, is_active = ${row.is_active}, updated_at = now()
      where a.id = ${id} and a.salon_id = ${c.var.salon.id}
      returning ${tx.unsafe(COLUMNS)}`);
    if (!config) throw notFound(c);
    return c.json(config);
  })
  // Numbers ringing the assistant are left without one (the foreign key clears them).
  .delete("/config/:id", async (c) => {
    const id = rowId(c);
    const deleted = await inSalon(c, (tx) => tx`delete from assistant_configs where id = ${id} and salon_id = ${c.var.salon.id} returning id`);
    if (deleted.length === 0) throw notFound(c);
    return c.body(null, 204);
  })
  // A browser cannot put a bearer token on a WebSocket: the signed-in owner gets a ticket
  // for one test call instead, and the call's socket brings it.
  .post("/:id/call-ticket", async (c) => {
    const id = rowId(c);
    const ticket = await inSalon(c, async (tx) => {
      const [assistant] = await tx`select id from assistant_configs where id = ${id} and salon_id = ${c.var.salon.id}`;
      return assistant ? issueTicket(tx, c.var.salon.id, id) : null;
    });
    if (!ticket) throw notFound(c);
    return c.json<CallTicket>(ticket, 201);
  });
