import { useCallback, useEffect, useState } from 'react';
import { api } from '@wms/shared-api';

/**
 * Server-paged lists (the registry API's contract): a JSON array of one page, the total of every match in X-Total-Count,
 * and `q`, `sort`, `order`, `limit`, `offset` in the query. Anything but an array counts as empty (SPEC §7).
 */
export interface ListParams {
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

export async function fetchPage<T>(path: string, params: ListParams): Promise<Page<T>> {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  const res = await api.get<unknown>(path, { params: query });
  const rows = Array.isArray(res.data) ? (res.data as T[]) : [];
  const header = Number(res.headers['x-total-count']);
  return { rows, total: res.headers['x-total-count'] !== undefined && Number.isFinite(header) ? header : rows.length };
}

export type ListState<T> = Page<T> & {
  /** loading: nothing to show yet; ready: rows are the answer to the current params; failed: the last call failed. */
  status: 'loading' | 'ready' | 'failed';
  /** A newer call is on its way while the previous rows stay on screen. */
  refreshing: boolean;
  reload: () => void;
};

/** One page of `path` for `params`, refetched when they change; an older answer never overwrites a newer one. */
export function useServerList<T>(path: string, params: ListParams): ListState<T> {
  const key = JSON.stringify(params);
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<Omit<ListState<T>, 'reload'>>({ status: 'loading', refreshing: false, rows: [], total: 0 });

  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, refreshing: true }));
    fetchPage<T>(path, JSON.parse(key) as ListParams).then(
      (page) => current && setState({ status: 'ready', refreshing: false, ...page }),
      () => current && setState((s) => ({ ...s, status: 'failed', refreshing: false })),
    );
    return () => {
      current = false;
    };
  }, [path, key, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}

/** `value`, once it has stopped changing for `ms` (the search box waits for the user to pause before asking the server). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
