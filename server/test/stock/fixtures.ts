/** Registry rows and probes for the stock tests, written straight to the database (the registry API is another module). */
import type { Queryable } from '../../src/db';

let seq = 0;
const next = () => `${process.pid}-${++seq}`;

export interface ProductOptions {
  code?: string;
  hasBatch?: boolean;
  hasExpiry?: boolean;
  hasProduction?: boolean;
  status?: 'active' | 'inactive';
  deleted?: boolean;
  /** Unit of measure code (default 'piece'). */
  unit?: 'm' | 'kg' | 'piece' | 'l';
}

export async function makeProduct(q: Queryable, o: ProductOptions = {}): Promise<{ id: number; code: string }> {
  const code = o.code ?? `P-${next()}`;
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO products (code, name, description, category, unit_of_measure, has_batch, has_expiry_date, has_production_date,
                           status, deleted_at)
     VALUES ($1, $1, 'Descrizione ' || $1, 'Famiglia', $7, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END)
     RETURNING id`,
    [
      code,
      o.hasBatch ?? false,
      o.hasExpiry ?? false,
      o.hasProduction ?? false,
      o.status ?? 'active',
      o.deleted ?? false,
      o.unit ?? 'piece',
    ],
  );
  return { id: rows[0].id, code };
}

export async function makeWarehouse(
  q: Queryable,
  o: { name?: string; active?: boolean; deleted?: boolean } = {},
): Promise<{ id: number; name: string }> {
  const name = o.name ?? `Magazzino ${next()}`;
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO warehouses (name, is_active, deleted_at) VALUES ($1, $2, CASE WHEN $3::boolean THEN now() END) RETURNING id`,
    [name, o.active ?? true, o.deleted ?? false],
  );
  return { id: rows[0].id, name };
}

export async function makeUserId(q: Queryable, role = 'warehouse'): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO users (username, name, role, password_hash) VALUES ($1, $1, $2, 'x') RETURNING id`,
    [`u-${next()}`, role],
  );
  return rows[0].id;
}

/** The stored balance as numeric text ('0.000' when there is no row). */
export async function balance(q: Queryable, productId: number, warehouseId: number, batch = ''): Promise<string> {
  const { rows } = await q.query<{ quantity: string }>(
    'SELECT quantity FROM stock_balances WHERE product_id = $1 AND warehouse_id = $2 AND batch_number = $3',
    [productId, warehouseId, batch],
  );
  return rows[0]?.quantity ?? '0.000';
}

export async function balanceRow(q: Queryable, productId: number, warehouseId: number, batch = '') {
  const { rows } = await q.query<{ quantity: string; production_date: string | null; expiry_date: string | null }>(
    `SELECT quantity, to_char(production_date, 'YYYY-MM-DD') AS production_date, to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date
       FROM stock_balances WHERE product_id = $1 AND warehouse_id = $2 AND batch_number = $3`,
    [productId, warehouseId, batch],
  );
  return rows[0] ?? null;
}

export async function countMovements(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM stock_movements');
  return rows[0].n;
}

/** A snapshot of everything stock-related, to prove a refused request wrote nothing. */
export async function stockSnapshot(q: Queryable): Promise<string> {
  const m = await q.query('SELECT *, movement_date::text AS movement_date FROM stock_movements ORDER BY id');
  const b = await q.query(
    'SELECT product_id, warehouse_id, batch_number, quantity, production_date, expiry_date FROM stock_balances ORDER BY 1, 2, 3',
  );
  return JSON.stringify([m.rows, b.rows]);
}
