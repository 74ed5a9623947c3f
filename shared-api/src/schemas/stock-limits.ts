import { z } from 'zod';
import { compareDecimals, QUANTITY_DECIMALS, registerValidationMessages, sumDecimals } from '@wms/shared-api/core';
import { decimal, decimalView, id, queryId } from './common';
import { MAX_AMOUNT } from './price';
import { CURRENCIES } from './product';

/**
 * Stock limits (issue 28): a minimum and a maximum per product and warehouse, parsed alike by the product form's panel,
 * the CSV import and the server. Quantities at the quantity scale (3 decimals), exact decimal text. Rules:
 * min ≥ 0, max > 0, max ≥ min; one row per warehouse.
 */
export const MAX_STOCK_LIMITS = 500;

export const stockLimitMessages = registerValidationMessages({
  it: {
    stockLimitMaxBelowMin: 'Il massimo non può essere inferiore al minimo',
    stockLimitWarehouseRepeated: 'Magazzino ripetuto: un solo minimo e massimo per magazzino',
    replenishmentLineRepeated: 'Riga ripetuta: un prodotto e magazzino una volta sola',
  },
  fr: {
    stockLimitMaxBelowMin: 'Le maximum ne peut pas être inférieur au minimum',
    stockLimitWarehouseRepeated: 'Entrepôt répété : un seul minimum et maximum par entrepôt',
    replenishmentLineRepeated: 'Ligne répétée : un produit et un entrepôt une seule fois',
  },
});

const quantity = (min: 'positive' | 'notNegative') => decimal({ decimals: QUANTITY_DECIMALS, max: MAX_AMOUNT, min });

/** The one rule of a limit besides the fields' own: max below min is refused (message key 'stockLimitMaxBelowMin', on max). */
export function limitProblem(l: { min: string; max: string }): 'stockLimitMaxBelowMin' | null {
  return compareDecimals(l.max, l.min) < 0 ? 'stockLimitMaxBelowMin' : null;
}

export const stockLimitSchema = z
  .object({
    warehouse_id: id,
    min: quantity('notNegative'),
    max: quantity('positive'),
  })
  .superRefine((l, ctx) => {
    const problem = limitProblem(l);
    if (problem) ctx.addIssue({ code: 'custom', path: ['max'], message: problem });
  });

/** PUT /products/{id}/stock-limits: the product's whole set of limits (a warehouse left out loses its limit). */
export const stockLimitsSchema = z.object({
  limits: z
    .array(stockLimitSchema, { error: (iss) => (iss.input == null ? 'required' : 'invalidType') })
    .max(MAX_STOCK_LIMITS, { error: 'tooLong' })
    .superRefine((limits, ctx) => {
      const seen = new Set<number>();
      limits.forEach((l, i) => {
        if (seen.has(l.warehouse_id)) ctx.addIssue({ code: 'custom', path: [i, 'warehouse_id'], message: 'stockLimitWarehouseRepeated' });
        seen.add(l.warehouse_id);
      });
    }),
});
export type StockLimitsBody = z.input<typeof stockLimitsSchema>;
export type StockLimitsFields = z.output<typeof stockLimitsSchema>;
export type StockLimitFields = z.output<typeof stockLimitSchema>;

export const stockLimitViewSchema = z.object({
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  min: decimalView,
  max: decimalView,
});
export const stockLimitsViewSchema = z.object({ product_id: z.number(), limits: z.array(stockLimitViewSchema) });
export type StockLimitView = z.infer<typeof stockLimitViewSchema>;
export type StockLimits = z.infer<typeof stockLimitsViewSchema>;

/** The CSV import's columns, in order (header optional): code;warehouse;min;max — warehouse by name. */
export const STOCK_LIMITS_CSV_COLUMNS = ['code', 'warehouse', 'min', 'max'] as const;

export const stockLimitsImportResultSchema = z.object({ imported: z.number(), products: z.number() });
export type StockLimitsImportResult = z.infer<typeof stockLimitsImportResultSchema>;

// ------------------------------------------------------------------------------------------------------ replenishment

/**
 * Replenishment (issue 28): a line is suggested when available + on order < min; its quantity is
 * max − (available + on order). The same rule decides, inside the order-creating transaction, whether a line still needs
 * ordering (the database's locks make two buyers see each other's orders).
 */
export function needsReplenishment(available: string, onOrder: string, min: string): boolean {
  return compareDecimals(sumDecimals([available, onOrder]), min) < 0;
}

export const replenishmentQuery = z.object({
  warehouse_id: queryId.describe('one warehouse; all when absent'),
});

export const replenishmentLineViewSchema = z.object({
  product_id: z.number(),
  product_code: z.string(),
  product_description: z.string(),
  unit_of_measure: z.string().nullable(),
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  supplier_id: z.number().nullable(),
  supplier_name: z.string().nullable(),
  available: decimalView,
  on_order: decimalView,
  min: decimalView,
  max: decimalView,
  suggested_quantity: decimalView,
  unit_price: decimalView.nullable().describe('the price in force today for the product and its supplier; null: none'),
  currency: z.enum(CURRENCIES),
});
export type ReplenishmentLine = z.infer<typeof replenishmentLineViewSchema>;

export const MAX_REPLENISHMENT_LINES = 500;

export const replenishmentOrderLineSchema = z.object({
  product_id: id,
  warehouse_id: id,
  quantity: decimal({ decimals: QUANTITY_DECIMALS, max: MAX_AMOUNT, min: 'positive' }),
});
export const replenishmentOrdersSchema = z.object({
  lines: z
    .array(replenishmentOrderLineSchema, { error: (iss) => (iss.input == null ? 'noItems' : 'invalidType') })
    .min(1, { error: 'noItems' })
    .max(MAX_REPLENISHMENT_LINES, { error: 'tooLong' })
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((l, i) => {
        const key = `${l.product_id}:${l.warehouse_id}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'product_id'], message: 'replenishmentLineRepeated' });
        seen.add(key);
      });
    }),
});
export type ReplenishmentOrdersBody = z.input<typeof replenishmentOrdersSchema>;
export type ReplenishmentOrdersFields = z.output<typeof replenishmentOrdersSchema>;

export const replenishmentOrdersResultSchema = z.object({
  orders: z.array(z.object({ id: z.number(), order_number: z.string(), supplier_id: z.number() })),
});
export type ReplenishmentOrdersResult = z.infer<typeof replenishmentOrdersResultSchema>;

/** POST /stock-limits/import: the CSV file's text (UTF-8; a BOM is ignored). At most 1 MB of text (≈ 30 000 rows). */
export const MAX_STOCK_LIMITS_CSV = 1_000_000;
export const stockLimitsImportSchema = z.object({
  csv: z.string({ error: (iss) => (iss.input == null ? 'required' : 'invalidType') }).max(MAX_STOCK_LIMITS_CSV, { error: 'tooLong' }),
});
export type StockLimitsImportBody = z.input<typeof stockLimitsImportSchema>;
