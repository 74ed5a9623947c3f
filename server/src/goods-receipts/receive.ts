import { receiptItemProblems, type FieldProblem, type GoodsReceiptFields, type ReceiptItemFields } from '@wms/shared-api';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError, shown } from '../http/errors';
import { invalidFields } from '../http/validation';
import { postMovement } from '../stock/ledger';
import { lockActiveWarehouses } from '../stock/references';
import { milliToDecimal, toMilli as milli, type Milli } from '../stock/quantity';
import type { Actor } from '../stock/types';
import { receiptMessages as msg } from './messages';
import * as sql from './receipt-sql';
import { addReceived, lockItems, lockOrder, refreshOrderStatus, type LockedItem } from './orders';
import { expiredReceiptBatches, itemStatus } from '@wms/shared-api';

/** The over-receipt tolerance (README "Goods receipt"): percent of the ordered quantity an item may receive beyond it. */
export interface ReceiptSettings {
  overReceiptTolerancePercent: number;
}

/** The most an item may hold in total: ordered × (1 + tolerance), in thousandths, rounded down. */
export function maxTotalMilli(ordered: Milli, tolerancePercent: number): Milli {
  const basisPoints = BigInt(Math.round(tolerancePercent * 100));
  return (ordered * (10000n + basisPoints)) / 10000n;
}

/** What an item may still receive: the tolerance's ceiling minus what it holds, never below zero. */
export function maxReceivableMilli(ordered: Milli, received: Milli, tolerancePercent: number): Milli {
  const left = maxTotalMilli(ordered, tolerancePercent) - received;
  return left > 0n ? left : 0n;
}

/** The loads of one received item: its batches, or one load of the whole quantity when it has none. */
function loadsOf(item: ReceiptItemFields) {
  if (item.batches.length === 0) return [{ batch_number: '', quantity: item.quantity, production_date: null, expiry_date: null }];
  return item.batches;
}

/** The SPEC §5 rules that need the product, checked again here (the form checked them too): the standard 400, the form's words. */
function checkAgainstProduct(item: ReceiptItemFields, index: number, line: LockedItem): void {
  const problems = receiptItemProblems(item, {
    has_batches: line.has_batch,
    has_expiry: line.has_expiry_date,
    has_production_date: line.has_production_date,
  });
  const fields: Record<string, FieldProblem> = {};
  for (const [path, p] of Object.entries(problems)) fields[`items.${index}.${path}`] = p;
  if (Object.keys(fields).length > 0) throw invalidFields(fields, 'body');
}

/**
 * Receives one delivery note (SPEC §7 POST /goods-receipts/receive) inside the caller's transaction: locks the order and
 * its received lines (concurrent receipts of one line queue here), checks every line (product rules, completed lines,
 * over-receipt tolerance), writes the receipt document, its lines and batches, posts one load per line or batch through
 * the ledger, adds the received quantities and recomputes the order status. All or nothing: any refusal rolls it all back.
 * Returns the receipt id.
 */
export async function receiveGoods(q: Queryable, r: GoodsReceiptFields, actor: Actor, settings: ReceiptSettings): Promise<number> {
  const order = await lockOrder(q, r.order_id);
  const lines = await lockItems(
    q,
    order,
    r.items.map((i) => i.order_item_id),
  );

  r.items.forEach((item, index) => {
    const line = lines.get(item.order_item_id) as LockedItem;
    if (item.product_id !== undefined && item.product_id !== line.product_id) {
      throw new AppError(400, 'PRODUCT_MISMATCH', msg.productMismatch, { item: item.order_item_id });
    }
    if (itemStatus(line) === 'completed') throw new AppError(409, 'ITEM_COMPLETED', msg.itemCompleted, { code: line.code });
    checkAgainstProduct(item, index, line);
    const ordered = milli(line.quantity);
    const received = milli(line.received_quantity);
    const max = maxReceivableMilli(ordered, received, settings.overReceiptTolerancePercent);
    if (quantityOf(item) > max) {
      throw new AppError(409, 'OVER_RECEIPT', msg.overReceipt, {
        code: line.code,
        ordered: shown(milliToDecimal(ordered)),
        received: shown(milliToDecimal(received)),
        max: shown(milliToDecimal(max)),
        tolerance: shown(settings.overReceiptTolerancePercent),
      });
    }
  });

  // The warehouses, share-locked and checked before anything is written, as a sale's are: an unknown or deleted one is
  // 400 WAREHOUSE_NOT_FOUND naming its id, an inactive one 409 WAREHOUSE_INACTIVE (not a key violation of the receipt line).
  await lockActiveWarehouses(
    q,
    r.items.map((i) => i.warehouse_id as number),
  );

  const receipt = await sql.insertReceipt(q, {
    orderId: order.id,
    documentNumber: r.document_number,
    documentDate: r.document_date,
    createdBy: actor.id,
  });
  // A batch already expired on the receipt day goes in only when the user confirmed it (the refusal rolls the receipt back).
  const expired = expiredReceiptBatches(r.items, receipt.receipt_date).map(({ order_item_id, batch }) => ({
    code: (lines.get(order_item_id) as LockedItem).code,
    batch_number: batch.batch_number,
    expiry_date: batch.expiry_date,
  }));
  if (expired.length > 0 && r.confirm_expired !== true) {
    const first = expired[0];
    throw new AppError(400, 'EXPIRED_BATCH', msg.expiredBatch, {
      batch: first.batch_number || '—',
      code: first.code,
      expiry: shown(first.expiry_date as string),
      date: shown(receipt.receipt_date),
    });
  }

  for (const item of r.items) {
    const line = lines.get(item.order_item_id) as LockedItem;
    const quantity = milliToDecimal(quantityOf(item));
    const lineId = await sql.insertReceiptLine(q, {
      receiptId: receipt.id,
      orderItemId: line.id,
      productId: line.product_id,
      warehouseId: item.warehouse_id as number,
      quantity,
    });
    for (const load of loadsOf(item)) {
      const movement = await postMovement(
        q,
        {
          movementType: 'C',
          sourceType: 'PO',
          sourceDocument: { type: 'PO', id: order.id, number: order.order_number },
          // The order's line: the item's receipt history is the ledger's movements of this line.
          sourceLineId: line.id,
          productId: line.product_id,
          warehouseId: item.warehouse_id as number,
          batchNumber: load.batch_number,
          productionDate: load.production_date,
          expiryDate: load.expiry_date,
          quantity: load.quantity,
          movementDate: receipt.receipt_date,
          notes: `DDT ${r.document_number}`,
        },
        actor,
      );
      if (item.batches.length === 0) {
        await sql.setLineMovement(q, lineId, movement.id);
      } else {
        await sql.insertReceiptBatch(q, {
          lineId,
          batchNumber: movement.batch_number,
          quantity: movement.quantity,
          productionDate: movement.production_date,
          expiryDate: movement.expiry_date,
          movementId: movement.id,
        });
      }
    }
    await addReceived(q, line.id, quantity);
  }
  const status = await refreshOrderStatus(q, order.id);
  await logActivity(q, {
    userId: actor.id,
    action: 'create',
    entityType: 'goods_receipt',
    entityId: receipt.id,
    details: {
      order_number: order.order_number,
      document_number: r.document_number,
      document_date: r.document_date,
      lines: r.items.map((i) => ({ code: (lines.get(i.order_item_id) as LockedItem).code, quantity: milliToDecimal(quantityOf(i)) })),
      order_status: status,
      // The expired batches the user confirmed (issue 22), named one by one.
      ...(expired.length > 0 ? { expired_batches_confirmed: expired } : {}),
    },
  });
  return receipt.id;
}

/** What a received item adds: the sum of its batches (exact; the 0.001 tolerance only forgives typing), else its quantity. */
function quantityOf(item: ReceiptItemFields): Milli {
  if (item.batches.length === 0) return milli(item.quantity);
  return item.batches.reduce((s, b) => s + milli(b.quantity), 0n);
}
