import { z } from 'zod';
import { decimalView } from './common';
import { MOVEMENT_SOURCES, MOVEMENT_TYPES } from './movement';

/**
 * What the stock API answers (SPEC §3 Stock movement, Stock row): the server's response schemas and the screens' types,
 * one definition for both.
 */

/** Columns GET /stock-movements sorts by (`sort`, with `order` asc | desc). */
export const MOVEMENT_SORTS = ['date', 'type', 'product_code', 'quantity', 'warehouse', 'destination_warehouse'] as const;
export type MovementSort = (typeof MOVEMENT_SORTS)[number];

const day = z.string().nullable();

export const movementViewSchema = z.object({
  id: z.string().describe('"12-manual" for manual movements, "12" for those of a sale or receipt'),
  movement_type: z.enum(MOVEMENT_TYPES),
  source_type: z.enum(MOVEMENT_SOURCES),
  movement_date: z.string().describe('dd/MM/yyyy'),
  product_id: z.number(),
  product_code: z.string(),
  product_name: z.string().nullable(),
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  destination_warehouse_id: z.number().nullable(),
  destination_warehouse: z.string().nullable(),
  quantity: decimalView,
  unit_of_measure: z.string().nullable().describe("the product's unit code (m, kg, piece, l)"),
  batch_number: z.string().nullable(),
  production_date: day.describe('yyyy-MM-dd'),
  expiry_date: day.describe('yyyy-MM-dd'),
  notes: z.string().nullable(),
  source_document: z.object({
    type: z.enum(MOVEMENT_SOURCES),
    id: z.number().nullable(),
    number: z.string().nullable(),
    // Always sent by the server; optional only so older fixtures still type-check.
    line_id: z
      .number()
      .nullable()
      .optional()
      .describe('The document line the movement comes from (receipt line, sale); null for manual ones'),
  }),
  created_by: z.string().nullable(),
  modified_by: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['active', 'reversed', 'reversal']),
  reverses_id: z.number().nullable(),
  reversed_by_id: z.number().nullable(),
  replaces_id: z.number().nullable(),
});

export const stockRowSchema = z.object({
  product_id: z.number(),
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  // Always sent by the server; optional only so older fixtures still type-check.
  in_transit: z.boolean().optional().describe('goods shipped by a transfer, not yet received (the transit location): never available'),
  batch_number: z.string().nullable(),
  quantity: decimalView,
  expiry_date: day.describe('yyyy-MM-dd'),
  production_date: day.describe('yyyy-MM-dd'),
  product_code: z.string(),
  product_name: z.string().nullable(),
  product_description: z.string(),
  product_category: z.string(),
  unit_of_measure: z.string().nullable(),
});

/** A movement as the API shows it, plus its place in the history (active, reversed, reversal). */
export type MovementView = z.infer<typeof movementViewSchema>;
/** A stock row with the report fields: one balance of one product, warehouse and batch. */
export type StockRow = z.infer<typeof stockRowSchema>;
