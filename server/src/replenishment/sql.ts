import type { ReplenishmentLine, StockLimitFields, StockLimitView } from '@wms/shared-api';
import type { Queryable } from '../db';

/**
 * Stock limits (min / max per product and warehouse) and the replenishment proposal (migration 021).
 *
 * available  = the warehouse's stock of the product, expired batches left out (they cannot be sold);
 * on order   = open quantity (ordered − received) of live, not completed order lines replenishing that warehouse, plus lines
 *              typed by hand (no known destination), which count for every warehouse of the product — never order twice;
 * suggested  = max − (available + on order), when available + on order < min.
 */

// ------------------------------------------------------------------------------------------------------------- settings

export async function setting(q: Queryable, name: string, fallback: number): Promise<number> {
  const { rows } = await q.query<{ value: string }>('SELECT value FROM app_settings WHERE name = $1', [name]);
  const n = rows[0] ? Number.parseInt(rows[0].value, 10) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

// -------------------------------------------------------------------------------------------------------------- limits

export async function productIsLive(q: Queryable, id: number): Promise<{ code: string } | null> {
  const { rows } = await q.query<{ code: string }>('SELECT code FROM products WHERE id = $1 AND deleted_at IS NULL', [id]);
  return rows[0] ?? null;
}

/** Locks the live product row (FOR UPDATE): two saves of one product's limits queue. */
export async function lockProduct(q: Queryable, id: number): Promise<{ code: string } | null> {
  const { rows } = await q.query<{ code: string }>('SELECT code FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function productLimits(q: Queryable, productId: number): Promise<StockLimitView[]> {
  const { rows } = await q.query<StockLimitView>(
    `SELECT l.warehouse_id, w.name AS warehouse_name, l.min_quantity::text AS min, l.max_quantity::text AS max
       FROM stock_limits l JOIN warehouses w ON w.id = l.warehouse_id
      WHERE l.product_id = $1 AND w.deleted_at IS NULL
      ORDER BY lower(w.name), w.id`,
    [productId],
  );
  return rows;
}

/** The ids among `ids` that are not live warehouses (the transit location of transfers is none: no limits there). */
export async function unknownWarehouses(q: Queryable, ids: number[]): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT x.id FROM unnest($1::bigint[]) x(id)
      WHERE NOT EXISTS (SELECT 1 FROM warehouses w WHERE w.id = x.id AND w.deleted_at IS NULL AND NOT w.is_transit)`,
    [ids],
  );
  return rows.map((r) => Number(r.id));
}

/** Replaces one product's limits with `limits` (rows of other warehouses go), in one statement each. */
export async function replaceLimits(q: Queryable, productId: number, limits: StockLimitFields[], userId: number): Promise<void> {
  await q.query('DELETE FROM stock_limits WHERE product_id = $1 AND NOT (warehouse_id = ANY ($2::bigint[]))', [
    productId,
    limits.map((l) => l.warehouse_id),
  ]);
  await upsertLimits(
    q,
    limits.map((l) => ({ product_id: productId, ...l })),
    userId,
  );
}

export interface LimitRow {
  product_id: number;
  warehouse_id: number;
  min: string;
  max: string;
}

/** Writes (insert or update) limits in one statement. */
export async function upsertLimits(q: Queryable, rows: LimitRow[], userId: number): Promise<void> {
  if (!rows.length) return;
  await q.query(
    `INSERT INTO stock_limits AS l (product_id, warehouse_id, min_quantity, max_quantity, updated_by)
     SELECT x.p, x.w, x.mn, x.mx, $5 FROM unnest($1::bigint[], $2::bigint[], $3::numeric[], $4::numeric[]) x(p, w, mn, mx)
     ON CONFLICT (product_id, warehouse_id) DO UPDATE
       SET min_quantity = EXCLUDED.min_quantity, max_quantity = EXCLUDED.max_quantity, updated_by = EXCLUDED.updated_by,
           updated_at = now()
       WHERE (l.min_quantity, l.max_quantity) IS DISTINCT FROM (EXCLUDED.min_quantity, EXCLUDED.max_quantity)`,
    [rows.map((r) => r.product_id), rows.map((r) => r.warehouse_id), rows.map((r) => r.min), rows.map((r) => r.max), userId],
  );
}

/** Live products by lower-cased code, and live warehouses by lower-cased name: what a CSV import resolves. */
export async function productsByCode(q: Queryable, codes: string[]): Promise<Map<string, number>> {
  const { rows } = await q.query<{ code: string; id: number }>(
    'SELECT lower(code) AS code, id FROM products WHERE deleted_at IS NULL AND lower(code) = ANY ($1::text[])',
    [codes.map((c) => c.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.code, Number(r.id)]));
}

export async function warehousesByName(q: Queryable): Promise<Map<string, number>> {
  const { rows } = await q.query<{ name: string; id: number }>(
    'SELECT lower(name) AS name, id FROM warehouses WHERE deleted_at IS NULL AND NOT is_transit',
  );
  return new Map(rows.map((r) => [r.name, Number(r.id)]));
}

// ------------------------------------------------------------------------------------------------------- replenishment

/**
 * The limits in scope with their available and on-order quantities, as one SQL text (parameters: $1 the company day,
 * then the optional filters appended by the caller). Used by the proposal, by the order-creating transaction (after
 * locking the rows) and by the dashboard's "to reorder" count: one truth.
 */
export function limitStateSql(filter: string): string {
  return `
    WITH lim AS (
      SELECT l.product_id, l.warehouse_id, l.min_quantity, l.max_quantity
        FROM stock_limits l
        JOIN products p ON p.id = l.product_id AND p.deleted_at IS NULL AND p.status = 'active'
        JOIN warehouses w ON w.id = l.warehouse_id AND w.deleted_at IS NULL AND w.is_active
       WHERE ${filter}
    ), avail AS (
      SELECT b.product_id, b.warehouse_id, sum(b.quantity) AS quantity
        FROM stock_balances b JOIN lim USING (product_id, warehouse_id)
       WHERE b.quantity > 0 AND (b.expiry_date IS NULL OR b.expiry_date >= $1::date)
       GROUP BY b.product_id, b.warehouse_id
    ), open_lines AS (
      SELECT i.product_id, r.warehouse_id, sum(i.quantity - i.received_quantity) AS quantity
        FROM purchase_order_items i
        JOIN purchase_orders o ON o.id = i.order_id AND o.deleted_at IS NULL AND o.status <> 'fullyReceived'
        LEFT JOIN replenishment_order_lines r ON r.order_item_id = i.id
       WHERE NOT i.completed AND i.received_quantity < i.quantity
         AND i.product_id IN (SELECT product_id FROM lim)
       GROUP BY i.product_id, r.warehouse_id
    ), ordered AS (
      SELECT lim.product_id, lim.warehouse_id, sum(o.quantity) AS quantity
        FROM lim JOIN open_lines o ON o.product_id = lim.product_id AND (o.warehouse_id = lim.warehouse_id OR o.warehouse_id IS NULL)
       GROUP BY lim.product_id, lim.warehouse_id
    )
    SELECT lim.product_id, lim.warehouse_id, lim.min_quantity, lim.max_quantity,
           coalesce(a.quantity, 0) AS available, coalesce(o.quantity, 0) AS on_order
      FROM lim
      LEFT JOIN avail a ON a.product_id = lim.product_id AND a.warehouse_id = lim.warehouse_id
      LEFT JOIN ordered o ON o.product_id = lim.product_id AND o.warehouse_id = lim.warehouse_id`;
}

/** The condition "needs replenishment" over limitStateSql's columns (the SQL twin of shared-api needsReplenishment). */
export const NEEDS_REPLENISHMENT = 's.available + s.on_order < s.min_quantity';

/** The proposal: lines below minimum with their supplier and price in force today, by supplier, product, warehouse. */
export async function suggestions(
  q: Queryable,
  today: string,
  f: { warehouseId?: number; pairs?: Array<{ product_id: number; warehouse_id: number }> },
): Promise<ReplenishmentLine[]> {
  const params: unknown[] = [today];
  const conds = ['true'];
  if (f.warehouseId !== undefined) {
    params.push(f.warehouseId);
    conds.push(`l.warehouse_id = $${params.length}`);
  }
  if (f.pairs) {
    params.push(
      f.pairs.map((p) => p.product_id),
      f.pairs.map((p) => p.warehouse_id),
    );
    conds.push(`(l.product_id, l.warehouse_id) IN (SELECT * FROM unnest($${params.length - 1}::bigint[], $${params.length}::bigint[]))`);
  }
  const { rows } = await q.query<ReplenishmentLine>(
    `SELECT s.product_id::int AS product_id, p.code AS product_code, p.description AS product_description, p.unit_of_measure,
            s.warehouse_id::int AS warehouse_id, w.name AS warehouse_name,
            p.supplier_id::int AS supplier_id, sp.business_name AS supplier_name,
            round(s.available, 3)::text AS available, round(s.on_order, 3)::text AS on_order,
            s.min_quantity::text AS min, s.max_quantity::text AS max,
            round(s.max_quantity - s.available - s.on_order, 3)::text AS suggested_quantity,
            round(pf.price, 4)::text AS unit_price, coalesce(pf.currency, p.currency) AS currency
       FROM (${limitStateSql(conds.join(' AND '))}) s
       JOIN products p ON p.id = s.product_id
       JOIN warehouses w ON w.id = s.warehouse_id
       LEFT JOIN suppliers sp ON sp.id = p.supplier_id AND sp.deleted_at IS NULL
       LEFT JOIN price_in_force($1::date) pf ON pf.product_id = p.id AND pf.supplier_id = p.supplier_id
      WHERE ${NEEDS_REPLENISHMENT}
      ORDER BY lower(sp.business_name) NULLS LAST, p.supplier_id, p.code, p.id, lower(w.name), w.id`,
    params,
  );
  return rows;
}

/**
 * Locks the limit rows of these (product, warehouse) pairs until the transaction ends, in key order (two buyers lock in
 * the same order: they queue, never deadlock). Returns the pairs that have a limit. The statements that follow see every
 * order committed by a transaction that held these locks before (READ COMMITTED: a fresh snapshot per statement).
 */
export async function lockLimits(q: Queryable, pairs: Array<{ product_id: number; warehouse_id: number }>): Promise<Set<string>> {
  const { rows } = await q.query<{ product_id: number; warehouse_id: number }>(
    `SELECT l.product_id, l.warehouse_id FROM stock_limits l
      WHERE (l.product_id, l.warehouse_id) IN (SELECT * FROM unnest($1::bigint[], $2::bigint[]))
      ORDER BY l.product_id, l.warehouse_id FOR UPDATE`,
    [pairs.map((p) => p.product_id), pairs.map((p) => p.warehouse_id)],
  );
  return new Set(rows.map((r) => `${r.product_id}:${r.warehouse_id}`));
}

/** Codes and warehouse names of pairs, for messages. */
export async function pairNames(q: Queryable, productId: number, warehouseId: number): Promise<{ code: string; warehouse: string }> {
  const { rows } = await q.query<{ code: string; warehouse: string }>(
    `SELECT (SELECT code FROM products WHERE id = $1) AS code, (SELECT name FROM warehouses WHERE id = $2) AS warehouse`,
    [productId, warehouseId],
  );
  return { code: rows[0]?.code ?? String(productId), warehouse: rows[0]?.warehouse ?? String(warehouseId) };
}

/** Records which warehouse each replenishment order line replenishes. */
export async function recordLines(
  q: Queryable,
  lines: Array<{ order_item_id: number; product_id: number; warehouse_id: number }>,
  userId: number,
): Promise<void> {
  await q.query(
    `INSERT INTO replenishment_order_lines (order_item_id, product_id, warehouse_id, created_by)
     SELECT x.i, x.p, x.w, $4 FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) x(i, p, w)`,
    [lines.map((l) => l.order_item_id), lines.map((l) => l.product_id), lines.map((l) => l.warehouse_id), userId],
  );
}
