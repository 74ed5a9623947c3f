import { LRUCache } from 'lru-cache';
import type { Db, Queryable } from '../db';
import { ReplyMemo } from './reply-memo';

/**
 * Pages of read-mostly lists kept in the server's memory and still checked against the database on every call, in the
 * call's ONE round trip (issue 12). The registries (products, suppliers, customers, warehouses) are read by every screen
 * that picks one and written a few times a minute; most list calls ask for a page the server has already answered.
 *
 * How it stays exact: migration 013 keeps a counter per table (`data_versions`), raised by statement triggers in every
 * writing transaction, whoever writes (this server, another instance, psql). The page statement reads the sum of the
 * counters of the tables it joins and, in the same statement — the same snapshot —, computes the page only when that sum
 * differs from the one the cached copy was read at:
 *
 *   SELECT v.version, CASE WHEN v.version IS DISTINCT FROM $k THEN (SELECT count(*) …) END,
 *                     CASE WHEN v.version IS DISTINCT FROM $k THEN (SELECT json_agg(…) FROM (page) …) END
 *   FROM (SELECT sum(version) FROM data_versions WHERE name IN (…)) v
 *
 * The two subqueries are init-plans, which PostgreSQL runs only when the CASE reaches them: an unchanged page costs the
 * database one primary-key read. Counters only grow, so an equal sum means that no committed write touched those tables
 * since the copy was read. Only statements outside a transaction use the cache (they see committed data only); a read
 * inside `db.tx` may see its own uncommitted writes and always runs plainly.
 *
 * Each cached page also keeps its answer (http/reply-memo.ts): the JSON text written by the route's serializer and its
 * brotli / gzip forms are made once per version, not per call.
 */

/** What one cached page holds. */
export interface CachedPage<T> {
  version: string;
  total: number;
  rows: T[];
  memo: ReplyMemo;
}

/** At most this many pages, and about this many bytes of page text (the answers' compressed forms are far smaller). */
const MAX_PAGES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

const caches = new WeakMap<Db, LRUCache<string, CachedPage<unknown>>>();

function cacheOf(db: Db): LRUCache<string, CachedPage<unknown>> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, CachedPage<unknown>>({
      max: MAX_PAGES,
      maxSize: MAX_BYTES,
      sizeCalculation: (page) => Math.max(1, page.memo.size),
    });
    caches.set(db, cache);
  }
  return cache;
}

/** A Db (the pool), not a transaction's client: only those reads may use the cache. */
export function isDb(q: Queryable): q is Db {
  return typeof (q as Partial<Db>).tx === 'function';
}

const TABLE_NAME = /^[a-z_]+$/;

/**
 * One page as JSON text and its total, from the cache when the tables' versions are unchanged (see above). `count` and
 * `pageJson` are the statements of http/list.ts `page`; `params` theirs; `tables` every table the page reads.
 */
export async function versionedPage<T>(
  db: Db,
  sql: { count: string; pageJson: string; params: unknown[]; tables: readonly string[] },
): Promise<{ rows: T[]; total: number; memo: ReplyMemo }> {
  for (const t of sql.tables) if (!TABLE_NAME.test(t)) throw new Error(`versionedPage: not a table name: ${t}`);
  const names = sql.tables.map((t) => `'${t}'`).join(', ');
  const k = `$${sql.params.length + 1}`;
  const text = `SELECT __v.version::text AS __version,
      CASE WHEN __v.version IS DISTINCT FROM ${k}::numeric THEN (${sql.count}) END AS __total,
      CASE WHEN __v.version IS DISTINCT FROM ${k}::numeric THEN (${sql.pageJson}) END AS __rows
    FROM (SELECT coalesce(sum(version), 0) AS version FROM data_versions WHERE name IN (${names})) __v`;
  const cache = cacheOf(db);
  const key = `${text}\u0000${JSON.stringify(sql.params)}`;
  const cached = cache.get(key) as CachedPage<T> | undefined;
  const { rows } = await db.query<{ __version: string; __total: string | number | null; __rows: string | null }>(
    text,
    [...sql.params, cached?.version ?? null],
    { prepare: true },
  );
  const r = rows[0];
  if (cached && r.__rows === null && r.__version === cached.version) return cached;
  const json = r.__rows ?? '[]';
  const fresh: CachedPage<T> = {
    version: r.__version,
    total: Number(r.__total ?? 0),
    rows: JSON.parse(json) as T[],
    memo: new ReplyMemo(json.length),
  };
  cache.set(key, fresh as CachedPage<unknown>);
  return fresh;
}
