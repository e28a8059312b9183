// The operator's command for a number bought outside the product (in the Twilio console, or
// ported in): it gives the number to the salon of the owner named, active at once, and drops
// any other salon's unverified claim to it (their owners are mailed). A salon can never
// claim such a number from the dashboard: being in the platform's Twilio account proves nothing.
//
//   DATABASE_URL=... npm run assign-number -- --owner owner@salon.example --number "+420 222 333 444" [--name "Main line"]
import { parseArgs } from "node:util";
import max from "libphonenumber-js/max/metadata";
import postgres from "postgres";
import { toE164 } from "../contract/phone.ts";
import { holdNumber } from "../worker/data/phone-numbers.ts";
import { withTenant } from "../worker/data/tenant.ts";
import { droppedClaimText } from "../worker/calls/phone-numbers/dropped-claim.ts";

const { values } = parseArgs({ options: { owner: { type: "string" }, number: { type: "string" }, name: { type: "string" } } });
const url = process.env.DATABASE_URL;
const number = values.number ? toE164(values.number, undefined, max) : undefined;
if (!url || !values.owner || !number) {
  console.error('Usage: DATABASE_URL=... npm run assign-number -- --owner <owner email> --number <+E.164 number> [--name "Main line"]');
  process.exit(1);
}

const sql = postgres(url, { onnotice: () => {}, max: 1 });
try {
  const [salon] = await sql<{ id: string; owner_id: string; name: string }[]>`
    select s.id, s.owner_id, s.name from salons s join users u on u.id = s.owner_id where lower(u.email) = lower(${values.owner})`;
  if (!salon) throw new Error(`No salon is owned by ${values.owner}.`);
  const from = process.env.MAIL_FROM ?? "Recepta <hello@example.com>";
  const row = await withTenant(
    (work) => work(sql),
    { salonId: salon.id, userId: salon.owner_id },
    (scope) =>
      holdNumber(scope, { phone_number: number, phone_name: values.name ?? null, assistant_config_id: null, source: "assigned", twilio_sid: null }, (claim) => ({
        from,
        to: claim.owner_email,
        ...droppedClaimText(claim),
      })),
  );
  console.log(`${row.phone_number} now rings ${salon.name} (number ${row.id}); link it to an assistant in the dashboard.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await sql.end();
}
