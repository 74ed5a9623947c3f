import type { Product, ProductFields, ProductSort, ProductStatus } from '@wms/shared-api';
import type { Queryable } from '../../db';
import { containsPattern, direction, isoTimestamp, page, searchWords, Where } from '../../http/list';

/** The products table seen from the API (SPEC §3 Product). Deleted products are invisible here. */

const SELECT = `p.id, p.code, p.name, p.description, p.category, p.supplier_id, s.business_name AS supplier_name,
  p.unit_of_measure, p.barcode, p.currency, p.has_bom, p.is_semi_finished, p.has_batch, p.has_expiry_date,
  p.has_production_date, p.status, cu.username AS created_by, mu.username AS modified_by, ${isoTimestamp('p.created_at')}, ${isoTimestamp('p.updated_at')}`;

// The supplier's name shows even when that supplier was deleted later (soft delete keeps it readable).
const FROM = `FROM products p
  LEFT JOIN suppliers s ON s.id = p.supplier_id
  LEFT JOIN users cu ON cu.id = p.created_by
  LEFT JOIN users mu ON mu.id = p.modified_by`;

// Nullable columns put their blanks last either way; code (NOT NULL) keeps a plain order so the (code, id) index serves it.
const SORTS: Record<ProductSort, string> = {
  code: 'p.code {dir}',
  description: 'p.description {dir}',
  category: 'p.category {dir}',
  supplier_name: 's.business_name {dir} NULLS LAST',
  unit_of_measure: 'p.unit_of_measure {dir} NULLS LAST',
  status: 'p.status {dir}',
};

/** The product's API view, for other registry queries that answer products (barcodes/sql.ts). */
export const productView = { select: SELECT, from: FROM } as const;

// Timestamps arrive as ISO text (isoTimestamp): the row is the API's view as it is.
type ProductRow = Product;

/** The tables a products page reads (data_versions, migration 013). */
const CACHED_BY = ['products', 'suppliers', 'users'] as const;

const view = (r: ProductRow): Product => r;

export interface ProductFilter {
  q?: string;
  sort?: ProductSort;
  order?: 'asc' | 'desc';
  supplierId?: number;
  status?: ProductStatus;
  limit: number;
  offset: number;
}

/**
 * One page of live products. Every word of `q` must appear, case-insensitively, in the product's fields (its stored
 * search_text column) or in its supplier's name. Without `sort`: newest first.
 */
export async function listProducts(q: Queryable, f: ProductFilter): Promise<{ rows: Product[]; total: number }> {
  const where = new Where('p.deleted_at IS NULL');
  for (const word of searchWords(f.q)) {
    const like = where.param(containsPattern(word));
    where.add(
      `(p.search_text LIKE lower(${like}) OR p.supplier_id IN (SELECT id FROM suppliers WHERE lower(business_name) LIKE lower(${like})))`,
    );
  }
  if (f.supplierId) where.add('p.supplier_id = ?', f.supplierId);
  if (f.status) where.add('p.status = ?', f.status);
  const dir = direction(f.order);
  const orderBy = f.sort ? `${SORTS[f.sort].replace('{dir}', dir)}, p.id ${dir}` : 'p.id DESC';
  // Every column is text, boolean, an integer id or an ISO timestamp text: the page travels as one JSON value, and is
  // kept by the page cache while products, suppliers and usernames are unchanged (http/page-cache.ts).
  return page<Product>(q, { select: SELECT, from: FROM, where, orderBy }, f.limit, f.offset, { asJson: true, cachedBy: CACHED_BY });
}

export async function getProduct(q: Queryable, id: number): Promise<Product | null> {
  const { rows } = await q.query<ProductRow>(`SELECT ${SELECT} ${FROM} WHERE p.id = $1 AND p.deleted_at IS NULL`, [id]);
  return rows[0] ? view(rows[0]) : null;
}

const COLUMNS = [
  'code',
  'name',
  'description',
  'category',
  'supplier_id',
  'unit_of_measure',
  'barcode',
  'currency',
  'has_bom',
  'is_semi_finished',
  'has_batch',
  'has_expiry_date',
  'has_production_date',
  'status',
] as const satisfies readonly (keyof ProductFields)[];

const values = (p: ProductFields) => COLUMNS.map((c) => p[c]);

export async function insertProduct(q: Queryable, p: ProductFields, userId: number): Promise<number> {
  const placeholders = COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO products (${COLUMNS.join(', ')}, created_by, modified_by)
     VALUES (${placeholders}, $${COLUMNS.length + 1}, $${COLUMNS.length + 1}) RETURNING id`,
    [...values(p), userId],
  );
  return rows[0].id;
}

/** False when there is no live product with that id. */
export async function updateProduct(q: Queryable, id: number, p: ProductFields, userId: number): Promise<boolean> {
  const set = COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ');
  const n = COLUMNS.length;
  const { rowCount } = await q.query(
    `UPDATE products SET ${set}, modified_by = $${n + 1}, updated_at = now() WHERE id = $${n + 2} AND deleted_at IS NULL`,
    [...values(p), userId, id],
  );
  return rowCount > 0;
}

export async function setProductStatus(q: Queryable, id: number, status: ProductStatus, userId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE products SET status = $1, modified_by = $2, updated_at = now() WHERE id = $3 AND deleted_at IS NULL',
    [status, userId, id],
  );
  return rowCount > 0;
}

/** The live product, locked until the transaction ends (the stock ledger share-locks it while posting a movement). */
export async function lockProduct(q: Queryable, id: number): Promise<{ id: number; code: string; supplier_id: number | null } | null> {
  const { rows } = await q.query<{ id: number; code: string; supplier_id: number | null }>(
    'SELECT id, code, supplier_id FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

/**
 * True when some warehouse still holds the product (a stock balance above zero). Read under the product's row lock
 * (lockProduct), which waits for movements being posted and keeps new ones out until the delete commits.
 */
export async function productHoldsStock(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query<{ holds: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM stock_balances WHERE product_id = $1 AND quantity > 0) AS holds',
    [id],
  );
  return rows[0].holds;
}

export async function softDeleteProduct(q: Queryable, id: number, userId: number): Promise<void> {
  await q.query('UPDATE products SET deleted_at = now(), deleted_by = $1, updated_at = now() WHERE id = $2', [userId, id]);
}

/** A supplier a product may point at: existing and not deleted. */
export async function supplierIsLive(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM suppliers WHERE id = $1 AND deleted_at IS NULL', [id]);
  return rows.length > 0;
}
