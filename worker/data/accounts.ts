import type { Language } from "../../contract/languages.ts";
import { hashToken, randomToken } from "./tokens.ts";
import type { PublicScope } from "./tenant.ts";

/*
 * People's accounts, the single-use links mailed to them and their sign-in sessions. All of
 * it happens before a salon is known, so every function takes the public scope.
 */

export interface UserRow {
  id: string;
  email: string;
  is_active: boolean;
  email_verified_at: Date | null;
  token_version: number;
}

const USER_COLUMNS = "id, email::text, is_active, email_verified_at, token_version";

/** A new account; undefined when the address has one already. */
export async function createUser(
  { sql }: PublicScope,
  user: { email: string; passwordHash: string; language: Language; verified?: boolean },
): Promise<{ id: string } | undefined> {
  const [created] = await sql<{ id: string }[]>`
    insert into users (email, password_hash, language, email_verified_at)
    values (${user.email}, ${user.passwordHash}, ${user.language}, ${user.verified ? sql`now()` : null})
    on conflict (email) do nothing returning id`;
  return created;
}

/** The account of an address with its password hash, for signing in. */
export async function userForLogin({ sql }: PublicScope, email: string): Promise<(UserRow & { password_hash: string }) | undefined> {
  const [user] = await sql<(UserRow & { password_hash: string })[]>`
    select ${sql.unsafe(USER_COLUMNS)}, password_hash from users where email = ${email}`;
  return user;
}

export async function userById({ sql }: PublicScope, id: string): Promise<UserRow | undefined> {
  const [user] = await sql<UserRow[]>`select ${sql.unsafe(USER_COLUMNS)} from users where id = ${id}`;
  return user;
}

/** The active account an access token names, if the token was issued since its last password change. */
export async function activeUser({ sql }: PublicScope, id: string, tokenVersion: number): Promise<{ id: string; email: string } | undefined> {
  const [user] = await sql<{ id: string; email: string }[]>`
    select id, email::text from users where id = ${id} and is_active and token_version = ${tokenVersion}`;
  return user;
}

export async function activeUserByEmail({ sql }: PublicScope, email: string): Promise<{ id: string; email: string } | undefined> {
  const [user] = await sql<{ id: string; email: string }[]>`select id, email::text from users where email = ${email} and is_active`;
  return user;
}

// ---- links sent by mail ---------------------------------------------------------------

export type LinkPurpose = "verify_email" | "reset_password";

/** A single-use link's token, valid for `hours`; only its hash is stored. */
export async function createEmailToken({ sql }: PublicScope, userId: string, purpose: LinkPurpose, hours: number): Promise<string> {
  const token = randomToken();
  await sql`insert into email_tokens (user_id, purpose, token_hash, expires_at)
            values (${userId}, ${purpose}, ${await hashToken(token)}, now() + make_interval(hours => ${hours}))`;
  return token;
}

/** Marks the address verified when the link is the user's, unused and in time; answers whether it was. */
export async function verifyEmail({ sql }: PublicScope, token: string, userId: string): Promise<boolean> {
  const [used] = await sql`
    update email_tokens set used_at = now()
    where token_hash = ${await hashToken(token)} and user_id = ${userId} and purpose = 'verify_email'
      and used_at is null and expires_at > now()
    returning user_id`;
  if (!used) return false;
  await sql`update users set email_verified_at = coalesce(email_verified_at, now()) where id = ${userId}`;
  return true;
}

/** Whether a reset link is unused and in time, checked before the new password is hashed. */
export async function resetLinkIsLive({ sql }: PublicScope, token: string): Promise<boolean> {
  const [live] = await sql`
    select 1 from email_tokens
    where token_hash = ${await hashToken(token)} and purpose = 'reset_password' and used_at is null and expires_at > now()`;
  return live !== undefined;
}

/**
 * Sets a new password with a reset link: every session and every other reset link of the
 * account ends. The link proves the mailbox is theirs, so the address counts as verified too.
 * Answers whether the link was good.
 */
export async function resetPassword({ sql }: PublicScope, token: string, passwordHash: string): Promise<boolean> {
  const [used] = await sql<{ user_id: string }[]>`
    update email_tokens set used_at = now()
    where token_hash = ${await hashToken(token)} and purpose = 'reset_password' and used_at is null and expires_at > now()
    returning user_id`;
  if (!used) return false;
  await sql`update users set password_hash = ${passwordHash}, token_version = token_version + 1,
             email_verified_at = coalesce(email_verified_at, now())
           where id = ${used.user_id}`;
  await sql`update refresh_tokens set revoked_at = now() where user_id = ${used.user_id} and revoked_at is null`;
  await sql`update email_tokens set used_at = now()
           where user_id = ${used.user_id} and purpose = 'reset_password' and used_at is null`;
  return true;
}

// ---- sign-in sessions -------------------------------------------------------------------

/** Stores a sign-in's refresh token, made by the caller. */
export async function storeRefreshToken({ sql }: PublicScope, token: string, session: { userId: string; familyId: string; days: number }) {
  await sql`insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
            values (${session.userId}, ${session.familyId}, ${await hashToken(token)}, now() + make_interval(days => ${session.days}))`;
}

/**
 * Spends a refresh token for its `successor`, which the caller derives from it, so that
 * spending it again within `graceSeconds` (two tabs refreshing at once) answers the same
 * successor instead of counting as theft. Answers the sign-in it continues, or nothing when
 * the token is unknown, expired or was used before the grace window: a used one coming back
 * later means someone holds a copy, so that whole sign-in ends. Run it atomically: the token
 * row is locked while it is judged.
 */
export async function spendRefreshToken(
  { sql }: PublicScope,
  token: string,
  { successor, days, graceSeconds }: { successor: string; days: number; graceSeconds: number },
): Promise<{ user: UserRow; familyId: string } | null> {
  const [row] = await sql<{ id: string; family_id: string; user_id: string; valid: boolean; used: boolean; in_grace: boolean; revoked: boolean }[]>`
    select id, family_id, user_id, (expires_at > now()) as valid, used_at is not null as used, revoked_at is not null as revoked,
           coalesce(used_at > now() - make_interval(secs => ${graceSeconds}), false) as in_grace
    from refresh_tokens where token_hash = ${await hashToken(token)} for update`;
  if (!row) return null;
  if (row.revoked || (row.used && !row.in_grace)) {
    await sql`update refresh_tokens set revoked_at = now() where family_id = ${row.family_id} and revoked_at is null`;
    return null;
  }
  if (!row.valid) return null;
  if (!row.used) {
    await sql`update refresh_tokens set used_at = now() where id = ${row.id}`;
    await storeRefreshToken({ sql }, successor, { userId: row.user_id, familyId: row.family_id, days });
  }
  const [user] = await sql<UserRow[]>`select ${sql.unsafe(USER_COLUMNS)} from users where id = ${row.user_id} and is_active`;
  return user ? { user, familyId: row.family_id } : null;
}

/** Ends the sign-in a refresh token belongs to. */
export async function endSignIn({ sql }: PublicScope, token: string): Promise<void> {
  await sql`
    update refresh_tokens set revoked_at = now()
    where family_id = (select family_id from refresh_tokens where token_hash = ${await hashToken(token)})
      and revoked_at is null`;
}
