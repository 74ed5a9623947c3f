import type { Queryable } from '../db';

/**
 * "Which price is in force for product P and supplier S on day D" — the one query (SQL function price_in_force(day) of
 * migration 006: every live price whose window, both days included, contains D; at most one per product and supplier,
 * since the database refuses overlaps). Purchase orders prefill unit prices with it; the valuation report joins the same
 * function set-wise (`pricesInForce`, or `JOIN price_in_force($1::date) pf ON …` in its own SQL).
 */
export interface PriceInForce {
  price_id: number;
  product_id: number;
  supplier_id: number;
  /** Exact decimal string, as stored (5 decimals). */
  price: string;
  currency: 'EUR' | 'USD' | 'MAD' | 'CNY';
  start_date: string;
  end_date: string | null;
}

const COLUMNS = 'pf.price_id, pf.product_id, pf.supplier_id, pf.price, pf.currency, pf.start_date, pf.end_date';

/** The price in force for one product and supplier on `day` ('yyyy-MM-dd'), or null when there is none. */
export async function priceInForce(q: Queryable, productId: number, supplierId: number, day: string): Promise<PriceInForce | null> {
  const { rows } = await q.query<PriceInForce>(
    `SELECT ${COLUMNS} FROM price_in_force($3::date) pf WHERE pf.product_id = $1 AND pf.supplier_id = $2`,
    [productId, supplierId, day],
  );
  return rows[0] ?? null;
}

/**
 * Every price in force on `day`, for many products at once (the valuation report): optionally limited to some products
 * and / or one supplier. One row per (product, supplier).
 */
export async function pricesInForce(
  q: Queryable,
  day: string,
  filter: { productIds?: number[]; supplierId?: number } = {},
): Promise<PriceInForce[]> {
  const params: unknown[] = [day];
  const where: string[] = [];
  if (filter.productIds) {
    params.push(filter.productIds);
    where.push(`pf.product_id = ANY ($${params.length}::bigint[])`);
  }
  if (filter.supplierId !== undefined) {
    params.push(filter.supplierId);
    where.push(`pf.supplier_id = $${params.length}`);
  }
  const { rows } = await q.query<PriceInForce>(
    `SELECT ${COLUMNS} FROM price_in_force($1::date) pf ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY pf.product_id, pf.supplier_id`,
    params,
  );
  return rows;
}
