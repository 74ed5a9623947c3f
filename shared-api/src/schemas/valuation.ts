import { z } from 'zod';
import { decimalView } from './common';

/**
 * The stock valuation report (SPEC §2 /report/valorizzazione, §3 Valuation row, §7 GET /stock/valuation): the server's
 * response schema and the screen's types, one definition.
 *
 * Definitions (also written on the screen and in the README):
 * - quantity: stock on hand at the end of the end date, from the ledger by movement date (a movement dated after it does
 *   not count, whenever it was posted; a back-dated one counts at its date);
 * - unit price: the price in force on the end date for the product and its supplier (migration 006 price_in_force), 0
 *   when there is none — such rows appear only with "show zero prices";
 * - value: quantity × unit price, exact; rounded only when shown. Totals per currency, never converted silently.
 * Dates are company days (Europe/Rome). Decimal fields are exact decimal strings: quantities (quantity, opening, loads,
 * unloads, closing) at their scale like every quantity of the API ("12.500"), prices and values trimmed ("0.00125", "12.5").
 */
const decimal = decimalView;

export const valuationRowSchema = z.object({
  product_id: z.number(),
  product_code: z.string(),
  product_description: z.string(),
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  /** null when grouped by product (batches ignored) or the product has no batches. */
  batch_number: z.string().nullable(),
  quantity: decimal,
  unit_price: decimal,
  currency: z.string(),
  value: decimal,
  unit_of_measure: z.string().nullable(),
});
export type ValuationRow = z.infer<typeof valuationRowSchema>;

export const valuationTotalSchema = z.object({
  currency: z.string(),
  value: decimal,
  /** Products counted in this total. */
  products: z.number(),
});
export type ValuationTotal = z.infer<typeof valuationTotalSchema>;

/** A product's movements of the period (loads and unloads, live movements only; transfers count only for one warehouse). */
export const valuationMovementSchema = z.object({
  product_id: z.number(),
  product_code: z.string(),
  product_description: z.string(),
  unit_of_measure: z.string().nullable(),
  /** On hand at the end of the day before the start date. */
  opening: decimal,
  loads: decimal,
  unloads: decimal,
  /** On hand at the end of the end date: opening + loads − unloads. */
  closing: decimal,
});
export type ValuationMovement = z.infer<typeof valuationMovementSchema>;

export const valuationSchema = z.object({
  start_date: z.string().describe('yyyy-MM-dd'),
  end_date: z.string().describe('yyyy-MM-dd'),
  warehouse_id: z.number().nullable(),
  group_by_product: z.boolean(),
  show_zero_prices: z.boolean(),
  /** Rows of the products of this page (limit / offset count products, in product-code order). */
  items: z.array(valuationRowSchema),
  /** Products in the whole selection (for paging). */
  total_products: z.number(),
  /** Per currency over the whole selection, exact. */
  totals: z.array(valuationTotalSchema),
  /** The movements of the period of the products of this page. */
  movements: z.array(valuationMovementSchema),
});
export type Valuation = z.infer<typeof valuationSchema>;

/** Currencies the totals name (SPEC §9); any other code is shown generically. */
export const VALUATION_CURRENCIES = ['EUR', 'USD', 'MAD', 'CNY'] as const;
