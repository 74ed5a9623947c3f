import type { Queryable } from '../db';
import { logActivity } from '../activity/log';
import { AppError } from '../http/errors';
import { lockPurchaseOrder } from '../purchase-orders/sql';
import { receiptMessages as msg } from './messages';
import { orderStatus, type OrderStatus } from '@wms/shared-api';
import type { Actor } from '../stock/types';

/**
 * Everything goods receipt reads or writes of the purchase orders (tables of migration 006): the locks that serialise
 * receipts of one order, the received totals and completion flags it maintains, and the order status it keeps equal to
 * the pure function of the lines (shared-api rules/order-status).
 */

export interface LockedOrder {
  id: number;
  order_number: string;
}

export interface LockedItem {
  id: number;
  order_id: number;
  product_id: number;
  code: string;
  has_batch: boolean;
  has_expiry_date: boolean;
  has_production_date: boolean;
  quantity: string;
  received_quantity: string;
  completed: boolean;
}

/**
 * Locks the live order (purchase-orders' lockPurchaseOrder, the lock every write of its lines takes first): receipts,
 * reversals, completions and edits of one order queue here. 404 when missing or deleted.
 */
export async function lockOrder(q: Queryable, orderId: number): Promise<LockedOrder> {
  const order = await lockPurchaseOrder(q, orderId);
  if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', msg.orderNotFound);
  return order;
}

/** The order an item belongs to (no lock), or 404. */
export async function orderOfItem(q: Queryable, itemId: number): Promise<number> {
  const { rows } = await q.query<{ order_id: number }>('SELECT order_id FROM purchase_order_items WHERE id = $1', [itemId]);
  if (!rows[0]) throw new AppError(404, 'ORDER_ITEM_NOT_FOUND', msg.itemNotFound);
  return rows[0].order_id;
}

/** Locks the given items of the order in id order (after the order itself) with their product flags. */
export async function lockItems(q: Queryable, order: LockedOrder, itemIds: number[]): Promise<Map<number, LockedItem>> {
  const { rows } = await q.query<LockedItem>(
    `SELECT i.id, i.order_id, i.product_id, p.code, p.has_batch, p.has_expiry_date, p.has_production_date,
            i.quantity, i.received_quantity, i.completed
       FROM purchase_order_items i JOIN products p ON p.id = i.product_id
      WHERE i.id = ANY($1::bigint[])
      ORDER BY i.id
        FOR UPDATE OF i`,
    [itemIds],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of itemIds) {
    const item = byId.get(id);
    if (!item || item.order_id !== order.id) {
      throw new AppError(
        item ? 400 : 404,
        item ? 'ITEM_NOT_IN_ORDER' : 'ORDER_ITEM_NOT_FOUND',
        item ? msg.itemNotInOrder : msg.itemNotFound,
        {
          item: id,
          order: order.order_number,
        },
      );
    }
  }
  return byId;
}

/** Adds (or with a negative delta, takes back) received quantity on an item: exact numeric arithmetic in SQL. */
export async function addReceived(q: Queryable, itemId: number, delta: string): Promise<void> {
  await q.query('UPDATE purchase_order_items SET received_quantity = received_quantity + $2::numeric WHERE id = $1', [itemId, delta]);
}

export async function setCompleted(q: Queryable, itemId: number, completed: boolean): Promise<void> {
  await q.query('UPDATE purchase_order_items SET completed = $2 WHERE id = $1', [itemId, completed]);
}

/**
 * The order's status after a change of its lines. The database keeps it (migration 006's trigger on the lines runs the
 * SQL twin of shared-api orderStatus); this reads it back and checks it against the pure function — one rule, and a
 * disagreement is a bug worth a 500 rather than a wrong status shown to the dock.
 */
export async function refreshOrderStatus(q: Queryable, orderId: number): Promise<OrderStatus> {
  const { rows } = await q.query<{ quantity: string; received_quantity: string; completed: boolean }>(
    'SELECT quantity, received_quantity, completed FROM purchase_order_items WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  const status = orderStatus(rows);
  const { rows: stored } = await q.query<{ status: string }>('SELECT status FROM purchase_orders WHERE id = $1', [orderId]);
  if (stored[0]?.status !== status)
    throw new Error(`order ${orderId}: stored status ${stored[0]?.status} differs from the rule's ${status}`);
  return status;
}

/**
 * The mark-as-completed toggle (SPEC §4) in the caller's transaction: locks the order and the item, sets the flag when it
 * changes, keeps the order status and logs the change. Returns the item's order id. 404 for an unknown item.
 */
export async function markItemCompleted(q: Queryable, itemId: number, completed: boolean, actor: Actor): Promise<number> {
  const order = await lockOrder(q, await orderOfItem(q, itemId));
  const item = (await lockItems(q, order, [itemId])).get(itemId) as LockedItem;
  if (item.completed !== completed) {
    await setCompleted(q, itemId, completed);
    const status = await refreshOrderStatus(q, order.id);
    await logActivity(q, {
      userId: actor.id,
      action: 'update',
      entityType: 'purchase_order_item',
      entityId: itemId,
      details: { order_number: order.order_number, code: item.code, completed: `${item.completed} → ${completed}`, order_status: status },
    });
  }
  return order.id;
}
