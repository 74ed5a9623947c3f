import { notify, type Db, type Queryable } from '../db';
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
 * The live session of a token hash whose user is still active and not deleted, or null. Sliding expiry: a session in use
 * is extended to `ttlHours` after its last use, written at most once a minute. Also answers how long the session has left.
 */
async function readLiveSession(q: Queryable, tokenHash: string, ttlHours: number): Promise<(LiveSession & { expiresAt: number }) | null> {
  const { rows } = await q.query<{ session_id: number; stale: boolean; expires_at: Date } & Parameters<typeof toAuthUser>[0]>(
    `SELECT s.id AS session_id, u.id, u.username, u.name, u.role, s.expires_at,
            s.last_seen_at < now() - make_interval(secs => $2) AS stale
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND ${LIVE_SESSION} AND u.is_active AND u.deleted_at IS NULL`,
    [tokenHash, TOUCH_INTERVAL_SECONDS],
  );
  const row = rows[0];
  if (!row) return null;
  let expiresAt = new Date(row.expires_at).getTime();
  if (row.stale) {
    const touched = await q.query<{ expires_at: Date }>(
      `UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(secs => $2::float8 * 3600)
        WHERE id = $1 AND revoked_at IS NULL RETURNING expires_at`,
      [row.session_id, ttlHours],
    );
    if (touched.rows[0]) expiresAt = new Date(touched.rows[0].expires_at).getTime();
  }
  return { sessionId: row.session_id, user: toAuthUser(row), expiresAt };
}

/** Without a cache: the live session of a token, or null (see readLiveSession). */
export async function findLiveSession(q: Queryable, token: string, ttlHours: number): Promise<LiveSession | null> {
  const found = await readLiveSession(q, hashToken(token), ttlHours);
  return found && { sessionId: found.sessionId, user: found.user };
}

/** How long a checked session is believed without asking the database again (well below the 60 s touch interval). */
export const SESSION_CACHE_MS = 5_000;
/** At most this many sessions are remembered; beyond it the oldest entry is dropped. */
const SESSION_CACHE_MAX = 10_000;

interface CachedSession extends LiveSession {
  /** Date.now() after which the database is asked again: min(checked + SESSION_CACHE_MS, session expiry). */
  until: number;
}

/**
 * A short in-process cache of live sessions, so a busy page does not read `sessions ⋈ users` on every call.
 *
 * Safe with any number of servers on one database, because everything that can end a session or change what it grants
 * is forgotten at once on every server:
 * - sign-out: `revokeSession`; deactivation, deletion, a role, name or password change: `revokeUserSessions` /
 *   `announceUserChange` (users/routes.ts) — each announces it with a NOTIFY in its own transaction, which PostgreSQL
 *   delivers on commit to every server's listener (`followRevocations`), which forgets the session or the user's sessions;
 *   the server that made the change also forgets them itself right after its commit (`forgetSession` / `forgetUser`), so
 *   its own next call never waits for the notification;
 * - while a server's listener is down (not yet connected, connection lost) it remembers nothing (`suspend`): every call
 *   reads the database; once LISTEN is back in place it starts from an empty cache (`resume`);
 * - a lookup that started before a forget does not store what it read (the generation check), so a read racing a commit
 *   cannot bring an old answer back;
 * - an entry lives at most SESSION_CACHE_MS and never past the session's expiry.
 * On PGlite (one process, no listener) the server's own forgets are all there is, and all that is needed. What it does not
 * see is a change written to the database behind the servers' back (psql): that takes effect within SESSION_CACHE_MS.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Bumped by every forget: a lookup stores its answer only if no forget happened while it read. */
  private generation = 0;
  /** False while the other servers' announcements cannot be heard (listener down): nothing is remembered then. */
  private trusted = true;
  /** Database reads in flight per token hash, shared by the requests that miss together (single flight). */
  private readonly reading = new Map<string, { generation: number; lookup: Promise<LiveSession | null> }>();

  constructor(
    private readonly ttlMs: number = SESSION_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live session of a token, from the cache when fresh, else from the database (and remembered). */
  async find(q: Queryable, token: string, ttlHours: number): Promise<LiveSession | null> {
    const key = hashToken(token);
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.until > this.now()) return { sessionId: hit.sessionId, user: hit.user };
      this.entries.delete(key);
    }
    // Single flight: when an entry expires under load, the 50 requests of a busy page arriving together share one read
    // (they queued 50 reads — and, once a minute, 50 touches — in front of the embedded database's one backend). A
    // forget while it reads still wins: the generation check below keeps its answer out of the cache, and a request
    // that arrives after the forget starts a read of its own.
    const shared = this.reading.get(key);
    if (shared && shared.generation === this.generation) return shared.lookup;
    const generation = this.generation;
    const lookup = this.read(q, key, ttlHours, generation);
    this.reading.set(key, { generation, lookup });
    try {
      return await lookup;
    } finally {
      if (this.reading.get(key)?.lookup === lookup) this.reading.delete(key);
    }
  }

  private async read(q: Queryable, key: string, ttlHours: number, generation: number): Promise<LiveSession | null> {
    const found = await readLiveSession(q, key, ttlHours);
    if (!found) return null;
    const session = { sessionId: found.sessionId, user: found.user };
    if (this.ttlMs > 0 && this.trusted && generation === this.generation) {
      if (this.entries.size >= SESSION_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { ...session, until: Math.min(this.now() + this.ttlMs, found.expiresAt) });
    }
    return session;
  }

  /** Sign-out of one session. */
  forgetSession(sessionId: number): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(key);
  }

  /** Any change of a user (deactivated, deleted, role, name, password): every session of theirs is read again. */
  forgetUser(userId: number): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  /** Forget everything (tests that write sessions or users straight into the database). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Announcements can no longer be heard (the listener's connection is down): forget everything, remember nothing. */
  suspend(): void {
    this.trusted = false;
    this.clear();
  }

  /** Announcements are heard again: start from an empty cache (whatever happened meanwhile is read afresh). */
  resume(): void {
    this.clear();
    this.trusted = true;
  }

  /** An announcement of another server (or this one): `s:<sessionId>`, `u:<userId>`; anything else forgets everything. */
  heard(payload: string): void {
    const match = /^([su]):(\d{1,16})$/.exec(payload);
    if (!match) this.clear();
    else if (match[1] === 's') this.forgetSession(Number(match[2]));
    else this.forgetUser(Number(match[2]));
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The NOTIFY channel of session ends and user changes (every server listens on it on PostgreSQL). */
export const SESSIONS_CHANNEL = 'wms_sessions';

/** Inside the transaction that changes a user (role, name, active, password, deletion): every server forgets their sessions. */
export async function announceUserChange(q: Queryable, userId: number): Promise<void> {
  await notify(q, SESSIONS_CHANNEL, `u:${userId}`);
}

/**
 * On PostgreSQL: listens for the announcements of every server on the database and forgets what they name; while the
 * listener is down the cache is suspended (see SessionCache). Resolves once the first LISTEN attempt is over; returns
 * its stop function (nothing to stop on PGlite).
 */
export async function followRevocations(db: Db, sessions: SessionCache): Promise<() => Promise<void>> {
  if (!db.listen) return async () => undefined;
  sessions.suspend();
  return db.listen(SESSIONS_CHANNEL, {
    message: (payload) => sessions.heard(payload),
    up: () => sessions.resume(),
    down: () => sessions.suspend(),
  });
}

/** Ends one session (sign-out), announced to every server on commit. */
export async function revokeSession(q: Queryable, sessionId: number): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  await notify(q, SESSIONS_CHANNEL, `s:${sessionId}`);
}

/** Ends every session of a user, announced to every server on commit: call it when a user is deactivated, deleted or their password is changed. */
export async function revokeUserSessions(q: Queryable, userId: number): Promise<number> {
  const r = await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
  await announceUserChange(q, userId);
  return r.rowCount;
}
