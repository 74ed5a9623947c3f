import type { Queryable } from '../db';
import { formatDay, type SaleStatus, type SaleView } from '@wms/shared-api';
import { quantityView } from '../stock/quantity';

/** Every SQL statement of sales. Quantities travel as numeric text and become numbers only in the view. */

export interface SaleRow {
  id: number;
  status: SaleStatus;
  product_id: number;
  warehouse_id: number;
  batch_number: string;
  quantity: string;
  customer_id: number;
  movement_id: number | null;
}

export interface PartyState {
  id: number;
  is_active: boolean;
  deleted: boolean;
}

export interface ProductState {
  id: number;
  code: string;
  status: 'active' | 'inactive';
  deleted: boolean;
  has_batch: boolean;
}

/** The customer, share-locked so it cannot be deactivated or deleted while the sale commits; null if unknown. */
export async function lockCustomer(q: Queryable, id: number): Promise<PartyState | null> {
  const { rows } = await q.query<PartyState>(
    'SELECT id, is_active, deleted_at IS NOT NULL AS deleted FROM customers WHERE id = $1 FOR SHARE',
    [id],
  );
  return rows[0] ?? null;
}

/** The product's state (the ledger share-locks it again when posting). */
export async function productState(q: Queryable, id: number): Promise<ProductState | null> {
  const { rows } = await q.query<ProductState>(
    'SELECT id, code, status, deleted_at IS NOT NULL AS deleted, has_batch FROM products WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export interface NewSale {
  productId: number;
  warehouseId: number;
  batchNumber: string;
  /** Exact decimal text (the sale schema's output). */
  quantity: string;
  customerId: number;
  saleDate: string;
  createdAt: Date;
  createdBy: number | null;
  replacesId: number | null;
}

export async function insertSale(q: Queryable, s: NewSale): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO sales (product_id, warehouse_id, batch_number, quantity, customer_id, sale_date, created_at, created_by, replaces_id)
     VALUES ($1, $2, $3, $4::numeric, $5, $6, $7, $8, $9) RETURNING id`,
    [s.productId, s.warehouseId, s.batchNumber, s.quantity, s.customerId, s.saleDate, s.createdAt, s.createdBy, s.replacesId],
  );
  return rows[0].id;
}

/** Records the posted unload (and the batch's expiry it left with) on the sale. */
export async function setSaleMovement(q: Queryable, id: number, movementId: number, expiryDate: string | null): Promise<void> {
  await q.query('UPDATE sales SET movement_id = $2, expiry_date = $3 WHERE id = $1', [id, movementId, expiryDate]);
}

/** The sale, locked for update (cancel and edit queue on it: the second sees it cancelled). */
export async function lockSale(q: Queryable, id: number): Promise<SaleRow | null> {
  const { rows } = await q.query<SaleRow>(
    `SELECT id, status, product_id, warehouse_id, batch_number, quantity, customer_id, movement_id
       FROM sales WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function markCancelled(q: Queryable, id: number, reversalId: number | null, by: number | null, at: Date): Promise<void> {
  await q.query(`UPDATE sales SET status = 'cancelled', reversal_id = $2, cancelled_by = $3, cancelled_at = $4 WHERE id = $1`, [
    id,
    reversalId,
    by,
    at,
  ]);
}

export async function markReplaced(q: Queryable, id: number, replacedBy: number): Promise<void> {
  await q.query('UPDATE sales SET replaced_by_id = $2 WHERE id = $1', [id, replacedBy]);
}

// ------------------------------------------------------------------------------------------------------------- reading

interface SaleViewRow {
  id: number;
  status: SaleStatus;
  product_id: number;
  product_code: string;
  product_description: string;
  quantity: string;
  unit_of_measure: string | null;
  batch_number: string;
  expiry_date: string | null;
  warehouse_id: number;
  warehouse_name: string;
  customer_id: number;
  customer_name: string;
  sale_date: string;
  created_by: string | null;
  movement_id: number | null;
  replaces_id: number | null;
  replaced_by_id: number | null;
  cancelled_day: string | null;
}

const SELECT_VIEW = `
  SELECT s.id, s.status, s.product_id, p.code AS product_code, p.description AS product_description, s.quantity,
         p.unit_of_measure,
         s.batch_number, s.expiry_date, s.warehouse_id, w.name AS warehouse_name, s.customer_id,
         c.business_name AS customer_name, s.sale_date, u.username AS created_by, s.movement_id, s.replaces_id,
         s.replaced_by_id, to_char(company_day(s.cancelled_at), 'YYYY-MM-DD') AS cancelled_day
    FROM sales s
    JOIN products p ON p.id = s.product_id
    JOIN warehouses w ON w.id = s.warehouse_id
    JOIN customers c ON c.id = s.customer_id
    LEFT JOIN users u ON u.id = s.created_by`;

function toView(r: SaleViewRow): SaleView {
  return {
    id: r.id,
    status: r.status,
    product_id: r.product_id,
    product_code: r.product_code,
    product_description: r.product_description,
    quantity: quantityView(r.quantity),
    unit_of_measure: r.unit_of_measure,
    batch_number: r.batch_number || null,
    expiry_date: r.expiry_date,
    warehouse_id: r.warehouse_id,
    warehouse_name: r.warehouse_name,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    created_at: formatDay(r.sale_date),
    created_by: r.created_by,
    movement_id: r.movement_id,
    replaces_id: r.replaces_id,
    replaced_by_id: r.replaced_by_id,
    cancelled_at: r.cancelled_day ? formatDay(r.cancelled_day) : null,
  };
}

export async function getSaleView(q: Queryable, id: number): Promise<SaleView | null> {
  const { rows } = await q.query<SaleViewRow>(`${SELECT_VIEW} WHERE s.id = $1`, [id]);
  return rows[0] ? toView(rows[0]) : null;
}

export interface SaleFilter {
  q?: string;
  status?: SaleStatus;
  customerId?: number;
  productId?: number;
  limit: number;
  offset: number;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
const likeText = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page, newest first; `q`: every word must appear in product code or description, customer, batch or warehouse. */
export async function listSales(q: Queryable, f: SaleFilter): Promise<{ rows: SaleView[]; total: number }> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  for (const word of (f.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const w = p(likeText(word));
    where.push(
      `(p.code ILIKE ${w} OR p.description ILIKE ${w} OR c.business_name ILIKE ${w} OR s.batch_number ILIKE ${w} OR w.name ILIKE ${w})`,
    );
  }
  if (f.status) where.push(`s.status = ${p(f.status)}`);
  if (f.customerId) where.push(`s.customer_id = ${p(f.customerId)}`);
  if (f.productId) where.push(`s.product_id = ${p(f.productId)}`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];
  const page = await q.query<SaleViewRow>(
    `${SELECT_VIEW} ${whereSql} ORDER BY s.created_at DESC, s.id DESC LIMIT ${p(f.limit)} OFFSET ${p(f.offset)}`,
    params,
  );
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sales s
       JOIN products p ON p.id = s.product_id JOIN warehouses w ON w.id = s.warehouse_id JOIN customers c ON c.id = s.customer_id
     ${whereSql}`,
    countParams,
  );
  return { rows: page.rows.map(toView), total: total.rows[0].n };
}

export interface SaleableStockRow {
  product_id: number;
  warehouse_id: number;
  warehouse_name: string;
  batch_number: string;
  quantity: string;
  unit_of_measure: string | null;
  expiry_date: string | null;
  received_at: string | null;
}

/**
 * A product's stock rows above zero in live, active warehouses, with the day each batch first arrived there (a load, or a
 * transfer in) — the second FEFO key. Unordered: the caller sorts with the shared sortFefo.
 */
export async function saleableStock(q: Queryable, productId: number): Promise<SaleableStockRow[]> {
  const { rows } = await q.query<SaleableStockRow>(
    `SELECT b.product_id, b.warehouse_id, w.name AS warehouse_name, b.batch_number, b.quantity, p.unit_of_measure, b.expiry_date,
            (SELECT min(m.movement_date) FROM stock_movements m
              WHERE m.product_id = b.product_id AND m.batch_number = b.batch_number AND m.reverses_id IS NULL
                AND ((m.movement_type = 'C' AND m.warehouse_id = b.warehouse_id)
                  OR (m.movement_type = 'T' AND m.destination_warehouse_id = b.warehouse_id))) AS received_at
       FROM stock_balances b
       JOIN warehouses w ON w.id = b.warehouse_id AND w.deleted_at IS NULL AND w.is_active AND NOT w.is_transit
       JOIN products p ON p.id = b.product_id
      WHERE b.product_id = $1 AND b.quantity > 0`,
    [productId],
  );
  return rows;
}
