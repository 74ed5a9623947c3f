import type { Queryable } from '../db';
import { postMovement } from '../stock/ledger';

/**
 * Demo data for the reports (issue 14), after the registry and the sales demo: a price in force for every demo product
 * with a supplier and no price yet (in the product's currency, so EUR and the foreign ones appear in the valuation's totals),
 * and one transfer through the ledger so a product sits in two warehouses. Idempotent: runs only while no price exists.
 */
export async function seedReportsDemo(q: Queryable): Promise<{ prices: number }> {
  if ((await q.query('SELECT 1 FROM prices LIMIT 1')).rows.length > 0) return { prices: 0 };
  const { rowCount } = await q.query(
    `INSERT INTO prices (product_id, supplier_id, price, currency, start_date)
     SELECT p.id, p.supplier_id, round(1 + (abs(hashtext(p.code)) % 4000)::numeric / 100, 2), p.currency, company_today() - 120
       FROM products p WHERE p.deleted_at IS NULL AND p.supplier_id IS NOT NULL`,
  );
  // Foreign-currency goods on the shelf (USD, CNY), loaded through the ledger where they hold nothing yet.
  const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
  const loads: [string, string, string, string, string | null][] = [
    ['POMPA-ING-8CC', 'Magazzino Centrale', 'PI-2509', '25', day(200)],
    ['LED-PAN-60-40W', 'Deposito Nord', 'LED-2510', '140', null],
  ];
  for (const [code, warehouse, batch, quantity, production] of loads) {
    const { rows: target } = await q.query<{ product_id: number; warehouse_id: number; by: number | null }>(
      `SELECT p.id AS product_id, w.id AS warehouse_id,
              (SELECT id FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1) AS by
         FROM products p, warehouses w
        WHERE p.code = $1 AND p.deleted_at IS NULL AND w.name = $2 AND w.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM stock_balances b WHERE b.product_id = p.id AND b.quantity > 0)`,
      [code, warehouse],
    );
    if (!target[0]) continue;
    await postMovement(
      q,
      {
        movementType: 'C',
        productId: target[0].product_id,
        warehouseId: target[0].warehouse_id,
        batchNumber: batch,
        productionDate: production,
        quantity,
        movementDate: day(35),
        notes: 'Giacenza iniziale (dati dimostrativi)',
      },
      { id: target[0].by },
    );
  }
  // Move part of the central stock of one product to the northern depot, dated a week ago.
  const { rows } = await q.query<{ product_id: number; from_id: number; to_id: number; by: number | null }>(
    `SELECT b.product_id, b.warehouse_id AS from_id, w2.id AS to_id,
            (SELECT id FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1) AS by
       FROM stock_balances b
       JOIN products p ON p.id = b.product_id AND p.code = 'VT-M6-20-INOX'
       JOIN warehouses w1 ON w1.id = b.warehouse_id AND w1.name = 'Magazzino Centrale'
       JOIN warehouses w2 ON w2.name = 'Deposito Nord' AND w2.deleted_at IS NULL
      WHERE b.quantity >= 1000 AND b.batch_number = ''`,
  );
  const t = rows[0];
  if (t) {
    await postMovement(
      q,
      {
        movementType: 'T',
        productId: t.product_id,
        warehouseId: t.from_id,
        destinationWarehouseId: t.to_id,
        quantity: '800',
        movementDate: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
        notes: 'Riassortimento deposito (dati dimostrativi)',
      },
      { id: t.by },
    );
  }
  return { prices: rowCount };
}
