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

// ----------------------------------------------------------------------------------------- sign-in throttle (throttle.ts)

/** One more attempt of an address in its window (a new window when the last one ended): the count and the time left. */
export async function countAddressAttempt(q: Queryable, address: string, nowMs: number, windowMs: number) {
  const { rows } = await q.query<{ count: number; ttl: number }>(
    `INSERT INTO sign_in_throttle AS t (address, identity, count, expires_ms) VALUES ($1, '', 1, $2::bigint + $3::bigint)
     ON CONFLICT (address, identity) DO UPDATE
        SET count = CASE WHEN t.expires_ms <= $2::bigint THEN 1 ELSE t.count + 1 END,
            expires_ms = CASE WHEN t.expires_ms <= $2::bigint THEN $2::bigint + $3::bigint ELSE t.expires_ms END
     RETURNING count, expires_ms - $2::bigint AS ttl`,
    [address, nowMs, windowMs],
  );
  return rows[0];
}

/** The attempts of an address in its live window (0 when none). */
export async function readAddressAttempts(q: Queryable, address: string, nowMs: number) {
  const { rows } = await q.query<{ count: number; ttl: number }>(
    `SELECT count, expires_ms - $2::bigint AS ttl FROM sign_in_throttle WHERE address = $1 AND identity = '' AND expires_ms > $2::bigint`,
    [address, nowMs],
  );
  return rows[0] ?? { count: 0, ttl: 0 };
}

/** A successful sign-in gives its attempt back. */
export async function giveBackAddressAttempt(q: Queryable, address: string, nowMs: number): Promise<void> {
  await q.query(
    `UPDATE sign_in_throttle SET count = greatest(count - 1, 0) WHERE address = $1 AND identity = '' AND expires_ms > $2::bigint`,
    [address, nowMs],
  );
}

/** The (address, identity) failures row, created empty if missing and locked until the transaction ends. */
export async function lockPairFailures(q: Queryable, address: string, identity: string) {
  await q.query(
    `INSERT INTO sign_in_throttle (address, identity, count, expires_ms) VALUES ($1, $2, 0, 0) ON CONFLICT (address, identity) DO NOTHING`,
    [address, identity],
  );
  const { rows } = await q.query<{ count: number; next_allowed_ms: number; expires_ms: number }>(
    'SELECT count, next_allowed_ms, expires_ms FROM sign_in_throttle WHERE address = $1 AND identity = $2 FOR UPDATE',
    [address, identity],
  );
  return rows[0];
}

export async function savePairFailures(
  q: Queryable,
  address: string,
  identity: string,
  row: { count: number; nextAllowedMs: number; expiresMs: number },
): Promise<void> {
  await q.query('UPDATE sign_in_throttle SET count = $3, next_allowed_ms = $4, expires_ms = $5 WHERE address = $1 AND identity = $2', [
    address,
    identity,
    row.count,
    row.nextAllowedMs,
    row.expiresMs,
  ]);
}

export async function clearPairFailures(q: Queryable, address: string, identity: string): Promise<void> {
  await q.query('DELETE FROM sign_in_throttle WHERE address = $1 AND identity = $2', [address, identity]);
}

/**
 * An attempt of the account-wide counter (address `account`) that was not a failure gives its count back. The delay
 * already set stays: it only ever follows real failures.
 */
export async function giveBackAccountAttempt(q: Queryable, account: string, identity: string, nowMs: number): Promise<void> {
  await q.query(
    'UPDATE sign_in_throttle SET count = greatest(count - 1, 0) WHERE address = $1 AND identity = $2 AND expires_ms > $3::bigint',
    [account, identity, nowMs],
  );
}

/** True when user `userId` signed in from `address` at or after `sinceMs` (sign_in_known_addresses, migration 023). */
export async function isKnownAddress(q: Queryable, userId: number, address: string, sinceMs: number): Promise<boolean> {
  const { rows } = await q.query(
    'SELECT 1 FROM sign_in_known_addresses WHERE user_id = $1 AND address = $2 AND last_success_ms >= $3::bigint',
    [userId, address, sinceMs],
  );
  return rows.length > 0;
}

/** A successful sign-in of `userId` from `address`: the address is known to the account (again) from now. */
export async function rememberAddress(q: Queryable, userId: number, address: string, nowMs: number): Promise<void> {
  await q.query(
    `INSERT INTO sign_in_known_addresses (user_id, address, last_success_ms) VALUES ($1, $2, $3::bigint)
     ON CONFLICT (user_id, address) DO UPDATE SET last_success_ms = greatest(sign_in_known_addresses.last_success_ms, EXCLUDED.last_success_ms)`,
    [userId, address, nowMs],
  );
}

/** Forgets the addresses whose last successful sign-in is older than `beforeMs`. */
export async function pruneKnownAddresses(q: Queryable, beforeMs: number): Promise<void> {
  await q.query('DELETE FROM sign_in_known_addresses WHERE last_success_ms < $1::bigint', [beforeMs]);
}

/** Drops every counter whose time is over. */
export async function pruneSignInThrottle(q: Queryable, nowMs: number): Promise<void> {
  await q.query('DELETE FROM sign_in_throttle WHERE expires_ms <= $1::bigint', [nowMs]);
}
