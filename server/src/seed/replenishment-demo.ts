import type { Queryable } from '../db';

/**
 * Demo stock limits (issue 28), after the stock demos: in the first active warehouse that holds stock, three products with a
 * supplier and a price in force get a minimum above what they hold (the home page's "to reorder" card and
 * /operazioni/riordino have lines), two more get limits they meet. Idempotent: runs only while no limit exists.
 */
export async function seedReplenishmentDemo(q: Queryable, by: number | null): Promise<{ limits: number }> {
  if ((await q.query('SELECT 1 FROM stock_limits LIMIT 1')).rows.length > 0) return { limits: 0 };
  const { rowCount } = await q.query(
    `WITH w AS (
       SELECT w.id FROM warehouses w
        WHERE w.deleted_at IS NULL AND w.is_active AND EXISTS (SELECT 1 FROM stock_balances b WHERE b.warehouse_id = w.id AND b.quantity > 0)
        ORDER BY w.id LIMIT 1
     ), candidates AS (
       SELECT p.id AS product_id, w.id AS warehouse_id,
              coalesce((SELECT sum(b.quantity) FROM stock_balances b WHERE b.product_id = p.id AND b.warehouse_id = w.id), 0) AS held,
              row_number() OVER (ORDER BY p.code) AS n
         FROM products p CROSS JOIN w
        WHERE p.deleted_at IS NULL AND p.status = 'active' AND p.supplier_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM price_in_force(company_today()) pf WHERE pf.product_id = p.id AND pf.supplier_id = p.supplier_id)
          AND NOT EXISTS (SELECT 1 FROM purchase_order_items i JOIN purchase_orders o ON o.id = i.order_id
                           WHERE i.product_id = p.id AND o.deleted_at IS NULL AND o.status <> 'fullyReceived')
     )
     INSERT INTO stock_limits (product_id, warehouse_id, min_quantity, max_quantity, updated_by)
     SELECT product_id, warehouse_id,
            CASE WHEN n <= 3 THEN ceil(held) + 20 ELSE 0 END,
            CASE WHEN n <= 3 THEN ceil(held) + 100 ELSE greatest(ceil(held), 1) + 50 END,
            $1
       FROM candidates WHERE n <= 5`,
    [by],
  );
  return { limits: rowCount };
}
