import type { Appointment } from "../../contract/appointments.ts";
import type { MessageChannel } from "../../contract/client-messages.ts";
import type { TenantScope } from "../data/tenant.ts";
import type { ClientMessaging } from "../clients/messaging/compose.ts";

/** What a booking, move or cancellation did, as the consequences of changes hear it. */
export type ChangeEvent =
  | { kind: "booked"; appointment: Appointment }
  | { kind: "changed"; before: Appointment; appointment: Appointment }
  | { kind: "cancelled"; before: Appointment };

/** Where a change is made: its transaction, and how the salon's clients are written to. */
export interface ChangeContext {
  scope: TenantScope;
  /** Null where nobody may be written to (the public demo's calls). */
  messaging: ClientMessaging | null;
  /** The channels a confirmation goes by, for a client who has one already (a YES to an offer text). */
  confirmBy?: readonly MessageChannel[];
}

/** A change about to be written: a booking (no id yet) or a change to one, or a cancellation. */
export type ChangeIntent = { kind: "save"; id: string | null } | { kind: "cancel"; id: string };

/**
 * A consequence of changes (a confirmation, a webhook event, an offer of freed time), written
 * in the change's own transaction. It is called before the change is written, to read what it
 * must compare, and answers what it does once the change is written: the ids of the messages
 * to send after the commit.
 */
export type ChangeSubscriber = (context: ChangeContext, intent: ChangeIntent) => Promise<(change: ChangeEvent) => Promise<string[]>>;
