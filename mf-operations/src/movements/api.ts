import { api, type MovementBody, type MovementSort, type MovementView, type Product, type StockRow, type Warehouse } from '@wms/shared-api';

/**
 * The stock calls of SPEC §7 the movement screens make, typed. Every failure is the axios error: callers word it (§8)
 * with serverErrorText.
 */

export type { MovementSort, MovementView, StockRow } from '@wms/shared-api';

/** The list's type filter as the server reads it (`type`): every type, a type, or a type with its source. */
export const TYPE_FILTERS = ['', 'C', 'S-MAN', 'T', 'S-SO'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

export interface MovementQuery {
  type: TypeFilter;
  productCode: string;
  /** yyyy-MM-dd (a date input's value) or ''. */
  dateFrom: string;
  dateTo: string;
  sort: MovementSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** yyyy-MM-dd → dd/MM/yyyy, the way movement dates travel (SPEC §9). */
export function toDayText(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** dd/MM/yyyy → yyyy-MM-dd (a date input's value); '' when it is not such a date. */
export function toIsoDay(text: string | null | undefined): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

function total(headers: Record<string, unknown>, fallback: number): number {
  const n = Number(headers['x-total-count']);
  return Number.isFinite(n) ? n : fallback;
}

/** The query parameters of GET /stock-movements for a list state; empty filters are left out. */
export function movementListParams(q: MovementQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {
    sort: q.sort,
    order: q.order,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  };
  if (q.type) params.type = q.type;
  if (q.productCode.trim()) params.product_code = q.productCode.trim();
  if (q.dateFrom) params.date_from = toDayText(q.dateFrom);
  if (q.dateTo) params.date_to = toDayText(q.dateTo);
  return params;
}

/** One page of live movements; the total of all that match comes from X-Total-Count. */
export async function fetchMovements(q: MovementQuery, signal?: AbortSignal): Promise<Page<MovementView>> {
  const res = await api.get<MovementView[]>('/stock-movements', { params: movementListParams(q), signal });
  const rows = Array.isArray(res.data) ? res.data : [];
  return { rows, total: total(res.headers, rows.length) };
}

export async function fetchMovement(id: string): Promise<MovementView> {
  const { data } = await api.get<MovementView>(`/stock-movements/${encodeURIComponent(id)}`);
  return data;
}

/** PUT uses the id cut at its first hyphen (SPEC §7): "12-manual" → "12". */
export function idWithoutSuffix(id: string): string {
  return id.split('-')[0];
}

/** SPEC §7 payload: the movement fields plus created_by / modified_by as the username (the server trusts the session). */
export async function createMovement(body: MovementBody, username: string | null): Promise<MovementView> {
  const { data } = await api.post<MovementView>('/stock-movements', { ...body, created_by: username, modified_by: username });
  return data;
}

export async function updateMovement(id: string, body: MovementBody, username: string | null): Promise<MovementView> {
  const { data } = await api.put<MovementView>(`/stock-movements/${encodeURIComponent(idWithoutSuffix(id))}`, {
    ...body,
    modified_by: username,
  });
  return data;
}

/** Deleting appends a reversal on the server; body {deleted_by} as SPEC §7 writes it. */
export async function deleteMovement(id: string, username: string | null): Promise<void> {
  await api.delete(`/stock-movements/${encodeURIComponent(id)}`, { data: { deleted_by: username } });
}

export async function fetchProduct(id: number): Promise<Product> {
  const { data } = await api.get<Product>(`/products/${id}`);
  return data;
}

/** Every live warehouse, by name (a company has a handful; the server pages at 1000). */
export async function fetchWarehouses(): Promise<Warehouse[]> {
  const { data } = await api.get<Warehouse[]>('/warehouses', { params: { limit: 1000, sort: 'name', order: 'asc' } });
  return Array.isArray(data) ? data : [];
}

/** A product's stock rows above zero, earliest expiry first; `warehouseId` narrows to one warehouse. */
export async function fetchProductStock(productId: number, warehouseId?: number, signal?: AbortSignal): Promise<StockRow[]> {
  const { data } = await api.get<StockRow[]>(`/stock/product/${productId}`, {
    params: warehouseId ? { warehouse_id: warehouseId } : undefined,
    signal,
  });
  return Array.isArray(data) ? data : [];
}
