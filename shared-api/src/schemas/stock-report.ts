import { z } from 'zod';
import { decimalView } from './common';

/**
 * The stock levels report (SPEC §2 Reports /report/giacenze): one row per product with its total on hand and unit; the
 * row expands to the product's warehouses and batches (GET /stock/product/{id}, stock rows of stock-views.ts).
 * One definition for the server's response schema and the screen's types.
 */
export const stockLevelRowSchema = z.object({
  product_id: z.number(),
  product_code: z.string(),
  product_name: z.string().nullable(),
  product_description: z.string(),
  product_category: z.string(),
  unit_of_measure: z.string().nullable(),
  /** Σ of the product's balances above zero (in the chosen warehouse, if any), goods in transit included. */
  quantity: decimalView,
  /** Of which in transit: shipped by a transfer, not yet received (issue 26); counted in the total, available nowhere. */
  in_transit: decimalView,
  /** Warehouses and (warehouse, batch) balances holding it. */
  warehouses: z.number(),
  batches: z.number(),
  /** Earliest expiry among its batches on hand, yyyy-MM-dd (the screen marks expired / expiring soon with the shared rule). */
  earliest_expiry: z.string().nullable(),
});
export type StockLevelRow = z.infer<typeof stockLevelRowSchema>;

/** Filters of the report (query of GET /stock/levels and of its CSV, GET /stock/levels/export). */
export interface StockLevelFilters {
  code?: string;
  description?: string;
  category?: string;
  warehouse_id?: number;
  /** Only goods in transit (transfers shipped, not received; issue 26). */
  in_transit?: boolean;
}

/** Days ahead within which a batch counts as "expiring soon" on the stock report (issue 14: 30 days). */
export const STOCK_REPORT_EXPIRY_WARNING_DAYS = 30;
