import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env.ts";
import { BrowserChannel } from "./browser-channel.ts";
import { LiveCall, type CallPlan } from "./live-call.ts";

/** The header that carries a call's plan from the Worker to its object. Only the Worker can reach the object. */
export const CALL_PLAN_HEADER = "x-call-plan";

/**
 * One live call, held in one Durable Object for its whole length: the caller's socket,
 * the speech model's socket and the tools all run here, next to each other.
 */
export class CallSession extends DurableObject<Bindings> {
  override async fetch(request: Request): Promise<Response> {
    const plan = JSON.parse(request.headers.get(CALL_PLAN_HEADER) ?? "null") as CallPlan | null;
    if (!plan || new URL(request.url).pathname !== "/browser") return new Response(null, { status: 404 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    const call = new LiveCall(this.env, plan);
    const channel = new BrowserChannel(server, call);
    void (async () => {
      await call.prepare();
      if (call.callId) channel.send({ type: "session_created", session_id: call.callId });
      call.attach(channel);
    })();
    return new Response(null, { status: 101, webSocket: client });
  }
}
