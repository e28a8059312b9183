import type { Sql, TransactionSql } from "postgres";
import { hashToken, randomToken } from "../auth/tokens.ts";
import { CALL_LIMITS, DEMO_ASSISTANT_ID } from "../../contract/call-socket.ts";
import { UUID } from "../../contract/ids.ts";
import type { CallTarget } from "./live-call.ts";

interface TargetRow {
  salon_id: string;
  owner_id: string;
  assistant_config_id: string;
}

const toTarget = (row: TargetRow | undefined, demo: boolean): CallTarget | null =>
  row ? { salonId: row.salon_id, ownerId: row.owner_id, assistantId: row.assistant_config_id, demo } : null;

/** The public demo's assistant, asked for as "default" or by its id. */
export async function demoTarget(sql: Sql, assistantId: string): Promise<CallTarget | null> {
  if (assistantId !== DEMO_ASSISTANT_ID && !UUID.test(assistantId)) return null;
  const [row] = await sql<TargetRow[]>`select * from public_demo_assistant(${assistantId})`;
  return toTarget(row, true);
}

/** Spends a test-call ticket for this assistant; a second use, another assistant or a late one finds nothing. */
export async function ticketTarget(sql: Sql, assistantId: string, ticket: string): Promise<CallTarget | null> {
  if (!UUID.test(assistantId) || ticket.length > 100) return null;
  const [row] = await sql<TargetRow[]>`select * from redeem_call_ticket(${await hashToken(ticket)}, ${assistantId})`;
  return toTarget(row, false);
}

/** Issues a ticket for one test call of an assistant; `tx` is bound to the owner's salon. */
export async function issueTicket(tx: TransactionSql, salonId: string, assistantId: string) {
  const ticket = randomToken();
  await tx`delete from call_tickets where expires_at < now()`;
  const [row] = await tx<{ expires_at: Date }[]>`
    insert into call_tickets (token_hash, salon_id, assistant_config_id, expires_at)
    values (${await hashToken(ticket)}, ${salonId}, ${assistantId}, now() + make_interval(secs => ${CALL_LIMITS.ticketSeconds}))
    returning expires_at`;
  return { ticket, expires_at: row!.expires_at.toISOString() };
}
