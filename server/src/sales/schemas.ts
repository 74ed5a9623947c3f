import { z } from 'zod';
import { SALE_STATUSES } from '@wms/shared-api';
import { listQuery } from '../registry/schemas';

/** Route schemas of /sales (the bodies are the shared saleSchema / saleStatusSchema). */

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(
  blank,
  z.coerce
    .number({ error: 'invalidType' })
    .int({ error: 'invalidType' })
    .positive({ error: 'invalidType' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'invalidType' })
    .optional(),
);

/** GET /sales: `q` (every word in product code/description, customer, batch or warehouse), filters, limit/offset. Newest first. */
export const saleListQuery = listQuery(['date'] as const, {
  status: z.preprocess(blank, z.enum(SALE_STATUSES, { error: 'invalidOption' }).optional()),
  customer_id: optionalId,
  product_id: optionalId,
});

export { idParams as saleIdParams } from '../registry/schemas';

export const productIdParams = z.object({
  productId: z.coerce
    .number({ error: 'invalidType' })
    .int({ error: 'invalidType' })
    .positive({ error: 'invalidType' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'invalidType' }),
});

export const cancelResponseSchema = z.object({ message: z.string(), id: z.number(), status: z.literal('cancelled') });
