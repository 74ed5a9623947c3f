import type { Queryable } from '../db';

/**
 * Every SQL statement goods receipt writes or reads of its own documents (goods_receipts, _lines, _batches; migration 007).
 * receive.ts and reverse.ts hold the rules and call these; queries.ts is the read side of the API.
 */

export interface NewReceipt {
  orderId: number;
  documentNumber: string;
  documentDate: string;
  createdBy: number | null;
}

/** Writes the receipt document; returns its id and the day the goods came in ('yyyy-MM-dd', the movements' date). */
export async function insertReceipt(q: Queryable, r: NewReceipt): Promise<{ id: number; receipt_date: string }> {
  const { rows } = await q.query<{ id: number; receipt_date: string }>(
    `INSERT INTO goods_receipts (order_id, document_number, document_date, created_by) VALUES ($1, $2, $3, $4) RETURNING id, receipt_date`,
    [r.orderId, r.documentNumber, r.documentDate, r.createdBy],
  );
  return rows[0];
}

export interface NewReceiptLine {
  receiptId: number;
  orderItemId: number;
  productId: number;
  warehouseId: number;
  /** Exact decimal text. */
  quantity: string;
}

export async function insertReceiptLine(q: Queryable, l: NewReceiptLine): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO goods_receipt_lines (receipt_id, order_item_id, product_id, warehouse_id, quantity) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [l.receiptId, l.orderItemId, l.productId, l.warehouseId, l.quantity],
  );
  return rows[0].id;
}

/** Links a line without batches to its load (the one update the table allows, once). */
export async function setLineMovement(q: Queryable, lineId: number, movementId: number): Promise<void> {
  await q.query('UPDATE goods_receipt_lines SET movement_id = $2 WHERE id = $1', [lineId, movementId]);
}

export interface NewReceiptBatch {
  lineId: number;
  batchNumber: string;
  quantity: string;
  productionDate: string | null;
  expiryDate: string | null;
  movementId: number;
}

export async function insertReceiptBatch(q: Queryable, b: NewReceiptBatch): Promise<void> {
  await q.query(
    `INSERT INTO goods_receipt_batches (line_id, batch_number, quantity, production_date, expiry_date, movement_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [b.lineId, b.batchNumber, b.quantity, b.productionDate, b.expiryDate, b.movementId],
  );
}

/** The receipt's order and DDT number, or null when there is no such receipt. */
export async function receiptHeader(q: Queryable, receiptId: number): Promise<{ order_id: number; document_number: string } | null> {
  const { rows } = await q.query<{ order_id: number; document_number: string }>(
    'SELECT order_id, document_number FROM goods_receipts WHERE id = $1',
    [receiptId],
  );
  return rows[0] ?? null;
}

/** Whether the receipt is reversed (read under the order's lock, so a concurrent reversal has committed or not started). */
export async function isReceiptReversed(q: Queryable, receiptId: number): Promise<boolean> {
  const { rows } = await q.query<{ reversed_at: Date | null }>('SELECT reversed_at FROM goods_receipts WHERE id = $1', [receiptId]);
  return rows[0]?.reversed_at != null;
}

/** The receipt's lines: their order items and quantities. */
export async function receiptLines(
  q: Queryable,
  receiptId: number,
): Promise<Array<{ id: number; order_item_id: number; quantity: string }>> {
  const { rows } = await q.query<{ id: number; order_item_id: number; quantity: string }>(
    'SELECT id, order_item_id, quantity FROM goods_receipt_lines WHERE receipt_id = $1 ORDER BY id',
    [receiptId],
  );
  return rows;
}

/** The loads the receipt posted (one per line without batches, one per batch), in id order. */
export async function receiptMovementIds(q: Queryable, receiptId: number): Promise<number[]> {
  const { rows } = await q.query<{ movement_id: number }>(
    `SELECT movement_id FROM goods_receipt_lines WHERE receipt_id = $1 AND movement_id IS NOT NULL
     UNION ALL
     SELECT b.movement_id FROM goods_receipt_batches b JOIN goods_receipt_lines l ON l.id = b.line_id WHERE l.receipt_id = $1
     ORDER BY 1`,
    [receiptId],
  );
  return rows.map((r) => r.movement_id);
}

export async function markReceiptReversed(q: Queryable, receiptId: number, by: number | null): Promise<void> {
  await q.query('UPDATE goods_receipts SET reversed_at = now(), reversed_by = $2 WHERE id = $1', [receiptId, by]);
}
