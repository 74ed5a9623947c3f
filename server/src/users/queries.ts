import { ONLINE_MINUTES, type ActivityView, type Role, type UserView } from '@wms/shared-api';
import { LIVE_SESSION } from '../auth/sessions';
import type { Queryable } from '../db';
import { activityViews, type ActivityRow } from '../activity/view';

/**
 * Reads of the users module. Every query names its columns: `password_hash` is never selected here, so it cannot reach
 * an answer even before the response schema strips unknown fields.
 */

/**
 * "Online" (SPEC §4 User display): the user is active and has a live session — not revoked, not expired — that was used
 * within the last ONLINE_MINUTES minutes. A session's last_seen_at is refreshed at most once a minute (auth/sessions.ts),
 * so the flag is accurate to about a minute; signing out, deactivation, deletion and expiry all end it at once.
 */
const IS_ONLINE = `(u.is_active AND EXISTS (
  SELECT 1 FROM sessions s
   WHERE s.user_id = u.id AND ${LIVE_SESSION}
     AND s.last_seen_at > now() - make_interval(mins => ${ONLINE_MINUTES})))`;

const USER_COLUMNS = `u.id, u.username, u.name, u.role, u.is_active, u.last_login, u.created_at, u.updated_at, ${IS_ONLINE} AS is_online`;

interface UserViewRow {
  id: number;
  username: string;
  name: string;
  role: Role;
  is_active: boolean;
  is_online: boolean;
  last_login: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toUserView(r: UserViewRow): UserView {
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    role: r.role,
    is_active: r.is_active,
    is_online: r.is_online,
    last_login: r.last_login ? r.last_login.toISOString() : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export interface Page {
  limit: number;
  offset: number;
}

/** Live (not deleted) users by username; `total` counts them all. */
export async function listUsers(q: Queryable, page: Page): Promise<{ rows: UserView[]; total: number }> {
  const [list, count] = await Promise.all([
    q.query<UserViewRow>(
      `SELECT ${USER_COLUMNS} FROM users u WHERE u.deleted_at IS NULL ORDER BY lower(u.username), u.id LIMIT $1 OFFSET $2`,
      [page.limit, page.offset],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL'),
  ]);
  return { rows: list.rows.map(toUserView), total: count.rows[0].n };
}

/** One live user, or null (unknown or deleted). */
export async function getUser(q: Queryable, id: number): Promise<UserView | null> {
  const { rows } = await q.query<UserViewRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL`, [id]);
  return rows[0] ? toUserView(rows[0]) : null;
}

/** True when a user row exists with this id, deleted or not (a deleted user's history stays readable). */
export async function userEverExisted(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM users WHERE id = $1', [id]);
  return rows.length > 0;
}

/** What the user did, newest first, read for people (activity/view.ts: names instead of ids, labelled values). */
export async function listActivities(q: Queryable, userId: number, page: Page): Promise<{ rows: ActivityView[]; total: number }> {
  const [list, count] = await Promise.all([
    q.query<ActivityRow>(
      `SELECT id, action, entity_type, entity_id, details, created_at
         FROM activity_log WHERE user_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_log WHERE user_id = $1', [userId]),
  ]);
  return { rows: await activityViews(q, list.rows), total: count.rows[0].n };
}

/** Another user (a live one) already holds this username, in any letter case. */
export async function usernameTaken(q: Queryable, username: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await q.query(
    'SELECT 1 FROM users WHERE lower(username) = lower($1) AND deleted_at IS NULL AND ($2::bigint IS NULL OR id <> $2)',
    [username, exceptId],
  );
  return rows.length > 0;
}

export interface LockedUser {
  id: number;
  username: string;
  name: string;
  role: Role;
  is_active: boolean;
}

/** Locks every active admin (id order), then the target; null when the target is unknown or deleted. */
export async function lockForChange(q: Queryable, id: number): Promise<{ activeAdmins: number[]; target: LockedUser | null }> {
  const admins = await q.query<{ id: number }>(
    `SELECT id FROM users WHERE role = 'admin' AND is_active AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
  );
  const target = await q.query<LockedUser>(
    'SELECT id, username, name, role, is_active FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [id],
  );
  return { activeAdmins: admins.rows.map((r) => r.id), target: target.rows[0] ?? null };
}

/** Ends the user's sessions except `keepSessionId` (the caller's own, when they edit themselves). */
export async function revokeOtherSessions(q: Queryable, userId: number, keepSessionId: number): Promise<number> {
  const r = await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id <> $2', [
    userId,
    keepSessionId,
  ]);
  return r.rowCount;
}

/** Inserts a user (the hash already computed); its id. */
export async function insertUser(
  q: Queryable,
  u: { username: string; name: string; role: Role; is_active: boolean; passwordHash: string },
  by: number,
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO users (username, name, role, password_hash, is_active, created_by, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [u.username, u.name, u.role, u.passwordHash, u.is_active, by],
  );
  return rows[0].id;
}

/** Updates a user; a null hash keeps the current password. */
export async function updateUser(
  q: Queryable,
  id: number,
  u: { username: string; name: string; role: Role; is_active: boolean; passwordHash: string | null },
  by: number,
): Promise<void> {
  await q.query(
    `UPDATE users SET username = $2, name = $3, role = $4, is_active = $5,
            password_hash = COALESCE($6, password_hash), modified_by = $7, updated_at = now()
      WHERE id = $1`,
    [id, u.username, u.name, u.role, u.is_active, u.passwordHash, by],
  );
}

/** Soft delete: the row and its history stay; the user can no longer sign in. */
export async function softDeleteUser(q: Queryable, id: number, by: number): Promise<void> {
  await q.query('UPDATE users SET deleted_at = now(), deleted_by = $2, modified_by = $2, updated_at = now() WHERE id = $1', [id, by]);
}
