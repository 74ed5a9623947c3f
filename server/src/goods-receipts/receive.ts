import { receiptItemProblems, receiptValidationMessage, type GoodsReceiptFields, type ReceiptItemFields } from '@wms/shared-api';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError, common } from '../http/errors';
import { postMovement } from '../stock/ledger';
import { decimalToMilli, formatMilli, milliToDecimal, type Milli } from '../stock/quantity';
import type { Actor } from '../stock/types';
import { receiptMessages as msg } from './messages';
import { addReceived, lockItems, lockOrder, refreshOrderStatus, type LockedItem } from './orders';
import { itemStatus } from '@wms/shared-api';

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

const milli = (text: string | number): Milli => decimalToMilli(String(text)) ?? 0n;

/** The loads of one received item: its batches, or one load of the whole quantity when it has none. */
function loadsOf(item: ReceiptItemFields) {
  if (item.batches.length === 0) return [{ batch_number: '', quantity: item.quantity, production_date: null, expiry_date: null }];
  return item.batches;
}

/** The SPEC §5 rules that need the product, checked again here (the form checked them too): 400 in the form's words. */
function checkAgainstProduct(item: ReceiptItemFields, index: number, line: LockedItem, lang: 'it' | 'fr'): void {
  const problems = receiptItemProblems(item, {
    has_batches: line.has_batch,
    has_expiry: line.has_expiry_date,
    has_production_date: line.has_production_date,
  });
  const entries = Object.entries(problems);
  if (entries.length === 0) return;
  const fields: Record<string, string> = {};
  for (const [path, p] of entries) fields[`items.${index}.${path}`] = receiptValidationMessage(lang, p.key, p.params);
  const details = Object.entries(fields)
    .slice(0, 3)
    .map(([path, text]) => `${path}: ${text}`)
    .join('; ');
  throw new AppError(400, 'VALIDATION', common.validation, { details: `${line.code}: ${details}` }, fields);
}

/**
 * Receives one delivery note (SPEC §7 POST /goods-receipts/receive) inside the caller's transaction: locks the order and
 * its received lines (concurrent receipts of one line queue here), checks every line (product rules, completed lines,
 * over-receipt tolerance), writes the receipt document, its lines and batches, posts one load per line or batch through
 * the ledger, adds the received quantities and recomputes the order status. All or nothing: any refusal rolls it all back.
 * Returns the receipt id.
 */
export async function receiveGoods(
  q: Queryable,
  r: GoodsReceiptFields,
  actor: Actor,
  settings: ReceiptSettings,
  lang: 'it' | 'fr',
): Promise<number> {
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
    checkAgainstProduct(item, index, line, lang);
    const ordered = milli(line.quantity);
    const received = milli(line.received_quantity);
    const max = maxReceivableMilli(ordered, received, settings.overReceiptTolerancePercent);
    if (quantityOf(item) > max) {
      throw new AppError(409, 'OVER_RECEIPT', msg.overReceipt, {
        code: line.code,
        ordered: formatMilli(ordered),
        received: formatMilli(received),
        max: formatMilli(max),
        tolerance: String(settings.overReceiptTolerancePercent).replace('.', ','),
      });
    }
  });

  const { rows } = await q.query<{ id: number; receipt_date: string }>(
    `INSERT INTO goods_receipts (order_id, document_number, document_date, created_by) VALUES ($1, $2, $3, $4) RETURNING id, receipt_date`,
    [order.id, r.document_number, r.document_date, actor.id],
  );
  const receipt = rows[0];

  for (const item of r.items) {
    const line = lines.get(item.order_item_id) as LockedItem;
    const quantity = milliToDecimal(quantityOf(item));
    const { rows: inserted } = await q.query<{ id: number }>(
      `INSERT INTO goods_receipt_lines (receipt_id, order_item_id, product_id, warehouse_id, quantity) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [receipt.id, line.id, line.product_id, item.warehouse_id, quantity],
    );
    const lineId = inserted[0].id;
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
        await q.query('UPDATE goods_receipt_lines SET movement_id = $2 WHERE id = $1', [lineId, movement.id]);
      } else {
        await q.query(
          `INSERT INTO goods_receipt_batches (line_id, batch_number, quantity, production_date, expiry_date, movement_id)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [lineId, movement.batch_number, movement.quantity, movement.production_date, movement.expiry_date, movement.id],
        );
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
    },
  });
  return receipt.id;
}

/** What a received item adds: the sum of its batches (exact; the 0.001 tolerance only forgives typing), else its quantity. */
function quantityOf(item: ReceiptItemFields): Milli {
  if (item.batches.length === 0) return milli(item.quantity);
  return item.batches.reduce((s, b) => s + milli(b.quantity), 0n);
}
