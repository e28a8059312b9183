import { Hono } from "hono";
import { CALL_LIMITS, DEMO_ASSISTANT_ID, type CallErrorCode, type ServerMessage } from "../../contract/call-socket.ts";
import { UUID } from "../../contract/ids.ts";
import { demoAssistant, redeemCallTicket, runningDemoCalls, type CallEntry } from "../data/calls.ts";
import { beforeTenant, withTenant } from "../data/tenant.ts";
import { hashToken } from "../data/tokens.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { clientAddress, countHit } from "../http/rate-limit.ts";
import { callTenant, openBrowserCall, type CallPlan, type CallTarget } from "./session-client.ts";

/**
 * A call that cannot start still gets its socket, with an error message on it: a browser
 * sees nothing of a refused upgrade but a failed connection.
 */
function refuse(code: CallErrorCode, message: string): Response {
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  server.accept();
  server.send(JSON.stringify({ type: "error", code, message } satisfies ServerMessage));
  server.close(1008, code);
  return new Response(null, { status: 101, webSocket: client });
}

const toTarget = (entry: CallEntry | undefined, demo: boolean): CallTarget | null =>
  entry ? { salonId: entry.salon_id, ownerId: entry.owner_id, assistantId: entry.assistant_config_id, demo } : null;

/**
 * /api/browser-ai/{assistantConfigId}: a call from a browser. The home page's demo needs no
 * account ("default" or the demo assistant's id); a dashboard test call brings a ticket from
 * POST /dashboard/assistant/{id}/call-ticket, spent here for that assistant only.
 */
export const browserCallRoutes = new Hono<AppEnv>().get("/:assistantId", async (c) => {
  const { t, db } = c.var;
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, { detail: t("call.error.upgradeRequired"), code: "upgrade_required" });
  }
  if (!c.env.OPENAI_API_KEY) return refuse("not_configured", t("call.error.notConfigured", { setting: "OPENAI_API_KEY" }));

  const assistantId = c.req.param("assistantId");
  const ticket = c.req.query("ticket");
  let target: CallTarget | null = null;
  if (ticket) {
    if (UUID.test(assistantId) && ticket.length <= 100) {
      const ticketHash = await hashToken(ticket);
      target = toTarget(await beforeTenant(db, (scope) => redeemCallTicket(scope, ticketHash, assistantId)), false);
    }
  } else if (assistantId === DEMO_ASSISTANT_ID || UUID.test(assistantId)) {
    target = toTarget(await beforeTenant(db, (scope) => demoAssistant(scope, assistantId)), true);
  }
  if (!target) {
    if (ticket || assistantId !== DEMO_ASSISTANT_ID) return refuse("unauthorized", t("call.error.unauthorized"));
    return refuse("not_found", t("call.error.demoUnavailable"));
  }
  if (target.demo) {
    const perClient = { bucket: `demo-call:${clientAddress(c)}`, max: CALL_LIMITS.demoCallsPerHour, windowSeconds: 3600 };
    if ((await countHit(c, perClient)) > perClient.max) return refuse("rate_limited", t("call.error.rateLimited"));
    // A call whose object died without closing its record stops counting after its time limit.
    const running = await withTenant(db, callTenant(target), (scope) =>
      runningDemoCalls(scope, CALL_LIMITS.demoSeconds + 60),
    );
    if (running >= CALL_LIMITS.demoConcurrent) return refuse("busy", t("call.error.busy"));
  }

  const plan: CallPlan = {
    target,
    language: c.var.language,
    direction: "inbound",
    fromNumber: "browser",
    toNumber: null,
    maxSeconds: target.demo ? CALL_LIMITS.demoSeconds : CALL_LIMITS.callSeconds,
  };
  return openBrowserCall(c.env, plan);
});
