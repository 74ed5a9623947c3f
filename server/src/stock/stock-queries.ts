import type { StockRow } from '@wms/shared-api';
import type { Queryable } from '../db';
import { isoDay, matchingProductIds, productFilterSql } from './sql';
import { quantityView } from './quantity';

/** A stock row (SPEC §3) with the report fields (shared-api's StockRow). */
export type StockRowView = StockRow;

export interface StockFilter {
  warehouseId?: number;
  productId?: number;
  /** Case-insensitive "contains" filters (SPEC §2 Reports: code, description, family). */
  code?: string;
  description?: string;
  category?: string;
  /** Rows at zero too (default: only quantity > 0). */
  includeZero?: boolean;
  limit: number;
  offset: number;
}

interface StockViewRow extends Omit<StockRowView, 'quantity' | 'batch_number'> {
  quantity: string;
  batch_number: string;
}

const SELECT_STOCK = `
  SELECT b.product_id, b.warehouse_id, w.name AS warehouse_name, w.is_transit AS in_transit, b.batch_number, b.quantity,
         ${isoDay('b.expiry_date')}, ${isoDay('b.production_date')},
         p.code AS product_code, p.name AS product_name, p.description AS product_description,
         p.category AS product_category, p.unit_of_measure
    FROM stock_balances b
    JOIN products p ON p.id = b.product_id
    JOIN warehouses w ON w.id = b.warehouse_id`;

function toView(r: StockViewRow): StockRowView {
  return { ...r, quantity: quantityView(r.quantity), batch_number: r.batch_number === '' ? null : r.batch_number };
}

/**
 * A product's stock, earliest expiry first (then warehouse, batch): the movement and sale forms list the batches to take
 * from in this order. Only rows above zero; `warehouseId` narrows to one warehouse. Goods shipped by a transfer and not yet
 * received come last, one row per batch with `in_transit: true` (the transit location, migration 019): counted, never
 * available to take from.
 */
export async function stockOfProduct(q: Queryable, productId: number, warehouseId?: number): Promise<StockRowView[]> {
  const params: unknown[] = [productId];
  let extra = '';
  if (warehouseId) {
    params.push(warehouseId);
    extra = ' AND b.warehouse_id = $2';
  }
  const { rows } = await q.query<StockViewRow>(
    `${SELECT_STOCK} WHERE b.product_id = $1 AND b.quantity > 0${extra}
      ORDER BY w.is_transit, b.expiry_date ASC NULLS LAST, w.name, b.batch_number`,
    params,
  );
  return rows.map(toView);
}

/** One page of stock rows, ordered by product code, warehouse, expiry, batch; and the number of all that match. */
export async function listStock(q: Queryable, f: StockFilter): Promise<{ rows: StockRowView[]; total: number }> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (!f.includeZero) where.push('b.quantity > 0');
  if (f.warehouseId) where.push(`b.warehouse_id = ${p(f.warehouseId)}`);
  if (f.productId) where.push(`b.product_id = ${p(f.productId)}`);
  // Product text filters pick the product ids first (once for page and count), then their balances by primary key.
  const texts = { code: f.code, description: f.description, category: f.category };
  if (f.code || f.description || f.category) {
    const ids = await matchingProductIds(q, texts);
    if (ids?.length === 0) return { rows: [], total: 0 };
    where.push(
      ids
        ? `b.product_id = ANY(${p(ids)}::bigint[])`
        : `b.product_id IN (SELECT id FROM products WHERE ${productFilterSql(texts, params)})`,
    );
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const page = await q.query<StockViewRow>(
    `${SELECT_STOCK} ${whereSql}
      ORDER BY p.code, p.id, w.name, b.expiry_date ASC NULLS LAST, b.batch_number
      LIMIT ${p(f.limit)} OFFSET ${p(f.offset)}`,
    params,
  );
  const countParams = params.slice(0, params.length - 2);
  const count = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM stock_balances b ${whereSql}`, countParams);
  return { rows: page.rows.map(toView), total: count.rows[0].total };
}

/** True when a product row exists (deleted or not): its stock can still be asked for. */
export async function productExists(q: Queryable, productId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM products WHERE id = $1', [productId]);
  return rows.length > 0;
}
