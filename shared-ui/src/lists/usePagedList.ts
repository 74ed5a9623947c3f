import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from '@wms/shared-ui/router';
import { fetchPage, type QueryParams } from './fetch-page';

export const DEFAULT_PAGE_SIZE = 25;
export const SEARCH_DEBOUNCE_MS = 300;

export interface PagedListOptions {
  /** Server sort key used when the URL names none, and its order. */
  defaultSort?: string;
  defaultOrder?: 'asc' | 'desc';
  /** Sort keys the server accepts; anything else in the URL falls back to the default. */
  sorts?: readonly string[];
  pageSize?: number;
  /** Further URL parameters passed to the server as filters (e.g. ['status', 'supplier_id']). */
  filters?: readonly string[];
  /** Fixed parameters always sent (e.g. { status: 'active' }). */
  fixed?: QueryParams;
  debounceMs?: number;
  /** The parameter (URL and server) the search box fills: 'q' by default, e.g. 'product_code' for a code filter. */
  searchParam?: string;
  /**
   * Keep the search term in browser storage under this key: a visit whose URL names no search starts from the stored
   * term (SPEC §2: the product search is restored on return); every search the URL settles on is stored.
   */
  searchStorageKey?: string;
  /** The id of a row, compared with the saved row's (`savedRowState`): `row.id` by default. */
  rowId?: (row: never) => string | number;
}

/**
 * What a form passes to its list when it navigates back after a save (`navigate(LIST, { state: savedRowState(id, code) })`):
 * the list shows that row highlighted. When the row is not on the page the list opens on, the list searches for
 * `search` (its code, its number) so that it is.
 */
export interface SavedRowState {
  savedId: string | number;
  savedSearch?: string;
}

export function savedRowState(id: string | number, search?: string): SavedRowState {
  return search ? { savedId: id, savedSearch: search } : { savedId: id };
}

function savedRowOf(state: unknown): SavedRowState | null {
  const s = state as Partial<SavedRowState> | null | undefined;
  return s && (typeof s.savedId === 'number' || typeof s.savedId === 'string') ? (s as SavedRowState) : null;
}

export interface PagedList<T> {
  rows: T[];
  total: number;
  /** loading: nothing to show yet; ready: rows answer the current URL; failed: the last call failed. */
  status: 'loading' | 'ready' | 'failed';
  /** A newer call is on its way while the previous rows stay on screen. */
  refreshing: boolean;
  /** What the search box shows (the URL's `q` follows it after the debounce). */
  search: string;
  setSearch: (q: string) => void;
  sort: string | undefined;
  order: 'asc' | 'desc';
  /** Sorts by `key`; the same key again flips the order. Back to the first page. */
  toggleSort: (key: string) => void;
  setSort: (key: string, order: 'asc' | 'desc') => void;
  offset: number;
  pageSize: number;
  setOffset: (offset: number) => void;
  /** Current value of a filter from the URL ('' when absent). */
  filter: (name: string) => string;
  setFilter: (name: string, value: string) => void;
  /** Several filters (the search parameter too) in one URL change. */
  setFilters: (values: Record<string, string>) => void;
  /** True when the search or any filter narrows the list (a "reset filters" button's enabled state). */
  filtered: boolean;
  /** Clears the search and every filter at once. */
  clearFilters: () => void;
  /** A filter field's binding (`name`, `value`, `onChange`) to spread into a kit field (SelectField, DateField…). */
  filterField: (name: string) => { name: string; value: string; onChange: (value: string | number | null | undefined) => void };
  /** The search box's binding, under the search parameter's name. */
  searchField: () => { name: string; value: string; onChange: (value: string | null | undefined) => void };
  reload: () => void;
  /** The row a form just saved (navigation state `savedRowState`): PagedTable highlights it; null when none. */
  savedId: string | number | null;
}

/**
 * One server-paged list whose state lives in the URL (?q=…&sort=…&order=…&offset=…&<filters>), so a reload, a shared
 * link or the way back from a form shows the same rows. The search box is debounced; a newer request aborts the older
 * one (AbortController) so an old answer never overwrites a newer one; the total comes from X-Total-Count.
 */
export function usePagedList<T>(path: string, options: PagedListOptions = {}): PagedList<T> {
  const {
    defaultSort,
    defaultOrder = 'asc',
    sorts,
    pageSize = DEFAULT_PAGE_SIZE,
    filters = [],
    fixed,
    debounceMs = SEARCH_DEBOUNCE_MS,
    searchParam = 'q',
    searchStorageKey,
    rowId = (row: { id?: string | number }) => row.id ?? '',
  } = options;
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // The saved row: read when the list opens after a save, and again when a form on the same screen (a supplier's inline
  // form) navigates here with a new one; it stays highlighted while the list is on screen.
  const [saved, setSaved] = useState(() => savedRowOf(location.state));
  const [savedSought, setSavedSought] = useState(false);
  const [seenState, setSeenState] = useState(location.state);
  if (location.state !== seenState) {
    setSeenState(location.state);
    const next = savedRowOf(location.state);
    if (next) {
      setSaved(next);
      setSavedSought(false);
    }
  }
  // The stored term stands in for the URL's until the URL carries one (set right after the first render).
  const [restored, setRestored] = useState(() => (searchStorageKey && !params.has(searchParam) ? readStored(searchStorageKey) : ''));
  const urlQ = params.get(searchParam) ?? restored;
  const [search, setSearchText] = useState(urlQ);

  const rawSort = params.get('sort');
  const sort = rawSort && (!sorts || sorts.includes(rawSort)) ? rawSort : defaultSort;
  const rawOrder = params.get('order');
  const order: 'asc' | 'desc' = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : sort === defaultSort ? defaultOrder : 'asc';
  const rawOffset = parseInt(params.get('offset') ?? '', 10);
  const offset = Number.isInteger(rawOffset) && rawOffset > 0 ? rawOffset : 0;

  // What the user just chose, shown at once while the router commits the URL (a navigation may run in a transition).
  const [pending, setPending] = useState<Record<string, string | null>>({});
  useEffect(() => setPending({}), [params]);

  // The URL as this list last wrote it: two writes before the router commits the first (a sort clicked while the typed
  // filter's debounce fires) compose instead of the second starting again from the stale URL and dropping the first
  // (React Router's functional setSearchParams reads the params of the last render, not the pending ones). A URL the
  // router brings from outside (back button, a link) replaces it.
  const seenParams = useRef(params);
  const latestParams = useRef(params);
  if (seenParams.current !== params) {
    seenParams.current = params;
    latestParams.current = params;
  }
  const update = useCallback(
    (changes: Record<string, string | null>, keepOffset = false) => {
      setPending((p) => ({ ...p, ...changes }));
      const next = new URLSearchParams(latestParams.current);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      if (!keepOffset) next.delete('offset');
      latestParams.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  // The URL's q follows the box once typing pauses; the box follows the URL when it changes from outside (back button).
  // A write still pending when the user has left (a click on Edit right after typing: the list stays mounted while the
  // form's lazy chunk loads) is dropped, or it would navigate back to the list.
  useEffect(() => {
    if (search === urlQ) return undefined;
    const typedAt = documentPath();
    const timer = setTimeout(() => {
      if (documentPath() === typedAt) update({ [searchParam]: search.trim() ? search : null });
    }, debounceMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, debounceMs]);
  useEffect(() => {
    setSearchText((s) => (s.trim() === urlQ.trim() ? s : urlQ));
    if (searchStorageKey) writeStored(searchStorageKey, urlQ.trim());
  }, [urlQ, searchStorageKey]);
  useEffect(() => {
    if (restored) update({ [searchParam]: restored }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (params.has(searchParam)) setRestored('');
  }, [params, searchParam]);

  const filterKey = filters.map((f) => `${f}=${params.get(f) ?? ''}`).join('&');
  const query = useMemo(() => {
    const q: QueryParams = { ...fixed, [searchParam]: urlQ.trim(), sort, order: sort ? order : undefined, limit: pageSize, offset };
    for (const f of filters) q[f] = params.get(f) ?? '';
    return JSON.stringify(q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlQ, sort, order, pageSize, offset, filterKey, searchParam, JSON.stringify(fixed ?? {})]);

  const state = useServerList<T>(path, JSON.parse(query) as QueryParams);

  // A page emptied by a delete (or a stale link) moves to the last page that has rows.
  const lastOffset = state.total > 0 ? Math.floor((state.total - 1) / pageSize) * pageSize : 0;
  const emptied = state.status === 'ready' && !state.refreshing && state.rows.length === 0 && offset > lastOffset;
  useEffect(() => {
    if (emptied) update({ offset: lastOffset > 0 ? String(lastOffset) : null }, true);
  }, [emptied, lastOffset, update]);

  // The saved row is not among the rows the list opened on: search for it once, so that it is shown.
  const idOf = rowId as (row: T) => string | number;
  const savedMissing =
    saved !== null && state.status === 'ready' && !state.refreshing && !state.rows.some((r) => String(idOf(r)) === String(saved.savedId));
  useEffect(() => {
    if (!savedMissing || savedSought || !saved?.savedSearch) return;
    setSavedSought(true);
    setSearchText(saved.savedSearch);
    update({ [searchParam]: saved.savedSearch });
  }, [savedMissing, savedSought, saved, searchParam, update]);

  const filter = (name: string) => (name in pending ? (pending[name] ?? '') : (params.get(name) ?? ''));
  return {
    ...state,
    search,
    setSearch: setSearchText,
    sort,
    order,
    toggleSort: (key) => update({ sort: key, order: key === sort && order === 'asc' ? 'desc' : 'asc' }),
    setSort: (key, o) => update({ sort: key, order: o }),
    offset,
    pageSize,
    setOffset: (o) => update({ offset: o > 0 ? String(o) : null }, true),
    filter,
    setFilter: (name, value) => update({ [name]: value || null }),
    setFilters: (values) => update(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v || null]))),
    filtered: search.trim() !== '' || filters.some((f) => filter(f) !== ''),
    clearFilters: () => update(Object.fromEntries([searchParam, ...filters].map((k) => [k, null]))),
    filterField: (name) => ({
      name,
      value: filter(name),
      onChange: (v) => update({ [name]: v === null || v === undefined ? null : String(v) }),
    }),
    searchField: () => ({ name: searchParam, value: search, onChange: (v) => setSearchText(v ?? '') }),
    savedId: saved?.savedId ?? null,
  };
}

export interface ServerList<T> {
  rows: T[];
  total: number;
  /** loading: nothing to show yet; ready: rows answer the current params; failed: the last call failed. */
  status: 'loading' | 'ready' | 'failed';
  /** A newer call is on its way while the previous rows stay on screen. */
  refreshing: boolean;
  reload: () => void;
}

/**
 * One page of `path` for `params` (the paged-list contract, see fetchPage), fetched again when they change; a newer
 * request aborts the older one, so an old answer never overwrites a newer one. usePagedList adds URL state on top.
 */
export function useServerList<T>(path: string, params: QueryParams): ServerList<T> {
  const key = JSON.stringify(params);
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<Omit<ServerList<T>, 'reload'>>({ rows: [], total: 0, status: 'loading', refreshing: false });

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, refreshing: true }));
    fetchPage<T>(path, JSON.parse(key) as QueryParams, controller.signal).then(
      (page) => {
        if (!controller.signal.aborted) setState({ ...page, status: 'ready', refreshing: false });
      },
      () => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, status: 'failed', refreshing: false }));
      },
    );
    return () => controller.abort();
  }, [path, key, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}

/**
 * The browser's current path. A browser router changes it the moment a navigation starts, before the new screen renders
 * (so the list's own location still says the list); a memory router (tests) never changes it.
 */
function documentPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

function readStored(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeStored(key: string, value: string): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // storage disabled: the term lasts for this visit only
  }
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** DataTable's server-paging props for a paged list: one page of `pageSize` rows, the total from X-Total-Count. */
export function pagingProps<T>(list: PagedList<T>, pageSize: number) {
  return {
    manual: true,
    pageSize,
    page: Math.floor(list.offset / pageSize) + 1,
    onPageChange: (n: number) => list.setOffset((n - 1) * pageSize),
    totalRows: list.total,
  } as const;
}

/** DataTable's sort props for a paged list (the sort lives in the URL). */
export function sortingProps<T>(list: PagedList<T>) {
  return {
    sort: list.sort ? { column: list.sort, direction: list.order } : null,
    onSortChange: (s: { column: string; direction: 'asc' | 'desc' }) => list.setSort(s.column, s.direction),
  };
}
