/** Throw-away PostgreSQL databases beside the one at DATABASE_URL (backup and upgrade tests need whole databases). */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Queryable } from '../../src/db';

/** The URL of database `name` on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  u.search = '';
  return u.toString();
}

async function admin<T>(baseUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Creates an empty database named `<base database>_<label>_<random>` and returns its name and URL. */
export async function createDatabase(baseUrl: string, label: string): Promise<{ name: string; url: string }> {
  const base = new URL(baseUrl).pathname.slice(1) || 'wms';
  const name = `${base}_${label}_${randomBytes(3).toString('hex')}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  await admin(baseUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  return { name, url: databaseUrl(baseUrl, name) };
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Rows of every table of the current schema, by table name. */
export async function rowCounts(q: Queryable): Promise<Record<string, number>> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    counts[name] = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)).rows[0].n;
  }
  return counts;
}
