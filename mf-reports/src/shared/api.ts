import { api } from '@wms/shared-api/core';
import type { StockRow, Valuation } from '@wms/shared-api';

/** The reports' API calls (SPEC §7): stock levels (paged by the kit's usePagedList), a product's stock rows, valuation, CSV. */

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

/**
 * Downloads a CSV export (the API streams it; the signed-in request needs the token header, so it is fetched and handed to
 * the browser as a file). The name is the server's (Content-Disposition), else `fallbackName`.
 */
export async function downloadCsv(path: string, params: Params, fallbackName: string): Promise<void> {
  const res = await api.get<Blob>(path, { params: clean(params), responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  const name = star ? decodeURIComponent(star[1]) : (plain?.[1] ?? fallbackName);
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens the browser's print dialog once the page has rendered what is to be printed. */
export function printPage(): void {
  window.setTimeout(() => window.print(), 0);
}
