import { createHash } from 'node:crypto';
import { Pool, types, type PoolClient } from 'pg';
import type { Db, Queryable, QueryOptions, QueryResult } from './types';
import { TYPE_OIDS } from './types';

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

function wrap(client: Pool | PoolClient, answers: Answers): Queryable {
  return {
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
}

/** A real PostgreSQL. `schema` isolates a test run (every connection gets that search_path). */
export function createPgDb(connectionString: string, opts: { schema?: string; max?: number } = {}): Db {
  const pool = new Pool({
    connectionString,
    max: opts.max ?? 10,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
  });
  const answers: Answers = { at: 0 };
  const base = wrap(pool, answers);
  return {
    kind: 'pg',
    answeredAt: () => answers.at,
    query: base.query,
    exec: base.exec,
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client, answers));
          await client.query('COMMIT');
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
    close: () => pool.end(),
  };
}
