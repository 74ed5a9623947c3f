import { TYPE_FILTERS, type MovementQuery, type MovementSort, type TypeFilter } from './api';

/**
 * The list's filters, sort and page live in the URL (?type=S-MAN&code=ABC&from=2025-01-01&sort=quantity&order=asc&page=2),
 * so a reload, a shared link or the way back from the form shows the same rows.
 */
export const PAGE_SIZE = 25;

/** Table column id → the server's sort key. */
export const SORT_OF_COLUMN: Record<string, MovementSort> = {
  date: 'date',
  type: 'type',
  productCode: 'product_code',
  quantity: 'quantity',
  warehouse: 'warehouse',
  destination: 'destination_warehouse',
};
export const COLUMN_OF_SORT = Object.fromEntries(Object.entries(SORT_OF_COLUMN).map(([c, s]) => [s, c])) as Record<MovementSort, string>;

/** Newest first, as the server lists by default. */
export const DEFAULT_SORT: { sort: MovementSort; order: 'asc' | 'desc' } = { sort: 'date', order: 'desc' };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function queryFromSearch(search: URLSearchParams): MovementQuery {
  const type = (search.get('type') ?? '') as TypeFilter;
  const sort = search.get('sort') as MovementSort | null;
  const order = search.get('order');
  const page = Number(search.get('page'));
  const day = (key: string) => {
    const v = search.get(key) ?? '';
    return ISO_DAY.test(v) ? v : '';
  };
  const validSort = sort && Object.values(SORT_OF_COLUMN).includes(sort) ? sort : DEFAULT_SORT.sort;
  return {
    type: TYPE_FILTERS.includes(type) ? type : '',
    productCode: search.get('code') ?? '',
    dateFrom: day('from'),
    dateTo: day('to'),
    sort: validSort,
    order: order === 'asc' || order === 'desc' ? order : validSort === 'date' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
  };
}

export function searchFromQuery(q: MovementQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.type) out.set('type', q.type);
  if (q.productCode) out.set('code', q.productCode);
  if (q.dateFrom) out.set('from', q.dateFrom);
  if (q.dateTo) out.set('to', q.dateTo);
  if (q.sort !== DEFAULT_SORT.sort || q.order !== DEFAULT_SORT.order) {
    out.set('sort', q.sort);
    out.set('order', q.order);
  }
  if (q.page > 1) out.set('page', String(q.page));
  return out;
}
