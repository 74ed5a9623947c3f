import { MAX_SEARCH_WORDS } from '@wms/shared-api';
import type { Queryable } from '../db';
import { isDb, versionedPage } from './page-cache';
import type { ReplyMemo } from './reply-memo';

/**
 * The list kit of every domain's query module (sql.ts / *-queries.ts): WHERE building, "contains" search, one page with
 * its total, and `sendPage` for the route. Every value travels as a parameter; only whitelisted column names are spliced.
 *
 *   const where = new Where('t.deleted_at IS NULL');
 *   for (const word of searchWords(f.q)) where.add('t.search LIKE lower(?)', containsPattern(word));
 *   return page<Row>(q, { select, from, where, orderBy: `${ORDER[f.sort ?? 'name']} ${direction(f.order)}` }, f.limit, f.offset);
 *   // the route: return sendPage(reply, await sql.listThings(db, request.query));   (http/page.ts)
 */

/** One page of a list and the number of all its matches (the route answers it with http/page.ts `sendPage`). */
export interface Page<T> {
  rows: T[];
  total: number;
  /** Set on a page from the page cache: its answer is made once per version (http/reply-memo.ts). */
  memo?: ReplyMemo;
}

/** 'ASC' or 'DESC' for a list's `order` (absent: ascending). */
export function direction(order: 'asc' | 'desc' | undefined): 'ASC' | 'DESC' {
  return order === 'desc' ? 'DESC' : 'ASC';
}

/** `%word%` for LIKE, with LIKE's own wildcards in the word taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words of a free-text search ("vite  inox" → ['vite', 'inox']), at most `max`. */
export function searchWords(q: string | undefined, max = MAX_SEARCH_WORDS): string[] {
  return (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, max);
}

/** Collects WHERE conditions and their parameters: `where.add('p.status = ?', status)`. */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  constructor(...always: string[]) {
    this.parts.push(...always);
  }

  /** The next parameter placeholder for `value` ($n). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Adds a condition; each `?` in it becomes a placeholder for the next value. */
  add(condition: string, ...values: unknown[]): this {
    let i = 0;
    this.parts.push(condition.replace(/\?/g, () => this.param(values[i++])));
    return this;
  }

  toString(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/**
 * One page of a list and its total, in ONE round trip: the count and the page are two subqueries of one statement,
 *
 *   SELECT __c.__total, __p.* FROM (SELECT count(*) …) __c LEFT JOIN LATERAL (SELECT … LIMIT … OFFSET …) __p ON true
 *
 * so each keeps its own plan (the page walks its index and stops after `limit` rows; a `count(*) OVER ()` instead would
 * make the database sort every match). An empty page still answers one row carrying the total (its page columns null).
 * On PostgreSQL it runs as a prepared statement: a list's few shapes are planned once per connection (planning took
 * longer than running a 50-row page).
 *
 * `opts.asJson`: the page's rows come back as ONE json text value (`json_agg` over the ordered page, parsed here)
 * instead of rows × columns fields. Decoding each field is most of a driver's work on a wide page (pg-protocol, and
 * PGlite's parser copies every field before decoding it, then the worker's answer is cloned field by field to the
 * event loop): one string is far cheaper. Only for pages whose columns JSON carries exactly — text, booleans, integer
 * ids, timestamps already formatted as text (isoTimestamp); NOT numeric (JSON numbers would come back as floats).
 *
 * `opts.cachedBy` (with asJson): every table the page reads, each kept in `data_versions` (migration 013). Outside a
 * transaction the page then comes from the page cache while those tables are unchanged, still in one round trip
 * (http/page-cache.ts); the rows of a cached page are shared between calls and must not be changed.
 */
export async function page<T>(
  q: Queryable,
  sql: { select: string; from: string; where: Where; orderBy: string },
  limit: number,
  offset: number,
  opts: { asJson?: boolean; cachedBy?: readonly string[] } = {},
): Promise<Page<T>> {
  const n = sql.where.params.length;
  const params = [...sql.where.params, limit, offset];
  const count = `SELECT count(*) AS __total ${sql.from} ${sql.where}`;
  const pageSql = `SELECT ${sql.select} ${sql.from} ${sql.where} ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`;
  if (opts.asJson) {
    // json_agg reads the page subquery in its ORDER BY order (a plain scan of an ordered subquery keeps its order).
    const pageJson = `SELECT coalesce(json_agg(__p), '[]')::text FROM (${pageSql}) __p`;
    if (opts.cachedBy && isDb(q)) return versionedPage<T>(q, { count, pageJson, params, tables: opts.cachedBy });
    const { rows } = await q.query<{ __total: number | string; __rows: string }>(
      `SELECT __c.__total, (${pageJson}) AS __rows FROM (${count}) __c`,
      params,
      { prepare: true },
    );
    return { rows: rows.length ? (JSON.parse(rows[0].__rows) as T[]) : [], total: rows.length ? Number(rows[0].__total) : 0 };
  }
  const { rows } = await q.query<T & { __total: number | string; __row: boolean | null }>(
    `SELECT __c.__total, __p.* FROM (${count}) __c
       LEFT JOIN LATERAL (SELECT true AS __row, ${sql.select} ${sql.from} ${sql.where}
                           ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}) __p ON true`,
    params,
    { prepare: true },
  );
  const total = rows.length ? Number(rows[0].__total) : 0;
  const pageRows: T[] = [];
  for (const row of rows) {
    if (!row.__row) continue;
    const { __total: _total, __row: _row, ...rest } = row;
    pageRows.push(rest as unknown as T);
  }
  return { rows: pageRows, total };
}

/**
 * A timestamptz column as the API's ISO text (`2026-11-23T05:57:01.123Z`, what `Date.toISOString()` writes), formatted
 * by the database: a hot list then skips parsing each timestamp into a Date and printing it back (≈ 6 % of the server's
 * CPU on a 50-row products page). `AS` the column's own name unless `as` is given.
 */
export function isoTimestamp(column: string, as = column.replace(/^.*\./, '')): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${as}`;
}

/** Timestamps leave the database as Date; the API speaks ISO strings. */
export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
