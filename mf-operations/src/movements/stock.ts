import type { MovementView, StockRow } from './api';

/**
 * What the form offers to unload or transfer: the batches of a product in stock in one warehouse, earliest expiry first,
 * with the quantity available. When a movement is being corrected, the server reverses it first, so the goods it took
 * come back (and the goods it brought go) before the corrected movement is checked: the same here.
 */
export interface BatchChoice {
  /** '' for a product without batches. */
  batch: string;
  quantity: number;
  expiry_date: string | null;
}

/** Quantities in thousandths, so sums of decimals stay exact (the ledger keeps 3 decimals). */
const milli = (n: number) => Math.round(n * 1000);

type Original = Pick<
  MovementView,
  'movement_type' | 'product_id' | 'warehouse_id' | 'destination_warehouse_id' | 'batch_number' | 'quantity' | 'expiry_date'
>;

/** The change the reversal of `original` makes to one balance (product, warehouse, batch), in thousandths. */
function restoredMilli(original: Original | null, productId: number, warehouseId: number, batch: string): number {
  if (!original || original.product_id !== productId || (original.batch_number ?? '') !== batch) return 0;
  const q = milli(original.quantity);
  let delta = 0;
  if (original.warehouse_id === warehouseId) delta += original.movement_type === 'C' ? -q : q;
  if (original.movement_type === 'T' && original.destination_warehouse_id === warehouseId) delta -= q;
  return delta;
}

/**
 * The batches available in `warehouseId`, earliest expiry first (no expiry last, then by batch), quantity > 0, with a
 * corrected movement's own goods counted back in.
 */
export function batchChoices(
  rows: readonly StockRow[],
  productId: number,
  warehouseId: number,
  original: Original | null = null,
): BatchChoice[] {
  const byBatch = new Map<string, { quantity: number; expiry_date: string | null }>();
  for (const r of rows) {
    if (r.product_id !== productId || r.warehouse_id !== warehouseId) continue;
    const batch = r.batch_number ?? '';
    const seen = byBatch.get(batch);
    byBatch.set(batch, { quantity: (seen?.quantity ?? 0) + milli(r.quantity), expiry_date: seen?.expiry_date ?? r.expiry_date });
  }
  const originalBatch = original?.batch_number ?? '';
  if (original && !byBatch.has(originalBatch)) byBatch.set(originalBatch, { quantity: 0, expiry_date: original.expiry_date });
  const out: BatchChoice[] = [];
  for (const [batch, v] of byBatch) {
    const quantity = v.quantity + restoredMilli(original, productId, warehouseId, batch);
    if (quantity > 0) out.push({ batch, quantity: quantity / 1000, expiry_date: v.expiry_date });
  }
  return out.sort((a, b) => {
    if (a.expiry_date !== b.expiry_date) {
      if (a.expiry_date === null) return 1;
      if (b.expiry_date === null) return -1;
      return a.expiry_date < b.expiry_date ? -1 : 1;
    }
    return a.batch.localeCompare(b.batch, 'it', { numeric: true });
  });
}

/** The quantity available for one batch ('' for a product without batches); 0 when there is none. */
export function availableOf(choices: readonly BatchChoice[], batch: string): number {
  return choices.find((c) => c.batch === batch)?.quantity ?? 0;
}
