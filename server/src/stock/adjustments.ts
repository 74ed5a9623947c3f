import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { countPosting } from '../metrics/counters';
import { stockMessages as msg } from './messages';
import type { Actor, SourceDocument } from './types';

/**
 * Many adjustments of one warehouse in one step (issue 25: applying an inventory count of 20 000 lines): each line a
 * load (C, a gain) or an unload (S, a loss) of one (product, batch), written as the ledger writes a posting — the balance
 * and its ledger row in the caller's transaction — but set-wise: three statements for any number of lines instead of
 * four round trips per line. The same locks in the same order as `ledger.ts` (products FOR SHARE, the warehouse FOR
 * SHARE, every balance row FOR UPDATE in (product, warehouse, batch) order), the same date merge as a load's upsert
 * (balances.ts), the same refusals (409 PRODUCT_INACTIVE, WAREHOUSE_INACTIVE, INSUFFICIENT_STOCK, QUANTITY_OVERFLOW; the
 * balances' CHECK is the last line of defence). The derived tables (live counters, report totals and closings) follow
 * from the ledger's statement triggers as for any insert. ledger.ts itself is unchanged.
 *
 * For gains the caller passes the batch's dates (an inventory count takes them from stock: a count never re-dates a
 * batch); a loss keeps the row's dates.
 */
export interface Adjustment {
  productId: number;
  batchNumber: string;
  /** Signed exact decimal text: > 0 a gain (C), < 0 a loss (S). Zero is not an adjustment. One per (product, batch). */
  delta: string;
  productionDate: string | null;
  expiryDate: string | null;
  /** The document line (an inventory count line). */
  sourceLineId: number;
}

export interface AdjustmentBatch {
  warehouseId: number;
  sourceType: 'INV';
  sourceDocument: SourceDocument;
  movementDate: string;
  lines: Adjustment[];
}

/** Posts every adjustment; returns the ledger row id per source line. */
export async function postAdjustments(q: Queryable, batch: AdjustmentBatch, actor: Actor): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (batch.lines.length === 0) return out;
  const keys = new Set(batch.lines.map((l) => `${l.productId}\u0000${l.batchNumber}`));
  if (keys.size !== batch.lines.length) throw new Error('postAdjustments: one adjustment per (product, batch)');
  const productIds = [...new Set(batch.lines.map((l) => l.productId))].sort((a, b) => a - b);
  const products = await q.query<{ id: number; code: string; status: string }>(
    'SELECT id, code, status FROM products WHERE id = ANY ($1::bigint[]) AND deleted_at IS NULL ORDER BY id FOR SHARE',
    [productIds],
  );
  const inactive = products.rows.find((p) => p.status !== 'active');
  if (inactive) throw new AppError(409, 'PRODUCT_INACTIVE', msg.productInactive, { code: inactive.code });
  if (products.rows.length !== productIds.length) {
    const missing = productIds.find((id) => !products.rows.some((p) => p.id === id));
    throw new AppError(400, 'PRODUCT_NOT_FOUND', msg.productNotFound, { id: missing ?? 0 });
  }
  const wh = await q.query<{ name: string; is_active: boolean }>(
    'SELECT name, is_active FROM warehouses WHERE id = $1 AND deleted_at IS NULL AND NOT is_transit FOR SHARE',
    [batch.warehouseId],
  );
  if (!wh.rows[0]) throw new AppError(400, 'WAREHOUSE_NOT_FOUND', msg.warehouseNotFound, { id: batch.warehouseId });
  if (!wh.rows[0].is_active) throw new AppError(409, 'WAREHOUSE_INACTIVE', msg.warehouseInactive, { name: wh.rows[0].name });

  const cols = [
    batch.lines.map((l) => l.productId),
    batch.lines.map((l) => l.batchNumber),
    batch.lines.map((l) => l.delta),
    batch.lines.map((l) => l.productionDate),
    batch.lines.map((l) => l.expiryDate),
    batch.lines.map((l) => l.sourceLineId),
  ];
  const input = `SELECT * FROM unnest($1::bigint[], $2::text[], $3::numeric[], $4::date[], $5::date[], $6::bigint[])
                   AS t(product_id, batch_number, delta, production_date, expiry_date, line_id)`;
  // Every balance row touched, locked in the ledger's key order before any write.
  await q.query(
    `SELECT 1 FROM stock_balances b JOIN (${input}) t ON t.product_id = b.product_id AND t.batch_number = b.batch_number
      WHERE b.warehouse_id = $7 ORDER BY b.product_id, b.warehouse_id, b.batch_number FOR UPDATE OF b`,
    [...cols, batch.warehouseId],
  );
  const merge = (b: string, x: string, delta: string) => ({
    production: `CASE WHEN ${delta} < 0 THEN ${b}.production_date WHEN ${b}.quantity = 0 THEN ${x}.production_date
                      ELSE LEAST(${b}.production_date, ${x}.production_date) END`,
    expiry: `CASE WHEN ${delta} < 0 THEN ${b}.expiry_date WHEN ${b}.quantity = 0 THEN ${x}.expiry_date
                  ELSE LEAST(${b}.expiry_date, ${x}.expiry_date) END`,
  });
  const upd = merge('b', 't', 't.delta');
  const ins = merge('b', 'EXCLUDED', 'EXCLUDED.quantity');
  try {
    // The rows that exist (locked above), then the gains of rows that do not (a first load: the upsert of balances.ts).
    // Separate statements: PostgreSQL checks a row's CHECK before ON CONFLICT, so a loss cannot go through an upsert.
    const updated = await q.query<{ product_id: number; batch_number: string }>(
      `UPDATE stock_balances b SET quantity = b.quantity + t.delta, production_date = ${upd.production}, expiry_date = ${upd.expiry},
              updated_at = now()
         FROM (${input}) t
        WHERE b.product_id = t.product_id AND b.warehouse_id = $7 AND b.batch_number = t.batch_number
        RETURNING b.product_id, b.batch_number`,
      [...cols, batch.warehouseId],
    );
    const done = new Set(updated.rows.map((r) => `${r.product_id}\u0000${r.batch_number}`));
    const rest = batch.lines.filter((l) => !done.has(`${l.productId}\u0000${l.batchNumber}`));
    if (rest.some((l) => l.delta.startsWith('-'))) throw new AppError(409, 'INSUFFICIENT_STOCK', msg.insufficientStock, { available: '0' });
    if (rest.length > 0) {
      await q.query(
        `INSERT INTO stock_balances AS b (product_id, warehouse_id, batch_number, quantity, production_date, expiry_date)
         SELECT t.product_id, $6, t.batch_number, t.delta, t.production_date, t.expiry_date
           FROM unnest($1::bigint[], $2::text[], $3::numeric[], $4::date[], $5::date[]) AS t(product_id, batch_number, delta, production_date, expiry_date)
          ORDER BY t.product_id, t.batch_number
         ON CONFLICT (product_id, warehouse_id, batch_number) DO UPDATE SET
           quantity = b.quantity + EXCLUDED.quantity, production_date = ${ins.production}, expiry_date = ${ins.expiry}, updated_at = now()`,
        [
          rest.map((l) => l.productId),
          rest.map((l) => l.batchNumber),
          rest.map((l) => l.delta),
          rest.map((l) => l.productionDate),
          rest.map((l) => l.expiryDate),
          batch.warehouseId,
        ],
      );
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    // 23514: a balance would go below zero (CHECK quantity >= 0); 22003: beyond numeric(15,3).
    if (code === '23514') throw new AppError(409, 'INSUFFICIENT_STOCK', msg.insufficientStock, { available: '0' });
    if (code === '22003') throw new AppError(409, 'QUANTITY_OVERFLOW', msg.quantityOverflow);
    throw err;
  }
  // Unloads take the dates the goods have in stock, as the ledger's unloads do.
  const { rows } = await q.query<{ id: number; source_line_id: number; movement_type: 'C' | 'S' }>(
    `INSERT INTO stock_movements (movement_type, source_type, source_document_type, source_document_id, source_document_number,
       product_id, warehouse_id, batch_number, production_date, expiry_date, quantity, movement_date, created_by, source_line_id)
     SELECT CASE WHEN t.delta > 0 THEN 'C' ELSE 'S' END, $8, $8, $9, $10, t.product_id, $7, t.batch_number,
            CASE WHEN t.delta > 0 THEN t.production_date ELSE b.production_date END,
            CASE WHEN t.delta > 0 THEN t.expiry_date ELSE b.expiry_date END,
            abs(t.delta), $11, $12, t.line_id
       FROM (${input}) t
       LEFT JOIN stock_balances b ON b.product_id = t.product_id AND b.warehouse_id = $7 AND b.batch_number = t.batch_number
      ORDER BY t.product_id, t.batch_number
     RETURNING id, source_line_id, movement_type`,
    [
      ...cols,
      batch.warehouseId,
      batch.sourceType,
      batch.sourceDocument.id ?? null,
      batch.sourceDocument.number ?? null,
      batch.movementDate,
      actor.id,
    ],
  );
  for (const r of rows) {
    out.set(r.source_line_id, r.id);
    countPosting(q, r.movement_type, 'post');
  }
  return out;
}
