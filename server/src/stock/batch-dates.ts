import { formatDay } from '@wms/shared-api';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import type { CheckedMovement } from './input';
import { isoDay } from './sql';
import { stockMessages as msg } from './messages';
import { toMilli, type Milli } from './quantity';
import type { ProductRef } from './references';

const differs = (a: string | null, b: string | null) => a !== null && b !== null && a !== b;

/**
 * A batch is one production: all its goods share production and expiry dates. A load naming other dates than the same
 * batch already in stock is refused (409) rather than merged — merging would silently rewrite the batch's expiry.
 * `leaving(warehouseId)` is what the same transaction takes out of that warehouse first (a correction's reversal), so
 * correcting the dates of the load that brought the batch in is allowed.
 *
 * An advisory lock per (product, batch) makes two first loads of one batch with different dates queue up, so the second
 * sees the first.
 */
export async function assertConsistentBatchDates(
  q: Queryable,
  product: ProductRef,
  m: CheckedMovement,
  leaving: (warehouseId: number) => Milli = () => 0n,
): Promise<void> {
  if (m.movementType !== 'C' || !product.has_batch || (!m.productionDate && !m.expiryDate)) return;
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`stock-batch:${m.productId}:${m.batchNumber}`]);
  const { rows } = await q.query<{ warehouse_id: number; quantity: string; production_date: string | null; expiry_date: string | null }>(
    `SELECT warehouse_id, quantity, ${isoDay('production_date')}, ${isoDay('expiry_date')} FROM stock_balances
      WHERE product_id = $1 AND batch_number = $2 AND quantity > 0`,
    [m.productId, m.batchNumber],
  );
  for (const r of rows) {
    if (toMilli(r.quantity) - leaving(r.warehouse_id) <= 0n) continue;
    if (differs(r.production_date, m.productionDate) || differs(r.expiry_date, m.expiryDate)) {
      throw new AppError(409, 'BATCH_DATES_MISMATCH', msg.batchDatesMismatch, {
        batch: m.batchNumber,
        code: product.code,
        production: r.production_date ? formatDay(r.production_date) : '—',
        expiry: r.expiry_date ? formatDay(r.expiry_date) : '—',
      });
    }
  }
}
