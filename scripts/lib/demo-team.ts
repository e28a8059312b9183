import type { TransactionSql } from "postgres";
import { hashPassword } from "../../worker/accounts/password.ts";
import { hashToken, randomToken } from "../../worker/data/tokens.ts";

/** The demo salon's staff logins beside its owner's, printed when the product starts. */
export const DEMO_TEAM = {
  manager: { email: "manager@demo-salon.test", password: "Demo-Manager-2026!", name: "Marta Horáková", language: "cs" },
  stylist: { email: "jana@demo-salon.test", password: "Demo-Stylist-2026!", name: "Jana Nováková", language: "cs", stylist: "Jana" },
} as const;

/**
 * The demo salon's team: a manager, a stylist who is Jana, and an invitation to the front
 * desk still open (its link is not kept; sending it again makes one). The owner made the
 * salon's earlier bookings in the dashboard, and the manager moved two of those ahead.
 */
export async function seedTeam(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ id: string; owner_id: string }[]>`
    select s.id, s.owner_id from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  const users: Record<string, string> = {};
  for (const [role, person] of Object.entries(DEMO_TEAM)) {
    const [user] = await tx<{ id: string }[]>`
      insert into users (email, password_hash, email_verified_at, language)
      values (${person.email}, ${await hashPassword(person.password)}, now(), ${person.language})
      on conflict (email) do update set email = excluded.email returning id`;
    users[role] = user!.id;
    const stylist = "stylist" in person ? person.stylist : null;
    await tx`
      insert into salon_members (salon_id, user_id, role, name, stylist_id, created_at)
      values (${salon.id}, ${user!.id}, ${role}, ${person.name},
        (select id from stylists where salon_id = ${salon.id} and first_name = ${stylist}), now() - interval '30 days')
      on conflict (salon_id, user_id) do nothing`;
  }
  await tx`
    insert into salon_invitations (salon_id, email, name, role, invited_by, token_hash, sent_at, expires_at)
    values (${salon.id}, 'recepce@salon-bella.test', 'Lenka Dušková', 'front_desk', ${salon.owner_id},
      ${await hashToken(randomToken())}, now() - interval '2 days', now() + interval '5 days')`;
  await tx`update appointments set created_by = ${salon.owner_id} where salon_id = ${salon.id} and source = 'dashboard' and created_by is null`;
  await tx`
    update appointments set changed_via = 'dashboard', changed_by = ${users.manager!}, changed_at = now() - interval '1 day'
    where id in (select id from appointments where salon_id = ${salon.id} and status = 'booked' and start_at > now() order by start_at limit 2)`;
}
