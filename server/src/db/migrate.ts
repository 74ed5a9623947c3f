import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from './types';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');

/** The migration files of `dir`, in the order they are applied. */
function migrationFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
}

/**
 * The migration files of `dir` not recorded in schema_migrations (all of them when the table does not exist yet): empty
 * when the database has this server's schema. One read of a small table (/api/ready, http/health.ts).
 */
export async function pendingMigrations(db: Queryable, dir = MIGRATIONS_DIR): Promise<string[]> {
  const exists = await db.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
  if (!exists.rows[0]?.t) return migrationFiles(dir);
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  return migrationFiles(dir).filter((f) => !done.has(f));
}

/**
 * Applies `migrations/NNN_name.sql` in name order, each once, each in its own transaction, recorded in
 * schema_migrations. An advisory lock keeps two servers starting together from applying the same file twice.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  const applied: string[] = [];
  const done = await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727274)');
    await q.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    return new Set((await q.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  });
  for (const file of files.filter((f) => !done.has(f))) {
    // One transaction per file: a failing migration leaves the ones before it applied and recorded, and is itself all or
    // nothing. The lock is taken again for each; a file another server applied meanwhile is skipped.
    const ran = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock(727274)');
      const done = await q.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.rowCount > 0) return false;
      await q.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
