import { z } from 'zod';
import { id } from '@wms/shared-api';

/**
 * Route schemas every domain uses beyond the shared-api building blocks (shared-api/src/schemas/common.ts: id, queryId,
 * queryDay, queryFlag, queryText, pageQuery, sortQuery, listQuery, decimal, flag…).
 */

/** `/:id` — a strict positive integer (digits only: "0x10", " 1", "1e0", "+1" are 400). */
export const idParams = z.object({ id });

/** The params of a path whose id has another name, e.g. `/stock/product/:productId` → `idParam('productId')`. */
export function idParam<K extends string>(name: K) {
  return z.object({ [name]: id } as Record<K, typeof id>);
}

/** The answer of a (soft) delete: a message in the caller's language and the id. */
export const deletedSchema = z.object({ message: z.string(), id: z.number() });
