import { api, read } from "../api-client.ts";

/** A one-time ticket for a test call's socket to the salon's assistant `assistantId`. */
export async function fetchCallTicket(assistantId: string): Promise<string> {
  const { ticket } = await read(api.dashboard.assistant[":id"]["call-ticket"].$post({ param: { id: encodeURIComponent(assistantId) } }));
  return ticket;
}
