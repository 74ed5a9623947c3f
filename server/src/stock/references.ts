import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { stockMessages as msg } from './messages';

/** What the ledger needs to know about a product. */
export interface ProductRef {
  id: number;
  code: string;
  status: 'active' | 'inactive';
  has_batch: boolean;
  has_expiry_date: boolean;
  has_production_date: boolean;
}

export interface WarehouseRef {
  id: number;
  name: string;
  is_active: boolean;
  /** The system's transit location (migration 019, transit.ts): only transfers (source TR) post there. */
  is_transit: boolean;
}

/**
 * The live product, share-locked until the transaction ends: it cannot be deactivated, deleted or have its batch flags
 * changed while a movement of it is being posted. Unknown or deleted → 400, inactive → 409.
 */
export async function lockActiveProduct(q: Queryable, productId: number): Promise<ProductRef> {
  const { rows } = await q.query<ProductRef>(
    `SELECT id, code, status, has_batch, has_expiry_date, has_production_date
       FROM products WHERE id = $1 AND deleted_at IS NULL FOR SHARE`,
    [productId],
  );
  return checkProduct(productId, rows[0] ?? null);
}

/** The rows lockProductAndWarehouses reads: the product (or null) and the live warehouses among those asked for. */
export interface LockedReferences {
  product: ProductRef | null;
  warehouses: WarehouseRef[];
}

/**
 * One round trip for the two share locks of a posting, in the same order as lockActiveProduct then lockActiveWarehouses
 * (product first, then the warehouses in id order): the statement's scalar subqueries run left to right. Nothing is
 * refused here; the caller checks the product (checkProduct), applies its rules, then checks the warehouses
 * (checkWarehouses), so the refusals come in the same order as with the two separate calls.
 */
export async function lockProductAndWarehouses(q: Queryable, productId: number, warehouseIds: number[]): Promise<LockedReferences> {
  const unique = [...new Set(warehouseIds)].sort((a, b) => a - b);
  const { rows } = await q.query<{ product: ProductRef | null; warehouses: WarehouseRef[] | null }>(
    `WITH p AS (SELECT id, code, status, has_batch, has_expiry_date, has_production_date
                  FROM products WHERE id = $1 AND deleted_at IS NULL FOR SHARE),
          w AS (SELECT id, name, is_active, is_transit FROM warehouses
                 WHERE id = ANY($2::bigint[]) AND deleted_at IS NULL ORDER BY id FOR SHARE)
     SELECT (SELECT row_to_json(p) FROM p) AS product, (SELECT json_agg(w ORDER BY w.id) FROM w) AS warehouses`,
    [productId, unique],
    { prepare: true },
  );
  return { product: rows[0]?.product ?? null, warehouses: rows[0]?.warehouses ?? [] };
}

/** lockActiveProduct's refusals for a product read by lockProductAndWarehouses. */
export function checkProduct(productId: number, product: ProductRef | null): ProductRef {
  if (!product) throw new AppError(400, 'PRODUCT_NOT_FOUND', msg.productNotFound, { id: productId });
  if (product.status !== 'active') throw new AppError(409, 'PRODUCT_INACTIVE', msg.productInactive, { code: product.code });
  return product;
}

/**
 * lockActiveWarehouses's refusals for warehouses read by lockProductAndWarehouses. The transit location is "not found"
 * unless `allowTransit` (a transfer's own posting, source TR): no form, sale, receipt or count can reach it.
 */
export function checkWarehouses(ids: number[], rows: WarehouseRef[], allowTransit = false): Map<number, WarehouseRef> {
  const byId = new Map(rows.map((w) => [w.id, w]));
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const w = byId.get(id);
    if (!w || (w.is_transit && !allowTransit)) throw new AppError(400, 'WAREHOUSE_NOT_FOUND', msg.warehouseNotFound, { id });
    if (!w.is_active) throw new AppError(409, 'WAREHOUSE_INACTIVE', msg.warehouseInactive, { name: w.name });
  }
  return byId;
}

/**
 * The live, active warehouses, share-locked in id order (so two movements never wait on each other in opposite orders).
 * The lock is what makes "delete a warehouse only when empty" safe: the delete locks the row for update, so it waits for
 * a movement into that warehouse to commit and then sees its stock (warehouse-stock.ts).
 */
export async function lockActiveWarehouses(q: Queryable, ids: number[]): Promise<Map<number, WarehouseRef>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const { rows } = await q.query<WarehouseRef>(
    `SELECT id, name, is_active, is_transit FROM warehouses
      WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL
      ORDER BY id FOR SHARE`,
    [unique],
  );
  return checkWarehouses(unique, rows);
}

/**
 * Before a reversal puts goods back: the product and the warehouses receiving them must not be deleted (stock in a deleted
 * warehouse could never be seen or moved again) — 409 otherwise. Inactive ones are fine: undoing is always allowed. The
 * rows are share-locked like in a posting, so a concurrent delete waits and then sees the stock.
 */
export async function lockReversalReceivers(q: Queryable, productId: number, warehouseIds: number[]): Promise<void> {
  if (warehouseIds.length === 0) return;
  const { rows: products } = await q.query<{ code: string; deleted: boolean }>(
    'SELECT code, deleted_at IS NOT NULL AS deleted FROM products WHERE id = $1 FOR SHARE',
    [productId],
  );
  if (products[0]?.deleted) throw new AppError(409, 'REVERSAL_TARGET_DELETED', msg.reversalProductDeleted, { code: products[0].code });
  const { rows } = await q.query<{ name: string; deleted: boolean }>(
    `SELECT name, deleted_at IS NOT NULL AS deleted FROM warehouses WHERE id = ANY($1::bigint[]) ORDER BY id FOR SHARE`,
    [[...new Set(warehouseIds)].sort((a, b) => a - b)],
  );
  const gone = rows.find((w) => w.deleted);
  if (gone) throw new AppError(409, 'REVERSAL_TARGET_DELETED', msg.reversalWarehouseDeleted, { name: gone.name });
}

/** Names for messages (no lock, any warehouse, also deleted ones). */
export async function warehouseName(q: Queryable, id: number): Promise<string> {
  const { rows } = await q.query<{ name: string }>('SELECT name FROM warehouses WHERE id = $1', [id]);
  return rows[0]?.name ?? `#${id}`;
}

export async function productCode(q: Queryable, id: number): Promise<string> {
  const { rows } = await q.query<{ code: string }>('SELECT code FROM products WHERE id = $1', [id]);
  return rows[0]?.code ?? `#${id}`;
}
