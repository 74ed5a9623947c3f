import type { ReceiptDocument, ReceiptHistory, ReceiptOrder, ReceiptOrderItem, ReceiptOrderRow, UnitQuantities } from '@wms/shared-api';
import type { Queryable } from '../db';
import { milliToDecimal, quantityView, toMilli as milli, type Milli } from '../stock/quantity';
import { containsPattern, iso, searchWords, Where, page } from '../http/list';
import { maxReceivableMilli } from './receive';
import { itemStatus, orderStatus } from '@wms/shared-api';

/** The read side of goods receipt (SPEC §3): orders to receive, one order for receipt, one item's history, one receipt. */

const num = quantityView;
const nonNegative = (m: Milli): Milli => (m > 0n ? m : 0n);

export interface OrderListFilter {
  showAll: boolean;
  q?: string;
  limit: number;
  offset: number;
}

/** Orders not fully received (all of them with showAll), oldest requested arrival first: what the dock expects next. */
export async function listOrdersToReceive(q: Queryable, f: OrderListFilter): Promise<{ rows: ReceiptOrderRow[]; total: number }> {
  const where = new Where('o.deleted_at IS NULL');
  if (!f.showAll) where.add("coalesce(o.status, 'notReceived') <> 'fullyReceived'");
  for (const word of searchWords(f.q, 5)) {
    where.add("lower(o.order_number || ' ' || coalesce(s.business_name, '')) LIKE lower(?)", containsPattern(word));
  }
  const from = `FROM purchase_orders o LEFT JOIN suppliers s ON s.id = o.supplier_id`;
  const select = `o.id, o.order_number, o.order_date, o.requested_arrival_date, s.business_name AS supplier_name,
      coalesce(o.status, 'notReceived') AS status,
      (SELECT count(*) FROM purchase_order_items i WHERE i.order_id = o.id)::int AS item_count,
      (SELECT coalesce(json_agg(json_build_object('unit_of_measure', u.unit, 'ordered', u.ordered::text, 'received', u.received::text)
                                ORDER BY u.first_line), '[]')::text
         FROM (SELECT p.unit_of_measure AS unit, sum(i.quantity) AS ordered, sum(i.received_quantity) AS received, min(i.id) AS first_line
                 FROM purchase_order_items i JOIN products p ON p.id = i.product_id
                WHERE i.order_id = o.id GROUP BY p.unit_of_measure) u) AS quantities_json`;
  const res = await page<Omit<ReceiptOrderRow, 'ordered_quantity' | 'received_quantity' | 'quantities'> & { quantities_json: string }>(
    q,
    { select, from, where, orderBy: 'o.requested_arrival_date ASC NULLS LAST, o.id ASC' },
    f.limit,
    f.offset,
  );
  return {
    total: res.total,
    rows: res.rows.map(({ quantities_json, ...r }) => {
      const quantities = (JSON.parse(quantities_json) as UnitQuantities).map((u) => ({
        unit_of_measure: u.unit_of_measure,
        ordered: num(u.ordered),
        received: num(u.received),
      }));
      const single = singleUnit(quantities);
      return { ...r, ordered_quantity: single?.ordered ?? null, received_quantity: single?.received ?? null, quantities };
    }),
  };
}

/**
 * The order-wide figure of `quantities` (issue 21): quantities of different units are never added together, so an
 * order's total is its one unit's total, or null when its lines have several units (an order without lines: '0.000').
 */
function singleUnit(quantities: UnitQuantities): { ordered: string; received: string } | null {
  if (quantities.length === 0) return { ordered: milliToDecimal(0n), received: milliToDecimal(0n) };
  return quantities.length === 1 ? quantities[0] : null;
}

/** Σ ordered / received per unit of measure, in the order of the items (first line of each unit first). */
function quantitiesPerUnit(
  items: ReadonlyArray<{ unit_of_measure: string | null; quantity: string; received_quantity: string }>,
): UnitQuantities {
  const by = new Map<string | null, { ordered: Milli; received: Milli }>();
  for (const i of items) {
    const u = by.get(i.unit_of_measure) ?? { ordered: 0n, received: 0n };
    by.set(i.unit_of_measure, { ordered: u.ordered + milli(i.quantity), received: u.received + milli(i.received_quantity) });
  }
  return [...by].map(([unit, u]) => ({
    unit_of_measure: unit,
    ordered: milliToDecimal(u.ordered),
    received: milliToDecimal(u.received),
  }));
}

interface LineRow {
  id: number;
  receipt_id: number;
  order_item_id: number;
  product_id: number;
  product_code: string;
  product_description: string;
  unit_of_measure: string | null;
  warehouse_id: number;
  warehouse_name: string;
  quantity: string;
}
interface BatchRow {
  line_id: number;
  batch_number: string;
  quantity: string;
  production_date: string | null;
  expiry_date: string | null;
}
interface ReceiptRow {
  id: number;
  order_id: number;
  order_number: string;
  supplier_name: string | null;
  document_number: string;
  document_date: string;
  receipt_date: string;
  created_by: string | null;
  created_at: Date;
  reversed_at: Date | null;
  reversed_by: string | null;
}

/** Receipt documents with their lines and batches: of one order, or one receipt. Oldest first. */
async function receiptDocuments(q: Queryable, by: { orderId?: number; receiptId?: number }): Promise<ReceiptDocument[]> {
  const cond = by.receiptId !== undefined ? 'r.id = $1' : 'r.order_id = $1';
  const param = by.receiptId ?? by.orderId;
  const { rows: receipts } = await q.query<ReceiptRow>(
    `SELECT r.id, r.order_id, o.order_number, s.business_name AS supplier_name, r.document_number, r.document_date, r.receipt_date,
            cu.username AS created_by, r.created_at, r.reversed_at, ru.username AS reversed_by
       FROM goods_receipts r JOIN purchase_orders o ON o.id = r.order_id LEFT JOIN suppliers s ON s.id = o.supplier_id
       LEFT JOIN users cu ON cu.id = r.created_by LEFT JOIN users ru ON ru.id = r.reversed_by
      WHERE ${cond} ORDER BY r.id`,
    [param],
  );
  if (receipts.length === 0) return [];
  const ids = receipts.map((r) => r.id);
  const { rows: lines } = await q.query<LineRow>(
    `SELECT l.id, l.receipt_id, l.order_item_id, l.product_id, p.code AS product_code, p.description AS product_description,
            p.unit_of_measure, l.warehouse_id, w.name AS warehouse_name, l.quantity
       FROM goods_receipt_lines l JOIN products p ON p.id = l.product_id JOIN warehouses w ON w.id = l.warehouse_id
      WHERE l.receipt_id = ANY($1::bigint[]) ORDER BY l.receipt_id, l.id`,
    [ids],
  );
  const batches = await batchesOf(
    q,
    lines.map((l) => l.id),
  );
  return receipts.map((r) => ({
    id: r.id,
    order_id: r.order_id,
    order_number: r.order_number,
    supplier_name: r.supplier_name,
    document_number: r.document_number,
    document_date: r.document_date,
    receipt_date: r.receipt_date,
    created_by: r.created_by,
    created_at: iso(r.created_at),
    reversed: r.reversed_at !== null,
    reversed_at: r.reversed_at ? iso(r.reversed_at) : null,
    reversed_by: r.reversed_by,
    lines: lines
      .filter((l) => l.receipt_id === r.id)
      .map((l) => ({
        id: l.id,
        order_item_id: l.order_item_id,
        product_id: l.product_id,
        product_code: l.product_code,
        product_description: l.product_description,
        unit_of_measure: l.unit_of_measure,
        warehouse_id: l.warehouse_id,
        warehouse_name: l.warehouse_name,
        quantity: num(l.quantity),
        batches: (batches.get(l.id) ?? []).map(batchView),
      })),
  }));
}

function batchView(b: BatchRow) {
  return { batch_number: b.batch_number, quantity: num(b.quantity), production_date: b.production_date, expiry_date: b.expiry_date };
}

async function batchesOf(q: Queryable, lineIds: number[]): Promise<Map<number, BatchRow[]>> {
  const out = new Map<number, BatchRow[]>();
  if (lineIds.length === 0) return out;
  const { rows } = await q.query<BatchRow>(
    'SELECT line_id, batch_number, quantity, production_date, expiry_date FROM goods_receipt_batches WHERE line_id = ANY($1::bigint[]) ORDER BY line_id, id',
    [lineIds],
  );
  for (const b of rows) out.set(b.line_id, [...(out.get(b.line_id) ?? []), b]);
  return out;
}

export async function getReceipt(q: Queryable, receiptId: number): Promise<ReceiptDocument | null> {
  return (await receiptDocuments(q, { receiptId }))[0] ?? null;
}

interface ItemRow {
  id: number;
  product_id: number;
  code: string;
  description: string;
  quantity: string;
  received_quantity: string;
  completed: boolean;
  unit_of_measure: string | null;
  has_batch: boolean;
  has_expiry_date: boolean;
  has_production_date: boolean;
}

/** GET /goods-receipts/order-details/{orderId}; null when the order does not exist (or is deleted). */
export async function getOrderForReceipt(q: Queryable, orderId: number, tolerancePercent: number): Promise<ReceiptOrder | null> {
  const { rows: orders } = await q.query<{
    id: number;
    order_number: string;
    order_date: string;
    requested_arrival_date: string | null;
    supplier_name: string | null;
  }>(
    `SELECT o.id, o.order_number, o.order_date, o.requested_arrival_date, s.business_name AS supplier_name
       FROM purchase_orders o LEFT JOIN suppliers s ON s.id = o.supplier_id WHERE o.id = $1 AND o.deleted_at IS NULL`,
    [orderId],
  );
  const order = orders[0];
  if (!order) return null;
  const { rows: items } = await q.query<ItemRow>(
    `SELECT i.id, i.product_id, p.code, p.description, i.quantity, i.received_quantity, i.completed,
            p.unit_of_measure, p.has_batch, p.has_expiry_date, p.has_production_date
       FROM purchase_order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = $1 ORDER BY i.id`,
    [orderId],
  );
  const receipts = await receiptDocuments(q, { orderId });
  const live = receipts.filter((r) => !r.reversed);
  const views: ReceiptOrderItem[] = items.map((i) => {
    const lines = live.flatMap((r) => r.lines.filter((l) => l.order_item_id === i.id));
    const ordered = milli(i.quantity);
    const received = milli(i.received_quantity);
    return {
      id: i.id,
      product_id: i.product_id,
      code: i.code,
      description: i.description,
      ordered_quantity: milliToDecimal(ordered),
      received_quantity: milliToDecimal(received),
      remaining_quantity: milliToDecimal(nonNegative(ordered - received)),
      max_receivable_quantity: milliToDecimal(itemStatus(i) === 'completed' ? 0n : maxReceivableMilli(ordered, received, tolerancePercent)),
      unit_of_measure: i.unit_of_measure,
      status: itemStatus(i),
      completed: i.completed,
      current_warehouse_id: lines.length ? lines[lines.length - 1].warehouse_id : null,
      has_batches: i.has_batch,
      has_expiry: i.has_expiry_date,
      has_production_date: i.has_production_date,
      batches: lines.flatMap((l) => l.batches),
    };
  });
  const quantities = quantitiesPerUnit(items);
  const single = singleUnit(quantities);
  return {
    id: order.id,
    order_number: order.order_number,
    order_date: order.order_date,
    requested_arrival_date: order.requested_arrival_date,
    supplier_name: order.supplier_name,
    status: orderStatus(items),
    items: views,
    summary: {
      ordered_quantity: single?.ordered ?? null,
      total_received: single?.received ?? null,
      quantities,
      last_receipt_date: live.length ? live[live.length - 1].receipt_date : null,
      receipt_count: live.length,
    },
    receipts: [...receipts].reverse(),
  };
}

/** GET /goods-receipts/item-history/{itemId}; null when there is no such item. */
export async function getItemHistory(q: Queryable, itemId: number): Promise<ReceiptHistory | null> {
  const { rows } = await q.query<ItemRow & { order_id: number; order_number: string }>(
    `SELECT i.id, i.product_id, p.code, p.description, i.quantity, i.received_quantity, i.completed,
            p.unit_of_measure, p.has_batch, p.has_expiry_date, p.has_production_date, o.id AS order_id, o.order_number
       FROM purchase_order_items i JOIN products p ON p.id = i.product_id JOIN purchase_orders o ON o.id = i.order_id
      WHERE i.id = $1`,
    [itemId],
  );
  const item = rows[0];
  if (!item) return null;
  const { rows: lines } = await q.query<
    LineRow & { document_number: string; document_date: string; receipt_date: string; reversed: boolean }
  >(
    `SELECT l.id, l.receipt_id, l.order_item_id, l.product_id, '' AS product_code, '' AS product_description, NULL AS unit_of_measure,
            l.warehouse_id, w.name AS warehouse_name, l.quantity, r.document_number, r.document_date, r.receipt_date,
            r.reversed_at IS NOT NULL AS reversed
       FROM goods_receipt_lines l JOIN goods_receipts r ON r.id = l.receipt_id JOIN warehouses w ON w.id = l.warehouse_id
      WHERE l.order_item_id = $1 ORDER BY r.id`,
    [itemId],
  );
  const batches = await batchesOf(
    q,
    lines.map((l) => l.id),
  );
  const ordered = milli(item.quantity);
  let cumulative = 0n;
  const receipts = lines.map((l) => {
    if (!l.reversed) cumulative += milli(l.quantity);
    return {
      receipt_id: l.receipt_id,
      ddt_number: l.document_number,
      ddt_date: l.document_date,
      receipt_date: l.receipt_date,
      received_quantity: num(l.quantity),
      remaining_quantity: milliToDecimal(nonNegative(ordered - cumulative)),
      warehouse_name: l.warehouse_name,
      reversed: l.reversed,
      batches: (batches.get(l.id) ?? []).map((b) => ({
        batchNumber: b.batch_number,
        quantity: num(b.quantity),
        productionDate: b.production_date,
        expiryDate: b.expiry_date,
      })),
    };
  });
  const live = receipts.filter((r) => !r.reversed);
  return {
    item_id: item.id,
    order_id: item.order_id,
    order_number: item.order_number,
    product_code: item.code,
    product_description: item.description,
    unit_of_measure: item.unit_of_measure,
    total_ordered: milliToDecimal(ordered),
    total_received: num(item.received_quantity),
    last_receipt_date: live.length ? live[live.length - 1].receipt_date : null,
    receipt_count: live.length,
    status: itemStatus(item),
    receipts: receipts.reverse(),
  };
}
