import {
  addDays,
  compareDecimals,
  decimalText,
  priceBodyOf,
  priceCovers,
  type Currency,
  type Price,
  type PriceBody,
} from '@wms/shared-api';
import { fetchProductPrices, savePrice } from '../prices/api';

/**
 * Issue 22: "a unit price typed on an order line offers 'save as the supplier's price from today'" — so the product is
 * not valued 0. What the line needs for the offer and the save.
 */
export interface TypedPrice {
  product_id: unknown;
  unit_price: unknown;
  currency?: Currency;
  source?: { kind: string };
  /** The price in force on the order date when the line looked it up ('2.50000'), null when there was none. */
  inForce?: string | null;
}

/** The typed unit price as an exact decimal greater than zero, or null (empty, unreadable, zero). */
function typedPrice(l: TypedPrice): string | null {
  const p = decimalText(l.unit_price);
  return p && compareDecimals(p, 0) > 0 ? p : null;
}

/**
 * The rule of the offer: a line with a product whose unit price was typed by hand (not the price in force) and reads as an
 * exact amount above zero, different from the price in force the line found (or none was found).
 */
export function offersSupplierPrice(l: TypedPrice): boolean {
  const price = typedPrice(l);
  if (!l.product_id || l.source?.kind !== 'manual' || !price) return false;
  return !l.inForce || compareDecimals(l.inForce, price) !== 0;
}

/** The writes that make `price` the supplier's price from `today`, on the prices API (which refuses overlapping windows). */
export type PricePlan =
  /** That price is already in force today: nothing to write. */
  | { kind: 'same' }
  /** The supplier's price in force started today: its amount changes. */
  | { kind: 'update'; id: number; body: PriceBody }
  /** A new price from today, up to the day before the supplier's next price; the one in force until now ends yesterday. */
  | { kind: 'create'; close: { id: number; body: PriceBody; before: PriceBody } | null; body: PriceBody };

/**
 * Plans "price from today" exactly over the product's live prices: never two windows on one day (the database's rule),
 * an upcoming price left as it is.
 */
export function planSupplierPrice(
  prices: readonly Price[],
  target: { supplier_id: number; product_id: number; price: string; currency: Currency | null },
  today: string,
): PricePlan {
  const mine = prices.filter((p) => p.supplier_id === target.supplier_id);
  const current = mine.find((p) => priceCovers(p, today));
  if (current && compareDecimals(current.price, target.price) === 0) return { kind: 'same' };
  if (current && current.start_date === today)
    return { kind: 'update', id: current.id, body: { ...priceBodyOf(current), price: target.price } };
  const next = mine
    .map((p) => p.start_date)
    .filter((d) => d > today)
    .sort()[0];
  const before = current ? priceBodyOf(current) : null;
  return {
    kind: 'create',
    close: current && before ? { id: current.id, before, body: { ...before, end_date: addDays(today, -1) } } : null,
    body: { ...target, start_date: today, end_date: next ? addDays(next, -1) : null },
  };
}

/**
 * Saves the typed unit price of a line as the supplier's price from `today` (the plan, through the prices API). When the
 * new price is refused after the old one was closed, the old one is given back its end.
 */
export async function saveSupplierPrice(supplierId: number, l: TypedPrice, today: string): Promise<void> {
  const price = typedPrice(l);
  const productId = typeof l.product_id === 'number' ? l.product_id : parseInt(String(l.product_id), 10);
  if (!price || !productId) return;
  const plan = planSupplierPrice(
    await fetchProductPrices(productId),
    { supplier_id: supplierId, product_id: productId, price, currency: l.currency ?? null },
    today,
  );
  if (plan.kind === 'same') return;
  if (plan.kind === 'update') {
    await savePrice(plan.id, plan.body);
    return;
  }
  if (plan.close) await savePrice(plan.close.id, plan.close.body);
  try {
    await savePrice(null, plan.body);
  } catch (err) {
    if (plan.close) await savePrice(plan.close.id, plan.close.before).catch(() => undefined);
    throw err;
  }
}
