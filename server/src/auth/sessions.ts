import type { Queryable } from '../db';
import { hashToken, newToken } from './tokens';
import { toAuthUser, type AuthUser } from './types';

/**
 * SQL condition for a live session of alias `s` — for the users module's "online" flag, e.g.
 * `EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND ${LIVE_SESSION})`.
 */
export const LIVE_SESSION = 's.revoked_at IS NULL AND s.expires_at > now()';

/** last_seen_at (and the sliding expiry) is written at most this often per session, so busy pages do not write per call. */
const TOUCH_INTERVAL_SECONDS = 60;

/** Opens a session; returns the clear token, which exists only in this answer (the table stores its hash). */
export async function createSession(q: Queryable, userId: number, ttlHours: number): Promise<{ id: number; token: string }> {
  const token = newToken();
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3::float8 * 3600))
     RETURNING id`,
    [userId, hashToken(token), ttlHours],
  );
  return { id: rows[0].id, token };
}

export interface LiveSession {
  sessionId: number;
  user: AuthUser;
}

/**
 * The live session of a token whose user is still active and not deleted, or null. Sliding expiry: a session in use is
 * extended to `ttlHours` after its last use, written at most once a minute.
 */
export async function findLiveSession(q: Queryable, token: string, ttlHours: number): Promise<LiveSession | null> {
  const { rows } = await q.query<{ session_id: number; stale: boolean } & Parameters<typeof toAuthUser>[0]>(
    `SELECT s.id AS session_id, u.id, u.username, u.name, u.role,
            s.last_seen_at < now() - make_interval(secs => $2) AS stale
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND ${LIVE_SESSION} AND u.is_active AND u.deleted_at IS NULL`,
    [hashToken(token), TOUCH_INTERVAL_SECONDS],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await q.query(
      `UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(secs => $2::float8 * 3600)
        WHERE id = $1 AND revoked_at IS NULL`,
      [row.session_id, ttlHours],
    );
  }
  return { sessionId: row.session_id, user: toAuthUser(row) };
}

export async function revokeSession(q: Queryable, sessionId: number): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** Ends every session of a user: call it when a user is deactivated, deleted or their password is changed. */
export async function revokeUserSessions(q: Queryable, userId: number): Promise<number> {
  const r = await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
  return r.rowCount;
}
