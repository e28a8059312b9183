import postgres from "postgres";

const WELCOME_TEXT = `Welcome! This mailbox shows every mail the product sends while it runs on this machine:
waitlist notifications, contact messages and, once accounts are open, verification and
password-reset links you can click.

Public site: http://localhost:5173/
`;

/**
 * Demo data for the local default, written once: a second start finds the marker and
 * leaves the data as the user left it.
 */
export async function seedDemo(databaseUrl: string, log: (line: string) => void = () => {}) {
  const sql = postgres(databaseUrl, { onnotice: () => {}, max: 1 });
  try {
    await sql.begin(async (tx) => {
      await tx`create table if not exists local_seed (name text primary key, seeded_at timestamptz not null default now())`;
      const [done] = await tx`insert into local_seed (name) values ('demo') on conflict do nothing returning name`;
      if (!done) return;
      await tx`insert into mail_outbox (from_address, to_address, subject, text_body)
               values ('Recepta <hello@example.com>', 'you@example.com', 'Your local mailbox', ${WELCOME_TEXT})`;
      log("seeded demo data");
    });
  } finally {
    await sql.end();
  }
}
