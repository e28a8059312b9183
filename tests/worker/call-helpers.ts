import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { JsonSocket } from "../support/json-socket.ts";
import { signedInOwner } from "./owner.ts";
import type { ToolContext } from "../../worker/calls/engine/tools.ts";

/**
 * Calls refused before a call's Durable Object is reached. Whole calls run against
 * wrangler in tests/e2e/voice-calls.e2e.ts: the workers test pool does not shut down while
 * a Durable Object's outbound socket to the fake speech model has been open.
 */
export async function openCall(path: string, headers: Record<string, string> = {}, handler = exports.default) {
  const response = await handler.fetch(
    new Request(`http://localhost${path}`, { headers: { upgrade: "websocket", "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}`, ...headers } }),
  );
  expect(response.status).toBe(101);
  response.webSocket!.accept();
  return new JsonSocket(response.webSocket!);
}

/** An owner's salon with one assistant, and a test-call ticket for it. */
export async function assistantWithTicket() {
  const owner = await signedInOwner();
  const assistantId = (await owner.call("/api/dashboard/assistant/config", { body: { name: "Front desk" } })).json.id as string;
  const ticket = await owner.call(`/api/dashboard/assistant/${assistantId}/call-ticket`, { method: "POST" });
  expect(ticket.status).toBe(201);
  return { owner, assistantId, ticket: ticket.json.ticket as string };
}

/** What tool contexts of tests that are not about clients' messages write to clients: nothing. */
export const withoutMessages = { messaging: null, callerLanguage: () => "en" as const, sendMessages: () => undefined } satisfies Pick<
  ToolContext,
  "messaging" | "callerLanguage" | "sendMessages"
>;
