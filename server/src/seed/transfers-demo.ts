import type { Queryable } from '../db';
import { createTransfer, receiveTransfer, shipTransfer } from '../transfers/posting';

/**
 * Demo transfers (issue 26), through the transfers domain and so through the ledger: one received, one in transit, one
 * draft, between the first two demo warehouses, of goods on hand in the first (batches in FEFO order). Runs inside the demo
 * seed's transaction; does nothing once any transfer exists or without two warehouses and stock.
 */
export async function seedTransfersDemo(q: Queryable, by: number | null): Promise<number> {
  if (by === null || (await q.query('SELECT 1 FROM transfers LIMIT 1')).rows.length > 0) return 0;
  const { rows: sites } = await q.query<{ id: number }>(
    'SELECT id FROM warehouses WHERE deleted_at IS NULL AND is_active AND NOT is_transit ORDER BY id LIMIT 2',
  );
  if (sites.length < 2) return 0;
  const [from, to] = sites.map((s) => s.id);
  // Goods with at least 12 on hand at the source, earliest expiry first: three lines of 2, one per product.
  const { rows: stock } = await q.query<{ product_id: number; batch_number: string }>(
    `SELECT DISTINCT ON (b.product_id) b.product_id, b.batch_number
       FROM stock_balances b JOIN products p ON p.id = b.product_id AND p.deleted_at IS NULL AND p.status = 'active'
      WHERE b.warehouse_id = $1 AND b.quantity >= 12
      ORDER BY b.product_id, b.expiry_date ASC NULLS LAST, b.batch_number
      LIMIT 3`,
    [from],
  );
  if (stock.length === 0) return 0;
  const user = { id: by };
  const { rows: today } = await q.query<{ d: string }>(`SELECT to_char(company_today(), 'YYYY-MM-DD') AS d`);
  const make = (notes: string, packages: number) =>
    createTransfer(
      q,
      {
        from_warehouse_id: from,
        to_warehouse_id: to,
        transfer_date: today[0].d,
        lines: stock.map((s) => ({ product_id: s.product_id, batch_number: s.batch_number || null, quantity: '2' })),
        carrier: 'Trasporti Bianchi S.r.l.',
        packages,
        gross_weight: '48.5',
        notes,
      },
      user,
    );
  const received = await make('Rifornimento settimanale', 4);
  await shipTransfer(q, received, false, user);
  await receiveTransfer(q, received, {}, user);
  await shipTransfer(q, await make('In viaggio verso la sede di destinazione', 3), false, user);
  await make('Da preparare', 2);
  return 3;
}
