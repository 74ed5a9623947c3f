import type { Queryable } from '../db';

export interface LevelMismatch {
  product_id: string;
  warehouse_id: string;
  kept: string | null;
  counted: string | null;
}

/**
 * The invariant of migration 024: every (product, warehouse) level row equals a count from scratch — the sum of its
 * balances, the earliest expiry of its batches in stock, its limit's minimum — and every pair with a balance or a limit
 * has one. A row left with nothing (no balance, no limit, quantity 0: a limit removed before any stock) is no mismatch.
 * Returns the rows that differ (none when the triggers kept everything exact); used by the tests and the benchmark.
 */
export async function levelsMatchRecount(q: Queryable): Promise<LevelMismatch[]> {
  const { rows } = await q.query<LevelMismatch>(
    `WITH counted AS (
       SELECT coalesce(b.product_id, l.product_id) AS product_id, coalesce(b.warehouse_id, l.warehouse_id) AS warehouse_id,
              l.min_quantity, coalesce(b.quantity, 0) AS quantity, b.first_expiry
         FROM (SELECT product_id, warehouse_id, sum(quantity) AS quantity,
                      min(expiry_date) FILTER (WHERE quantity > 0) AS first_expiry
                 FROM stock_balances GROUP BY product_id, warehouse_id) b
         FULL JOIN stock_limits l ON l.product_id = b.product_id AND l.warehouse_id = b.warehouse_id
     )
     SELECT coalesce(k.product_id, c.product_id)::text AS product_id, coalesce(k.warehouse_id, c.warehouse_id)::text AS warehouse_id,
            CASE WHEN k.product_id IS NOT NULL THEN concat_ws(' ', k.min_quantity, k.quantity, k.first_expiry) END AS kept,
            CASE WHEN c.product_id IS NOT NULL THEN concat_ws(' ', c.min_quantity, c.quantity, c.first_expiry) END AS counted
       FROM stock_limit_levels k
       FULL JOIN counted c ON c.product_id = k.product_id AND c.warehouse_id = k.warehouse_id
      WHERE CASE WHEN c.product_id IS NULL THEN k.min_quantity IS NOT NULL OR k.quantity <> 0 OR k.first_expiry IS NOT NULL
                 WHEN k.product_id IS NULL THEN true
                 ELSE (k.min_quantity, k.quantity, k.first_expiry) IS DISTINCT FROM (c.min_quantity, c.quantity, c.first_expiry) END
      ORDER BY 1, 2`,
  );
  return rows;
}
