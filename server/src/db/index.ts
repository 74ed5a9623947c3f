import path from 'node:path';
import { createPgDb } from './pg';
import { createPgliteDb } from './pglite';
import { migrate } from './migrate';
import type { Db } from './types';

export type { Db, DbStats, ListenHandlers, Queryable, QueryResult } from './types';
export { notify } from './notify';
export { migrate, pendingMigrations } from './migrate';
export { dumpPgliteDataDir } from './pglite';

export interface DbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL only: a schema to work in (created if missing), so parallel test files never see each other. */
  schema?: string;
  /** PGlite only: keep everything in memory. */
  inMemory?: boolean;
  /** PGlite only: start from this data-directory tarball (`dumpPgliteDataDir`), then migrate what it lacks. */
  loadDataDir?: Uint8Array;
}

/** PostgreSQL when a URL is given, else embedded PGlite; migrated and ready. */
export async function openDb(opts: DbOptions): Promise<Db> {
  let db: Db;
  if (opts.databaseUrl) {
    if (opts.schema) {
      const admin = createPgDb(opts.databaseUrl, { max: 1 });
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schema.replace(/"/g, '')}"`);
      await admin.close();
    }
    db = createPgDb(opts.databaseUrl, { schema: opts.schema });
  } else {
    db = await createPgliteDb(opts.inMemory ? undefined : path.resolve(opts.dataDir ?? './data'), { loadDataDir: opts.loadDataDir });
  }
  await migrate(db);
  return db;
}
export { isUniqueViolation } from './errors';
