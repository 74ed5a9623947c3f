import { createHash } from 'node:crypto';
import { Client, Pool, types, type PoolClient } from 'pg';
import type { Db, ListenHandlers, Queryable, QueryOptions, QueryResult } from './types';
import { runCommitted, TYPE_OIDS } from './types';

types.setTypeParser(TYPE_OIDS.INT8, (v) => Number(v));
types.setTypeParser(TYPE_OIDS.DATE, (v) => v);

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const MAX_ATTEMPTS = 5;

/** The name of a prepared statement: a hash of its text, so one text is one statement on every connection. */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `wms_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 5000) statementNames.set(sql, name);
  }
  return name;
}

/** When the database last answered (Db.answeredAt). */
interface Answers {
  at: number;
}

function wrap(client: Pool | PoolClient, answers: Answers, committed?: (() => void)[]): Queryable {
  const q: Queryable = {
    async query<T>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>> {
      const r = opts?.prepare
        ? await client.query({ name: statementName(sql), text: sql, values: params as unknown[] })
        : await client.query(sql, params as unknown[]);
      answers.at = performance.now();
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
      answers.at = performance.now();
    },
  };
  if (committed) q.afterCommit = (fn) => void committed.push(fn);
  return q;
}

/** A real PostgreSQL. `schema` isolates a test run (every connection gets that search_path). */
export function createPgDb(connectionString: string, opts: { schema?: string; max?: number } = {}): Db {
  const options = opts.schema ? `-c search_path=${opts.schema}` : undefined;
  const pool = new Pool({ connectionString, max: opts.max ?? 10, options });
  // An idle connection the server ends (a restart, a failover, pg_terminate_backend) is dropped by the pool and replaced
  // on the next query; without a listener its 'error' event would end the whole process.
  pool.on('error', () => undefined);
  const listeners = new Set<() => Promise<void>>();
  const answers: Answers = { at: 0 };
  const base = wrap(pool, answers);
  return {
    kind: 'pg',
    answeredAt: () => answers.at,
    stats: () => ({ kind: 'pg', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    query: base.query,
    exec: base.exec,
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        const committed: (() => void)[] = [];
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client, answers, committed));
          await client.query('COMMIT');
          runCommitted(committed);
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          const code = (err as { code?: string }).code;
          if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw err;
          await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 10));
        } finally {
          client.release();
        }
      }
    },
    async listen(channel: string, handlers: ListenHandlers) {
      const stop = await listenOn(connectionString, options, channel, handlers);
      const remove = async () => {
        listeners.delete(remove);
        await stop();
      };
      listeners.add(remove);
      return remove;
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** Waits between reconnections of a listener: from 50 ms, doubling, at most 2 s. */
const RECONNECT_MS = { first: 50, max: 2_000 };

/**
 * LISTEN on a dedicated connection (not the pool's: a pooled connection goes back to others), reconnecting whenever it is
 * lost. Only payloads `<schema>:<rest>` of the connection's own schema are passed on, without the prefix (notify.ts).
 */
async function listenOn(connectionString: string, options: string | undefined, channel: string, handlers: ListenHandlers) {
  let stopped = false;
  let client: Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wait = RECONNECT_MS.first;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
    wait = Math.min(wait * 2, RECONNECT_MS.max);
  };

  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString, options });
    client = c;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      if (stopped) return;
      handlers.down();
      retry();
    };
    c.on('error', onLost);
    c.on('end', onLost);
    try {
      await c.connect();
      const { rows } = await c.query<{ schema: string }>('SELECT current_schema() AS schema');
      const prefix = `${rows[0].schema}:`;
      c.on('notification', (n) => {
        if (n.channel === channel && n.payload?.startsWith(prefix)) handlers.message(n.payload.slice(prefix.length));
      });
      await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      if (stopped || lost) return;
      wait = RECONNECT_MS.first;
      handlers.up();
    } catch {
      onLost();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
