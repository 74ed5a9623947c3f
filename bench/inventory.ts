/**
 * Inventory count benchmark (issue 25): a count of 20 000 lines in one warehouse while 8 clients post sales and movements
 * in that warehouse during the whole run — created (snapshot), lines saved in batches of 500, the review read, applied —
 * then Σ ledger = balances and every adjustment = counted − book at the snapshot. Against the real server over HTTP.
 *
 *   npm run bench:inventory                                              # PGlite (bench/results/pglite-inventory)
 *   DATABASE_URL=postgres://wms:wms@127.0.0.1:5432/wms npm run bench:inventory   # PostgreSQL, schema "bench_inventory"
 *   … -- --lines 20000 --batch 500 --clients 8 --samples 20 --differ 0.1
 *
 * Targets (issue 25): created < 2 s, batches of 500 p99 < 200 ms, review p99 < 300 ms, applied < 5 s. Prints a table and
 * writes bench/results/inventory-<time>.json; exit 1 if an invariant fails or an answer was a 5xx.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { serveAndSignIn } from './serve';
import { hashPassword } from '../server/src/auth/password';
import { openDb, type Db } from '../server/src/db';
import { ledgerMatchesBalances } from '../server/src/stock/ledger';
import { summarize } from './stats';
import { numberArg } from './target';

const LINES = numberArg('lines', 20_000);
const BATCH = numberArg('batch', 500);
const CLIENTS = numberArg('clients', 8);
const SAMPLES = numberArg('samples', 20);
const DIFFER = numberArg('differ', 0.1);
const SCHEMA = 'bench_inventory';
const PGLITE_DIR = path.resolve(__dirname, 'results/pglite-inventory');
const USER = { username: 'bench_inventory', password: 'bench-password-1' };
const STOCK = 1000;

async function openTarget(): Promise<{ db: Db; label: string }> {
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const pool = new Pool({ connectionString: url, max: 1 });
    try {
      await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
      await pool.query(`CREATE SCHEMA ${SCHEMA}`);
    } finally {
      await pool.end();
    }
    return { db: await openDb({ databaseUrl: url, schema: SCHEMA }), label: `PostgreSQL (schema ${SCHEMA})` };
  }
  fs.rmSync(PGLITE_DIR, { recursive: true, force: true });
  return { db: await openDb({ dataDir: PGLITE_DIR }), label: 'PGlite' };
}

/** Set-based seed: products, two warehouses, customers; an opening load per product written as ledger rows + balances. */
async function seed(db: Db): Promise<{ warehouse: number; other: number; products: number[]; customers: number[] }> {
  await db.query(`INSERT INTO users (username, name, role, password_hash) VALUES ($1, 'Bench inventario', 'admin', $2)`, [
    USER.username,
    await hashPassword(USER.password),
  ]);
  await db.query(`INSERT INTO warehouses (name) VALUES ('Magazzino inventario'), ('Magazzino vicino')`);
  const [warehouse, other] = (await db.query<{ id: number }>('SELECT id FROM warehouses ORDER BY id')).rows.map((r) => r.id);
  await db.query(
    `INSERT INTO customers (business_name, vat_number, address, city, province, zip_code, email, phone)
     SELECT 'Cliente ' || n, 'IT' || lpad(n::text, 11, '0'), 'Via Roma ' || n, 'Milano', 'MI', '20100', 'c' || n || '@example.com', '02 000'
       FROM generate_series(1, 20) n`,
  );
  await db.query(
    `INSERT INTO products (code, description, category, unit_of_measure)
     SELECT 'INV' || lpad(n::text, 6, '0'), 'Articolo ' || n, 'Famiglia ' || (n % 20), 'piece' FROM generate_series(1, $1::int) n`,
    [LINES],
  );
  // The opening stock as the ledger would write it (one load per product), and the balances it adds up to.
  await db.query(
    `INSERT INTO stock_movements (movement_type, source_type, source_document_type, product_id, warehouse_id, quantity, movement_date)
     SELECT 'C', 'MAN', 'MAN', id, $1, $2, current_date - 30 FROM products`,
    [warehouse, STOCK],
  );
  await db.query(`INSERT INTO stock_balances (product_id, warehouse_id, batch_number, quantity) SELECT id, $1, '', $2 FROM products`, [
    warehouse,
    STOCK,
  ]);
  await db.query('ANALYZE');
  const products = (await db.query<{ id: number }>('SELECT id FROM products ORDER BY id')).rows.map((r) => r.id);
  const customers = (await db.query<{ id: number }>('SELECT id FROM customers ORDER BY id')).rows.map((r) => r.id);
  return { warehouse, other, products, customers };
}

async function main(): Promise<void> {
  const { db, label } = await openTarget();
  const s = await seed(db);
  const { app, base, token } = await serveAndSignIn(db, USER);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const statuses: Record<string, number> = {};
  const call = async (method: string, url: string, body?: unknown, extra: Record<string, string> = {}) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    return { status: res.status, ms, json: () => JSON.parse(text) as Record<string, unknown> & { id?: number }, text };
  };
  const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];
  const today = new Date().toISOString().slice(0, 10);

  // 8 clients posting sales and movements in the counted warehouse for the whole run.
  let running = true;
  const background: Record<string, number> = {};
  const workers = Array.from({ length: CLIENTS }, async (_, i) => {
    while (running) {
      const product = pick(s.products);
      const qty = String(1 + Math.floor(Math.random() * 3));
      const r =
        i % 2 === 0
          ? await call(
              'POST',
              '/sales',
              { product_id: product, warehouse_id: s.warehouse, quantity: qty, customer_id: pick(s.customers) },
              { 'idempotency-key': randomUUID() },
            )
          : await call('POST', '/stock-movements', {
              movement_type: pick(['C', 'S', 'T']),
              product_id: product,
              warehouse_id: s.warehouse,
              destination_warehouse_id: s.other,
              quantity: qty,
              movement_date: today,
            });
      background[r.status] = (background[r.status] ?? 0) + 1;
    }
  });
  await new Promise((r) => setTimeout(r, 1000)); // the warehouse is busy before the count starts
  const load = [os.loadavg()[0]];

  const created = await call('POST', '/inventory-counts', { warehouse_id: s.warehouse, notes: 'bench' });
  statuses[`create ${created.status}`] = 1;
  const countId = created.json().id as number;

  // Counters: batches of 500 lines; a tenth (--differ) of the products counted 1–3 off.
  const batchMs: number[] = [];
  for (let i = 0; i < s.products.length; i += BATCH) {
    const lines = s.products.slice(i, i + BATCH).map((id) => ({
      product_id: id,
      batch_number: null,
      counted_quantity: String(
        Math.random() < DIFFER ? STOCK + (Math.random() < 0.5 ? -1 : 1) * (1 + Math.floor(Math.random() * 3)) : STOCK,
      ),
    }));
    const r = await call('PUT', `/inventory-counts/${countId}/lines`, { lines });
    statuses[`lines ${r.status}`] = (statuses[`lines ${r.status}`] ?? 0) + 1;
    batchMs.push(r.ms);
  }
  load.push(os.loadavg()[0]);

  const reviewMs: number[] = [];
  let reviewBytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const r = await call('GET', `/inventory-counts/${countId}`);
    statuses[`review ${r.status}`] = (statuses[`review ${r.status}`] ?? 0) + 1;
    reviewMs.push(r.ms);
    reviewBytes = r.text.length;
  }
  load.push(os.loadavg()[0]);

  const applied = await call('POST', `/inventory-counts/${countId}/apply`, { uncounted: 'unchanged' }, { 'idempotency-key': randomUUID() });
  statuses[`apply ${applied.status}`] = 1;
  if (applied.status !== 200) console.error(applied.text.slice(0, 2000));
  await new Promise((r) => setTimeout(r, 500)); // still busy after the apply
  running = false;
  await Promise.all(workers);
  await app.close();

  // Every adjustment = counted − book at the snapshot, posted by the count's line; Σ ledger = balances.
  const { rows } = await db.query<{ wrong: number; posted: number }>(
    `SELECT count(*) FILTER (WHERE (CASE m.movement_type WHEN 'C' THEN m.quantity ELSE -m.quantity END) <> l.counted_quantity - l.book_quantity)::int AS wrong,
            count(m.id)::int AS posted
       FROM inventory_count_lines l LEFT JOIN stock_movements m ON m.id = l.movement_id
      WHERE l.count_id = $1 AND l.counted_quantity <> l.book_quantity`,
    [countId],
  );
  const invariants = await ledgerMatchesBalances(db);
  await db.close();

  const result = {
    when: new Date().toISOString(),
    database: label,
    lines: LINES,
    batch: BATCH,
    clients: CLIENTS,
    create_ms: Math.round(created.ms),
    lines_batch_ms: summarize(batchMs),
    review_ms: summarize(reviewMs),
    review_bytes: reviewBytes,
    apply_ms: Math.round(applied.ms),
    adjustments_posted: rows[0].posted,
    adjustments_wrong: rows[0].wrong,
    statuses,
    background_statuses: background,
    load_average: load,
    invariants_ok: invariants.ok,
  };
  const f = (n: number) => n.toFixed(1);
  console.log(
    `${label}: count of ${LINES} lines, ${CLIENTS} clients posting sales and movements throughout (load ${load.map(f).join(' / ')})`,
  );
  console.log(`  create (snapshot)          ${result.create_ms} ms   (target < 2000)`);
  console.log(
    `  lines, batches of ${BATCH}     p50 ${f(result.lines_batch_ms.p50)} / p99 ${f(result.lines_batch_ms.p99)} ms over ${batchMs.length}   (target p99 < 200)`,
  );
  console.log(
    `  review (${Math.round(reviewBytes / 1024)} KB)          p50 ${f(result.review_ms.p50)} / p99 ${f(result.review_ms.p99)} ms over ${SAMPLES}   (target p99 < 300)`,
  );
  console.log(`  apply                      ${result.apply_ms} ms, ${rows[0].posted} adjustments   (target < 5000)`);
  console.log(`  background answers ${JSON.stringify(background)}; count answers ${JSON.stringify(statuses)}`);
  console.log(
    `  adjustments = counted − book: ${rows[0].wrong === 0 ? 'yes' : `NO (${rows[0].wrong})`}; Σ ledger = balances: ${invariants.ok ? 'yes' : 'NO'}`,
  );
  const dir = path.resolve(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `inventory-${Date.now()}.json`), JSON.stringify(result, null, 2));
  const fivexx = [...Object.keys(background), ...Object.keys(statuses).map((k) => k.split(' ')[1])].some((c) => Number(c) >= 500);
  if (!invariants.ok || rows[0].wrong > 0 || fivexx || applied.status !== 200) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
