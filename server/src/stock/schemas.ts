import { z } from 'zod';
import {
  MOVEMENT_SORTS,
  MOVEMENT_SOURCES,
  MOVEMENT_TYPES,
  pageQuery,
  queryDay,
  queryFlag,
  queryId,
  queryText,
  sortQuery,
} from '@wms/shared-api';
import { idParam } from '../http/schemas';

/** Route schemas of the stock API (the movement body itself is the shared movementSchema; the pieces are common.ts's). */

/**
 * The list's type filter (SPEC §2): C, S, T, or a type with its source — "S-MAN" (manual unload), "S-SO" (sale), "C-PO"
 * (goods receipt). Empty or "all" means every type.
 */
const movementTypeFilter = queryText(20).transform((v, ctx) => {
  const t = v?.toUpperCase();
  if (t === undefined || t === 'ALL') return undefined;
  const m = new RegExp(`^(${MOVEMENT_TYPES.join('|')})(?:-(${MOVEMENT_SOURCES.join('|')}))?$`).exec(t);
  if (!m) {
    ctx.addIssue({ code: 'custom', message: 'invalidOption' });
    return z.NEVER;
  }
  return { movementType: m[1] as (typeof MOVEMENT_TYPES)[number], sourceType: m[2] as (typeof MOVEMENT_SOURCES)[number] | undefined };
});

export const movementListQuery = z.object({
  type: movementTypeFilter.describe('C, S, T, or type-source: S-MAN, S-SO, C-PO, C-MAN…; empty or "all" for every type'),
  product_code: queryText(100).describe('Product code contains (case-insensitive)'),
  product_id: queryId,
  warehouse_id: queryId.describe('Source or destination warehouse'),
  date_from: queryDay.describe('dd/MM/yyyy or yyyy-MM-dd, inclusive'),
  date_to: queryDay.describe('dd/MM/yyyy or yyyy-MM-dd, inclusive'),
  include_history: queryFlag.describe('true: also reversed movements and reversal rows (the whole ledger)'),
  source_document_type: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(MOVEMENT_SOURCES, { error: 'invalidOption' }).optional())
    .describe('PO (goods receipt), SO (sale) or MAN: movements of that kind of document'),
  source_line_id: queryId.describe('The document line: a purchase order item (PO) or a sale (SO); its movements only'),
  ...sortQuery(MOVEMENT_SORTS),
  ...pageQuery(),
});

export const stockListQuery = z.object({
  warehouse_id: queryId,
  product_id: queryId,
  code: queryText(100).describe('Product code contains (case-insensitive)'),
  description: queryText(100).describe('Product description contains'),
  category: queryText(100).describe('Product family contains'),
  include_zero: queryFlag.describe('true: rows at zero too'),
  ...pageQuery(),
});

export const productStockQuery = z.object({ warehouse_id: queryId });

/** "123" or "123-manual" (SPEC §7: the client may cut the id at its first hyphen, or not); digits only, no sign or space. */
export const movementIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}(-[A-Za-z]+)?$/, { error: 'invalidType' })
    .transform((v) => Number(v.split('-')[0]))
    .refine((n) => n > 0, { error: 'invalidType' }),
});

export const productIdParams = idParam('productId');

// -------------------------------------------------------------------------------------------------------------- responses

export { movementViewSchema, stockRowSchema } from '@wms/shared-api';

export const deleteResponseSchema = z.object({
  message: z.string(),
  id: z.string(),
  reversal_id: z.number(),
});
