import type { MessageChannel, MessageKind, MessageState, SkipReason } from "../../contract/client-messages.ts";
import type { PublicScope } from "./tenant.ts";

/** A message to a client as the local mailbox lists it, with the salon that wrote it. */
export interface MailboxMessage {
  id: string;
  salon_name: string;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string | null;
  subject: string | null;
  body: string;
  state: MessageState;
  skip_reason: SkipReason | null;
  error: string | null;
  created_at: Date;
  due_at: Date;
}

/** The newest messages salons wrote their clients, across salons: only the local mailbox asks. */
export function localMailboxMessages({ sql }: PublicScope, limit = 100): Promise<MailboxMessage[]> {
  return sql<MailboxMessage[]>`select * from local_mailbox_messages(${limit})`;
}
