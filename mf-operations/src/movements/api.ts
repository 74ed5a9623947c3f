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

/** PUT uses the id cut at its first hyphen (SPEC §7): "12-manual" → "12". */
export function idWithoutSuffix(id: string): string {
  return id.split('-')[0];
}

/** SPEC §7 payload: the movement fields plus created_by / modified_by as the username (the server trusts the session). */
export async function saveMovement(id: string | null, body: MovementBody, username: string | null): Promise<void> {
  if (id === null) await api.post(MOVEMENTS_PATH, { ...body, created_by: username, modified_by: username });
  else await api.put(`${MOVEMENTS_PATH}/${encodeURIComponent(idWithoutSuffix(id))}`, { ...body, modified_by: username });
}

/** Deleting appends a reversal on the server; body {deleted_by} as SPEC §7 writes it. */
export async function deleteMovement(id: string, username: string | null): Promise<void> {
  await api.delete(`${MOVEMENTS_PATH}/${encodeURIComponent(id)}`, { data: { deleted_by: username } });
}
