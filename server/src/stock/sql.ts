import type { Queryable } from '../db';
import { containsPattern } from '../http/list';

/** Small SQL fragments shared by the stock queries. */

/**
 * A date column as 'yyyy-MM-dd' text, made in SQL: the value is the same on every driver whatever its date parser is
 * configured to do (a Date at UTC midnight would shift a day in some time zones).
 */
export const isoDay = (column: string, as = column.replace(/^\w+\./, '')): string => `to_char(${column}, 'YYYY-MM-DD') AS ${as}`;

/** Above this many matching products an id list stops paying off; the filter is then kept as a subquery. */
const MAX_LISTED_PRODUCTS = 5000;

/**
 * Product ids whose code / description / category contain the given texts — looked up once, so a page query and its
 * count do not both scan products. null when more than MAX_LISTED_PRODUCTS match (use `productFilterSql` instead).
 */
export async function matchingProductIds(
  q: Queryable,
  texts: { code?: string; description?: string; category?: string },
): Promise<number[] | null> {
  const params: unknown[] = [];
  const where = productFilterSql(texts, params);
  const { rows } = await q.query<{ id: number }>(`SELECT id FROM products WHERE ${where} LIMIT ${MAX_LISTED_PRODUCTS + 1}`, params);
  return rows.length > MAX_LISTED_PRODUCTS ? null : rows.map((r) => r.id);
}

/** The WHERE condition on products for the given texts (parameters appended to `params`). */
export function productFilterSql(texts: { code?: string; description?: string; category?: string }, params: unknown[]): string {
  const parts: string[] = [];
  for (const column of ['code', 'description', 'category'] as const) {
    const text = texts[column];
    if (!text) continue;
    params.push(containsPattern(text));
    parts.push(`${column} ILIKE $${params.length}`);
  }
  return parts.length ? parts.join(' AND ') : 'true';
}
