import { api } from '@wms/shared-api/core';
import type {
  InventoryCountCreateFields,
  InventoryCountingView,
  InventoryCountLineFields,
  InventoryCountSummary,
  InventoryCountView,
  InventorySavedLine,
  Product,
  ReviewFilter,
  UncountedChoice,
} from '@wms/shared-api';

/** The inventory counts' calls (issue 25); the list pages through usePagedList on COUNTS_PATH. */
export const COUNTS_PATH = '/inventory-counts';

export async function startCount(body: InventoryCountCreateFields): Promise<InventoryCountSummary> {
  const { data } = await api.post<InventoryCountSummary>(COUNTS_PATH, body);
  return data;
}

export async function fetchCounting(id: string | number, signal?: AbortSignal): Promise<InventoryCountingView> {
  const { data } = await api.get<InventoryCountingView>(`${COUNTS_PATH}/${encodeURIComponent(String(id))}/counting`, { signal });
  return data;
}

export interface ReviewParams {
  filter?: ReviewFilter;
  /** Exact decimal text, '' for none. */
  min_value?: string;
  limit?: number;
  offset?: number;
}

/** The review: one page of lines the server filters (by product code), totals over the whole count. */
export async function fetchReview(id: string | number, params: ReviewParams = {}, signal?: AbortSignal): Promise<InventoryCountView> {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  const { data } = await api.get<InventoryCountView>(`${COUNTS_PATH}/${encodeURIComponent(String(id))}`, { params: clean, signal });
  return data;
}

/** The review with every line (the count sheet with book quantities): pages of 1000 until the last. */
export async function fetchWholeReview(id: string | number): Promise<InventoryCountView> {
  const first = await fetchReview(id, { limit: 1000 });
  const lines = [...first.lines];
  while (lines.length < first.matching_lines) {
    const next = await fetchReview(id, { limit: 1000, offset: lines.length });
    if (next.lines.length === 0) break;
    lines.push(...next.lines);
  }
  return { ...first, lines };
}

export async function saveLines(id: number, lines: InventoryCountLineFields[]): Promise<InventorySavedLine[]> {
  const { data } = await api.put<{ saved: number; lines: InventorySavedLine[] }>(`${COUNTS_PATH}/${id}/lines`, { lines });
  return data.lines;
}

/** Apply exactly once: one Idempotency-Key per click of Apply (a retry of that click reuses it). */
export async function applyCount(id: number, uncounted: UncountedChoice, key: string): Promise<{ posted: number }> {
  const { data } = await api.post<{ posted: number }>(`${COUNTS_PATH}/${id}/apply`, { uncounted }, { headers: { 'Idempotency-Key': key } });
  return data;
}

export async function cancelCount(id: number): Promise<void> {
  await api.post(`${COUNTS_PATH}/${id}/cancel`, {});
}

/** A product by its code or barcode, typed or scanned: the exact match (case ignored) among the products search's rows. */
export async function findProductByCode(code: string): Promise<Product | null> {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return null;
  const { data } = await api.get<Product[]>('/products', { params: { q: code.trim(), limit: 20 } });
  return data.find((p) => p.code.toLowerCase() === wanted || (p.barcode ?? '').toLowerCase() === wanted) ?? null;
}
