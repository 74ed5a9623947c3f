import { addDays, compareDecimals, priceCovers, type Currency, type PriceWindow } from '@wms/shared-api';

/** One live price of the product and supplier, as the plan reads it. */
export interface PriceRow extends PriceWindow {
  id: number;
  /** Exact decimal string, as stored ('2.50000'). */
  price: string;
  currency: Currency;
  end_date: string | null;
}

/** The writes that make `price` the supplier's price from `today` (POST /prices/from-today, issue 22). */
export type FromTodayPlan<R extends PriceRow = PriceRow> =
  /** That amount and currency are already in force today: nothing to write. */
  | { kind: 'unchanged'; current: R }
  /** The price in force started today: its amount (and currency) change in place. */
  | { kind: 'update'; current: R }
  /** A new price from today up to the day before the next price (else open); the one in force until now ends yesterday. */
  | { kind: 'create'; close: R | null; start_date: string; end_date: string | null };

/**
 * Plans "price from today" exactly over the live prices of ONE product and supplier (locked by the caller): never two
 * windows on one day (the database's prices_no_overlap), an upcoming price left as it is, the windows' days both included
 * (priceCovers, the rule of priceStatus).
 */
export function planPriceFromToday<R extends PriceRow>(
  prices: readonly R[],
  target: { price: string; currency: Currency },
  today: string,
): FromTodayPlan<R> {
  const current = prices.find((p) => priceCovers(p, today));
  if (current && compareDecimals(current.price, target.price) === 0 && current.currency === target.currency)
    return { kind: 'unchanged', current };
  if (current && current.start_date === today) return { kind: 'update', current };
  const next = prices
    .map((p) => p.start_date)
    .filter((d) => d > today)
    .sort()[0];
  return { kind: 'create', close: current ?? null, start_date: today, end_date: next ? addDays(next, -1) : null };
}
