/**
 * Registry rows, suppliers and prices for the report tests, written straight to the database (registry and prices are
 * other modules; stock itself always goes through the ledger).
 */
import type { Queryable } from '../../src/db';

let seq = 0;
const next = () => `${process.pid}-${++seq}`;

export async function makeSupplier(q: Queryable, name = `Fornitore ${next()}`): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO suppliers (business_name, vat_number, address, city, province, zip_code, email, phone)
     VALUES ($1, '01234567897', 'Via Roma 1', 'Milano', 'MI', '20100', 'f@example.com', '02 123456') RETURNING id`,
    [name],
  );
  return rows[0].id;
}

/** Gives a product its supplier and currency. */
export async function supplyProduct(q: Queryable, productId: number, supplierId: number | null, currency = 'EUR'): Promise<void> {
  await q.query('UPDATE products SET supplier_id = $2, currency = $3 WHERE id = $1', [productId, supplierId, currency]);
}

export interface PriceRow {
  productId: number;
  supplierId: number;
  price: string;
  currency: string;
  start: string;
  end?: string | null;
  deleted?: boolean;
}

export async function addPrice(q: Queryable, p: PriceRow): Promise<void> {
  await q.query(
    `INSERT INTO prices (product_id, supplier_id, price, currency, start_date, end_date, deleted_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::boolean THEN now() END)`,
    [p.productId, p.supplierId, p.price, p.currency, p.start, p.end ?? null, p.deleted ?? false],
  );
}

/** Exact decimal text → integer units of 10^-scale (BigInt). */
export function units(text: string, scale: number): bigint {
  const neg = text.startsWith('-');
  const [i, f = ''] = (neg ? text.slice(1) : text).split('.');
  const u = BigInt(i || '0') * 10n ** BigInt(scale) + BigInt((f + '0'.repeat(scale)).slice(0, scale) || '0');
  return neg ? -u : u;
}
