import postgres, { type TransactionSql } from "postgres";
import { hashPassword } from "../../worker/auth/password.ts";

/** The demo salon owner's sign-in, printed at start-up (local only). */
export const DEMO_LOGIN = { email: "owner@demo-salon.test", password: "Demo-Salon-2026!" };

const WELCOME_TEXT = `Welcome! This mailbox shows every mail the product sends while it runs on this machine:
waitlist notifications, contact messages, verification and password-reset links you can click.
`;

/**
 * Demo data for the local default. Each step runs once, recorded by name, so a second start
 * leaves the data as the user left it and steps added later still run on an older database.
 */
const STEPS: { name: string; run: (tx: TransactionSql) => Promise<unknown> }[] = [
  {
    name: "mailbox-welcome",
    run: (tx) => tx`insert into mail_outbox (from_address, to_address, subject, text_body)
                    values ('Recepta <hello@example.com>', 'you@example.com', 'Your local mailbox', ${WELCOME_TEXT})`,
  },
  {
    name: "demo-owner",
    run: async (tx) => tx`insert into users (email, password_hash, email_verified_at, language)
                          values (${DEMO_LOGIN.email}, ${await hashPassword(DEMO_LOGIN.password)}, now(), 'en')
                          on conflict (email) do nothing`,
  },
];

export async function seedDemo(databaseUrl: string, log: (line: string) => void = () => {}) {
  const sql = postgres(databaseUrl, { onnotice: () => {}, max: 1 });
  try {
    await sql`create table if not exists local_seed (name text primary key, seeded_at timestamptz not null default now())`;
    for (const step of STEPS) {
      await sql.begin(async (tx) => {
        const [fresh] = await tx`insert into local_seed (name) values (${step.name}) on conflict do nothing returning name`;
        if (!fresh) return;
        await step.run(tx);
        log(`seeded ${step.name}`);
      });
    }
  } finally {
    await sql.end();
  }
}
