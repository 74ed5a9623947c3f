import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { stockMessages as msg } from './messages';

/**
 * True when the warehouse holds any stock (a balance above zero). Call it inside the transaction that deletes the
 * warehouse: it first locks the warehouse row FOR UPDATE, which waits for movements being posted into it (they hold it
 * FOR SHARE) and keeps new ones out until the delete commits — so "empty" cannot turn false between check and delete.
 */
export async function warehouseHoldsStock(q: Queryable, warehouseId: number): Promise<boolean> {
  await q.query('SELECT id FROM warehouses WHERE id = $1 FOR UPDATE', [warehouseId]);
  const { rows } = await q.query<{ holds: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM stock_balances WHERE warehouse_id = $1 AND quantity > 0) AS holds',
    [warehouseId],
  );
  return rows[0].holds;
}

/** warehouseHoldsStock as a guard: 409 WAREHOUSE_NOT_EMPTY, "Impossibile eliminare il magazzino: contiene ancora prodotti". */
export async function assertWarehouseEmpty(q: Queryable, warehouseId: number): Promise<void> {
  if (await warehouseHoldsStock(q, warehouseId)) throw new AppError(409, 'WAREHOUSE_NOT_EMPTY', msg.warehouseHoldsStock);
}
