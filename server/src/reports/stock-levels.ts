import { companyDay, EXPIRING_SOON_DAYS, type StockLevelFilters, type StockLevelRow } from '@wms/shared-api';
import type { Queryable } from '../db';
import { isoDay, matchingProductIds, productFilterSql } from '../stock/sql';
import { quantityView } from '../stock/quantity';

/**
 * The stock levels report (SPEC §2 /report/giacenze): one row per product holding stock, with its total, unit, number of
 * warehouses and batches and earliest expiry; ordered by product code. A product is listed when one of its balances is
 * above zero (in the chosen warehouse, if any) — deleted products too: their goods are still on the shelf.
 *
 * The page walks products in code order (index products_code_id), keeping those with stock (per-product totals of
 * migration 009, or a balance probe in the chosen warehouse), then sums the balances of those 50 by primary key; the
 * total counts per-product rows, not balances (unfiltered: the counter of migration 011_report_stock_count).
 */

/** The report's filters: shared-api's, and `expiry` (the batches on hand past their expiry, or expiring within the days). */
type LevelFilters = StockLevelFilters & { expiry?: 'expired' | 'expiring'; within_days?: number };

/**
 * The balance condition of the expiry filter (on `b`), its values added through `param` (which answers their placeholder):
 * expired before `day` (the company day), or expiring from it to `within_days` after it (the reports' 30 by default).
 */
function expiryCondition(f: LevelFilters, day: string, param: (value: unknown) => string): string | null {
  if (!f.expiry) return null;
  const today = `${param(day)}::date`;
  if (f.expiry === 'expired') return `b.expiry_date < ${today}`;
  return `b.expiry_date >= ${today} AND b.expiry_date <= ${today} + ${param(f.within_days ?? EXPIRING_SOON_DAYS)}::int`;
}

/** Whether the filters narrow the balances a product is listed by (a warehouse, the transit location, expired batches). */
const narrows = (f: LevelFilters) => Boolean(f.warehouse_id || f.in_transit || f.expiry);

/** Product filter + balance filter shared by the page, the count and the CSV: SQL fragments and their parameters. */
interface Selection {
  params: unknown[];
  /** Condition on stock_balances b (besides product_id = p.id). */
  balance: string;
  /** Condition on products p. */
  product: string;
  /** The company day the expiry filter was read on: the CSV's batches of products use it too (one day per request). */
  day: string;
}

async function selection(q: Queryable, f: LevelFilters): Promise<Selection | null> {
  const params: unknown[] = [];
  const day = companyDay();
  let balance = 'b.quantity > 0';
  if (f.warehouse_id) {
    params.push(f.warehouse_id);
    balance += ` AND b.warehouse_id = $${params.length}`;
  }
  // Goods in transit: the balances of the transit location (migration 019), a primary-key probe like a warehouse's.
  if (f.in_transit) balance += ' AND b.warehouse_id = (SELECT id FROM warehouses WHERE is_transit)';
  // Expired or expiring batches (the dashboard's cards open them). The products are taken from the expiry index
  // (stock_balances_expiry, migration 021) rather than probed one by one in code order.
  let expiryProducts = 'true';
  const expiry = expiryCondition(f, day, (v) => `$${params.push(v)}`);
  if (expiry) {
    balance += ` AND ${expiry}`;
    expiryProducts = `p.id IN (SELECT b.product_id FROM stock_balances b WHERE b.quantity > 0 AND ${expiry})`;
  }
  let product = 'true';
  const texts = { code: f.code, description: f.description, category: f.category };
  if (f.code || f.description || f.category) {
    const ids = await matchingProductIds(q, texts);
    if (ids?.length === 0) return null;
    if (ids) {
      params.push(ids);
      product = `p.id = ANY($${params.length}::bigint[])`;
    } else {
      product = productFilterSql(texts, params).replace(/\b(code|description|category) ILIKE/g, 'p.$1 ILIKE');
    }
  }
  if (expiryProducts !== 'true') product = product === 'true' ? expiryProducts : `${product} AND ${expiryProducts}`;
  return { params, balance, product, day };
}

const PRODUCT_COLUMNS = `p.id AS product_id, p.code AS product_code, p.name AS product_name, p.description AS product_description,
       p.category AS product_category, p.unit_of_measure`;

interface LevelDbRow extends Omit<StockLevelRow, 'quantity' | 'in_transit'> {
  quantity: string;
  in_transit: string;
}

/**
 * The condition "product p holds stock in the selection": without a warehouse, its total (stock_product_totals of
 * migration 009, = Σ of its balances, all ≥ 0) is above zero — one row per product instead of its balances; in one
 * warehouse, a balance there above zero (primary-key probe).
 */
function holdsStock(s: Selection, balanceFiltered: boolean | undefined): { join: string; where: string } {
  return balanceFiltered
    ? { join: '', where: `EXISTS (SELECT 1 FROM stock_balances b WHERE b.product_id = p.id AND ${s.balance})` }
    : { join: 'JOIN stock_product_totals st ON st.product_id = p.id AND st.quantity > 0', where: 'true' };
}

export async function listStockLevels(
  q: Queryable,
  f: LevelFilters & { limit: number; offset: number },
): Promise<{ rows: StockLevelRow[]; total: number }> {
  const s = await selection(q, f);
  if (!s) return { rows: [], total: 0 };
  const n = s.params.length;
  const narrowed = narrows(f);
  const holds = holdsStock(s, narrowed);
  // The page's products first (walking products_code_id), then the sums of those 50 only.
  const page = await q.query<LevelDbRow>(
    `WITH page AS (
       SELECT p.id FROM products p ${holds.join}
        WHERE ${s.product} AND ${holds.where}
        ORDER BY p.code, p.id LIMIT $${n + 1} OFFSET $${n + 2}
     )
     SELECT ${PRODUCT_COLUMNS}, t.quantity, coalesce(t.in_transit, 0)::numeric(15,3)::text AS in_transit, t.warehouses, t.batches,
            ${isoDay('t.earliest_expiry', 'earliest_expiry')}
       FROM page JOIN products p ON p.id = page.id
       CROSS JOIN LATERAL (
         SELECT sum(b.quantity) AS quantity, sum(b.quantity) FILTER (WHERE b.warehouse_id = tr.id) AS in_transit,
                (count(DISTINCT b.warehouse_id) FILTER (WHERE b.warehouse_id IS DISTINCT FROM tr.id))::int AS warehouses,
                (count(DISTINCT b.batch_number) FILTER (WHERE b.batch_number <> ''))::int AS batches,
                min(b.expiry_date) AS earliest_expiry
           FROM stock_balances b LEFT JOIN (SELECT id FROM warehouses WHERE is_transit) tr ON true
          WHERE b.product_id = p.id AND ${s.balance}) t
      ORDER BY p.code, p.id`,
    [...s.params, f.limit, f.offset],
  );
  const count = await q.query<{ total: number }>(
    narrowed && s.product === 'true'
      ? `SELECT count(DISTINCT b.product_id)::int AS total FROM stock_balances b WHERE ${s.balance}`
      : s.product === 'true'
        ? 'SELECT coalesce(sum(products), 0)::int AS total FROM stock_products_in_stock'
        : `SELECT count(*)::int AS total FROM products p ${holds.join} WHERE ${s.product} AND ${holds.where}`,
    s.params,
  );
  return {
    rows: page.rows.map((r) => ({ ...r, quantity: quantityView(r.quantity), in_transit: quantityView(r.in_transit) })),
    total: count.rows[0].total,
  };
}

/** One balance of the CSV: product, warehouse, batch with its dates. */
export interface StockLevelExportRow {
  product_id: number;
  product_code: string;
  product_name: string | null;
  product_description: string;
  product_category: string;
  unit_of_measure: string | null;
  warehouse_name: string;
  batch_number: string;
  production_date: string | null;
  expiry_date: string | null;
  /** numeric text, exact */
  quantity: string;
}

/** Products per CSV batch: each batch is one keyset query over products plus one over their balances. */
const EXPORT_PRODUCTS_PER_BATCH = 2000;

type ExportProduct = Pick<
  StockLevelExportRow,
  'product_id' | 'product_code' | 'product_name' | 'product_description' | 'product_category' | 'unit_of_measure'
>;
type ExportBalance = Pick<StockLevelExportRow, 'warehouse_name' | 'batch_number' | 'production_date' | 'expiry_date' | 'quantity'> & {
  product_id: number;
};

/**
 * Every balance the filters select (product code, warehouse name, expiry, batch order), read in batches of products by
 * keyset — for the streamed CSV (http/csv.ts): memory stays flat however large the stock. Each batch reads its products
 * once (in code order) and their balances from the covering index of migration 011 (stock_balances_export: no visit of
 * the balance rows, no product row per balance), and joins the two here.
 */
export async function* stockLevelExportRows(q: Queryable, f: LevelFilters): AsyncGenerator<StockLevelExportRow> {
  const s = await selection(q, f);
  if (!s) return;
  const n = s.params.length;
  const holds = holdsStock(s, narrows(f));
  let after: { code: string; id: number } | null = null;
  for (;;) {
    const products: ExportProduct[] = (
      await q.query<ExportProduct>(
        `SELECT ${PRODUCT_COLUMNS} FROM products p ${holds.join}
        WHERE ${s.product} ${after ? `AND (p.code, p.id) > ($${n + 2}, $${n + 3})` : ''} AND ${holds.where}
        ORDER BY p.code, p.id LIMIT $${n + 1}`,
        after ? [...s.params, EXPORT_PRODUCTS_PER_BATCH, after.code, after.id] : [...s.params, EXPORT_PRODUCTS_PER_BATCH],
      )
    ).rows;
    if (products.length === 0) return;
    // Only the balance filter's own parameters here (an unreferenced parameter of the product filter would be an error).
    const ids = products.map((p) => p.product_id);
    const own: unknown[] = [ids];
    const where = [f.warehouse_id ? `AND b.warehouse_id = $${own.push(f.warehouse_id)}` : '', f.in_transit ? 'AND w.is_transit' : ''];
    const expiry = expiryCondition(f, s.day, (v) => `$${own.push(v)}`);
    if (expiry) where.push(`AND ${expiry}`);
    const { rows: balances } = await q.query<ExportBalance>(
      `SELECT b.product_id, w.name AS warehouse_name, b.batch_number, ${isoDay('b.production_date')}, ${isoDay('b.expiry_date')},
              b.quantity
         FROM stock_balances b JOIN warehouses w ON w.id = b.warehouse_id
        WHERE b.product_id = ANY($1::bigint[]) AND b.quantity > 0 ${where.join(' ')}
        ORDER BY b.product_id, w.name, w.id, b.expiry_date ASC NULLS LAST, b.batch_number`,
      own,
    );
    const byProduct = new Map<number, ExportBalance[]>();
    for (const b of balances) {
      const list = byProduct.get(b.product_id);
      if (list) list.push(b);
      else byProduct.set(b.product_id, [b]);
    }
    for (const p of products) {
      for (const b of byProduct.get(p.product_id) ?? []) yield { ...p, ...b, product_id: p.product_id };
    }
    if (products.length < EXPORT_PRODUCTS_PER_BATCH) return;
    const last: ExportProduct = products[products.length - 1];
    after = { code: last.product_code, id: last.product_id };
  }
}
