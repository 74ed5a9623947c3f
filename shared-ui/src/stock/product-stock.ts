import { api } from '@wms/shared-api/core';
import type { StockRow } from '@wms/shared-api';
import { useLoad } from '../lists/Loaded';

/**
 * A product's stock rows above zero (GET /stock/product/{id}), earliest expiry first; `warehouseId` narrows to one
 * warehouse. Goods in transit (a transfer shipped, not received) are counted but never taken from: not a batch to offer.
 */
export async function fetchProductStock(productId: number, warehouseId?: number, signal?: AbortSignal): Promise<StockRow[]> {
  const { data } = await api.get<StockRow[]>(`/stock/product/${productId}`, {
    params: warehouseId ? { warehouse_id: warehouseId } : undefined,
    signal,
  });
  return Array.isArray(data) ? data.filter((r) => !r.in_transit) : [];
}

/** What a screen asks for: one product's stock, in one warehouse or (without `warehouseId`) in all of them. */
export interface ProductStockQuery {
  productId: number;
  warehouseId?: number;
}

export interface ProductStock {
  /** idle: nothing asked (no product, or no warehouse yet); the rows are those of the current query once ready. */
  status: 'idle' | 'loading' | 'failed' | 'ready';
  rows: StockRow[] | null;
  /** Reads the stock again (someone else may have taken the goods meanwhile). */
  reload: () => void;
}

/**
 * The stock a form needs while the user chooses (the batches to take from, what is available): read again whenever the
 * query changes or on `reload` (the request no longer wanted is aborted); an answer is used only for the query it was read
 * for, so the render right after a change never shows the previous product's or warehouse's rows. `null` asks for nothing.
 */
export function useProductStock(query: ProductStockQuery | null): ProductStock {
  const key = query ? `${query.productId}:${query.warehouseId ?? '*'}` : null;
  const load = useLoad(
    async (signal) => ({ key, rows: query ? await fetchProductStock(query.productId, query.warehouseId, signal) : null }),
    [key],
  );
  const rows = load.status === 'ready' && load.value.key === key ? load.value.rows : null;
  const status = key === null ? 'idle' : rows ? 'ready' : load.status === 'failed' ? 'failed' : 'loading';
  return { status, rows, reload: load.retry };
}
