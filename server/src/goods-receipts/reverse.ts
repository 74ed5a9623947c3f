import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { reverseMovement } from '../stock/ledger';
import { negateDecimal } from '@wms/shared-api/core';
import type { Actor } from '../stock/types';
import { receiptMessages as msg } from './messages';
import { addReceived, lockItems, lockOrder, refreshOrderStatus } from './orders';
import * as sql from './receipt-sql';

/**
 * Undoes a wrong receipt (never deleting anything): appends the opposite of each of its loads through the ledger, takes
 * the quantities back from the order items, marks the receipt reversed and recomputes the order status — in the caller's
 * transaction. 409 RECEIPT_GOODS_LEFT when some of the goods are no longer in stock (sold, moved), 409
 * RECEIPT_ALREADY_REVERSED the second time. Locks in the same order as a receipt (order, items, then the ledger's).
 */
export async function reverseReceipt(q: Queryable, receiptId: number, actor: Actor): Promise<void> {
  const receipt = await sql.receiptHeader(q, receiptId);
  if (!receipt) throw new AppError(404, 'RECEIPT_NOT_FOUND', msg.receiptNotFound);
  const order = await lockOrder(q, receipt.order_id);
  // Under the order's lock: a concurrent reversal of the same receipt has committed or not started.
  if (await sql.isReceiptReversed(q, receiptId)) throw new AppError(409, 'RECEIPT_ALREADY_REVERSED', msg.alreadyReversed);

  const lines = await sql.receiptLines(q, receiptId);
  await lockItems(
    q,
    order,
    lines.map((l) => l.order_item_id).sort((a, b) => a - b),
  );
  for (const movementId of await sql.receiptMovementIds(q, receiptId)) {
    try {
      await reverseMovement(q, movementId, actor);
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
  for (const l of lines) await addReceived(q, l.order_item_id, negateDecimal(l.quantity));
  await sql.markReceiptReversed(q, receiptId, actor.id);
  const status = await refreshOrderStatus(q, order.id);
  await logActivity(q, {
    userId: actor.id,
    action: 'reverse',
    entityType: 'goods_receipt',
    entityId: receiptId,
    details: { order_number: order.order_number, document_number: receipt.document_number, order_status: status },
  });
}
