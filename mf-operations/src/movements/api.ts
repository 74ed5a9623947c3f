import { api, type MovementBody, type MovementView, type Product } from '@wms/shared-api';
import { recordApi } from '@wms/shared-ui';

/**
 * The stock calls of SPEC §7 the movement screens make, typed (the list pages through usePagedList). Every failure is the
 * API client's ApiError: callers word it (§8).
 */

export type { MovementView } from '@wms/shared-api';
export const MOVEMENTS_PATH = '/stock-movements';

/** The list's type filter as the server reads it (`type`): every type, a type, or a type with its source. */
export const TYPE_FILTERS = ['', 'C', 'S-MAN', 'T', 'S-SO'] as const;

/** GET /stock-movements/{id} and GET /products/{id}: the kit's record reads (`signal` aborts them). */
export const fetchMovement = recordApi<MovementView, MovementBody>(MOVEMENTS_PATH).fetchOne;
export const fetchProduct = recordApi<Product, Product>('/products').fetchOne;

/**
 * SPEC §7 payload plus created_by / modified_by as the username; answers the saved movement (a correction's id is new).
 * PUT uses the id cut at its first hyphen (SPEC §7): "12-manual" → "12".
 */
export async function saveMovement(id: string | null, body: MovementBody, username: string | null): Promise<MovementView> {
  const fields = { ...body, modified_by: username };
  const { data } =
    id === null
      ? await api.post<MovementView>(MOVEMENTS_PATH, { ...fields, created_by: username })
      : await api.put<MovementView>(`${MOVEMENTS_PATH}/${encodeURIComponent(id.split('-')[0])}`, fields);
  return data;
}

/** Deleting appends a reversal on the server; body {deleted_by} as SPEC §7 writes it. */
export async function deleteMovement(id: string, username: string | null): Promise<void> {
  await api.delete(`${MOVEMENTS_PATH}/${encodeURIComponent(id)}`, { data: { deleted_by: username } });
}
