import { companyToday, type GoodsReceiptFields } from '@wms/shared-api';
import type { Queryable } from '../db';
import { receiveGoods } from '../goods-receipts/receive';
import { milliToDecimal, toMilli } from '../stock/quantity';

/**
 * Demo goods receipts (SEED_DEMO=1), after the demo purchase orders: of every three live orders the first is received in
 * full, the second about half (two batches where the product has batches), the third not at all — each through the real
 * receipt code, so loads go through the ledger and the statuses follow. Batches carry production and expiry dates where
 * the product manages them. Runs once: nothing happens when any receipt exists already. Returns the receipts written.
 */
export async function seedReceiptsDemo(q: Queryable): Promise<number> {
  if ((await q.query('SELECT 1 FROM goods_receipts LIMIT 1')).rows.length > 0) return 0;
  const { rows: warehouses } = await q.query<{ id: number }>(
    'SELECT id FROM warehouses WHERE deleted_at IS NULL AND is_active ORDER BY id LIMIT 2',
  );
  if (warehouses.length === 0) return 0;
  const { rows: admin } = await q.query<{ id: number }>(
    "SELECT id FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1",
  );
  const actor = { id: admin[0]?.id ?? null };
  const { rows: orders } = await q.query<{ id: number; order_number: string; order_date: string }>(
    `SELECT id, order_number, order_date FROM purchase_orders WHERE deleted_at IS NULL AND status <> 'fullyReceived' ORDER BY id LIMIT 12`,
  );
  let written = 0;
  for (const [n, order] of orders.entries()) {
    const share = n % 3 === 0 ? 1 : n % 3 === 1 ? 0.5 : 0;
    if (share === 0) continue;
    const { rows: items } = await q.query<{
      id: number;
      product_id: number;
      quantity: string;
      received_quantity: string;
      has_batch: boolean;
      has_expiry_date: boolean;
      has_production_date: boolean;
    }>(
      `SELECT i.id, i.product_id, i.quantity, i.received_quantity, p.has_batch, p.has_expiry_date, p.has_production_date
         FROM purchase_order_items i JOIN products p ON p.id = i.product_id
        WHERE i.order_id = $1 AND NOT i.completed AND p.deleted_at IS NULL AND p.status = 'active' ORDER BY i.id`,
      [order.id],
    );
    // Batches expire in a year or two from now (never before the receipt day, which would need a confirmation), whatever
    // the order's date.
    const year = Math.max(Number(order.order_date.slice(0, 4)), Number(companyToday().slice(0, 4)));
    const lines: GoodsReceiptFields['items'] = [];
    for (const item of items) {
      const left = toMilli(item.quantity) - toMilli(item.received_quantity);
      const milli = share === 1 ? left : left / 2n;
      if (milli <= 0n) continue;
      const needs = item.has_batch || item.has_expiry_date || item.has_production_date;
      const parts = needs && share < 1 && milli > 1n ? [milli / 2n, milli - milli / 2n] : [milli];
      const batches = needs
        ? parts.map((m, j) => ({
            batch_number: item.has_batch ? `L${order.id}${item.id}${String.fromCharCode(65 + j)}` : '',
            quantity: milliToDecimal(m),
            production_date: item.has_production_date ? order.order_date : null,
            expiry_date: item.has_expiry_date ? `${year + 1 + j}-${['06-30', '12-31'][j]}` : null,
          }))
        : [];
      lines.push({
        order_item_id: item.id,
        quantity: milliToDecimal(milli),
        warehouse_id: warehouses[lines.length % warehouses.length].id,
        batches,
      });
    }
    if (lines.length === 0) continue;
    const fields: GoodsReceiptFields = {
      document_number: `DDT-${order.order_number.replace(/^PO-/, '')}`,
      document_date: order.order_date,
      order_id: order.id,
      items: lines,
    };
    await receiveGoods(q, fields, actor, { overReceiptTolerancePercent: 0 });
    written += 1;
  }
  return written;
}
