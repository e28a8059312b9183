import { Hono, type Context } from "hono";
import {
  WEBHOOK_LIMITS,
  webhookCreateSchema,
  webhookDeliveriesQuery,
  webhookUpdateSchema,
  type WebhookEndpointWithSecret,
} from "../../../contract/webhooks.ts";
import { sessionOnly, type KeyEnv } from "../api-keys/access.ts";
import {
  createEndpoint,
  deleteEndpoint,
  deliveryPage,
  getDelivery,
  getEndpoint,
  listEndpoints,
  recordTestEvent,
  replaceSecret,
  updateEndpoint,
} from "../../data/webhooks.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { requireOutboundAddress } from "../../platform/http/outbound-address.ts";
import { enforce } from "../../platform/http/rate-limit.ts";
import { allow, inSalon, rowId, tenantOf } from "../../platform/http/tenant.ts";
import { jsonBody, query } from "../../platform/http/validate.ts";
import { deliverNow } from "./deliver.ts";
import { newSecret } from "./signing.ts";

const REFUSED_ADDRESS = { invalid: "validation.webhook.url", insecure: "webhooks.error.insecure", private: "webhooks.error.private" } as const;

/** Refuses an address deliveries could not or must not go to, naming why. */
const checkAddress = (c: Context<KeyEnv>, url: string) => requireOutboundAddress(c, url, c.env.WEBHOOK_HTTP_HOSTS, REFUSED_ADDRESS);

/**
 * /api/dashboard/webhooks: the owner's endpoints, their secrets, a test event and the log of
 * deliveries. Only a signed-in person manages them: a program holding an API key could
 * otherwise send the salon's data wherever it liked.
 */
export const webhookRoutes = new Hono<KeyEnv>()
  .use(allow("settings"))
  .use(sessionOnly)
  .get("/", async (c) => c.json(await inSalon(c, (scope) => listEndpoints(scope))))
  .post("/", jsonBody(webhookCreateSchema), async (c) => {
    const { url, description, events } = c.req.valid("json");
    checkAddress(c, url);
    const { secret, prefix } = newSecret();
    const created = await inSalon(c, (scope) => createEndpoint(scope, { url, description, events, secret, prefix }));
    return c.json<WebhookEndpointWithSecret>({ ...created, secret }, 201);
  })
  .patch("/:id", jsonBody(webhookUpdateSchema), async (c) => {
    const id = rowId(c);
    const changes = c.req.valid("json");
    if (changes.url !== undefined) checkAddress(c, changes.url);
    return c.json(await inSalon(c, (scope) => updateEndpoint(scope, id, changes)));
  })
  .delete("/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => deleteEndpoint(scope, id));
    return c.body(null, 204);
  })
  .post("/:id/secret", async (c) => {
    const id = rowId(c);
    const { secret, prefix } = newSecret();
    const endpoint = await inSalon(c, (scope) => replaceSecret(scope, id, { secret, prefix }));
    return c.json<WebhookEndpointWithSecret>({ ...endpoint, secret });
  })
  // Sent at once and answered with how it went, so the owner sees whether the endpoint works.
  .post("/:id/test", async (c) => {
    const id = rowId(c);
    const endpoint = await inSalon(c, (scope) => getEndpoint(scope, id));
    if (!endpoint.enabled) throw new ApiError(409, { detail: c.var.t("webhooks.error.disabled"), code: "endpoint_disabled" });
    await enforce(c, { bucket: `webhook-test:${id}`, max: WEBHOOK_LIMITS.testsPerHour, windowSeconds: 3600 });
    const tenant = tenantOf(c);
    const deliveryId = await inSalon(c, (scope) => recordTestEvent(scope, id));
    await deliverNow(c.env, c.var.db, tenant, deliveryId, id);
    return c.json(await inSalon(c, (scope) => getDelivery(scope, deliveryId)), 202);
  })
  .get("/:id/deliveries", query(webhookDeliveriesQuery), async (c) => {
    const id = rowId(c);
    const { offset } = c.req.valid("query");
    return c.json(await inSalon(c, (scope) => deliveryPage(scope, id, offset)));
  });
