import { z } from 'zod';
import { pageQuery, parseDay, queryFlag } from '@wms/shared-api';
import { stockListQuery } from '../stock/schemas';

/** Route schemas of the reports (query strings; the response shapes live in shared-api stock-report.ts / valuation.ts). */

/** GET /stock/levels: the stock list's filters (code, description, family, warehouse) and paging, per product. */
export const stockLevelsQuery = stockListQuery.omit({ product_id: true, include_zero: true }).extend({
  in_transit: queryFlag.describe('true: only goods in transit (transfers shipped, not yet received)'),
  expiry: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(['expired', 'expiring'], { error: 'invalidOption' }).optional())
    .describe(
      'expired: only the batches on hand past their expiry (before the company day); expiring: those expiring from the company day to within_days after it — what the dashboard counts',
    ),
  within_days: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string()
        .regex(/^\d{1,3}$/, { error: 'invalidType' })
        .transform((v) => parseInt(v, 10))
        .refine((n) => n <= 366, { error: 'invalidType' })
        .optional(),
    )
    .describe('with expiry=expiring: the window in days (default 30, the reports\' "expiring soon"; the dashboard sends its own)'),
});

/** GET /stock/levels/export: the same filters, no paging (every row they select). */
export const stockLevelsExportQuery = stockLevelsQuery.omit({ limit: true, offset: true });

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const d = parseDay(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: 'invalidDate' });
        return z.NEVER;
      }
      return d;
    }),
);

const bool = (fallback: boolean) =>
  z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false', '1', '0'], { error: 'invalidOption' })
      .optional()
      .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1')),
  );

/** "all" (or nothing) for every warehouse, else a warehouse id. */
const warehouse = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.toLowerCase() === 'all') return null;
      if (!/^\d{1,15}$/.test(v) || Number(v) <= 0 || Number(v) > Number.MAX_SAFE_INTEGER) {
        ctx.addIssue({ code: 'custom', message: 'invalidType' });
        return z.NEVER;
      }
      return Number(v);
    }),
);

const valuationFilters = {
  startDate: day.describe('dd/MM/yyyy or yyyy-MM-dd; default: the company day (COMPANY_TIME_ZONE)'),
  endDate: day.describe('dd/MM/yyyy or yyyy-MM-dd; default: the company day (COMPANY_TIME_ZONE); quantities at the end of this day'),
  warehouseId: warehouse.describe('"all" (default) or a warehouse id'),
  showZeroPrices: bool(false).describe('true: also products without a price in force (unit price 0)'),
  groupByProduct: bool(true).describe('true (default): one row per product and warehouse, batches ignored'),
};

/** A start after the end is refused (endDate: "Data non valida"). Dates left out are filled by the route (company today). */
const periodInOrder = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'invalidDate' });
};

export const valuationQuery = z
  .object({
    ...valuationFilters,
    ...pageQuery(),
  })
  .superRefine(periodInOrder);

export const valuationExportQuery = z.object(valuationFilters).superRefine(periodInOrder);
