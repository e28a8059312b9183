import { TEAM_LIMITS, type Invitation, type InvitationBody, type InvitationView, type Member, type MemberBody, type Role, type SalonMembership, type Team } from "../../contract/team.ts";
import { DataError, forbidden, notFound } from "./errors.ts";
import type { Database, MemberScope, PublicScope, TenantScope } from "./tenant.ts";
import { withTenant } from "./tenant.ts";
import { hashToken, randomToken } from "./tokens.ts";

/**
 * The people of a salon and the invitations that bring more. Only an owner makes, changes or
 * removes an owner, and a salon always keeps one: the last owner can neither leave nor be
 * given another role. `salons.owner_id` (the owner the salon's own processes act as) moves to
 * another owner when its owner stops being one.
 */

const ROLE_ORDER = `array_position(array['owner', 'manager', 'front_desk', 'stylist'], m.role)`;

export async function getTeam(scope: TenantScope): Promise<Team> {
  const { sql, salonId, userId } = scope;
  const members = await sql<(Omit<Member, "joined_at"> & { joined_at: Date })[]>`
    select m.user_id, u.email::text as email, m.name, m.role, m.stylist_id, st.first_name || ' ' || st.last_name as stylist_name,
      m.created_at as joined_at, m.user_id = ${userId} as is_you
    from salon_members m join users u on u.id = m.user_id
    left join stylists st on st.salon_id = m.salon_id and st.id = m.stylist_id
    where m.salon_id = ${salonId}
    order by ${sql.unsafe(ROLE_ORDER)}, coalesce(m.name, u.email::text)`;
  const invitations = await sql<(Omit<Invitation, "sent_at" | "expires_at"> & { sent_at: Date; expires_at: Date })[]>`
    select i.id, i.email::text as email, i.name, i.role, i.stylist_id, st.first_name || ' ' || st.last_name as stylist_name,
      coalesce(im.name, iu.email::text) as invited_by, i.sent_at, i.expires_at
    from salon_invitations i
    left join stylists st on st.salon_id = i.salon_id and st.id = i.stylist_id
    left join users iu on iu.id = i.invited_by
    left join salon_members im on im.salon_id = i.salon_id and im.user_id = i.invited_by
    where i.salon_id = ${salonId} and i.accepted_at is null and i.revoked_at is null
    order by i.sent_at desc`;
  return {
    members: members.map(({ joined_at, ...member }) => ({ ...member, joined_at: joined_at.toISOString() })),
    invitations: invitations.map(({ sent_at, expires_at, ...invitation }) => ({
      ...invitation,
      sent_at: sent_at.toISOString(),
      expires_at: expires_at.toISOString(),
    })),
  };
}

/** Only an owner gives, changes or takes away an owner's role. */
function requireOwnerFor(actor: Role, ...roles: Role[]) {
  if (actor !== "owner" && roles.includes("owner")) throw forbidden("team.error.ownerOnly");
}

/** A stylist member is one of the salon's stylists, and no other member is that stylist already. */
async function checkStylist({ sql, salonId }: TenantScope, stylistId: string | null, exceptUser?: string) {
  if (!stylistId) return;
  const [stylist] = await sql`select 1 from stylists where salon_id = ${salonId} and id = ${stylistId}`;
  if (!stylist) throw new DataError("invalid", "validation.team.stylist", { field: "stylist_id" });
  const [taken] = await sql<{ who: string }[]>`
    select coalesce(m.name, u.email::text) as who from salon_members m join users u on u.id = m.user_id
    where m.salon_id = ${salonId} and m.stylist_id = ${stylistId} ${exceptUser ? sql`and m.user_id <> ${exceptUser}` : sql``}`;
  if (taken) throw new DataError("conflict", "team.error.stylistTaken", { code: "stylist_taken", field: "stylist_id", values: { name: taken.who } });
}

/** The invitation as the team list shows it. */
async function invitationOf(scope: TenantScope, id: string): Promise<Invitation> {
  const invitation = (await getTeam(scope)).invitations.find((row) => row.id === id);
  if (!invitation) throw notFound();
  return invitation;
}

/**
 * Invites an address with a role; answers the invitation and its link's token (mailed, never
 * stored). An address that is already a member, or already has an open invitation, is
 * refused; one whose invitation ran out is simply invited again.
 */
export async function createInvitation(scope: TenantScope, actor: Role, body: InvitationBody): Promise<{ invitation: Invitation; token: string }> {
  const { sql, salonId, userId } = scope;
  requireOwnerFor(actor, body.role);
  // Two invitations at once take turns, so the team's size is counted right.
  await sql`select pg_advisory_xact_lock(hashtextextended(${`team:${salonId}`}, 0))`;
  const [member] = await sql`
    select 1 from salon_members m join users u on u.id = m.user_id where m.salon_id = ${salonId} and u.email = ${body.email}`;
  if (member) throw new DataError("conflict", "team.error.alreadyMember", { code: "already_member", field: "email", values: { email: body.email } });
  await sql`
    update salon_invitations set revoked_at = now()
    where salon_id = ${salonId} and email = ${body.email} and accepted_at is null and revoked_at is null and expires_at <= now()`;
  const [open] = await sql`
    select 1 from salon_invitations where salon_id = ${salonId} and email = ${body.email} and accepted_at is null and revoked_at is null`;
  if (open) throw new DataError("conflict", "team.error.alreadyInvited", { code: "already_invited", field: "email", values: { email: body.email } });
  const [{ people }] = await sql<[{ people: number }]>`
    select (select count(*) from salon_members where salon_id = ${salonId})
      + (select count(*) from salon_invitations where salon_id = ${salonId} and accepted_at is null and revoked_at is null)::int as people`;
  if (people >= TEAM_LIMITS.people) throw new DataError("conflict", "team.error.full", { code: "team_full", values: { max: TEAM_LIMITS.people } });
  await checkStylist(scope, body.stylist_id);
  const token = randomToken();
  const [row] = await sql<{ id: string }[]>`
    insert into salon_invitations ${sql({
      salon_id: salonId,
      email: body.email,
      name: body.name,
      role: body.role,
      stylist_id: body.stylist_id,
      invited_by: userId,
      token_hash: await hashToken(token),
      expires_at: new Date(Date.now() + TEAM_LIMITS.invitationDays * 86_400_000),
    })} returning id`;
  return { invitation: await invitationOf(scope, row!.id), token };
}

/** An open invitation of the salon, locked for the rest of the transaction. */
async function openInvitation({ sql, salonId }: TenantScope, id: string) {
  const [row] = await sql<{ email: string; role: Role }[]>`
    select email::text as email, role from salon_invitations
    where salon_id = ${salonId} and id = ${id} and accepted_at is null and revoked_at is null for update`;
  if (!row) throw notFound();
  return row;
}

/** Sends an invitation again with a new link and a new week; the old link stops working. */
export async function renewInvitation(scope: TenantScope, actor: Role, id: string): Promise<{ invitation: Invitation; token: string; email: string }> {
  const { sql, salonId } = scope;
  const { email, role } = await openInvitation(scope, id);
  requireOwnerFor(actor, role);
  const token = randomToken();
  await sql`
    update salon_invitations set token_hash = ${await hashToken(token)}, sent_at = now(),
      expires_at = now() + make_interval(days => ${TEAM_LIMITS.invitationDays})
    where salon_id = ${salonId} and id = ${id}`;
  return { invitation: await invitationOf(scope, id), token, email };
}

export async function revokeInvitation(scope: TenantScope, actor: Role, id: string): Promise<void> {
  const { role } = await openInvitation(scope, id);
  requireOwnerFor(actor, role);
  await scope.sql`update salon_invitations set revoked_at = now() where salon_id = ${scope.salonId} and id = ${id}`;
}

/** A member of the salon, locked; and whether they are its only owner. */
async function lockedMember({ sql, salonId }: TenantScope, userId: string) {
  // Owners are counted under the salon's lock, so two owners demoting each other at once cannot leave none.
  await sql`select pg_advisory_xact_lock(hashtextextended(${`team:${salonId}`}, 0))`;
  const [member] = await sql<{ role: Role; only_owner: boolean }[]>`
    select m.role, m.role = 'owner' and (select count(*) from salon_members o where o.salon_id = m.salon_id and o.role = 'owner') = 1 as only_owner
    from salon_members m where m.salon_id = ${salonId} and m.user_id = ${userId}`;
  if (!member) throw notFound();
  return member;
}

/**
 * The salon's own processes (the cron, calls, the booking page) act as its accountable owner.
 * Before `leaving` stops being an owner, the longest-standing other owner takes that over; it
 * runs first, while the person acting still has the role that may change the salon.
 */
async function handOverAccountableOwner({ sql, salonId }: TenantScope, leaving: string) {
  await sql`
    update salons s set owner_id = (
      select m.user_id from salon_members m where m.salon_id = s.id and m.role = 'owner' and m.user_id <> ${leaving}
      order by m.created_at, m.user_id limit 1)
    where s.id = ${salonId} and s.owner_id = ${leaving}`;
}

export async function updateMember(scope: TenantScope, actor: Role, userId: string, body: MemberBody): Promise<Member> {
  const { sql, salonId } = scope;
  const member = await lockedMember(scope, userId);
  requireOwnerFor(actor, member.role, body.role);
  if (member.only_owner && body.role !== "owner") throw new DataError("conflict", "team.error.lastOwner", { code: "last_owner", field: "role" });
  await checkStylist(scope, body.stylist_id, userId);
  if (body.role !== "owner") await handOverAccountableOwner(scope, userId);
  await sql`
    update salon_members set role = ${body.role}, stylist_id = ${body.stylist_id}, name = ${body.name}
    where salon_id = ${salonId} and user_id = ${userId}`;
  const updated = (await getTeam(scope)).members.find((row) => row.user_id === userId);
  return updated!;
}

/** Takes a person out of the salon (themselves: they leave); their next request there is refused. */
export async function removeMember(scope: TenantScope, actor: Role, userId: string): Promise<void> {
  const { sql, salonId } = scope;
  const member = await lockedMember(scope, userId);
  if (userId !== scope.userId) requireOwnerFor(actor, member.role);
  if (member.only_owner) throw new DataError("conflict", "team.error.lastOwner", { code: "last_owner" });
  await handOverAccountableOwner(scope, userId);
  await sql`delete from salon_members where salon_id = ${salonId} and user_id = ${userId}`;
}

// ---- the link's side ---------------------------------------------------------------------

interface TokenRow {
  id: string;
  salon_id: string;
  owner_id: string;
  salon_name: string;
  email: string;
  role: Role;
  invited_by: string | null;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
}

async function invitationByToken({ sql }: PublicScope | MemberScope, token: string): Promise<TokenRow> {
  const [row] = await sql<TokenRow[]>`select *, email::text as email from invitation_by_token(${await hashToken(token)})`;
  if (!row) throw new DataError("not_found", "team.error.invitationUnknown", { code: "invitation_unknown" });
  return row;
}

/** An invitation that can no longer be accepted says why; one accepted already counts as used. */
function requireOpen(row: TokenRow) {
  if (row.revoked_at) throw new DataError("gone", "team.error.invitationRevoked", { code: "invitation_revoked" });
  if (row.accepted_at) throw new DataError("gone", "team.error.invitationUsed", { code: "invitation_used" });
  if (row.expires_at.getTime() <= Date.now()) throw new DataError("gone", "team.error.invitationExpired", { code: "invitation_expired" });
}

/** What the link's page shows: the salon, the role, who invited, and whether the address has an account. */
export async function viewInvitation(scope: PublicScope, token: string): Promise<InvitationView> {
  const row = await invitationByToken(scope, token);
  requireOpen(row);
  const [account] = await scope.sql`select 1 from users where email = ${row.email}`;
  return {
    salon_name: row.salon_name,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by,
    expires_at: row.expires_at.toISOString(),
    has_account: Boolean(account),
  };
}

/** The invitation of a token when it is open and for `email`: a registration with it needs no mail to confirm the address. */
export async function invitationFor(scope: PublicScope, token: string, email: string): Promise<boolean> {
  const row = await invitationByToken(scope, token).catch(() => null);
  if (!row || row.email.toLowerCase() !== email.toLowerCase()) return false;
  try {
    requireOpen(row);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the signed-in person a member with the invitation's role, once: the link is spent.
 * Only the invited address may accept; the same person accepting again is answered as before.
 * The salon becomes the one they work in.
 */
export async function acceptInvitation(db: Database, scope: MemberScope, token: string, email: string): Promise<SalonMembership> {
  const row = await invitationByToken(scope, token);
  if (row.accepted_by !== scope.userId) {
    requireOpen(row);
    if (row.email.toLowerCase() !== email.toLowerCase()) throw new DataError("forbidden", "team.error.wrongAccount", { code: "wrong_account", values: { email: row.email } });
    // In the salon as its owner, who may add any member; the row lock lets one acceptance through.
    await withTenant(db, { salonId: row.salon_id, userId: row.owner_id }, async ({ sql }) => {
      const [open] = await sql<{ role: Role; stylist_id: string | null; name: string | null }[]>`
        select role, stylist_id, name from salon_invitations
        where id = ${row.id} and salon_id = ${row.salon_id} and accepted_at is null and revoked_at is null and expires_at > now() for update`;
      if (!open) throw new DataError("gone", "team.error.invitationUsed", { code: "invitation_used" });
      await sql`
        insert into salon_members (salon_id, user_id, role, stylist_id, name)
        values (${row.salon_id}, ${scope.userId}, ${open.role}, ${open.stylist_id}, ${open.name})
        on conflict (salon_id, user_id) do nothing`;
      await sql`update salon_invitations set accepted_at = now(), accepted_by = ${scope.userId} where id = ${row.id} and salon_id = ${row.salon_id}`;
    });
  }
  await chooseSalon(scope, row.salon_id);
  const membership = (await salonsOf(scope)).find((salon) => salon.salon_id === row.salon_id);
  if (!membership) throw new DataError("forbidden", "team.error.notMember", { code: "not_member" });
  return membership;
}

// ---- a person's salons -----------------------------------------------------------------

/** The salons a person belongs to, the one they last chose first. */
export function salonsOf({ sql, userId }: MemberScope): Promise<SalonMembership[]> {
  return sql<SalonMembership[]>`
    select m.salon_id, s.name as salon_name, m.role, m.stylist_id
    from salon_members m join salons s on s.id = m.salon_id join users u on u.id = m.user_id
    where m.user_id = ${userId}
    order by m.salon_id = u.last_salon_id desc nulls last, m.created_at, m.salon_id`;
}

/** Remembers the salon a person works in from now on; one they do not belong to is refused. */
export async function chooseSalon({ sql, userId }: MemberScope, salonId: string): Promise<void> {
  const [member] = await sql`select 1 from salon_members where user_id = ${userId} and salon_id = ${salonId}`;
  if (!member) throw new DataError("forbidden", "team.error.notMember", { code: "not_member" });
  await sql`update users set last_salon_id = ${salonId} where id = ${userId}`;
}
