import type { CallTicket } from "../../../contract/call-socket.ts";
import { apiFetch } from "../api-client.ts";

/** A one-time ticket for a test call's socket to the salon's assistant `assistantId`. */
export async function fetchCallTicket(assistantId: string): Promise<string> {
  const { ticket } = await apiFetch<CallTicket>(`/dashboard/assistant/${encodeURIComponent(assistantId)}/call-ticket`, { method: "POST" });
  return ticket;
}
