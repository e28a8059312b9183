import { Hono } from "hono";
import { DEFAULT_GREETINGS, DEFAULT_INSTRUCTIONS } from "../../contract/assistant-instructions.ts";
import { assistantConfigSchema, type AssistantConfigBody } from "../../contract/assistants.ts";
import type { Language } from "../../contract/languages.ts";
import { ASSISTANT_MODELS, MODEL_TIERS, type ModelOffer } from "../../contract/models.ts";
import { usdRates } from "../platform/currency.ts";
import { createAssistant, deleteAssistant, issueCallTicket, listAssistants, updateAssistant, type AssistantValues } from "../data/assistants.ts";
import { allow, inSalon, rowId, type SalonEnv } from "../platform/http/tenant.ts";
import { jsonBody } from "../platform/http/validate.ts";
import { eurPerMinute } from "../calls/engine/pricing.ts";

/** Instructions and greeting left out are the defaults in the caller's language. */
const withDefaults = (body: AssistantConfigBody, language: Language): AssistantValues => ({
  ...body,
  system_prompt: body.system_prompt ?? DEFAULT_INSTRUCTIONS[language],
  initial_greeting: body.initial_greeting ?? DEFAULT_GREETINGS[language],
});

/** /api/dashboard/assistant: the salon's voice assistants (the spec's paths: configs to list, config to change). */
export const assistantRoutes = new Hono<SalonEnv>()
  .use(allow("assistants"))
  .get("/configs", async (c) => c.json(await inSalon(c, listAssistants)))
  // The models an assistant may run on, priced with this Worker's prices and euro rate.
  .get("/models", (c) => {
    const rate = usdRates(c.env).EUR;
    return c.json(
      ASSISTANT_MODELS.map((model): ModelOffer => ({ model, tier: MODEL_TIERS[model], eur_per_minute: eurPerMinute(model, c.env.REALTIME_PRICES, rate) })),
    );
  })
  .post("/config", jsonBody(assistantConfigSchema), async (c) => {
    const row = withDefaults(c.req.valid("json"), c.var.language);
    return c.json(await inSalon(c, (scope) => createAssistant(scope, row)), 201);
  })
  .put("/config/:id", jsonBody(assistantConfigSchema), async (c) => {
    const id = rowId(c);
    const row = withDefaults(c.req.valid("json"), c.var.language);
    return c.json(await inSalon(c, (scope) => updateAssistant(scope, id, row)));
  })
  // Numbers ringing the assistant are left without one (the foreign key clears them).
  .delete("/config/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => deleteAssistant(scope, id));
    return c.body(null, 204);
  })
  // A browser cannot put a bearer token on a WebSocket: the signed-in owner gets a ticket
  // for one test call instead, and the call's socket brings it.
  .post("/:id/call-ticket", async (c) => {
    const id = rowId(c);
    return c.json(await inSalon(c, (scope) => issueCallTicket(scope, id)), 201);
  });
