import { logActivity } from '../activity/log';
import type { Db, Queryable } from '../db';
import { seedBuyingDemo } from './buying-demo';
import { seedInventoryDemo } from './inventory-demo';
import { seedReceiptsDemo } from './receipts-demo';
import { seedReplenishmentDemo } from './replenishment-demo';
import { seedReportsDemo } from './reports-demo';
import { seedSalesDemo } from './sales-demo';
import { seedTransfersDemo } from './transfers-demo';
import { DEMO_COMPANY, DEMO_CUSTOMERS, DEMO_PRODUCTS, DEMO_SUPPLIERS, DEMO_WAREHOUSES, type DemoParty } from './demo-data';

export interface SeedCounts {
  warehouses: number;
  suppliers: number;
  customers: number;
  products: number;
}

/** The author of demo rows: the first admin, when there is one (first start creates it before the seed runs). */
async function author(q: Queryable): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>("SELECT id FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1");
  return rows[0]?.id ?? null;
}

async function seedWarehouses(q: Queryable, by: number | null): Promise<number> {
  let added = 0;
  for (const w of DEMO_WAREHOUSES) {
    const [address, city, province, zip_code] = w.site;
    const { rowCount } = await q.query(
      `INSERT INTO warehouses (name, description, is_active, address, city, province, zip_code, country, created_by, modified_by)
       SELECT $1::text, $2, $3, $5, $6, $7, $8, 'Italia', $4, $4
        WHERE NOT EXISTS (SELECT 1 FROM warehouses WHERE lower(name) = lower($1) AND deleted_at IS NULL)`,
      [w.name, w.description, w.is_active, by, address, city, province, zip_code],
    );
    added += rowCount;
    // A demo warehouse seeded before warehouses had an address (migration 018) gets its site; a typed one is kept.
    await q.query(
      `UPDATE warehouses SET address = $2, city = $3, province = $4, zip_code = $5, country = 'Italia'
        WHERE lower(name) = lower($1) AND deleted_at IS NULL AND address IS NULL AND city IS NULL`,
      [w.name, address, city, province, zip_code],
    );
  }
  return added;
}

/** The demo company's data, while the company was never saved (a company someone typed is left as it is). */
async function seedCompany(q: Queryable, by: number | null): Promise<void> {
  const c = DEMO_COMPANY;
  await q.query(
    `UPDATE company SET business_name = $1, vat_number = $2, tax_code = $3, address = $4, city = $5, province = $6, zip_code = $7,
            country = $8, phone = $9, email = $10, ddt_prefix = $11, modified_by = $12, updated_at = now()
      WHERE id = 1 AND updated_at IS NULL`,
    [c.business_name, c.vat_number, c.tax_code, c.address, c.city, c.province, c.zip_code, c.country, c.phone, c.email, c.ddt_prefix, by],
  );
}

/** Suppliers or customers, recognised by VAT number; returns key → id of every demo row (new or already there). */
async function seedParties(q: Queryable, table: 'suppliers' | 'customers', parties: DemoParty[], by: number | null) {
  const ids = new Map<string, number>();
  let added = 0;
  for (const p of parties) {
    const existing = await q.query<{ id: number }>(
      `SELECT id FROM ${table} WHERE vat_number = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`,
      [p.vat_number],
    );
    if (existing.rows[0]) {
      ids.set(p.key, existing.rows[0].id);
      continue;
    }
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO ${table} (business_name, vat_number, address, city, province, zip_code, country, email, phone, contact_name,
                             contact_role, contact_phone, shipping_method, notes, created_by, modified_by)
       VALUES ($1, $2, $3, $4, $5, $6, 'Italia', $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING id`,
      [
        p.business_name,
        p.vat_number,
        p.address,
        p.city,
        p.province,
        p.zip_code,
        p.email,
        p.phone,
        p.contact_name,
        p.contact_role,
        p.contact_phone,
        p.shipping_method,
        p.notes,
        by,
      ],
    );
    ids.set(p.key, rows[0].id);
    added += 1;
  }
  return { ids, added };
}

async function seedProducts(q: Queryable, supplierIds: Map<string, number>, by: number | null): Promise<number> {
  let added = 0;
  for (const p of DEMO_PRODUCTS) {
    // The live-code unique index makes a second run a no-op (ON CONFLICT on a partial index names its predicate).
    const { rowCount } = await q.query(
      `INSERT INTO products (code, description, category, supplier_id, unit_of_measure, barcode, currency, is_semi_finished,
                             has_batch, has_expiry_date, has_production_date, status, created_by, modified_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
       ON CONFLICT (lower(code)) WHERE deleted_at IS NULL DO NOTHING`,
      [
        p.code,
        p.description,
        p.category,
        p.supplier ? (supplierIds.get(p.supplier) ?? null) : null,
        p.unit_of_measure,
        p.barcode,
        p.currency,
        p.is_semi_finished,
        p.has_batch,
        p.has_expiry_date,
        p.has_production_date,
        p.status,
        by,
      ],
    );
    added += rowCount;
  }
  return added;
}

/**
 * Loads the demo company (demo-data.ts) in one transaction. Idempotent: rows already there (same warehouse name, VAT
 * number or product code among live rows) are left as they are, so a second run adds nothing. Returns what was added.
 */
export async function seedDemo(db: Db): Promise<SeedCounts> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727276)');
    const by = await author(q);
    await seedCompany(q, by);
    const warehouses = await seedWarehouses(q, by);
    const suppliers = await seedParties(q, 'suppliers', DEMO_SUPPLIERS, by);
    const customers = await seedParties(q, 'customers', DEMO_CUSTOMERS, by);
    const products = await seedProducts(q, suppliers.ids, by);
    await seedBuyingDemo(q, by); // prices (past, in force, upcoming) for every product and a dozen open orders
    await seedSalesDemo(q); // four weeks of sales through the ledger (opening stock first where there is none)
    await seedReportsDemo(q); // prices in force (product currencies) and a transfer, so both reports have figures
    await seedReceiptsDemo(q); // receipts against the demo purchase orders (full, partial with batches), through the ledger
    await seedInventoryDemo(q, by); // an applied count (a loss and a gain) and an open one half counted, through the ledger
    await seedReplenishmentDemo(q, by); // min / max: three products below minimum to reorder, two within their limits
    await seedTransfersDemo(q, by); // transfers: one received, one in transit, one draft, through the ledger
    const counts = { warehouses, suppliers: suppliers.added, customers: customers.added, products };
    if (warehouses + suppliers.added + customers.added + products > 0) {
      await logActivity(q, { userId: by, action: 'seed', entityType: 'registry', details: { demo: counts } });
    }
    return counts;
  });
}
