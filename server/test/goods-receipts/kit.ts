/**
 * Purchase orders for the goods-receipt tests, written straight to the database (the purchase-order API is another
 * module), plus probes of what a receipt changed.
 */
import { documentLineNet } from '../../src/stock/movement-queries';
import type { Queryable } from '../../src/db';
import { makeProduct, makeWarehouse, type ProductOptions } from '../stock/fixtures';

export { makeProduct, makeWarehouse };

let seq = 0;

export async function makeSupplier(q: Queryable): Promise<number> {
  seq += 1;
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO suppliers (business_name, vat_number, address, city, province, zip_code, email, phone)
     VALUES ($1, '01234567890', 'Via Roma 1', 'Milano', 'MI', '20100', 'a@b.it', '02 1234') RETURNING id`,
    [`Fornitore ${process.pid}-${seq}`],
  );
  return rows[0].id;
}

export interface OrderLine {
  productId: number;
  quantity: string | number;
}

/** An order with its items (status notReceived); returns the order id and item ids in line order. */
export async function makeOrder(
  q: Queryable,
  lines: OrderLine[],
  supplierId?: number,
): Promise<{ id: number; number: string; items: number[] }> {
  seq += 1;
  const number = `PO-T-${process.pid}-${seq}`;
  const supplier = supplierId ?? (await makeSupplier(q));
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO purchase_orders (order_number, order_date, requested_arrival_date, supplier_id)
     VALUES ($1, '2025-03-01', '2025-03-15', $2) RETURNING id`,
    [number, supplier],
  );
  const items: number[] = [];
  for (const l of lines) {
    const { rows: item } = await q.query<{ id: number }>(
      `INSERT INTO purchase_order_items (order_id, line_no, product_id, quantity, unit_price, currency)
       VALUES ($1, $2, $3, $4, 1, 'EUR') RETURNING id`,
      [rows[0].id, items.length + 1, l.productId, String(l.quantity)],
    );
    items.push(item[0].id);
  }
  return { id: rows[0].id, number, items };
}

/** An order of one product (options as makeProduct) with `quantity` ordered. */
export async function oneLineOrder(q: Queryable, quantity: number | string, product: ProductOptions = {}) {
  const p = await makeProduct(q, product);
  const order = await makeOrder(q, [{ productId: p.id, quantity }]);
  return { product: p, order, itemId: order.items[0] };
}

export async function itemState(q: Queryable, itemId: number): Promise<{ received: string; completed: boolean }> {
  const { rows } = await q.query<{ received: string; completed: boolean }>(
    'SELECT received_quantity AS received, completed FROM purchase_order_items WHERE id = $1',
    [itemId],
  );
  return rows[0];
}

export async function orderStatusOf(q: Queryable, orderId: number): Promise<string> {
  const { rows } = await q.query<{ status: string }>('SELECT status FROM purchase_orders WHERE id = $1', [orderId]);
  return rows[0].status;
}

/** What the ledger says an order item received: its movements (source_line_id), loads minus their reversals (decimal text). */
export function ledgerOfItem(q: Queryable, itemId: number): Promise<string> {
  return documentLineNet(q, 'PO', itemId);
}
