/** Rows for the replenishment and dashboard tests, written straight to the database; stock through the ledger. */
import { companyToday } from '@wms/shared-api';
import type { Queryable } from '../../src/db';
import { postMovementTx } from '../../src/stock/ledger';
import type { Db } from '../../src/db';
import { makeOrder, makeSupplier } from '../goods-receipts/kit';
import { makeProduct, makeWarehouse, type ProductOptions } from '../stock/fixtures';

export { makeSupplier, makeProduct, makeWarehouse };

/** A product of `supplierId` with a price in force since 2020 (null price: none). */
export async function supplierProduct(
  q: Queryable,
  supplierId: number,
  price: string | null = '2.5',
  o: ProductOptions = {},
): Promise<{ id: number; code: string }> {
  const p = await makeProduct(q, o);
  await q.query('UPDATE products SET supplier_id = $1 WHERE id = $2', [supplierId, p.id]);
  if (price !== null) {
    await q.query(`INSERT INTO prices (product_id, supplier_id, price, currency, start_date) VALUES ($1, $2, $3, 'EUR', '2020-01-01')`, [
      p.id,
      supplierId,
      price,
    ]);
  }
  return p;
}

export async function setLimit(q: Queryable, productId: number, warehouseId: number, min: string, max: string): Promise<void> {
  await q.query(
    `INSERT INTO stock_limits (product_id, warehouse_id, min_quantity, max_quantity) VALUES ($1, $2, $3, $4)
     ON CONFLICT (product_id, warehouse_id) DO UPDATE SET min_quantity = EXCLUDED.min_quantity, max_quantity = EXCLUDED.max_quantity`,
    [productId, warehouseId, min, max],
  );
}

/** Loads stock through the ledger (a manual load dated today, or `day`). */
export async function load(
  db: Db,
  productId: number,
  warehouseId: number,
  quantity: string,
  o: { batch?: string; expiry?: string; day?: string } = {},
): Promise<void> {
  await postMovementTx(
    db,
    {
      movementType: 'C',
      productId,
      warehouseId,
      quantity,
      movementDate: o.day ?? companyToday(),
      batchNumber: o.batch ?? null,
      expiryDate: o.expiry ?? null,
    },
    { id: null },
  );
}

export async function unload(db: Db, productId: number, warehouseId: number, quantity: string, batch?: string): Promise<void> {
  await postMovementTx(
    db,
    { movementType: 'S', productId, warehouseId, quantity, movementDate: companyToday(), batchNumber: batch ?? null },
    { id: null },
  );
}

export async function orderCount(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: string }>('SELECT count(*) AS n FROM purchase_orders WHERE deleted_at IS NULL');
  return Number(rows[0].n);
}

/** An order typed by hand (no replenishment destination) of one line. */
export async function makeOrderLine(q: Queryable, supplierId: number, productId: number, quantity: string) {
  const o = await makeOrder(q, [{ productId, quantity }], supplierId);
  return { orderId: o.id, itemId: o.items[0] };
}
