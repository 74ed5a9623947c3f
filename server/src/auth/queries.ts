import type { Queryable } from '../db';
import type { UserRow } from './types';

/**
 * The user a sign-in names, matched ignoring case among live users (null when none), and the name as the database
 * lower-cases it: the sign-in throttle keys on the user's id, or on that canonical name for an unknown user, so every
 * spelling that signs in the same user shares one key.
 */
export async function findSignInUser(q: Queryable, username: string): Promise<{ canonical: string; user: UserRow | null }> {
  const { rows } = await q.query<Partial<UserRow> & { canonical: string }>(
    `SELECT lower($1::text) AS canonical, u.id, u.username, u.name, u.role, u.password_hash, u.is_active
       FROM (SELECT 1) AS one
       LEFT JOIN users u ON lower(u.username) = lower($1::text) AND u.deleted_at IS NULL`,
    [username],
  );
  const { canonical, ...user } = rows[0];
  return { canonical, user: user.id == null ? null : (user as UserRow) };
}

/** Stamps the user's last sign-in (users.last_login). */
export async function recordSignIn(q: Queryable, userId: number): Promise<void> {
  await q.query('UPDATE users SET last_login = now() WHERE id = $1', [userId]);
}
