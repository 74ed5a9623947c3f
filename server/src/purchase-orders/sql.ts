import {
  ORDER_STATUSES,
  itemStatus,
  remainingQuantity,
  type Currency,
  type OrderStatus,
  type PriceSource,
  type PurchaseOrder,
  type PurchaseOrderFields,
  type PurchaseOrderItem,
  type PurchaseOrderSort,
  type PurchaseOrderSummary,
} from '@wms/shared-api';
import type { Queryable } from '../db';
import { MAX_SEARCH_WORDS } from '@wms/shared-api';
import { containsPattern, iso, searchWords, Where, type Page } from '../http/list';

/**
 * The purchase_orders and purchase_order_items tables seen from the API (SPEC §3 Purchase order). Status, totals and
 * item count are kept on the order row by the database (migration 006, purchase_order_refresh); deleted orders are
 * invisible here.
 */

const SELECT = `o.id, o.order_number, o.order_date, o.requested_arrival_date, o.confirmed_arrival_date, o.supplier_id,
  s.business_name AS supplier_name, o.notes, o.currency, o.status, o.total_amount, o.item_count,
  cu.username AS created_by, mu.username AS modified_by, o.created_at, o.updated_at,
  (SELECT coalesce(json_agg(json_build_object('currency', t.currency, 'amount', t.amount) ORDER BY t.first_line), '[]')::text
     FROM (SELECT i.currency, sum(i.total)::text AS amount, min(i.line_no) AS first_line
             FROM purchase_order_items i WHERE i.order_id = o.id GROUP BY i.currency) t) AS totals_json`;
const FROM = `FROM purchase_orders o
  JOIN suppliers s ON s.id = o.supplier_id
  LEFT JOIN users cu ON cu.id = o.created_by
  LEFT JOIN users mu ON mu.id = o.modified_by`;

/**
 * What each sortable header sorts by (then o.id, all in the chosen direction); migration 010 has an index for each. Order
 * numbers sort as numbers: by length first, so PO-2026-99999 comes before PO-2026-100000 (the sequence grows a digit).
 */
export const ORDER_ORDER: Record<PurchaseOrderSort, string[]> = {
  order_number: ['length(o.order_number)', 'o.order_number'],
  order_date: ['o.order_date'],
  requested_arrival_date: ['o.requested_arrival_date'],
  supplier_name: ['lower(s.business_name)'],
  status: ['o.status'],
  total_amount: ['o.total_amount'],
};

type Row = Omit<PurchaseOrderSummary, 'totals' | 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date; totals_json: string };

export interface OrderFilter {
  q?: string;
  sort?: PurchaseOrderSort;
  order?: 'asc' | 'desc';
  status?: OrderStatus;
  supplier_id?: number;
  date_from?: string;
  date_to?: string;
  late?: boolean;
  limit: number;
  offset: number;
}

type ListFilter = Omit<OrderFilter, 'sort' | 'order' | 'limit' | 'offset'>;

/**
 * The suppliers whose name contains `word` (deleted ones too: their orders still show the name), or 'all' when every
 * supplier does — the word then holds for every order and adds no condition ("fornitore" in a list of "Fornitore …").
 */
async function suppliersNamed(q: Queryable, word: string): Promise<number[] | 'all'> {
  const { rows } = await q.query<{ ids: number[] | null; all: boolean }>(
    `SELECT array_agg(id) AS ids, count(*) = (SELECT count(*) FROM suppliers) AS all
       FROM suppliers WHERE lower(business_name) LIKE lower($1)`,
    [containsPattern(word)],
  );
  return rows[0].all ? 'all' : (rows[0].ids ?? []).map(Number);
}

/**
 * The list's conditions. Each word of `q` must appear in the order's own search text (number, notes, dd/MM/yyyy date —
 * migration 010, trigram index) or in its supplier's name: the matching suppliers are resolved first, so the planner sees
 * their ids and ORs two index scans. No condition needs the suppliers join, so counts read the orders' indexes only.
 */
async function filtered(q: Queryable, f: ListFilter): Promise<Where> {
  const where = new Where('o.deleted_at IS NULL');
  for (const word of searchWords(f.q, MAX_SEARCH_WORDS)) {
    const suppliers = await suppliersNamed(q, word);
    if (suppliers === 'all') continue;
    const core = selectiveCore(word);
    const own =
      core === word
        ? `o.search_text LIKE lower(${where.param(containsPattern(word))})`
        : `(o.search_text LIKE lower(${where.param(containsPattern(core))}) AND strpos(o.search_text, lower(${where.param(word)})) > 0)`;
    if (suppliers.length) where.add(`(${own} OR o.supplier_id = ANY (?::bigint[]))`, suppliers);
    else where.add(own);
  }
  if (f.status) where.add('o.status = ?', f.status);
  if (f.supplier_id !== undefined) where.add('o.supplier_id = ?', f.supplier_id);
  if (f.date_from) where.add('o.order_date >= ?::date', f.date_from);
  if (f.date_to) where.add('o.order_date <= ?::date', f.date_to);
  if (f.late) where.add("o.status <> 'fullyReceived' AND o.requested_arrival_date < company_today()");
  return where;
}

/**
 * The part of a search word the trigram index should look up. Every order's search text holds "po-" and its year twice
 * (number and date), so their trigrams match all or a third of the orders and make the index read 100 000 entries per
 * word (≈ 75 ms for "PO-2025-42001" against 0.1 ms for "42001"). The index looks up the longest stretch of the word without
 * them ("42001", "15/02/"); the whole word is then checked on those few rows (strpos, same result as LIKE).
 */
export function selectiveCore(word: string): string {
  const stretches = word.split(/\b(?:19|20)\d\d\b|^po(?=-)/i).filter((x) => x.length >= 3);
  if (!stretches.length) return word;
  return stretches.reduce((a, b) => (b.length > a.length ? b : a));
}

const noFilter = (f: ListFilter) =>
  !searchWords(f.q, MAX_SEARCH_WORDS).length && !f.status && f.supplier_id === undefined && !f.date_from && !f.date_to && !f.late;

/**
 * X-Total-Count, exact: the unfiltered list reads the live count kept by migration 010's triggers (Σ of a few shard rows);
 * a filtered one counts its matches on the orders table alone (index-only or bitmap scans of 006 / 010's indexes).
 */
async function countOrders(q: Queryable, f: ListFilter, where: Where): Promise<number> {
  if (noFilter(f)) {
    const { rows } = await q.query<{ total: string }>('SELECT coalesce(sum(live), 0) AS total FROM purchase_order_live_counts');
    return Number(rows[0].total);
  }
  if (f.status === 'fullyReceived' && noFilter({ ...f, status: undefined })) {
    // Received orders pile up over the years while open ones stay few: all live orders minus the open ones, in one
    // statement (one snapshot), reads a few thousand index entries instead of ~90 % of the index.
    const { rows } = await q.query<{ total: string }>(
      `SELECT (SELECT coalesce(sum(live), 0) FROM purchase_order_live_counts)
            - (SELECT count(*) FROM purchase_orders o WHERE o.deleted_at IS NULL AND o.status = ANY ($1::text[])) AS total`,
      [ORDER_STATUSES.filter((x) => x !== 'fullyReceived')],
    );
    return Number(rows[0].total);
  }
  const { rows } = await q.query<{ total: string }>(`SELECT count(*) AS total FROM purchase_orders o ${where}`, where.params);
  return Number(rows[0].total);
}

/**
 * Up to this many matches, a page collects them all and sorts them (a few milliseconds); beyond, it walks the index of
 * the sort column and stops after offset + limit rows. The exact count, known first, decides — the planner alone would
 * sometimes walk a whole index in search of a few scattered (or clustered: open orders are the newest) matches.
 */
const COLLECT_UP_TO = 5000;

/**
 * The ids of one page, in order. Only the orders' own indexes are read (the supplier-name sort walks the suppliers in name
 * order and each one's orders by id); the page's 50 rows are joined to suppliers and users afterwards.
 */
function pageIds(f: OrderFilter, where: Where, total: number): { sql: string; orderBy: string } {
  const dir = f.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = f.sort ? [...ORDER_ORDER[f.sort], 'o.id'].map((c) => `${c} ${dir}`).join(', ') : 'o.order_date DESC, o.id DESC';
  const n = where.params.length;
  const limit = `LIMIT $${n + 1} OFFSET $${n + 2}`;
  // By order date, a status, supplier or date filter has an index in exactly the page's order (006): walk it.
  const walkable = (f.sort === undefined || f.sort === 'order_date') && !searchWords(f.q, MAX_SEARCH_WORDS).length;
  if (total <= COLLECT_UP_TO && !noFilter(f) && !walkable) {
    return {
      orderBy,
      sql: `SELECT o.id FROM (SELECT * FROM purchase_orders o ${where} OFFSET 0) o JOIN suppliers s ON s.id = o.supplier_id
             ORDER BY ${orderBy} ${limit}`,
    };
  }
  if (f.sort === 'supplier_name') {
    return {
      orderBy,
      // name_key is an output of the ordered suppliers, so the planner knows the rows arrive in name order and only sorts
      // each supplier's orders by id (incremental sort), stopping after offset + limit rows.
      sql: `SELECT o.id FROM (SELECT id, lower(business_name) AS name_key FROM suppliers ORDER BY 2 ${dir}, id ${dir}) s
             CROSS JOIN LATERAL (SELECT o.id FROM purchase_orders o ${where} AND o.supplier_id = s.id) o
             ORDER BY s.name_key ${dir}, o.id ${dir} ${limit}`,
    };
  }
  return { orderBy, sql: `SELECT o.id FROM purchase_orders o ${where} ORDER BY ${orderBy} ${limit}` };
}

/** A row as the API shows it; `totals` (Σ line totals per currency, first line's currency first) comes as JSON text. */
function summary({ totals_json, ...r }: Row): PurchaseOrderSummary {
  const totals = JSON.parse(totals_json) as Array<{ currency: Currency; amount: string }>;
  return { ...r, totals, created_at: iso(r.created_at), updated_at: iso(r.updated_at) };
}

export async function listOrders(q: Queryable, f: OrderFilter): Promise<Page<PurchaseOrderSummary>> {
  const where = await filtered(q, f);
  const total = await countOrders(q, f, where);
  if (total === 0 || f.offset >= total) return { rows: [], total };
  const ids = pageIds(f, where, total);
  const { rows } = await q.query<Row>(
    `SELECT ${SELECT} FROM (${ids.sql}) page JOIN purchase_orders o ON o.id = page.id
       JOIN suppliers s ON s.id = o.supplier_id LEFT JOIN users cu ON cu.id = o.created_by LEFT JOIN users mu ON mu.id = o.modified_by
      ORDER BY ${ids.orderBy}`,
    [...where.params, f.limit, f.offset],
  );
  return { rows: rows.map(summary), total };
}

/** A batch of the CSV export: the filtered list in its default order (newest first), after the row `after`. */
export async function exportBatch(
  q: Queryable,
  f: ListFilter,
  after: { order_date: string; id: number } | null,
  size: number,
): Promise<PurchaseOrderSummary[]> {
  const where = await filtered(q, f);
  if (after) where.add('(o.order_date, o.id) < (?::date, ?::bigint)', after.order_date, after.id);
  const { rows } = await q.query<Row>(
    `SELECT ${SELECT} ${FROM} ${where} ORDER BY o.order_date DESC, o.id DESC LIMIT ${Number(size)}`,
    where.params,
  );
  return rows.map(summary);
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
  return { ...summary(rows[0]), items };
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
 * The next order number, PO-<company year>-<sequence, at least 5 digits, never cut> (migration 010's
 * purchase_order_number): unique, race-safe (a sequence) and never reused. The column has no default since 010 (006's
 * lpad(…, 5) cut 6-digit values: order 100 000 would have read PO-yyyy-10000 again).
 */
export const NEXT_ORDER_NUMBER_SQL = `purchase_order_number(extract(year FROM company_today())::int, nextval('purchase_order_number_seq'))`;

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

/**
 * The buying invariant: every order's stored status, total and line count equal what its lines say now (migration 010's
 * purchase_order_derived, the rule of 006), and the live count equals the live rows. Returns the differences (empty = holds).
 */
export async function orderInvariants(q: Queryable): Promise<Array<{ order_id: number | null; stored: string; derived: string }>> {
  const { rows } = await q.query<{ order_id: number | null; stored: string; derived: string }>(
    'SELECT order_id, stored, derived FROM purchase_order_mismatches() ORDER BY order_id NULLS FIRST LIMIT 100',
  );
  return rows;
}
