import { z } from 'zod';
import { listQuery, queryId, SALE_STATUSES } from '@wms/shared-api';
import { idParam } from '../http/schemas';

/** Route schemas of /sales (the bodies are the shared saleSchema / saleStatusSchema). */

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /sales: `q` (every word in product code/description, customer, batch or warehouse), filters, limit/offset. Newest first. */
export const saleListQuery = listQuery(['date'] as const, {
  status: z.preprocess(blank, z.enum(SALE_STATUSES, { error: 'invalidOption' }).optional()),
  customer_id: queryId,
  product_id: queryId,
});

export { idParams as saleIdParams } from '../http/schemas';

export const productIdParams = idParam('productId');

export const cancelResponseSchema = z.object({ message: z.string(), id: z.number(), status: z.literal('cancelled') });
