import { PGlite, types, type Extension } from '@electric-sql/pglite';

// The package's contrib typings are declared ESM-only while its CommonJS build exists: require it, typed by hand.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { btree_gist } = require('@electric-sql/pglite/contrib/btree_gist') as { btree_gist: Extension };
import fs from 'node:fs';
import type { Db, Queryable, QueryResult } from './types';
import { TYPE_OIDS } from './types';

const parsers = {
  [TYPE_OIDS.INT8]: (v: string) => Number(v),
  [TYPE_OIDS.NUMERIC]: (v: string) => v,
  [TYPE_OIDS.DATE]: (v: string) => v,
};

/**
 * Embedded PostgreSQL (WASM) for `npm start` without a database server. `dataDir` persists it; no dataDir keeps it in
 * memory (tests). PGlite has one backend: its transactions run one after another, never interleaved.
 */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // One options object: `new PGlite(undefined, opts)` (in memory) silently ignores opts, parsers included.
  // pg_trgm: so migration 003's trigram index on product codes exists here too ("code contains" filters of the stock and
  // movement lists: 115 ms → 5 ms at 100 000 products).
  // btree_gist: migration 006's exclusion constraint (no two overlapping prices of one product and supplier).
  const lite = new PGlite({ dataDir, parsers, extensions: { pg_trgm, btree_gist } });
  await lite.waitReady;
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  });
  const base = wrap(lite);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    tx: (fn) => lite.transaction((t) => fn(wrap(t))),
    close: () => lite.close(),
  };
}

export { types as pgliteTypes };
