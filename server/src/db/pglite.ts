import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable, QueryResult } from './types';
import { runCommitted, TYPE_OIDS } from './types';

export interface PgliteOptions {
  /**
   * Start from this copy of a data directory (a tarball from `dumpPgliteDataDir`) instead of an empty cluster: tests open
   * one migrated copy per file instead of running initdb and every migration each time.
   */
  loadDataDir?: Uint8Array;
}

/**
 * Embedded PostgreSQL (WASM) for `npm start` without a database server. `dataDir` persists it; no dataDir keeps it in
 * memory (tests).
 *
 * PGlite runs every query on the thread that calls it: on the server's event loop, 50 clients on a list made a static
 * file wait seconds. So PGlite lives in a worker thread and this module talks to it by messages, behind the same Db
 * interface: the event loop only sends SQL and receives rows. PGlite has one backend: its transactions run one after
 * another, never interleaved — `tx` holds PGlite's own transaction (and its lock) in the worker until `fn` settles here,
 * so statements of other requests wait for it exactly as they would in-process.
 */
export async function createPgliteDb(dataDir?: string, opts: PgliteOptions = {}): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // `__name`: tsx/esbuild (npm run dev, bench) wrap functions in it to keep their names; the worker has no such helper.
  const worker = new Worker(`var __name = (f) => f;\n(${workerMain.toString()})()`, {
    eval: true,
    workerData: {
      dataDir,
      pglite: require.resolve('@electric-sql/pglite'),
      // pg_trgm: so migration 003's trigram index on product codes exists here too ("code contains" filters of the stock
      // and movement lists: 115 ms → 5 ms at 100 000 products).
      pgTrgm: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
      // btree_gist: migration 006's exclusion constraint (no two overlapping prices of one product and supplier).
      btreeGist: require.resolve('@electric-sql/pglite/contrib/btree_gist'),
      oids: TYPE_OIDS,
      loadDataDir: opts.loadDataDir,
    },
  });
  const client = new WorkerClient(worker);
  await client.call({ op: 'open' });

  const on = (tx?: number, committed?: (() => void)[]): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      return reviveDates((await client.call({ op: 'query', sql, params, tx })) as QueryResult<T>);
    },
    async exec(sql: string): Promise<void> {
      await client.call({ op: 'exec', sql, tx });
    },
    ...(committed ? { afterCommit: (fn: () => void) => void committed.push(fn) } : {}),
  });
  const base = on();
  return {
    kind: 'pglite',
    answeredAt: () => client.answeredAt,
    stats: () => ({ kind: 'pglite', pending: client.pendingCalls }),
    query: base.query,
    exec: base.exec,
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const tx = (await client.call({ op: 'begin' })) as number;
      const committed: (() => void)[] = [];
      let result: T;
      try {
        result = await fn(on(tx, committed));
      } catch (err) {
        await client.call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await client.call({ op: 'end', tx, commit: true });
      runCommitted(committed);
      return result;
    },
    async close() {
      await client.call({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
    [DUMP]: async () => (await client.call({ op: 'dump' })) as Uint8Array,
  } as Db;
}

const DUMP = Symbol('dumpDataDir');

/** The whole data directory of a PGlite `Db` as an uncompressed tarball (for `PgliteOptions.loadDataDir`). */
export async function dumpPgliteDataDir(db: Db): Promise<Uint8Array> {
  const dump = (db as unknown as Record<symbol, (() => Promise<Uint8Array>) | undefined>)[DUMP];
  if (db.kind !== 'pglite' || !dump) throw new Error('only an embedded (PGlite) database can be dumped');
  return dump();
}

/**
 * timestamptz values arrive as Dates of the realm that received the message. In the server that is this realm; under
 * Jest (a separate vm context) it is not, and `instanceof Date` (zod's z.date(), the tests) would fail: rebuild them here.
 */
function reviveDates<T>(r: QueryResult<T>): QueryResult<T> {
  for (const row of r.rows as Record<string, unknown>[]) {
    for (const k in row) {
      const v = row[k];
      if (typeof v === 'object' && v !== null && !(v instanceof Date) && Object.prototype.toString.call(v) === '[object Date]') {
        row[k] = new Date((v as Date).getTime());
      }
    }
  }
  return r;
}

interface Request {
  op: 'open' | 'query' | 'exec' | 'begin' | 'end' | 'close' | 'dump';
  sql?: string;
  params?: unknown[];
  tx?: number;
  commit?: boolean;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** Request/answer over the worker's message port. The worker keeps the process alive only while an answer is awaited. */
class WorkerClient {
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private dead: Error | null = null;
  /** performance.now() of the worker's last successful answer (Db.answeredAt). */
  answeredAt = 0;

  /** Calls sent and not yet answered (Db.stats). */
  get pendingCalls(): number {
    return this.pending.size;
  }

  constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      if (m.ok) {
        this.answeredAt = performance.now();
        p.resolve(m.result);
      } else p.reject(Object.assign(new Error(String(m.error.message)), m.error));
    });
    const fail = (err: Error) => {
      this.dead = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PGlite worker exited (code ${code})`)));
  }

  call(req: Request): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...req });
    });
  }
}

/**
 * The worker's program (run with `eval`, so it needs no separate file in src/ and dist/): plain JavaScript, only
 * `require`. Value conventions as on PostgreSQL (types.ts): int8 → number, numeric → string, date → 'YYYY-MM-DD'.
 */
/* istanbul ignore next */
function workerMain(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { parentPort, workerData } = require('node:worker_threads');
  const { PGlite } = require(workerData.pglite);
  const { pg_trgm } = require(workerData.pgTrgm);
  const { btree_gist } = require(workerData.btreeGist);
  const oids = workerData.oids;
  type Q = {
    query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;
    exec: (sql: string) => Promise<unknown>;
  };
  let lite: Q & { waitReady: Promise<void>; close: () => Promise<void>; transaction: (fn: (t: Q) => Promise<void>) => Promise<void> };
  const txs = new Map<number, Q>();
  const ends = new Map<number, { commit: () => void; rollback: (e: Error) => void }>();
  const settled = new Map<number, Promise<void>>();

  const errorOf = (err: unknown) => {
    const e = (err ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = { message: String(e.message ?? err) };
    for (const k of Object.keys(e)) {
      const v = e[k];
      if (v === undefined || typeof v === 'function' || (typeof v === 'object' && v !== null)) continue;
      out[k] = v;
    }
    return out;
  };
  const target = (tx?: number): Q => {
    if (tx === undefined) return lite;
    const t = txs.get(tx);
    if (!t) throw new Error(`transaction ${tx} is not open`);
    return t;
  };

  const handle = async (m: { id: number; op: string; sql: string; params?: unknown[]; tx?: number; commit?: boolean }) => {
    switch (m.op) {
      case 'open': {
        const parsers = { [oids.INT8]: (v: string) => Number(v), [oids.NUMERIC]: (v: string) => v, [oids.DATE]: (v: string) => v };
        // One options object: `new PGlite(undefined, opts)` (in memory) silently ignores opts, parsers included.
        const loadDataDir = workerData.loadDataDir ? new Blob([workerData.loadDataDir]) : undefined;
        lite = new PGlite({ dataDir: workerData.dataDir, loadDataDir, parsers, extensions: { pg_trgm, btree_gist } });
        await lite.waitReady;
        return null;
      }
      case 'query': {
        const r = await target(m.tx).query(m.sql, m.params);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      }
      case 'exec':
        await target(m.tx).exec(m.sql);
        return null;
      case 'begin':
        return new Promise<number>((resolveBegin, rejectBegin) => {
          const done = lite.transaction(
            (t) =>
              new Promise<void>((commit, rollback) => {
                txs.set(m.id, t);
                ends.set(m.id, { commit, rollback });
                resolveBegin(m.id);
              }),
          );
          settled.set(m.id, done);
          done.catch(rejectBegin).finally(() => {
            txs.delete(m.id);
            ends.delete(m.id);
            settled.delete(m.id);
          });
        });
      case 'end': {
        const tx = m.tx as number;
        const end = ends.get(tx);
        const done = settled.get(tx);
        if (!end || !done) throw new Error(`transaction ${tx} is not open`);
        if (m.commit) {
          end.commit();
          await done;
        } else {
          end.rollback(new Error('rolled back'));
          await done.catch(() => undefined);
        }
        return null;
      }
      case 'close':
        await lite?.close();
        return null;
      case 'dump': {
        const blob = await (lite as unknown as { dumpDataDir: (c: string) => Promise<Blob> }).dumpDataDir('none');
        return new Uint8Array(await blob.arrayBuffer());
      }
      default:
        throw new Error(`unknown op ${m.op}`);
    }
  };

  parentPort.on('message', (m: { id: number; op: string; sql: string }) => {
    handle(m as never).then(
      (result) => parentPort.postMessage({ id: m.id, ok: true, result }),
      (err) => parentPort.postMessage({ id: m.id, ok: false, error: errorOf(err) }),
    );
  });
}
