import { z } from 'zod';
import { compareDecimals, decimalText, round4 } from '@wms/shared-api/core';
import { priceAmountFields, priceViewSchema } from './price';

/**
 * "Save as the supplier's price from today" (issue 22): an order line's typed unit price made the supplier's price of the
 * product from the company's today (Europe/Rome), in one transaction on the server (POST /prices/from-today). The same
 * words as the price form (priceSchema): `price` exact, up to 5 decimals, above zero; `currency` missing = the product's.
 */
export const priceFromTodaySchema = z.object(priceAmountFields);
/** What the order line sends. */
export type PriceFromTodayBody = z.input<typeof priceFromTodaySchema>;
/** After parsing: the price as a canonical decimal string, currency null when the product's. */
export type PriceFromTodayFields = z.output<typeof priceFromTodaySchema>;

/**
 * What the server did:
 * - `created`: a new price from today, up to the day before the supplier's next (upcoming) price, else open; the price in
 *   force until now (if any) ends yesterday (`closed`);
 * - `updated`: the supplier's price in force started today: its amount (and currency) changed in place;
 * - `unchanged`: that very amount and currency is already in force today: nothing written (a repeated call is harmless).
 */
export const PRICE_FROM_TODAY_OUTCOMES = ['created', 'updated', 'unchanged'] as const;
export type PriceFromTodayOutcome = (typeof PRICE_FROM_TODAY_OUTCOMES)[number];

/** The answer of POST /prices/from-today: 201 when created, 200 otherwise. */
export const priceFromTodayResultSchema = z.object({
  outcome: z.enum(PRICE_FROM_TODAY_OUTCOMES),
  price: priceViewSchema.describe('the price in force from today'),
  closed: priceViewSchema.nullable().describe('the price that was in force until now, ended yesterday (created only)'),
});
export type PriceFromTodayResult = z.infer<typeof priceFromTodayResultSchema>;

/** What an order line knows of its unit price, for the offer (issue 22). */
export interface TypedUnitPrice {
  product_id: unknown;
  unit_price: unknown;
  /** Where the unit price came from: 'manual' when typed by hand. */
  source?: { kind: string };
  /** The price in force on the order date when the line looked it up ('2.50000'), null when there was none. */
  inForce?: string | null;
}

/** The typed unit price as an exact decimal greater than zero, or null (empty, unreadable, zero). */
export function typedUnitPrice(l: Pick<TypedUnitPrice, 'unit_price'>): string | null {
  const p = decimalText(l.unit_price);
  return p && compareDecimals(p, 0) > 0 ? p : null;
}

/**
 * The rule of the offer: a line with a product whose unit price was typed by hand (not the price in force) and reads as an
 * exact amount above zero, different from the price in force the line found (or none was found).
 */
export function offersPriceFromToday(l: TypedUnitPrice): boolean {
  const price = typedUnitPrice(l);
  if (!l.product_id || l.source?.kind !== 'manual' || !price) return false;
  return !l.inForce || compareDecimals(l.inForce, price) !== 0;
}

/**
 * A line's unit price prefilled from the price in force on the order date (`null`: none): the price rounded to a unit
 * price's 4 decimals (`round4`), the price itself kept to compare a typed one with, and where it came from — else 0, said
 * as "no price in force" (a price then typed by hand is offered as the supplier's price from today).
 */
export function unitPriceFromInForce(p: { price: string; start_date: string } | null) {
  return p
    ? { unit_price: round4(p.price), inForce: p.price, source: { kind: 'price' as const, from: p.start_date } }
    : { unit_price: '0', inForce: null, source: { kind: 'none' as const } };
}
