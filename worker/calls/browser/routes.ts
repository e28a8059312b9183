import { Hono } from "hono";
import { CALL_LIMITS, DEMO_ASSISTANT_ID, type CallErrorCode, type ServerMessage } from "../../../contract/call-socket.ts";
import { UUID } from "../../../contract/ids.ts";
import { demoAssistant, failCallAtStart, redeemCallTicket, reserveBrowserCall, type BrowserCallRequest, type BrowserCallReservation, type CallEntry } from "../../data/calls.ts";
import { beforeTenant, withTenant } from "../../data/tenant.ts";
import { hashToken } from "../../data/tokens.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { clientAddress, countHit } from "../../platform/http/rate-limit.ts";
import type { Translate } from "../../platform/messages/index.ts";
import { callTenant, loadCallSetup, type CallPlan, type CallTarget } from "../engine/call-plan.ts";
import { openBrowserCall } from "../session/client.ts";

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

/** Why no line was reserved for a call, told to the caller. */
function refusal(refused: Extract<BrowserCallReservation, { refused: string }>["refused"], demo: boolean, t: Translate): Response {
  switch (refused) {
    case "lines_busy":
      return demo ? refuse("busy", t("call.error.busy")) : refuse("busy", t("call.error.testCallsBusy", { count: CALL_LIMITS.testCallsConcurrent }));
    case "caller_busy":
      return refuse("busy", t("call.error.callerBusy"));
    case "minutes_used":
      return refuse("rate_limited", t("call.error.demoMinutesUsed"));
    case "no_assistant":
      return refuse("not_found", t("call.error.notFound"));
  }
}

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
  const address = clientAddress(c);
  if (target.demo) {
    const perClient = { bucket: `demo-call:${address}`, max: CALL_LIMITS.demoCallsPerHour, windowSeconds: 3600 };
    if ((await countHit(c, perClient)) > perClient.max) return refuse("rate_limited", t("call.error.rateLimited"));
  }

  const request: BrowserCallRequest = target.demo
    ? {
        assistantId: target.assistantId,
        isDemo: true,
        concurrent: CALL_LIMITS.demoConcurrent,
        maxSeconds: CALL_LIMITS.demoSeconds,
        caller: { hash: await hashToken(address), concurrent: CALL_LIMITS.demoConcurrentPerAddress, secondsPerDay: CALL_LIMITS.demoMinutesPerDay * 60 },
      }
    : { assistantId: target.assistantId, isDemo: false, concurrent: CALL_LIMITS.testCallsConcurrent, maxSeconds: CALL_LIMITS.callSeconds };
  const tenant = callTenant(target);
  // The call's set-up is read beside its line's reservation, so the session starts on the model at once.
  const reservation = await withTenant(db, tenant, async (scope) => {
    const [reserved, setup] = await Promise.all([reserveBrowserCall(scope, request), loadCallSetup(scope, target.assistantId)]);
    return "refused" in reserved ? reserved : { ...reserved, setup: setup ?? undefined };
  });
  if ("refused" in reservation) return refusal(reservation.refused, target.demo, t);

  const { callId, maxSeconds, setup } = reservation;
  try {
    const plan: CallPlan = { target, language: c.var.language, direction: "inbound", fromNumber: "browser", toNumber: null, maxSeconds, callId, setup };
    return await openBrowserCall(c.env, plan, c.req.raw);
  } catch (error) {
    // The call never reached its object: its line is given back at once.
    console.error(`call ${callId}: the session could not start`, error);
    await withTenant(db, tenant, (scope) => failCallAtStart(scope, callId));
    return refuse("internal", t("call.error.internal"));
  }
});