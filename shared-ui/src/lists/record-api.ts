import { api } from '@wms/shared-api/core';

/** The calls of one kind of record (SPEC §7), made by `recordApi`. */
export interface RecordApi<T, F> {
  /** The collection's API path, e.g. '/products' (lists page through usePagedList on it). */
  path: string;
  /** GET {path}/{id}; `signal` aborts it (useLoad's). */
  fetchOne: (id: string | number, signal?: AbortSignal) => Promise<T>;
  /** POST {path} with `created_by` when `id` is null, else PUT {path}/{id} with `modified_by`. */
  save: (id: string | number | null | undefined, fields: F, userId?: number) => Promise<T>;
  /** DELETE {path}/{id} with body {deleted_by}: the user id, or "system" if absent (SPEC §7). */
  remove: (id: string | number, userId?: number) => Promise<void>;
}

/**
 * The read / save / delete calls every registry makes the same way (SPEC §7). The author fields travel as the contract
 * says, though the server records the session's user; `extra` goes with every save (e.g. a product's `deleted_at: null`).
 */
export function recordApi<T, F extends object>(path: string, extra: Record<string, unknown> = {}): RecordApi<T, F> {
  const one = (id: string | number) => `${path}/${encodeURIComponent(String(id))}`;
  return {
    path,
    fetchOne: async (id, signal) => (await api.get<T>(one(id), { signal })).data,
    save: async (id, fields, userId) => {
      const { data } =
        id == null || id === ''
          ? await api.post<T>(path, { ...fields, ...extra, created_by: userId ?? null })
          : await api.put<T>(one(id), { ...fields, ...extra, modified_by: userId ?? null });
      return data;
    },
    remove: async (id, userId) => {
      await api.delete(one(id), { data: { deleted_by: userId ?? 'system' } });
    },
  };
}
