import { z } from 'zod';
import { MOVEMENT_SORTS, MOVEMENT_SOURCES, MOVEMENT_TYPES, parseDay } from '@wms/shared-api';


/** Route schemas of the stock API (the movement body itself is the shared movementSchema). */

/** Lists are pages: `limit` (default 100, at most 1000) and `offset`; the total travels in X-Total-Count. */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 1000;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const queryText = z.preprocess(blankToUndefined, z.string().trim().max(100, { error: 'tooLong' }).optional());

const queryId = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: 'invalidType' }).int({ error: 'invalidType' }).positive({ error: 'invalidType' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'invalidType' }).optional(),
);

const queryDay = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const day = parseDay(v);
      if (!day) {
        ctx.addIssue({ code: 'custom', message: 'invalidDate' });
        return z.NEVER;
      }
      return day;
    }),
);

const queryBool = z.preprocess(
  blankToUndefined,
  z.enum(['true', 'false', '1', '0'], { error: 'invalidOption' }).optional().transform((v) => v === 'true' || v === '1'),
);

const page = {
  limit: z.preprocess(blankToUndefined, z.coerce.number({ error: 'invalidType' }).int({ error: 'invalidType' }).min(1, { error: 'invalidType' })
    .max(MAX_PAGE, { error: 'invalidType' }).default(DEFAULT_PAGE)),
  offset: z.preprocess(blankToUndefined, z.coerce.number({ error: 'invalidType' }).int({ error: 'invalidType' }).min(0, { error: 'invalidType' })
    .max(100_000_000, { error: 'invalidType' }).default(0)),
};

/**
 * The list's type filter (SPEC §2): C, S, T, or a type with its source — "S-MAN" (manual unload), "S-SO" (sale), "C-PO"
 * (goods receipt). Empty or "all" means every type.
 */
const movementTypeFilter = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === 'ALL') return undefined;
      const m = new RegExp(`^(${MOVEMENT_TYPES.join('|')})(?:-(${MOVEMENT_SOURCES.join('|')}))?$`).exec(v);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: 'invalidOption' });
        return z.NEVER;
      }
      return { movementType: m[1] as (typeof MOVEMENT_TYPES)[number], sourceType: m[2] as (typeof MOVEMENT_SOURCES)[number] | undefined };
    }),
);

export const movementListQuery = z.object({
  type: movementTypeFilter.describe('C, S, T, or type-source: S-MAN, S-SO, C-PO, C-MAN…; empty or "all" for every type'),
  product_code: queryText.describe('Product code contains (case-insensitive)'),
  product_id: queryId,
  warehouse_id: queryId.describe('Source or destination warehouse'),
  date_from: queryDay.describe('dd/MM/yyyy or yyyy-MM-dd, inclusive'),
  date_to: queryDay.describe('dd/MM/yyyy or yyyy-MM-dd, inclusive'),
  sort: z.preprocess(blankToUndefined, z.enum(MOVEMENT_SORTS, { error: 'invalidOption' }).optional()),
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: 'invalidOption' }).optional()),
  include_history: queryBool.describe('true: also reversed movements and reversal rows (the whole ledger)'),
  ...page,
});

export const stockListQuery = z.object({
  warehouse_id: queryId,
  product_id: queryId,
  code: queryText.describe('Product code contains (case-insensitive)'),
  description: queryText.describe('Product description contains'),
  category: queryText.describe('Product family contains'),
  include_zero: queryBool.describe('true: rows at zero too'),
  ...page,
});

export const productStockQuery = z.object({ warehouse_id: queryId });

/** "123" or "123-manual" (SPEC §7: the client may cut the id at its first hyphen, or not). */
export const movementIdParams = z.object({
  id: z
    .string()
    .trim()
    .regex(/^\d{1,15}(-[A-Za-z]+)?$/, { error: 'invalidType' })
    .transform((v) => Number(v.split('-')[0]))
    .refine((n) => n > 0, { error: 'invalidType' }),
});

export const productIdParams = z.object({
  productId: z.coerce.number({ error: 'invalidType' }).int({ error: 'invalidType' }).positive({ error: 'invalidType' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'invalidType' }),
});

// -------------------------------------------------------------------------------------------------------------- responses

export { movementViewSchema, stockRowSchema } from '@wms/shared-api';

export const deleteResponseSchema = z.object({
  message: z.string(),
  id: z.string(),
  reversal_id: z.number(),
});
