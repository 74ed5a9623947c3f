import type { Queryable } from '../db';

/**
 * The home dashboard's counts (issue 28), each one index range or one small aggregate, in ONE statement (one round trip,
 * one snapshot) holding only the parts the caller's role may see. Every figure is read from the tables the writing
 * transactions keep exact (stock_balances, the orders' stored status, and stock_limit_levels — migration 024 — which the
 * triggers of stock_balances and stock_limits keep in the writing transaction): nothing is cached here.
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

export type ExpiredValues = Array<{ currency: string; value: string }>;

/**
 * "Available" of one level row `l` on day $1 as replenishment counts it (replenishment/sql.ts limitStateSql: batches in
 * stock, expired ones left out): the stored sum while no batch in stock has expired (first_expiry is none or not before
 * today), else the pair's own balances summed (a primary-key range).
 */
const AVAILABLE_SQL = `CASE WHEN l.first_expiry IS NULL OR l.first_expiry >= $1::date THEN l.quantity
        ELSE (SELECT coalesce(sum(b.quantity), 0) FROM stock_balances b
               WHERE b.product_id = l.product_id AND b.warehouse_id = l.warehouse_id AND b.quantity > 0
                 AND (b.expiry_date IS NULL OR b.expiry_date >= $1::date)) END`;

/**
 * The quantity on order for the row s (product, warehouse), as limitStateSql's "on order": open quantity of live, not
 * completed order lines of its product replenishing that warehouse or typed by hand (no known destination).
 */
export const ON_ORDER_SQL = `(SELECT coalesce(sum(i.quantity - i.received_quantity), 0)
        FROM purchase_order_items i
        JOIN purchase_orders o ON o.id = i.order_id AND o.deleted_at IS NULL AND o.status <> 'fullyReceived'
        LEFT JOIN replenishment_order_lines r ON r.order_item_id = i.id
       WHERE i.product_id = s.product_id AND NOT i.completed AND i.received_quantity < i.quantity
         AND (r.warehouse_id = s.warehouse_id OR r.warehouse_id IS NULL))`;

/** A row c of (product_id, warehouse_id) of a live, active product in a live, active warehouse (limitStateSql's "lim"). */
function livePair(c: string): string {
  return `JOIN products p ON p.id = ${c}.product_id AND p.deleted_at IS NULL AND p.status = 'active'
          JOIN warehouses w ON w.id = ${c}.warehouse_id AND w.deleted_at IS NULL AND w.is_active`;
}

/** Levels whose every batch in stock is in date on day $1 (available = the stored sum) and whose sum is below the minimum. */
const PLAIN_BELOW = `l.min_quantity IS NOT NULL AND l.quantity < l.min_quantity AND (l.first_expiry IS NULL OR l.first_expiry >= $1::date)`;

/** Warehouses whose limits replenishment leaves out (deleted or inactive): a handful of rows, read once per statement. */
const DEAD_WAREHOUSES = `ARRAY(SELECT id FROM warehouses WHERE NOT (deleted_at IS NULL AND is_active))`;

/**
 * The number of limits below their minimum on day $1, as limitStateSql counts them (available < min over live, active
 * products and warehouses), without visiting the limits that are not below:
 * - levels in date and below: one index-only range of stock_limit_levels_below, less those of deleted or inactive
 *   products (found from the products' side, index products_not_live) and warehouses;
 * - levels holding an expired batch (first_expiry before today; index stock_limit_levels_expiry, a few hundred rows at
 *   most): their available summed again from their balances.
 * Available ≤ the stored sum, so no other level can be below its minimum.
 */
export const BELOW_MINIMUM_COUNT_SQL = `(
  (SELECT count(*) FROM stock_limit_levels l WHERE ${PLAIN_BELOW} AND l.warehouse_id <> ALL (${DEAD_WAREHOUSES}))
  - (SELECT count(*) FROM products p JOIN stock_limit_levels l ON l.product_id = p.id
      WHERE NOT (p.deleted_at IS NULL AND p.status = 'active') AND ${PLAIN_BELOW}
        AND l.warehouse_id <> ALL (${DEAD_WAREHOUSES}))
  + (SELECT count(*)
       FROM (SELECT l.product_id, l.warehouse_id, l.min_quantity, ${AVAILABLE_SQL} AS available
               FROM stock_limit_levels l WHERE l.min_quantity IS NOT NULL AND l.first_expiry < $1::date) c
       ${livePair('c')}
      WHERE c.available < c.min_quantity))`;

/**
 * Of those, the number that the quantity on order lifts to the minimum or above (not "to reorder"): only a level whose
 * product has an open order line can have any on order, so the count starts from the open lines (index
 * purchase_order_items_open) and reads those products' levels in date whose sum is below the minimum (index
 * stock_limit_levels_below; OFFSET 0 keeps the planner from turning it into a pass over every such level), plus the
 * levels holding an expired batch of those products (their available summed again).
 */
export const COVERED_BY_ORDERS_COUNT_SQL = `(
  SELECT count(*)
    FROM (SELECT l.product_id, l.warehouse_id, l.min_quantity, l.quantity AS available
            FROM (SELECT DISTINCT i.product_id FROM purchase_order_items i
                   WHERE NOT i.completed AND i.received_quantity < i.quantity) op
           CROSS JOIN LATERAL (SELECT * FROM stock_limit_levels l
                                WHERE l.product_id = op.product_id AND ${PLAIN_BELOW} OFFSET 0) l
          UNION ALL
          SELECT l.product_id, l.warehouse_id, l.min_quantity, ${AVAILABLE_SQL} AS available
            FROM stock_limit_levels l
           WHERE l.min_quantity IS NOT NULL AND l.first_expiry < $1::date
             AND l.product_id IN (SELECT i.product_id FROM purchase_order_items i
                                   WHERE NOT i.completed AND i.received_quantity < i.quantity)) s
    ${livePair('s')}
   WHERE s.available < s.min_quantity AND s.available + ${ON_ORDER_SQL} >= s.min_quantity)`;

/**
 * $1 today, $2 the last expiry day of the "expiring" card, $3 the last day of "this week" (Sunday). The expired batches'
 * value is not here (expiredValues, kept under its own version).
 */
export async function dashboardCounts(
  q: Queryable,
  today: string,
  expiryUntil: string,
  weekEnd: string,
  w: CountsWanted,
): Promise<Omit<CountsRow, 'expired_values'>> {
  const parts: string[] = [];
  if (w.expiry) {
    parts.push(`(SELECT count(*)::int FROM stock_balances b
                  WHERE b.quantity > 0 AND b.expiry_date IS NOT NULL AND b.expiry_date >= $1::date AND b.expiry_date <= $2::date) AS expiring`);
    parts.push(`(SELECT count(*)::int FROM stock_balances b
                  WHERE b.quantity > 0 AND b.expiry_date IS NOT NULL AND b.expiry_date < $1::date) AS expired`);
  }
  if (w.belowMinimum || w.toReorder) {
    // Both counts as a row of two, taken apart below: "to reorder" is below minimum less those the orders cover, counted
    // only when the role sees it.
    const covered = w.toReorder ? COVERED_BY_ORDERS_COUNT_SQL : '0';
    parts.push(`(SELECT ARRAY[x.below, x.below - x.covered]::int[]
                   FROM (SELECT ${BELOW_MINIMUM_COUNT_SQL} AS below, ${covered} AS covered) x) AS limit_counts`);
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
  const empty: Omit<CountsRow, 'expired_values'> = {
    expiring: null,
    expired: null,
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
  return {
    ...empty,
    ...r,
    below_minimum: limits ? limits[0] : null,
    to_reorder: limits && w.toReorder ? limits[1] : null,
  };
}

/**
 * The expired batches still in stock valued on day $1 as the valuation report values stock: quantity ×
 * price_in_force(today) of the product's supplier, in that price's currency (else the product's), a product without a
 * price at 0. The batches are one range of stock_balances_expiry, the prices one lookup per product.
 */
export async function expiredValues(q: Queryable, today: string): Promise<ExpiredValues> {
  const { rows } = await q.query<{ v: ExpiredValues | string | null }>(
    `SELECT (SELECT json_agg(json_build_object('currency', x.currency, 'value', trim_scale(x.value)::text) ORDER BY x.currency)
               FROM (SELECT coalesce(pf.currency, p.currency) AS currency, sum(b.quantity * coalesce(pf.price, 0)) AS value
                       FROM (SELECT product_id, sum(quantity) AS quantity FROM stock_balances
                              WHERE quantity > 0 AND expiry_date IS NOT NULL AND expiry_date < $1::date GROUP BY product_id) b
                       JOIN products p ON p.id = b.product_id
                       LEFT JOIN price_in_force($1::date) pf ON pf.product_id = p.id AND pf.supplier_id = p.supplier_id
                      GROUP BY 1) x) AS v`,
    [today],
  );
  const v = rows[0].v;
  return (typeof v === 'string' ? (JSON.parse(v) as ExpiredValues) : v) ?? [];
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

/**
 * In one statement (one snapshot): the version of everything the cards read (migration 021, dashboard_changes: the sum of
 * the shard counters) and the version of the expired batches' value (migration 024: dashboard_expired_changes, with the
 * prices' and products' data_versions).
 */
export async function cardsVersions(q: Queryable): Promise<{ cards: string; expired: string }> {
  const { rows } = await q.query<{ cards: string; expired: string }>(
    `SELECT (SELECT coalesce(sum(n), 0)::text FROM dashboard_changes) AS cards,
            (SELECT coalesce(sum(n), 0)::text FROM dashboard_expired_changes) || '|' ||
            (SELECT coalesce(string_agg(name || ':' || version, ',' ORDER BY name), '') FROM data_versions
              WHERE name IN ('prices', 'products')) AS expired`,
  );
  return rows[0];
}
