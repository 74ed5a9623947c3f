/** What every part of the server sees of the database, whichever engine is behind it. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  prepare?: boolean;
}

export interface Queryable {
  /**
   * `opts.prepare`: on PostgreSQL, run it as a named prepared statement (parsed and planned once per connection, then
   * reused) — for hot, fixed-shape reads such as list pages (http/list.ts `page`), where planning costs more than running.
   * PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations, seeders). */
  exec(sql: string): Promise<void>;
  /**
   * Only on the `q` of `db.tx`: runs `fn` once the transaction has committed (never when it rolls back; a retried attempt
   * drops the hooks of the failed one). For effects that must not happen for work that is undone, such as counting
   * postings in /metrics. Outside a transaction every statement commits by itself: callers run `fn` at once
   * (`afterCommit` in metrics/counters.ts).
   */
  afterCommit?(fn: () => void): void;
}

/** How busy the database connection(s) are, for /metrics (metrics/plugin.ts). */
export type DbStats =
  /** The pg pool: connections open, of which idle, and callers waiting for one. */
  | { kind: 'pg'; total: number; idle: number; waiting: number }
  /** PGlite: calls sent to its worker and not yet answered (its one backend runs them one after another). */
  | { kind: 'pglite'; pending: number };

export interface Db extends Queryable {
  readonly kind: 'pg' | 'pglite';
  /**
   * Runs `fn` in one transaction: commit on success, rollback on any throw. On PostgreSQL a serialization failure or
   * deadlock is retried a few times, so callers that lock rows need no retry loop of their own.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Pool / queue figures (metrics/plugin.ts); optional so test doubles need not provide it. */
  stats?(): DbStats;
  /**
   * `performance.now()` when the database last answered a statement successfully (any caller, in or out of a
   * transaction); 0 before the first. /api/health takes an answer younger than a second as proof of life instead of
   * queueing its own probe behind a busy engine (http/health.ts). Optional so test doubles need not provide it.
   */
  answeredAt?(): number;
  /**
   * PostgreSQL only (absent on PGlite, whose one process needs no messages between servers): LISTEN on `channel` on a
   * dedicated connection and pass each notification sent by `notify` (notify.ts) from this database and schema to
   * `handlers.message`, in commit order. `handlers.down` is called when the connection is lost (notifications may be
   * missed from then on), `handlers.up` each time LISTEN is in place again (first time included); it reconnects by itself
   * until the returned `stop` is called. Resolves once the first attempt has succeeded or failed.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export interface ListenHandlers {
  message(payload: string): void;
  up(): void;
  down(): void;
}

/**
 * Value conventions, identical on both engines: int8 → number (ids stay far below 2^53), numeric → string (exact; convert
 * only for display), date → 'YYYY-MM-DD' string (no time-zone shift), timestamptz → Date.
 */
export const TYPE_OIDS = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

/** Runs the afterCommit hooks (Queryable.afterCommit) of a committed transaction; one that throws does not stop the others. */
export function runCommitted(committed: (() => void)[]): void {
  for (const fn of committed) {
    try {
      fn();
    } catch {
      // a hook's failure cannot undo the commit; nothing to report it to
    }
  }
}
