import { api } from '@wms/shared-api/core';
import type { StockRow, Valuation } from '@wms/shared-api';

/** The reports' API calls (SPEC §7): stock levels (paged by the kit's usePagedList), a product's stock rows, valuation. */

export type Params = Record<string, string | number | boolean | null | undefined>;

const clean = (p: Params) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A product's warehouses and batches above zero (GET /stock/product/{id}), optionally in one warehouse. */
export async function fetchProductStock(productId: number, warehouseId?: string): Promise<StockRow[]> {
  const res = await api.get<StockRow[]>(`/stock/product/${productId}`, { params: clean({ warehouse_id: warehouseId }) });
  return res.data;
}

export async function fetchValuation(params: Params, signal?: AbortSignal): Promise<Valuation> {
  const res = await api.get<Valuation>('/stock/valuation', { params: clean(params), signal });
  return res.data;
}

/** Opens the browser's print dialog once the page has rendered what is to be printed. */
export function printPage(): void {
  window.setTimeout(() => window.print(), 0);
}
