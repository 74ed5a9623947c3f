import { compareDecimals, sortFefo, sumDecimals } from '@wms/shared-api/core';

/**
 * What a form offers to take goods from (a movement's unload or transfer, a transfer's line): the batches of a product in
 * stock in one warehouse, earliest expiry first, with the quantity available. When a document is being corrected, the
 * server reverses it first, so the goods it took come back (and the goods it brought go) before the corrected document is
 * checked: the same here. One rule for every screen that takes goods out (issue 22).
 */
export interface BatchChoice {
  /** '' for a product without batches. */
  batch: string;
  /** Exact decimal text ('12.5'): the ledger's arithmetic is never redone in binary floats. */
  quantity: string;
  expiry_date: string | null;
}

/** A stock balance as GET /stock/product/{id} answers it (a StockRow has these fields). */
export interface StockBalance {
  product_id: number;
  warehouse_id: number;
  batch_number: string | null;
  quantity: string;
  expiry_date: string | null;
  production_date: string | null;
}

/** The movement being corrected, as far as its reversal changes the stock (a MovementView has these fields). */
export interface StockChange {
  movement_type: 'C' | 'S' | 'T';
  product_id: number;
  warehouse_id: number;
  destination_warehouse_id: number | null;
  batch_number: string | null;
  quantity: string;
  expiry_date: string | null;
}

/** The change the reversal of `original` makes to one balance (product, warehouse, batch), as an exact decimal. */
function restored(original: StockChange | null, productId: number, warehouseId: number, batch: string): string {
  if (!original || original.product_id !== productId || (original.batch_number ?? '') !== batch) return '0';
  const q = String(original.quantity);
  const changes: string[] = [];
  if (original.warehouse_id === warehouseId) changes.push(original.movement_type === 'C' ? `-${q}` : q);
  if (original.movement_type === 'T' && original.destination_warehouse_id === warehouseId) changes.push(`-${q}`);
  return sumDecimals(['0', ...changes]);
}

/**
 * The batches available in `warehouseId` in FEFO order (sortFefo: no expiry last), quantity > 0, with a
 * corrected movement's own goods counted back in.
 */
export function batchChoices(
  rows: readonly StockBalance[],
  productId: number,
  warehouseId: number,
  original: StockChange | null = null,
): BatchChoice[] {
  const byBatch = new Map<string, { quantity: string; expiry_date: string | null; production_date: string | null }>();
  for (const r of rows) {
    if (r.product_id !== productId || r.warehouse_id !== warehouseId) continue;
    const batch = r.batch_number ?? '';
    const seen = byBatch.get(batch);
    byBatch.set(batch, {
      quantity: sumDecimals([seen?.quantity ?? '0', r.quantity]),
      expiry_date: seen?.expiry_date ?? r.expiry_date,
      production_date: seen?.production_date ?? r.production_date,
    });
  }
  const originalBatch = original?.batch_number ?? '';
  if (original && !byBatch.has(originalBatch))
    byBatch.set(originalBatch, { quantity: '0', expiry_date: original.expiry_date, production_date: null });
  const out: Array<BatchChoice & { batch_number: string; received_at: string | null }> = [];
  for (const [batch, v] of byBatch) {
    const quantity = sumDecimals([v.quantity, restored(original, productId, warehouseId, batch)]);
    if (compareDecimals(quantity, 0) > 0)
      out.push({ batch, batch_number: batch, quantity, expiry_date: v.expiry_date, received_at: v.production_date });
  }
  // The one FEFO order (sortFefo): earliest expiry, then the oldest goods (production day), then the batch.
  return sortFefo(out).map(({ batch, quantity, expiry_date }) => ({ batch, quantity, expiry_date }));
}

/** The quantity available for one batch ('' for a product without batches); '0' when there is none. */
export function availableOf(choices: readonly BatchChoice[], batch: string): string {
  return choices.find((c) => c.batch === batch)?.quantity ?? '0';
}
