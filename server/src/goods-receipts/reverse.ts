import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { reverseMovement } from '../stock/ledger';
import { milliToDecimal, decimalToMilli } from '../stock/quantity';
import type { Actor } from '../stock/types';
import { receiptMessages as msg } from './messages';
import { addReceived, lockItems, lockOrder, refreshOrderStatus } from './orders';

/**
 * Undoes a wrong receipt (never deleting anything): appends the opposite of each of its loads through the ledger, takes
 * the quantities back from the order items, marks the receipt reversed and recomputes the order status — in the caller's
 * transaction. 409 RECEIPT_GOODS_LEFT when some of the goods are no longer in stock (sold, moved), 409
 * RECEIPT_ALREADY_REVERSED the second time. Locks in the same order as a receipt (order, items, then the ledger's).
 */
export async function reverseReceipt(q: Queryable, receiptId: number, actor: Actor): Promise<void> {
  const { rows } = await q.query<{ order_id: number; document_number: string }>(
    'SELECT order_id, document_number FROM goods_receipts WHERE id = $1',
    [receiptId],
  );
  if (!rows[0]) throw new AppError(404, 'RECEIPT_NOT_FOUND', msg.receiptNotFound);
  const order = await lockOrder(q, rows[0].order_id);
  // Under the order's lock: a concurrent reversal of the same receipt has committed or not started.
  const { rows: state } = await q.query<{ reversed_at: Date | null }>('SELECT reversed_at FROM goods_receipts WHERE id = $1', [receiptId]);
  if (state[0].reversed_at) throw new AppError(409, 'RECEIPT_ALREADY_REVERSED', msg.alreadyReversed);

  const { rows: lines } = await q.query<{ id: number; order_item_id: number; quantity: string }>(
    'SELECT id, order_item_id, quantity FROM goods_receipt_lines WHERE receipt_id = $1 ORDER BY id',
    [receiptId],
  );
  await lockItems(
    q,
    order,
    lines.map((l) => l.order_item_id).sort((a, b) => a - b),
  );
  const { rows: movements } = await q.query<{ movement_id: number }>(
    `SELECT movement_id FROM goods_receipt_lines WHERE receipt_id = $1 AND movement_id IS NOT NULL
     UNION ALL
     SELECT b.movement_id FROM goods_receipt_batches b JOIN goods_receipt_lines l ON l.id = b.line_id WHERE l.receipt_id = $1
     ORDER BY 1`,
    [receiptId],
  );
  for (const m of movements) {
    try {
      await reverseMovement(q, m.movement_id, actor);
    } catch (err) {
      if (err instanceof AppError && err.code === 'INSUFFICIENT_STOCK') {
        throw new AppError(409, 'RECEIPT_GOODS_LEFT', msg.goodsLeft, {
          ...err.params,
          batch: err.params.batch ? ` / ${err.params.batch}` : '',
        });
      }
      throw err;
    }
  }
  for (const l of lines) await addReceived(q, l.order_item_id, milliToDecimal(-(decimalToMilli(l.quantity) ?? 0n)));
  await q.query('UPDATE goods_receipts SET reversed_at = now(), reversed_by = $2 WHERE id = $1', [receiptId, actor.id]);
  const status = await refreshOrderStatus(q, order.id);
  await logActivity(q, {
    userId: actor.id,
    action: 'reverse',
    entityType: 'goods_receipt',
    entityId: receiptId,
    details: { order_number: order.order_number, document_number: rows[0].document_number, order_status: status },
  });
}
