import type { Queryable } from '../db';

export interface BalanceMismatch {
  product_id: number;
  warehouse_id: number;
  batch_number: string;
  /** Σ of the ledger's effects on this balance (numeric text), '0' when the ledger never touched it. */
  ledger: string;
  /** The stored balance (numeric text), '0' when there is no row. */
  balance: string;
}

export interface LedgerCheck {
  ok: boolean;
  /** Up to 20 balances whose stored quantity differs from the ledger's sum. */
  mismatches: BalanceMismatch[];
  /** Balances below zero (the CHECK constraint makes this 0; counted anyway, it is the promise being verified). */
  negativeBalances: number;
  /** Balances the ledger sums to below zero. */
  negativeLedgerSums: number;
  /** Live movements (neither reversed nor reversals) counted, and as kept by the counter table. */
  liveMovements: number;
  liveCounter: number;
  /** Type/source pairs whose counter differs from the live rows (0 when exact). */
  liveCounterTypesOff: number;
  /** Products / (month, product) pairs whose derived valuation sums (migration 009) differ from the ledger (0 when exact). */
  derivedTotalsOff: number;
  derivedMonthsOff: number;
  /** (Month, product) closings (migration 011) that differ from the running sum of the monthly changes (0 when exact). */
  derivedClosingsOff: number;
  /** Products with a positive total, counted and as kept by stock_products_in_stock (migration 011). */
  productsInStock: number;
  productsInStockCounter: number;
  /** Rows in each table, for reports. */
  movements: number;
  balances: number;
}

/** Net change per product over every warehouse (transfers cancel), grouped by `keys` (reports' derived tables, 009). */
const productSums = (keys: string) => `
  SELECT ${keys}, sum(CASE movement_type WHEN 'C' THEN quantity ELSE -quantity END) AS q
    FROM stock_movements WHERE movement_type <> 'T' GROUP BY ${keys.includes(' AS month') ? '1, 2' : '1'}`;

/**
 * What each closing of migration 011 must hold: for every closed month k and product, the running sum of the product's
 * monthly changes (checked against the ledger above) up to k — from the product's latest month of changes ≤ k.
 */
const CLOSINGS_EXPECTED = `
  SELECT k.month, c.product_id, c.q
    FROM (SELECT product_id, month, sum(delta) OVER (PARTITION BY product_id ORDER BY month) AS q,
                 lead(month) OVER (PARTITION BY product_id ORDER BY month) AS next_month
            FROM stock_product_months) c
    JOIN stock_closing_months k ON k.month >= c.month AND (c.next_month IS NULL OR k.month < c.next_month)`;

/**
 * Read-only audit: recomputes every balance from the ledger (C +q at warehouse; S −q at warehouse; T −q at warehouse and
 * +q at destination; reversal rows are ordinary opposite movements) and compares with stock_balances; also the valuation's derived per-product totals and monthly changes (migration 009) and monthly closings (011). Used by the tests
 * and the benchmark; a full scan of both tables, so not for request paths.
 */
export async function ledgerMatchesBalances(q: Queryable): Promise<LedgerCheck> {
  const sums = `
    WITH effects AS (
      SELECT product_id, warehouse_id, batch_number,
             CASE movement_type WHEN 'C' THEN quantity ELSE -quantity END AS q
        FROM stock_movements
      UNION ALL
      SELECT product_id, destination_warehouse_id, batch_number, quantity
        FROM stock_movements WHERE movement_type = 'T'
    )
    SELECT product_id, warehouse_id, batch_number, sum(q) AS q FROM effects GROUP BY product_id, warehouse_id, batch_number`;
  const { rows: mismatches } = await q.query<BalanceMismatch>(
    `SELECT coalesce(l.product_id, b.product_id) AS product_id,
            coalesce(l.warehouse_id, b.warehouse_id) AS warehouse_id,
            coalesce(l.batch_number, b.batch_number) AS batch_number,
            coalesce(l.q, 0)::text AS ledger, coalesce(b.quantity, 0)::text AS balance
       FROM (${sums}) l
       FULL JOIN stock_balances b
         ON b.product_id = l.product_id AND b.warehouse_id = l.warehouse_id AND b.batch_number = l.batch_number
      WHERE coalesce(l.q, 0) <> coalesce(b.quantity, 0)
      ORDER BY 1, 2, 3
      LIMIT 20`,
  );
  const { rows: counts } = await q.query<{
    neg_bal: number;
    neg_led: number;
    live: number;
    counter: number;
    counter_types_off: number;
    totals_off: number;
    months_off: number;
    closings_off: number;
    in_stock: number;
    in_stock_counter: number;
    movements: number;
    balances: number;
  }>(
    `SELECT (SELECT count(*) FROM stock_balances WHERE quantity < 0)::int AS neg_bal,
            (SELECT count(*) FROM (${sums}) s WHERE s.q < 0)::int AS neg_led,
            (SELECT count(*) FROM stock_movements WHERE reverses_id IS NULL AND reversed_by_id IS NULL)::int AS live,
            (SELECT coalesce(sum(live), 0) FROM stock_movement_live_counts)::int AS counter,
            (SELECT count(*) FROM (
               SELECT movement_type, source_type, count(*) AS n FROM stock_movements
                WHERE reverses_id IS NULL AND reversed_by_id IS NULL GROUP BY 1, 2) a
               FULL JOIN (SELECT movement_type, source_type, sum(live) AS n FROM stock_movement_live_counts GROUP BY 1, 2) c
               USING (movement_type, source_type)
              WHERE coalesce(a.n, 0) <> coalesce(c.n, 0))::int AS counter_types_off,
            (SELECT count(*) FROM (${productSums('product_id')}) l FULL JOIN stock_product_totals t USING (product_id)
              WHERE coalesce(l.q, 0) <> coalesce(t.quantity, 0))::int AS totals_off,
            (SELECT count(*) FROM (${productSums("date_trunc('month', movement_date)::date AS month, product_id")}) l
               FULL JOIN stock_product_months s USING (month, product_id)
              WHERE coalesce(l.q, 0) <> coalesce(s.delta, 0))::int AS months_off,
            (SELECT count(*) FROM (${CLOSINGS_EXPECTED}) e FULL JOIN stock_product_closings c USING (month, product_id)
              WHERE coalesce(e.q, 0) <> coalesce(c.quantity, 0))::int AS closings_off,
            (SELECT count(*) FROM stock_product_totals WHERE quantity > 0)::int AS in_stock,
            (SELECT coalesce(sum(products), 0) FROM stock_products_in_stock)::int AS in_stock_counter,
            (SELECT count(*) FROM stock_movements)::int AS movements,
            (SELECT count(*) FROM stock_balances)::int AS balances`,
  );
  const c = counts[0];
  return {
    ok:
      mismatches.length === 0 &&
      c.neg_bal === 0 &&
      c.neg_led === 0 &&
      c.live === c.counter &&
      c.counter_types_off === 0 &&
      c.totals_off === 0 &&
      c.months_off === 0 &&
      c.closings_off === 0 &&
      c.in_stock === c.in_stock_counter,
    mismatches,
    negativeBalances: c.neg_bal,
    negativeLedgerSums: c.neg_led,
    liveMovements: c.live,
    liveCounter: c.counter,
    liveCounterTypesOff: c.counter_types_off,
    derivedTotalsOff: c.totals_off,
    derivedMonthsOff: c.months_off,
    derivedClosingsOff: c.closings_off,
    productsInStock: c.in_stock,
    productsInStockCounter: c.in_stock_counter,
    movements: c.movements,
    balances: c.balances,
  };
}
