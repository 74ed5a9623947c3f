import { companyDay, subtractDecimals, sumDecimals, compareDecimals } from '@wms/shared-api';
import type { Queryable } from '../db';
import { applyCount } from '../inventory/apply';
import * as sql from '../inventory/queries';

/**
 * Demo inventory counts (issue 25), through the inventory module's own functions and so through the ledger: one count of
 * the bolts family at Magazzino Centrale, counted with a loss and a gain and applied (INV adjustments in the item
 * history), and one whole-warehouse count of Cella Refrigerata left open and half counted. Idempotent: does nothing once
 * any count exists. Needs the registry, sales and receipts demos first (stock to count).
 */

const APPLIED = { warehouse: 'Magazzino Centrale', family: 'Viteria e bulloneria', notes: 'Inventario annuale bulloneria' };
const OPEN = { warehouse: 'Cella Refrigerata', notes: 'Inventario di fine mese: conteggio in corso' };

async function warehouseId(q: Queryable, name: string): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>('SELECT id FROM warehouses WHERE name = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1', [
    name,
  ]);
  return rows[0]?.id ?? null;
}

/** The count's lines of active products, by code: what a demo counter can count. */
async function countableLines(q: Queryable, countId: number) {
  const { rows } = await q.query<{ product_id: number; batch_number: string; book: string; has_batch: boolean }>(
    `SELECT l.product_id, l.batch_number, l.book_quantity::text AS book, p.has_batch
       FROM inventory_count_lines l JOIN products p ON p.id = l.product_id
      WHERE l.count_id = $1 AND p.status = 'active' AND p.deleted_at IS NULL
      ORDER BY p.code, l.batch_number`,
    [countId],
  );
  return rows;
}

async function start(q: Queryable, warehouse: number, family: string | null, notes: string, by: number | null): Promise<number> {
  const id = await sql.insertCount(q, { warehouseId: warehouse, family, productIds: null, notes, day: companyDay(), userId: by });
  await sql.snapshotLines(q, id, warehouse, family ? 'family' : 'all');
  return id;
}

export async function seedInventoryDemo(q: Queryable, by: number | null): Promise<void> {
  const { rows } = await q.query('SELECT 1 FROM inventory_counts LIMIT 1');
  if (rows.length > 0) return;
  const central = await warehouseId(q, APPLIED.warehouse);
  const cold = await warehouseId(q, OPEN.warehouse);
  if (central === null || cold === null) return;

  // Applied: a loss on the first product with stock, a gain on the second (or on a product without stock), the rest as booked.
  const applied = await start(q, central, APPLIED.family, APPLIED.notes, by);
  const lines = await countableLines(q, applied);
  const stocked = lines.filter((l) => compareDecimals(l.book, 1) >= 0);
  const counted = lines.map((l) => {
    const loss = l === stocked[0];
    const gain = l === (stocked[1] ?? lines.find((x) => compareDecimals(x.book, 0) === 0 && !x.has_batch));
    const quantity = loss ? subtractDecimals(l.book, '1') : gain ? sumDecimals([l.book, '3']) : l.book;
    return { product_id: l.product_id, batch_number: l.batch_number, counted_quantity: quantity, expiry_date: null, production_date: null };
  });
  if (counted.length > 0) {
    await sql.saveCounts(q, applied, counted, by);
    await applyCount(q, applied, 'unchanged', { id: by });
  }

  // Open: half of the cold room counted as booked, one batch short by one.
  const open = await start(q, cold, null, OPEN.notes, by);
  const coldLines = await countableLines(q, open);
  const half = coldLines.slice(0, Math.ceil(coldLines.length / 2)).map((l, i) => ({
    product_id: l.product_id,
    batch_number: l.batch_number,
    counted_quantity: i === 0 && compareDecimals(l.book, 1) >= 0 ? subtractDecimals(l.book, '1') : l.book,
    expiry_date: null,
    production_date: null,
  }));
  if (half.length > 0) await sql.saveCounts(q, open, half, by);
}
