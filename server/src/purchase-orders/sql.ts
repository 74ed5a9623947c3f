import {
  itemStatus,
  remainingQuantity,
  type Currency,
  type OrderStatus,
  type PriceSource,
  type PurchaseOrder,
  type PurchaseOrderFields,
  type PurchaseOrderItem,
  type PurchaseOrderSummary,
} from '@wms/shared-api';
import type { Queryable } from '../db';
import { MAX_SEARCH_WORDS } from '@wms/shared-api';
import { containsPattern, iso, page, searchWords, Where } from '../http/list';

/**
 * The purchase_orders and purchase_order_items tables seen from the API (SPEC §3 Purchase order). Status, totals and
 * item count are kept on the order row by the database (migration 006, purchase_order_refresh); deleted orders are
 * invisible here.
 */

const SELECT = `o.id, o.order_number, o.order_date, o.requested_arrival_date, o.confirmed_arrival_date, o.supplier_id,
  s.business_name AS supplier_name, o.notes, o.currency, o.status, o.total_amount, o.item_count,
  cu.username AS created_by, mu.username AS modified_by, o.created_at, o.updated_at`;
const FROM = `FROM purchase_orders o
  JOIN suppliers s ON s.id = o.supplier_id
  LEFT JOIN users cu ON cu.id = o.created_by
  LEFT JOIN users mu ON mu.id = o.modified_by`;

export const ORDER_ORDER = {
  order_number: 'o.order_number',
  order_date: 'o.order_date',
  requested_arrival_date: 'o.requested_arrival_date',
  supplier_name: 'lower(s.business_name)',
  status: 'o.status',
  total_amount: 'o.total_amount',
} as const;

type Row = Omit<PurchaseOrderSummary, 'totals' | 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

export interface OrderFilter {
  q?: string;
  sort?: keyof typeof ORDER_ORDER;
  order?: 'asc' | 'desc';
  status?: OrderStatus;
  supplier_id?: number;
  date_from?: string;
  date_to?: string;
  limit: number;
  offset: number;
}

function filtered(f: Omit<OrderFilter, 'sort' | 'order' | 'limit' | 'offset'>): Where {
  const where = new Where('o.deleted_at IS NULL');
  for (const word of searchWords(f.q, MAX_SEARCH_WORDS)) {
    where.add(
      `lower(o.order_number || ' ' || s.business_name || ' ' || coalesce(o.notes, '') || ' ' || to_char(o.order_date, 'DD/MM/YYYY')) LIKE lower(?)`,
      containsPattern(word),
    );
  }
  if (f.status) where.add('o.status = ?', f.status);
  if (f.supplier_id !== undefined) where.add('o.supplier_id = ?', f.supplier_id);
  if (f.date_from) where.add('o.order_date >= ?::date', f.date_from);
  if (f.date_to) where.add('o.order_date <= ?::date', f.date_to);
  return where;
}

/** Σ line totals per currency of some orders (the page's), in one query. */
async function totalsOf(q: Queryable, ids: number[]): Promise<Map<number, Array<{ currency: Currency; amount: string }>>> {
  const out = new Map<number, Array<{ currency: Currency; amount: string }>>();
  if (!ids.length) return out;
  const { rows } = await q.query<{ order_id: number; currency: Currency; amount: string }>(
    `SELECT order_id, currency, sum(total) AS amount FROM purchase_order_items WHERE order_id = ANY ($1::bigint[])
      GROUP BY order_id, currency ORDER BY order_id, min(line_no)`,
    [ids],
  );
  for (const r of rows) out.set(r.order_id, [...(out.get(r.order_id) ?? []), { currency: r.currency, amount: r.amount }]);
  return out;
}

function summary(r: Row, totals: Array<{ currency: Currency; amount: string }> | undefined): PurchaseOrderSummary {
  return { ...r, totals: totals ?? [], created_at: iso(r.created_at), updated_at: iso(r.updated_at) };
}

export async function listOrders(q: Queryable, f: OrderFilter): Promise<{ rows: PurchaseOrderSummary[]; total: number }> {
  const where = filtered(f);
  const dir = f.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = f.sort ? `${ORDER_ORDER[f.sort]} ${dir}, o.id ${dir}` : 'o.order_date DESC, o.id DESC';
  const { rows, total } = await page<Row>(q, { select: SELECT, from: FROM, where, orderBy }, f.limit, f.offset);
  const totals = await totalsOf(
    q,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => summary(r, totals.get(r.id))), total };
}

/** A batch of the CSV export: the filtered list in its default order (newest first), after the row `after`. */
export async function exportBatch(
  q: Queryable,
  f: Omit<OrderFilter, 'sort' | 'order' | 'limit' | 'offset'>,
  after: { order_date: string; id: number } | null,
  size: number,
): Promise<PurchaseOrderSummary[]> {
  const where = filtered(f);
  if (after) where.add('(o.order_date, o.id) < (?::date, ?::bigint)', after.order_date, after.id);
  const { rows } = await q.query<Row>(
    `SELECT ${SELECT} ${FROM} ${where} ORDER BY o.order_date DESC, o.id DESC LIMIT ${Number(size)}`,
    where.params,
  );
  const totals = await totalsOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => summary(r, totals.get(r.id)));
}

type ItemRow = Omit<PurchaseOrderItem, 'status' | 'remaining_quantity'>;

const ITEM_SELECT = `i.id, i.line_no, i.product_id, p.code AS product_code, coalesce(p.name, p.description) AS product_name,
  p.description AS product_description, p.unit_of_measure, i.quantity, i.unit_price, i.total, i.currency, i.price_source,
  i.received_quantity, i.completed`;

export async function orderItems(q: Queryable, orderId: number): Promise<PurchaseOrderItem[]> {
  const { rows } = await q.query<ItemRow>(
    `SELECT ${ITEM_SELECT} FROM purchase_order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = $1 ORDER BY i.line_no, i.id`,
    [orderId],
  );
  return rows.map((r) => ({ ...r, remaining_quantity: remainingQuantity(r), status: itemStatus(r) }));
}

/** One live order with its lines, or null. */
export async function getOrder(q: Queryable, id: number): Promise<PurchaseOrder | null> {
  const { rows } = await q.query<Row>(`SELECT ${SELECT} ${FROM} WHERE o.id = $1 AND o.deleted_at IS NULL`, [id]);
  if (!rows[0]) return null;
  const items = await orderItems(q, id);
  const totals = await totalsOf(q, [id]);
  return { ...summary(rows[0], totals.get(id)), items };
}

/**
 * Locks a live order row until the transaction ends (FOR UPDATE) and returns its number and supplier; null when there is
 * none. Every write of an order's lines takes this lock first — editing and deleting here, and goods receipt before it
 * updates received_quantity / completed — so a receipt and an edit of the same order queue instead of racing.
 */
export async function lockPurchaseOrder(
  q: Queryable,
  id: number,
): Promise<{ id: number; order_number: string; supplier_id: number } | null> {
  const { rows } = await q.query<{ id: number; order_number: string; supplier_id: number }>(
    'SELECT id, order_number, supplier_id FROM purchase_orders WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

/** The current lines of a (locked) order: what an edit must respect. */
export async function lineState(q: Queryable, orderId: number) {
  const { rows } = await q.query<{
    id: number;
    product_id: number;
    product_code: string;
    quantity: string;
    received_quantity: string;
    completed: boolean;
    has_receipts: boolean;
  }>(
    `SELECT i.id, i.product_id, p.code AS product_code, i.quantity, i.received_quantity, i.completed,
            (i.received_quantity > 0 OR EXISTS (SELECT 1 FROM goods_receipt_lines g WHERE g.order_item_id = i.id)) AS has_receipts
       FROM purchase_order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = $1`,
    [orderId],
  );
  return rows;
}

/** The products lines name: live?, supplier, status, currency. */
export async function productsFor(q: Queryable, ids: number[]) {
  const { rows } = await q.query<{ id: number; code: string; supplier_id: number | null; status: string; currency: Currency }>(
    'SELECT id, code, supplier_id, status, currency FROM products WHERE id = ANY ($1::bigint[]) AND deleted_at IS NULL',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function supplierIsLive(q: Queryable, supplierId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM suppliers WHERE id = $1 AND deleted_at IS NULL', [supplierId]);
  return rows.length > 0;
}

/** Prices in force on `day` for these products of one supplier: product_id → price (as stored, 5 decimals). */
export async function pricesOnDay(q: Queryable, supplierId: number, productIds: number[], day: string): Promise<Map<number, string>> {
  const { rows } = await q.query<{ product_id: number; price: string }>(
    'SELECT product_id, round(price, 4) AS price FROM price_in_force($1::date) WHERE supplier_id = $2 AND product_id = ANY ($3::bigint[])',
    [day, supplierId, productIds],
  );
  return new Map(rows.map((r) => [r.product_id, r.price]));
}

type Header = Omit<PurchaseOrderFields, 'items'> & { currency: Currency };

/**
 * The next order number, PO-<company year>-<sequence, at least 5 digits>: unique, race-safe (a sequence) and never reused.
 * Written explicitly rather than through the column default of migration 006, whose lpad(…, 5) would cut a 6-digit
 * sequence value (order 100 000 would read PO-yyyy-10000 again; the unique constraint would refuse it).
 */
export const NEXT_ORDER_NUMBER_SQL = `(SELECT 'PO-' || to_char(now() AT TIME ZONE 'Europe/Rome', 'YYYY') || '-' || lpad(n::text, greatest(5, length(n::text)), '0')
   FROM (SELECT nextval('purchase_order_number_seq') AS n) seq)`;

export async function insertOrder(q: Queryable, o: Header, userId: number | null): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO purchase_orders (order_number, order_date, requested_arrival_date, confirmed_arrival_date, supplier_id, notes, currency, created_by, modified_by)
     VALUES (${NEXT_ORDER_NUMBER_SQL}, $1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [o.order_date, o.requested_arrival_date, o.confirmed_arrival_date, o.supplier_id, o.notes, o.currency, userId],
  );
  return rows[0].id;
}

export async function updateOrder(q: Queryable, id: number, o: Header, userId: number): Promise<void> {
  await q.query(
    `UPDATE purchase_orders SET order_date = $1, requested_arrival_date = $2, confirmed_arrival_date = $3, supplier_id = $4,
            notes = $5, currency = $6, modified_by = $7, updated_at = now()
      WHERE id = $8`,
    [o.order_date, o.requested_arrival_date, o.confirmed_arrival_date, o.supplier_id, o.notes, o.currency, userId, id],
  );
}

export interface LineWrite {
  id: number | null;
  line_no: number;
  product_id: number;
  quantity: string;
  unit_price: string;
  currency: Currency;
  price_source: PriceSource;
}

/** Writes an order's lines: updates those with an id (in place: receipts point at them), inserts new ones, deletes the rest. */
export async function writeLines(q: Queryable, orderId: number, lines: LineWrite[]): Promise<void> {
  const keep = lines.filter((l) => l.id !== null).map((l) => l.id as number);
  await q.query('DELETE FROM purchase_order_items WHERE order_id = $1 AND NOT (id = ANY ($2::bigint[]))', [orderId, keep]);
  for (const l of lines.filter((x) => x.id !== null)) {
    await q.query(
      `UPDATE purchase_order_items SET line_no = $1, product_id = $2, quantity = $3, unit_price = $4, currency = $5, price_source = $6,
              updated_at = now()
        WHERE id = $7 AND order_id = $8
          AND (line_no, product_id, quantity, unit_price, currency, price_source) IS DISTINCT FROM ($1, $2, $3::numeric, $4::numeric, $5, $6)`,
      [l.line_no, l.product_id, l.quantity, l.unit_price, l.currency, l.price_source, l.id, orderId],
    );
  }
  const fresh = lines.filter((l) => l.id === null);
  if (fresh.length) {
    await q.query(
      `INSERT INTO purchase_order_items (order_id, line_no, product_id, quantity, unit_price, currency, price_source)
       SELECT $1, * FROM unnest($2::int[], $3::bigint[], $4::numeric[], $5::numeric[], $6::text[], $7::text[])`,
      [
        orderId,
        fresh.map((l) => l.line_no),
        fresh.map((l) => l.product_id),
        fresh.map((l) => l.quantity),
        fresh.map((l) => l.unit_price),
        fresh.map((l) => l.currency),
        fresh.map((l) => l.price_source),
      ],
    );
  }
}

export async function softDeleteOrder(q: Queryable, id: number, userId: number): Promise<void> {
  await q.query('UPDATE purchase_orders SET deleted_at = now(), deleted_by = $1, updated_at = now() WHERE id = $2', [userId, id]);
}

/** True when goods were received against the order: a receipt not reversed, or a received quantity. */
export async function hasReceipts(q: Queryable, orderId: number): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM goods_receipts WHERE order_id = $1 AND reversed_at IS NULL)
                 OR EXISTS (SELECT 1 FROM purchase_order_items WHERE order_id = $1 AND received_quantity > 0)`,
    [orderId],
  );
  return rows.length > 0;
}
