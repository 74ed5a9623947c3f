import type { Queryable } from './types';

/**
 * Tells every server on this database (and schema: parallel test schemas share one database) something changed:
 * `NOTIFY channel` with `payload`, delivered by PostgreSQL when — and only if — the surrounding transaction commits, to the
 * connections of `Db.listen`. Call it inside the transaction that makes the change. On PGlite nobody listens: harmless.
 */
export async function notify(q: Queryable, channel: string, payload: string): Promise<void> {
  await q.query("SELECT pg_notify($1, current_schema() || ':' || $2::text)", [channel, payload]);
}
