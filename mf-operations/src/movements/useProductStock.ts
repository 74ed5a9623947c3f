import { useMemo, useState } from 'react';
import { useLoad } from '@wms/shared-ui';
import { fetchProductStock, type MovementView, type StockRow } from './api';
import type { MovementFormValues } from './movement-values';
import { availableOf, batchChoices, type BatchChoice } from './stock';

export type Stock =
  { key: string; state: 'loading' } | { key: string; state: 'failed' } | { key: string; state: 'ready'; rows: StockRow[] };

export interface ProductStock {
  /** The stock read for the current product and warehouse; null until it is asked for. */
  current: Stock | null;
  /** Goods that leave: the batches in stock in the warehouse (null while unknown). */
  choices: BatchChoice[] | null;
  /** Goods that leave: what the chosen batch (or the product) has available (exact decimal text); null while unknown. */
  available: string | null;
  /** A load: the batches already in stock, anywhere, by number. */
  knownBatches: Map<string, StockRow>;
  /** A load: the typed batch when it is already in stock. */
  knownBatch: StockRow | undefined;
  /** Reads the stock again. */
  reload: () => void;
}

/**
 * The stock the form needs: for a load of a batch product, its batches anywhere (to reuse a batch's dates); for an
 * unload or a transfer, its batches in the chosen warehouse.
 */
export function useProductStock(values: MovementFormValues, original: MovementView | null): ProductStock {
  const [stockReloads, setStockReloads] = useState(0);

  const product = values.product_id;
  const isLoad = values.movement_type === 'C';
  const warehouseId = parseInt(values.warehouse_id, 10) || null;

  const stockKey = !product
    ? null
    : isLoad
      ? product.has_batch
        ? `${product.id}:*:${stockReloads}`
        : null
      : warehouseId
        ? `${product.id}:${warehouseId}:${stockReloads}`
        : null;
  // The kit's loader: read again when stockKey (everything the request depends on) changes; a late answer is dropped,
  // and an answer is used only for the key it was read for (the render right after a change still holds the old one).
  const productId = product?.id ?? null;
  const load = useLoad(
    async () => ({
      key: stockKey,
      rows: stockKey && productId ? await fetchProductStock(productId, isLoad ? undefined : (warehouseId ?? undefined)) : [],
    }),
    [stockKey],
  );
  const loaded = load.status === 'ready' ? load.value : null;
  const current = useMemo((): Stock | null => {
    if (!stockKey) return null;
    if (loaded && loaded.key === stockKey) return { key: stockKey, state: 'ready', rows: loaded.rows };
    return { key: stockKey, state: load.status === 'failed' ? 'failed' : 'loading' };
  }, [stockKey, loaded, load.status]);

  const choices = useMemo(
    () =>
      !isLoad && product && warehouseId && current?.state === 'ready'
        ? batchChoices(current.rows, product.id, warehouseId, original?.status === 'active' ? original : null)
        : null,
    [isLoad, product, warehouseId, current, original],
  );
  const batchKey = product?.has_batch ? values.batch_number : '';
  const available = choices && (!product?.has_batch || values.batch_number) ? availableOf(choices, batchKey) : null;

  const knownBatches = useMemo(() => {
    if (!isLoad || current?.state !== 'ready') return new Map<string, StockRow>();
    const out = new Map<string, StockRow>();
    for (const r of current.rows) if (r.batch_number && !out.has(r.batch_number)) out.set(r.batch_number, r);
    return out;
  }, [isLoad, current]);
  const knownBatch = isLoad && product?.has_batch ? knownBatches.get(values.batch_number.trim()) : undefined;

  return { current, choices, available, knownBatches, knownBatch, reload: () => setStockReloads((n) => n + 1) };
}
