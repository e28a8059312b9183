import type { Language } from "../../contract/languages.ts";
import type { PublicScope } from "./tenant.ts";

/** Adds a visitor to the waitlist; answers false when the address is on it already. */
export async function joinWaitlist({ sql }: PublicScope, email: string, language: Language): Promise<boolean> {
  const inserted = await sql`
    insert into waitlist_entries (email, language) values (${email}, ${language})
    on conflict (email) do nothing returning id`;
  return inserted.length > 0;
}

/** Keeps a message sent from the public contact form. */
export async function saveContactMessage({ sql }: PublicScope, message: { email: string; message: string; language: Language }): Promise<void> {
  await sql`insert into contact_messages (email, message, language) values (${message.email}, ${message.message}, ${message.language})`;
}

/** Whether the database answers at all. */
export async function ping({ sql }: PublicScope): Promise<void> {
  await sql`select 1`;
}
