import { priceStatus, type Price, type PriceFields, type PriceStatus } from '@wms/shared-api';
import type { Queryable } from '../db';
import { MAX_SEARCH_WORDS } from '@wms/shared-api';
import { containsPattern, iso, page, searchWords, Where } from '../http/list';

/** The prices table seen from the API (SPEC §3 Price). Deleted prices are invisible here. */

const SELECT = `pr.id, pr.product_id, p.code AS product_code, p.name AS product_name, p.description AS product_description,
  pr.supplier_id, s.business_name AS supplier_name, pr.price, pr.currency, pr.start_date, pr.end_date,
  cu.username AS created_by, mu.username AS modified_by, pr.created_at, pr.updated_at`;
const FROM = `FROM prices pr
  JOIN products p ON p.id = pr.product_id
  JOIN suppliers s ON s.id = pr.supplier_id
  LEFT JOIN users cu ON cu.id = pr.created_by
  LEFT JOIN users mu ON mu.id = pr.modified_by`;

/**
 * priceStatus() (shared-api/src/rules/price-status.ts) as SQL, for filtering, sorting and counting whole lists in the
 * database, on the company day `today` ('yyyy-MM-dd', from companyToday(): checked, then written as a literal so the count
 * and page queries need no extra parameter). server/test/prices/prices.test.ts checks both agree.
 */
export function statusSql(today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`not a day: ${today}`);
  const day = `DATE '${today}'`;
  return `(CASE WHEN pr.start_date > ${day} THEN 'upcoming' WHEN pr.end_date < ${day} THEN 'inactive' ELSE 'active' END)`;
}

type Row = Omit<Price, 'status' | 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
const view = (r: Row, today: string): Price => ({
  ...r,
  status: priceStatus(r, today),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export const PRICE_ORDER = {
  product_code: 'p.code',
  product_name: 'lower(coalesce(p.name, p.description))',
  supplier_name: 'lower(s.business_name)',
  price: 'pr.price',
  currency: 'pr.currency',
  start_date: 'pr.start_date',
  end_date: 'pr.end_date',
  status: 'STATUS',
} as const;

export interface PriceFilter {
  q?: string;
  sort?: keyof typeof PRICE_ORDER;
  order?: 'asc' | 'desc';
  status?: PriceStatus;
  product_id?: number;
  supplier_id?: number;
  limit: number;
  offset: number;
}

/** The conditions of a filtered list, without the status filter (the counters count each status over these). */
function filtered(f: Omit<PriceFilter, 'status' | 'sort' | 'order' | 'limit' | 'offset'>): Where {
  const where = new Where('pr.deleted_at IS NULL');
  for (const word of searchWords(f.q, MAX_SEARCH_WORDS)) {
    where.add(
      `(p.search_text || ' ' || lower(s.business_name) || ' ' || pr.price::text || ' ' || to_char(pr.start_date, 'DD/MM/YYYY')
        || ' ' || coalesce(to_char(pr.end_date, 'DD/MM/YYYY'), '')) LIKE lower(?)`,
      containsPattern(word),
    );
  }
  if (f.product_id !== undefined) where.add('pr.product_id = ?', f.product_id);
  if (f.supplier_id !== undefined) where.add('pr.supplier_id = ?', f.supplier_id);
  return where;
}

export async function listPrices(q: Queryable, f: PriceFilter, today: string): Promise<{ rows: Price[]; total: number }> {
  const where = filtered(f);
  if (f.status) where.add(`${statusSql(today)} = ?`, f.status);
  const dir = f.order === 'desc' ? 'DESC' : 'ASC';
  const col = f.sort ? PRICE_ORDER[f.sort] : null;
  const orderBy =
    col === null ? 'pr.start_date DESC, pr.id DESC' : `${col === 'STATUS' ? statusSql(today) : col} ${dir} NULLS LAST, pr.id ${dir}`;
  const { rows, total } = await page<Row>(q, { select: SELECT, from: FROM, where, orderBy }, f.limit, f.offset);
  return { rows: rows.map((r) => view(r, today)), total };
}

/** Counters over the whole filtered list (SPEC §2): total, active, inactive, upcoming. */
export async function countPrices(q: Queryable, f: Pick<PriceFilter, 'q' | 'product_id' | 'supplier_id'>, today: string) {
  const where = filtered(f);
  const st = statusSql(today);
  const { rows } = await q.query<{ total: number; active: number; inactive: number; upcoming: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE ${st} = 'active')::int AS active,
            count(*) FILTER (WHERE ${st} = 'inactive')::int AS inactive,
            count(*) FILTER (WHERE ${st} = 'upcoming')::int AS upcoming
       ${FROM} ${where}`,
    where.params,
  );
  return rows[0];
}

export async function getPrice(q: Queryable, id: number, today: string): Promise<Price | null> {
  const { rows } = await q.query<Row>(`SELECT ${SELECT} ${FROM} WHERE pr.id = $1 AND pr.deleted_at IS NULL`, [id]);
  return rows[0] ? view(rows[0], today) : null;
}

/** Every live price of a product, newest start first (GET /prices/product/{productId}). */
export async function productPrices(q: Queryable, productId: number, today: string): Promise<Price[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${SELECT} ${FROM} WHERE pr.product_id = $1 AND pr.deleted_at IS NULL ORDER BY pr.start_date DESC, pr.id DESC`,
    [productId],
  );
  return rows.map((r) => view(r, today));
}

/**
 * What a price save needs to know of its product: live?, its supplier, code and currency. `lock`: the product row is held
 * (FOR NO KEY UPDATE) until the transaction ends, so every write of one product's prices (a create, an edit, a "price
 * from today") queues — taken first, before any price row: two inserts checked against each other by the exclusion
 * constraint would otherwise wait on each other (a deadlock: a 500 where a 409 is due). Stock and document writes that
 * only reference the product (FOR KEY SHARE) are not held up.
 */
export async function productForPrice(q: Queryable, productId: number, lock = false) {
  const { rows } = await q.query<{ id: number; code: string; supplier_id: number | null; currency: string }>(
    `SELECT id, code, supplier_id, currency FROM products WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [productId],
  );
  return rows[0] ?? null;
}

/** Locks a live price row until the transaction ends (an edit: checked against what its editor read). */
export async function lockPrice(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM prices WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [id]);
  return rows.length > 0;
}

/** The live prices of one product and supplier, oldest first, locked until the transaction ends (FOR UPDATE). */
export async function lockSupplierPrices(q: Queryable, productId: number, supplierId: number, today: string): Promise<Price[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${SELECT} ${FROM}
      WHERE pr.product_id = $1 AND pr.supplier_id = $2 AND pr.deleted_at IS NULL
      ORDER BY pr.start_date, pr.id FOR UPDATE OF pr`,
    [productId, supplierId],
  );
  return rows.map((r) => view(r, today));
}

export async function supplierIsLive(q: Queryable, supplierId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM suppliers WHERE id = $1 AND deleted_at IS NULL', [supplierId]);
  return rows.length > 0;
}

export async function insertPrice(q: Queryable, p: PriceFields & { currency: string }, userId: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO prices (product_id, supplier_id, price, currency, start_date, end_date, created_by, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [p.product_id, p.supplier_id, p.price, p.currency, p.start_date, p.end_date, userId],
  );
  return rows[0].id;
}

/** False when there is no live price with that id. */
export async function updatePrice(q: Queryable, id: number, p: PriceFields & { currency: string }, userId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE prices SET product_id = $1, supplier_id = $2, price = $3, currency = $4, start_date = $5, end_date = $6,
            modified_by = $7, updated_at = now()
      WHERE id = $8 AND deleted_at IS NULL`,
    [p.product_id, p.supplier_id, p.price, p.currency, p.start_date, p.end_date, userId, id],
  );
  return rowCount > 0;
}

/** Soft delete; false when there is no live price with that id. */
export async function softDeletePrice(q: Queryable, id: number, userId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE prices SET deleted_at = now(), deleted_by = $1, updated_at = now() WHERE id = $2 AND deleted_at IS NULL',
    [userId, id],
  );
  return rowCount > 0;
}
