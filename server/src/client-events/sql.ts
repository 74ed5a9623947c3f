import type { ClientEvent, ClientEventFields } from '@wms/shared-api';
import type { Queryable } from '../db';
import { isoTimestamp, page, Where, type Page } from '../http/list';

/** Records one event reported by a browser; its id. */
export async function insertClientEvent(q: Queryable, e: ClientEventFields, userId: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO client_events (kind, remote, manifest_url, build_version, problems, user_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id::int AS id`,
    [e.kind, e.remote, e.manifestUrl, e.buildVersion, JSON.stringify(e.problems), userId],
  );
  return rows[0].id;
}

const SELECT = `e.id::int AS id, e.kind, e.remote, e.manifest_url AS "manifestUrl", e.build_version AS "buildVersion",
  e.problems, u.username, ${isoTimestamp('e.created_at')}`;
const FROM = 'FROM client_events e LEFT JOIN users u ON u.id = e.user_id';

export async function getClientEvent(q: Queryable, id: number): Promise<ClientEvent> {
  const { rows } = await q.query<ClientEvent>(`SELECT ${SELECT} ${FROM} WHERE e.id = $1`, [id]);
  return rows[0];
}

/** Newest first; one remote's when `remote` is given. */
export async function listClientEvents(
  q: Queryable,
  query: { remote?: string; limit: number; offset: number },
): Promise<Page<ClientEvent>> {
  const where = new Where();
  if (query.remote) where.add('e.remote = ?', query.remote);
  return page<ClientEvent>(q, { select: SELECT, from: FROM, where, orderBy: 'e.created_at DESC, e.id DESC' }, query.limit, query.offset);
}

// ------------------------------------------------------------------------------------------------ rate limit (rate.ts)

/** One more event of `key` in its window (a new window when the last one ended): the count and the time left. */
export async function countClientEvent(q: Queryable, key: string, nowMs: number, windowMs: number) {
  const { rows } = await q.query<{ count: number; ttl: number | string }>(
    `INSERT INTO client_event_rate AS t (key, count, expires_ms) VALUES ($1, 1, $2::bigint + $3::bigint)
     ON CONFLICT (key) DO UPDATE
        SET count = CASE WHEN t.expires_ms <= $2::bigint THEN 1 ELSE t.count + 1 END,
            expires_ms = CASE WHEN t.expires_ms <= $2::bigint THEN $2::bigint + $3::bigint ELSE t.expires_ms END
     RETURNING count, expires_ms - $2::bigint AS ttl`,
    [key, nowMs, windowMs],
  );
  return rows[0];
}

export async function readClientEventCount(q: Queryable, key: string, nowMs: number) {
  const { rows } = await q.query<{ count: number; ttl: number | string }>(
    'SELECT count, expires_ms - $2::bigint AS ttl FROM client_event_rate WHERE key = $1 AND expires_ms > $2::bigint',
    [key, nowMs],
  );
  return rows[0] ?? { count: 0, ttl: 0 };
}

export async function pruneClientEventRate(q: Queryable, nowMs: number): Promise<void> {
  await q.query('DELETE FROM client_event_rate WHERE expires_ms <= $1::bigint', [nowMs]);
}

// ------------------------------------------------------------------------------------------------------------ pruning

/** How long a reported event is kept: long enough to see a bad release's trail, short enough that the table stays small. */
export const CLIENT_EVENTS_KEEP_DAYS = 90;

/**
 * Deletes the events older than `keepDays` and the rate counters whose window ended before `nowMs` (they restart at 1
 * anyway): how many rows went.
 */
export async function pruneClientEvents(q: Queryable, nowMs: number, keepDays = CLIENT_EVENTS_KEEP_DAYS): Promise<number> {
  const events = await q.query(
    `DELETE FROM client_events WHERE created_at < to_timestamp($1::bigint / 1000.0) - make_interval(days => $2)`,
    [nowMs, keepDays],
  );
  const rates = await q.query('DELETE FROM client_event_rate WHERE expires_ms <= $1::bigint', [nowMs]);
  return (events.rowCount ?? 0) + (rates.rowCount ?? 0);
}
