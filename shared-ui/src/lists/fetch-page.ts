import { api } from '@wms/shared-api/core';

/**
 * The paged-list contract of every list API: a JSON array of one page, the total of every match in X-Total-Count, and
 * `q`, `sort`, `order`, `limit`, `offset` (plus filters) in the query. Anything but an array counts as empty (SPEC §7).
 */
export interface Page<T> {
  rows: T[];
  total: number;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Params without empty values (`undefined`, `null`, ''), as the server expects them. */
export function cleanParams(params: QueryParams): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

/** The total of a paged answer: X-Total-Count when the server sent a number, else the rows received. */
export function totalOf(headers: Record<string, unknown>, received: number): number {
  const raw = headers['x-total-count'];
  return typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw.trim())) ? parseInt(String(raw), 10) : received;
}

/** One page of `path` (an API path such as '/products'); `signal` aborts it when a newer request replaces it. */
export async function fetchPage<T>(path: string, params: QueryParams, signal?: AbortSignal): Promise<Page<T>> {
  const res = await api.get<unknown>(path, { params: cleanParams(params), signal });
  const rows = Array.isArray(res.data) ? (res.data as T[]) : [];
  return { rows, total: totalOf(res.headers as Record<string, unknown>, rows.length) };
}
