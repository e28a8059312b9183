import { Hono } from "hono";
import { CALL_LIMITS, DEMO_ASSISTANT_ID, type CallErrorCode, type ServerMessage } from "../../contract/call-socket.ts";
import { clientAddress, hits } from "../auth/rate-limit.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { runningDemoCalls } from "./call-log.ts";
import { CALL_PLAN_HEADER } from "./call-session.ts";
import type { CallPlan } from "./live-call.ts";
import { demoTarget, ticketTarget } from "./target.ts";

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

/**
 * /api/browser-ai/{assistantConfigId}: a call from a browser. The home page's demo needs no
 * account; a dashboard test call brings a ticket from POST /dashboard/assistant/{id}/call-ticket.
 */
export const browserCallRoutes = new Hono<AppEnv>().get("/:assistantId", async (c) => {
  const { t, sql } = c.var;
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, { detail: t("call.error.upgradeRequired"), code: "upgrade_required" });
  }
  if (!c.env.OPENAI_API_KEY) return refuse("not_configured", t("call.error.notConfigured", { setting: "OPENAI_API_KEY" }));

  const assistantId = c.req.param("assistantId");
  const ticket = c.req.query("ticket");
  const target = ticket ? await ticketTarget(sql, assistantId, ticket) : await demoTarget(sql, assistantId);
  if (!target) {
    if (ticket || assistantId !== DEMO_ASSISTANT_ID) return refuse("unauthorized", t("call.error.unauthorized"));
    return refuse("not_found", t("call.error.demoUnavailable"));
  }
  if (target.demo) {
    const perClient = { bucket: `demo-call:${clientAddress(c)}`, max: CALL_LIMITS.demoCallsPerHour, windowSeconds: 3600 };
    if ((await hits(sql, perClient, true)) > perClient.max) return refuse("rate_limited", t("call.error.rateLimited"));
    // A call whose object died without closing its record stops counting after its time limit.
    if ((await runningDemoCalls(sql, target, CALL_LIMITS.demoSeconds + 60)) >= CALL_LIMITS.demoConcurrent) {
      return refuse("busy", t("call.error.busy"));
    }
  }

  const plan: CallPlan = {
    target,
    language: c.var.language,
    direction: "inbound",
    fromNumber: "browser",
    toNumber: null,
    maxSeconds: target.demo ? CALL_LIMITS.demoSeconds : CALL_LIMITS.callSeconds,
  };
  const session = c.env.CALL_SESSION.get(c.env.CALL_SESSION.newUniqueId());
  return session.fetch("https://call-session/browser", { headers: { Upgrade: "websocket", [CALL_PLAN_HEADER]: JSON.stringify(plan) } });
});
