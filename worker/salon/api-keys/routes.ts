import { Hono } from "hono";
import { apiKeyCreateSchema, type CreatedApiKey } from "../../../contract/api-keys.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "../../data/api-keys.ts";
import { allow, inSalon, rowId } from "../../platform/http/tenant.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { sessionOnly, type KeyEnv } from "./access.ts";
import { apiKeyHash, newApiKey, visiblePrefix } from "./secret.ts";

/** /api/dashboard/api-keys: the owner's keys for programs; no key may manage keys. */
export const apiKeyRoutes = new Hono<KeyEnv>()
  .use(allow("settings"))
  .use(sessionOnly)
  .get("/", async (c) => c.json(await inSalon(c, listApiKeys)))
  .post("/", jsonBody(apiKeyCreateSchema), async (c) => {
    const { name, scope } = c.req.valid("json");
    const key = newApiKey();
    const hash = await apiKeyHash(key);
    const created = await inSalon(c, (tenant) => createApiKey(tenant, { name, scope, prefix: visiblePrefix(key), hash }));
    return c.json<CreatedApiKey>({ ...created, key }, 201);
  })
  .post("/:id/revoke", async (c) => {
    const id = rowId(c);
    return c.json(await inSalon(c, (scope) => revokeApiKey(scope, id)));
  });
