import { z } from 'zod';
import { decimal, decimalView, id, listQuery, MAX_LONG_TEXT, optionalDay, optionalText, pageQuery, queryId } from './common';
import { MAX_BATCH_LENGTH, MAX_MOVEMENT_QUANTITY } from './movement';
import { QUANTITY_DECIMALS, registerValidationMessages } from '@wms/shared-api/core';

/**
 * Physical inventory counts (issue 25): the bodies of POST /inventory-counts, PUT /inventory-counts/{id}/lines and
 * POST /inventory-counts/{id}/apply, and the answers, for the screens and the server alike.
 */
export const INVENTORY_COUNT_STATUSES = ['open', 'applied', 'cancelled'] as const;
export type InventoryCountStatus = (typeof INVENTORY_COUNT_STATUSES)[number];
export const INVENTORY_COUNT_SCOPES = ['all', 'family', 'products'] as const;
export type InventoryCountScope = (typeof INVENTORY_COUNT_SCOPES)[number];
/** What apply does with lines nobody counted: leave them as they are, or count them as zero. */
export const UNCOUNTED_CHOICES = ['unchanged', 'zero'] as const;
export type UncountedChoice = (typeof UNCOUNTED_CHOICES)[number];

/**
 * Largest list of products in one count's scope, and of lines in one PUT: counters send a line at a time, tablets
 * batches of 500, and a CSV import its whole file in one request (one transaction: nothing saved unless every row is good).
 */
export const MAX_COUNT_PRODUCTS = 50_000;
export const MAX_COUNT_LINES_PER_SAVE = 20_000;
export const MAX_FAMILY_LENGTH = 255;

export const inventoryValidationMessages = registerValidationMessages({
  it: {
    familyOrProducts: 'Indica una famiglia oppure un elenco di prodotti, non entrambi',
    duplicateLine: 'Prodotto e lotto ripetuti nella stessa richiesta',
    productUnknown: 'Prodotto inesistente o eliminato',
    productNotInCount: 'Il prodotto non fa parte di questo inventario',
  },
  fr: {
    familyOrProducts: 'Indiquez une famille ou une liste de produits, pas les deux',
    duplicateLine: 'Produit et lot répétés dans la même requête',
    productUnknown: 'Produit inexistant ou supprimé',
    productNotInCount: 'Le produit ne fait pas partie de cet inventaire',
  },
});

export const inventoryCountCreateSchema = z
  .object({
    warehouse_id: id,
    family: optionalText(MAX_FAMILY_LENGTH),
    product_ids: z.array(id).min(1, { error: 'required' }).max(MAX_COUNT_PRODUCTS, { error: 'tooLarge' }).nullish(),
    notes: optionalText(MAX_LONG_TEXT),
  })
  .superRefine((c, ctx) => {
    if (c.family && c.product_ids) ctx.addIssue({ code: 'custom', path: ['product_ids'], message: 'familyOrProducts' });
  })
  .transform((c) => ({ ...c, product_ids: c.product_ids ? [...new Set(c.product_ids)] : null }));
export type InventoryCountCreateBody = z.input<typeof inventoryCountCreateSchema>;
export type InventoryCountCreateFields = z.output<typeof inventoryCountCreateSchema>;

/** A counted quantity: exact decimal text (or an exactly representable number), zero allowed (an empty shelf). */
export const countedQuantityField = decimal({
  decimals: QUANTITY_DECIMALS,
  max: MAX_MOVEMENT_QUANTITY,
  min: 'notNegative',
  tooLargeKey: 'quantityTooLarge',
});

export const inventoryCountLineSchema = z.object({
  product_id: id,
  batch_number: optionalText(MAX_BATCH_LENGTH).transform((v) => v ?? ''),
  counted_quantity: countedQuantityField,
  expiry_date: optionalDay,
  production_date: optionalDay,
});
export type InventoryCountLineBody = z.input<typeof inventoryCountLineSchema>;
export type InventoryCountLineFields = z.output<typeof inventoryCountLineSchema>;

export const inventoryCountLinesSchema = z
  .object({
    lines: z.array(inventoryCountLineSchema).min(1, { error: 'required' }).max(MAX_COUNT_LINES_PER_SAVE, { error: 'tooLarge' }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.lines.forEach((l, i) => {
      const key = `${l.product_id}\u0000${l.batch_number}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'product_id'], message: 'duplicateLine' });
      seen.add(key);
    });
  });
export type InventoryCountLinesBody = z.input<typeof inventoryCountLinesSchema>;

export const inventoryApplySchema = z.object({
  uncounted: z.enum(UNCOUNTED_CHOICES, { error: 'invalidOption' }).default('unchanged'),
});
export type InventoryApplyBody = z.input<typeof inventoryApplySchema>;

/** Which lines the review shows: all, those with a difference, those nobody counted. */
export const REVIEW_FILTERS = ['all', 'differences', 'uncounted'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** GET /inventory-counts/{id}: one page of lines by product code (default 200, at most 1000), filtered by the server. */
export const inventoryReviewQuery = z.object({
  filter: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REVIEW_FILTERS, { error: 'invalidOption' }).default('all')),
  min_value: z
    .preprocess((v) => (v === '' ? undefined : v), decimal({ decimals: 5, max: 1_000_000_000_000, min: 'notNegative' }).optional())
    .describe('lines whose difference is worth at least this much (absolute, in its currency)'),
  ...pageQuery(200),
});

/** GET /inventory-counts: newest first; filters warehouse and status. */
export const inventoryCountListQuery = listQuery(['created_at'] as const, {
  warehouse_id: queryId,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INVENTORY_COUNT_STATUSES, { error: 'invalidOption' }).optional()),
});

// ------------------------------------------------------------------------------------------------------------- answers

export const inventoryCountSummarySchema = z.object({
  id: z.number(),
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  status: z.enum(INVENTORY_COUNT_STATUSES),
  scope: z.enum(INVENTORY_COUNT_SCOPES),
  family: z.string().nullable(),
  notes: z.string().nullable(),
  snapshot_at: z.string().describe('ISO timestamp of the snapshot'),
  snapshot_day: z.string().describe('yyyy-MM-dd, the count day (prices in force that day value the differences)'),
  uncounted: z.enum(UNCOUNTED_CHOICES).nullable(),
  created_by: z.string().nullable().describe('username'),
  closed_by: z.string().nullable().describe('username of who applied or cancelled it'),
  closed_at: z.string().nullable(),
  line_count: z.number(),
  counted_count: z.number(),
});
export type InventoryCountSummary = z.infer<typeof inventoryCountSummarySchema>;

/** One line as counters see it (blind: no book quantity). */
export const inventoryCountingLineSchema = z.object({
  line_id: z.number(),
  product_id: z.number(),
  product_code: z.string(),
  product_name: z.string().nullable(),
  unit_of_measure: z.string().nullable(),
  has_batch: z.boolean(),
  has_expiry_date: z.boolean(),
  batch_number: z.string(),
  counted_quantity: decimalView.nullable(),
  expiry_date: z.string().nullable(),
  counted_by: z.string().nullable().describe('username of the latest count'),
  counted_at: z.string().nullable(),
  history: z.array(z.object({ counted_quantity: decimalView, counted_by: z.string().nullable(), counted_at: z.string() })),
});
export type InventoryCountingLine = z.infer<typeof inventoryCountingLineSchema>;

/** One line as reviewers see it (its history is on the counters' view). */
export const inventoryCountLineViewSchema = inventoryCountingLineSchema.omit({ history: true }).extend({
  book_quantity: decimalView.describe('balance at the snapshot'),
  difference: decimalView.nullable().describe('counted - book; null while uncounted'),
  moved_since: decimalView.describe('net movements of this product and batch in the warehouse since the snapshot'),
  current_quantity: decimalView,
  difference_value: decimalView.nullable().describe("difference x the price in force on the count day for the product's supplier"),
  currency: z.string().nullable(),
  adjustment: decimalView.nullable().describe('posted by apply'),
  movement_id: z.number().nullable(),
});
export type InventoryCountLineView = z.infer<typeof inventoryCountLineViewSchema>;

export const inventoryTotalSchema = z.object({
  currency: z.string(),
  gains: decimalView,
  losses: decimalView,
  net: decimalView,
});
export type InventoryTotal = z.infer<typeof inventoryTotalSchema>;

export const inventoryCountViewSchema = inventoryCountSummarySchema.extend({
  lines: z.array(inventoryCountLineViewSchema).describe('one page (limit, offset) of the lines the filter selects, by product code'),
  matching_lines: z.number().describe('lines the filter selects (also X-Total-Count)'),
  totals: z.array(inventoryTotalSchema).describe('value of the differences per currency (counted lines with a price)'),
  uncounted_count: z.number(),
  unpriced_count: z.number().describe('lines with a difference and no price in force'),
});
export type InventoryCountView = z.infer<typeof inventoryCountViewSchema>;

export const inventoryCountingViewSchema = inventoryCountSummarySchema.extend({ lines: z.array(inventoryCountingLineSchema) });
export type InventoryCountingView = z.infer<typeof inventoryCountingViewSchema>;

export const INVENTORY_PROBLEM_REASONS = ['NEGATIVE_STOCK', 'PRODUCT_INACTIVE', 'PRODUCT_DELETED', 'DATES_REQUIRED'] as const;
export type InventoryProblemReason = (typeof INVENTORY_PROBLEM_REASONS)[number];

export const inventoryProblemSchema = z.object({
  product_id: z.number(),
  product_code: z.string(),
  batch_number: z.string(),
  reason: z.enum(INVENTORY_PROBLEM_REASONS),
  message: z.string(),
});
export type InventoryProblem = z.infer<typeof inventoryProblemSchema>;

/** 409 of apply: every problem at once; nothing was written. */
export const inventoryApplyRefusalSchema = z.object({
  error: z.string(),
  code: z.string(),
  problems: z.array(inventoryProblemSchema).optional(),
});

/** A saved line as PUT …/lines answers it (the screen already knows the product). */
export const inventorySavedLineSchema = z.object({
  line_id: z.number(),
  product_id: z.number(),
  batch_number: z.string(),
  counted_quantity: decimalView,
  counted_at: z.string(),
});
export type InventorySavedLine = z.infer<typeof inventorySavedLineSchema>;

export const inventoryCountSavedSchema = z.object({ saved: z.number(), lines: z.array(inventorySavedLineSchema) });
