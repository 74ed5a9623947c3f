import type { Queryable } from '../db';
import { limitStateSql } from '../replenishment/sql';

/**
 * The home dashboard's counts (issue 28), each one index range or one small aggregate, in ONE statement (one round trip,
 * one snapshot) holding only the parts the caller's role may see. Every figure is read from the tables the writing
 * transactions keep exact (stock_balances, the orders' stored status, stock_limits): nothing is cached here.
 */

export interface CountsWanted {
  expiry: boolean;
  expiredValue: boolean;
  belowMinimum: boolean;
  toReorder: boolean;
  orders: boolean;
  transfers: boolean;
  counts: boolean;
}

export interface CountsRow {
  expiring: number | null;
  expired: number | null;
  expired_values: Array<{ currency: string; value: string }> | null;
  below_minimum: number | null;
  to_reorder: number | null;
  late: number | null;
  arriving: number | null;
  in_transit: number | null;
  open_counts: number | null;
}

/**
 * $1 today, $2 the last expiry day of the "expiring" card, $3 the last day of "this week" (Sunday). Expired batches are
 * valued as the valuation report values stock: quantity × price_in_force(today) of the product's supplier, in that
 * price's currency (else the product's), a product without a price at 0.
 */
export async function dashboardCounts(
  q: Queryable,
  today: string,
  expiryUntil: string,
  weekEnd: string,
  w: CountsWanted,
): Promise<CountsRow> {
  const parts: string[] = [];
  if (w.expiry) {
    parts.push(`(SELECT count(*)::int FROM stock_balances b
                  WHERE b.quantity > 0 AND b.expiry_date IS NOT NULL AND b.expiry_date >= $1::date AND b.expiry_date <= $2::date) AS expiring`);
    parts.push(`(SELECT count(*)::int FROM stock_balances b
                  WHERE b.quantity > 0 AND b.expiry_date IS NOT NULL AND b.expiry_date < $1::date) AS expired`);
  }
  if (w.expiredValue) {
    parts.push(`(SELECT json_agg(json_build_object('currency', x.currency, 'value', trim_scale(x.value)::text) ORDER BY x.currency)
                   FROM (SELECT coalesce(pf.currency, p.currency) AS currency, sum(b.quantity * coalesce(pf.price, 0)) AS value
                           FROM (SELECT product_id, sum(quantity) AS quantity FROM stock_balances
                                  WHERE quantity > 0 AND expiry_date IS NOT NULL AND expiry_date < $1::date GROUP BY product_id) b
                           JOIN products p ON p.id = b.product_id
                           LEFT JOIN price_in_force($1::date) pf ON pf.product_id = p.id AND pf.supplier_id = p.supplier_id
                          GROUP BY 1) x) AS expired_values`);
  }
  if (w.belowMinimum || w.toReorder) {
    // One pass over the limits for both counts (a row of two, taken apart below).
    parts.push(`(SELECT ARRAY[count(*) FILTER (WHERE s.available < s.min_quantity),
                              count(*) FILTER (WHERE s.available + s.on_order < s.min_quantity)]::int[]
                   FROM (${limitStateSql('true')}) s) AS limit_counts`);
  }
  if (w.orders) {
    parts.push(`(SELECT count(*)::int FROM purchase_orders o
                  WHERE o.deleted_at IS NULL AND o.status <> 'fullyReceived' AND o.requested_arrival_date < $1::date) AS late`);
    parts.push(`(SELECT count(*)::int FROM purchase_orders o
                  WHERE o.deleted_at IS NULL AND o.status <> 'fullyReceived'
                    AND coalesce(o.confirmed_arrival_date, o.requested_arrival_date) BETWEEN $1::date AND $3::date) AS arriving`);
  }
  if (w.transfers) parts.push(`(SELECT count(*)::int FROM transfers t WHERE t.status = 'in_transit') AS in_transit`);
  if (w.counts) parts.push(`(SELECT count(*)::int FROM inventory_counts c WHERE c.status = 'open') AS open_counts`);
  const empty: CountsRow = {
    expiring: null,
    expired: null,
    expired_values: null,
    below_minimum: null,
    to_reorder: null,
    late: null,
    arriving: null,
    in_transit: null,
    open_counts: null,
  };
  if (!parts.length) return empty;
  // The three days are typed here too, so a role whose parts use none of them still sends a well-typed statement.
  const days = '$1::date AS today, $2::date AS expiry_until, $3::date AS week_end';
  const { rows } = await q.query<Partial<CountsRow>>(`SELECT ${[...parts, days].join(',\n')}`, [today, expiryUntil, weekEnd]);
  const { limit_counts: limits, ...r } = rows[0] as Partial<CountsRow> & { limit_counts?: number[] };
  const values = typeof r.expired_values === 'string' ? (JSON.parse(r.expired_values) as CountsRow['expired_values']) : r.expired_values;
  return {
    ...empty,
    ...r,
    below_minimum: limits ? limits[0] : null,
    to_reorder: limits && w.toReorder ? limits[1] : null,
    expired_values: w.expiredValue ? (values ?? []) : null,
  };
}

/**
 * Goods received from purchase orders (C / PO) and sold (S / SO) per month of [from, to] and currency, live movements only
 * (a deleted movement and its reversal both leave, as in the valuation's movements), each month valued at the price in
 * force at its month end for the product's supplier (the valuation's price rule), 0 without a price.
 */
export async function monthlyFlows(
  q: Queryable,
  from: string,
  to: string,
): Promise<Array<{ month: string; currency: string; receipts: string; sales: string }>> {
  const { rows } = await q.query<{ month: string; currency: string; receipts: string; sales: string }>(
    `WITH m AS (
       SELECT date_trunc('month', movement_date)::date AS month, product_id,
              coalesce(sum(quantity) FILTER (WHERE movement_type = 'C'), 0) AS received,
              coalesce(sum(quantity) FILTER (WHERE movement_type = 'S'), 0) AS sold
         FROM stock_movements
        WHERE movement_date BETWEEN $1::date AND $2::date AND reverses_id IS NULL AND reversed_by_id IS NULL
          AND ((movement_type = 'C' AND source_type = 'PO') OR (movement_type = 'S' AND source_type = 'SO'))
        GROUP BY 1, 2
     )
     SELECT to_char(m.month, 'YYYY-MM') AS month, coalesce(pr.currency, p.currency) AS currency,
            trim_scale(sum(m.received * coalesce(pr.price, 0)))::text AS receipts,
            trim_scale(sum(m.sold * coalesce(pr.price, 0)))::text AS sales
       FROM m JOIN products p ON p.id = m.product_id
       LEFT JOIN prices pr ON pr.product_id = p.id AND pr.supplier_id = p.supplier_id AND pr.deleted_at IS NULL
        AND pr.start_date <= (m.month + interval '1 month' - interval '1 day')::date
        AND (pr.end_date IS NULL OR pr.end_date >= (m.month + interval '1 month' - interval '1 day')::date)
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [from, to],
  );
  return rows;
}

/** The versions the chart's cache is keyed by (migration 021): prices, products and back-dated stock movements. */
export async function chartVersions(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ v: string }>(
    `SELECT string_agg(name || ':' || version, ',' ORDER BY name) AS v FROM data_versions
      WHERE name IN ('prices', 'products', 'stock_backdated')`,
  );
  return rows[0]?.v ?? '';
}

/** The version of everything the cards read (migration 021, dashboard_changes): the sum of the shard counters. */
export async function cardsVersion(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ v: string }>('SELECT coalesce(sum(n), 0)::text AS v FROM dashboard_changes');
  return rows[0].v;
}
