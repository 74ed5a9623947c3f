/**
 * Sales posting benchmark (issue 11): 16 concurrent clients POST /sales (each with its own Idempotency-Key) against the
 * real server on PostgreSQL, for a fixed time; then, in the same run, `pgbench -N -c 16` on the same PostgreSQL — the
 * database's own write limit on this machine at this moment. The figure is the ratio: sales/s ÷ pgbench TPS.
 *
 *   DATABASE_URL=postgres://wms:wms@127.0.0.1:5432/wms npx tsx bench/sales.ts
 *   … -- --concurrency 16 --seconds 15 --products 200
 *
 * Uses schemas "bench_sales" (app) and "bench_pgbench" (pgbench tables) of that database, dropped and recreated each run.
 * Stock is loaded through the ledger. Prints a table and writes bench/results/sales-<time>.json; exit 1 if Σ ledger ≠
 * balances or any answer was a 5xx.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveAndSignIn } from './serve';
import { hashPassword } from '../server/src/auth/password';
import { openDb } from '../server/src/db';
import { ledgerMatchesBalances } from '../server/src/stock/ledger';
import { pgbench, resetSchema } from './pgbench';
import { summarize } from './stats';
import { numberArg } from './target';

const CONCURRENCY = numberArg('concurrency', 16);
const SECONDS = numberArg('seconds', 15);
const PRODUCTS = numberArg('products', 200);
const WAREHOUSES = 4;
const APP_SCHEMA = 'bench_sales';
const PGBENCH_SCHEMA = 'bench_pgbench';
const USER = { username: 'bench_sales', password: 'bench-password-1' };

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required: the ratio is against pgbench on the same server');
  await resetSchema(url, APP_SCHEMA);
  const db = await openDb({ databaseUrl: url, schema: APP_SCHEMA });

  // Registry rows straight in SQL (set-based); stock through the ledger (the one door), one load per product and warehouse.
  await db.query(`INSERT INTO users (username, name, role, password_hash) VALUES ($1, 'Bench sales', 'sales', $2)`, [
    USER.username,
    await hashPassword(USER.password),
  ]);
  await db.query(`INSERT INTO warehouses (name) SELECT 'Magazzino ' || n FROM generate_series(1, $1::int) n`, [WAREHOUSES]);
  await db.query(
    `INSERT INTO customers (business_name, vat_number, address, city, province, zip_code, email, phone)
     SELECT 'Cliente ' || n, 'IT' || lpad(n::text, 11, '0'), 'Via Roma ' || n, 'Milano', 'MI', '20100', 'c' || n || '@example.com', '02 000'
       FROM generate_series(1, 50) n`,
  );
  await db.query(
    `INSERT INTO products (code, description, category, unit_of_measure, has_batch, has_expiry_date)
     SELECT 'S' || lpad(n::text, 5, '0'), 'Articolo ' || n, 'Famiglia', 'piece', n % 2 = 0, n % 2 = 0 FROM generate_series(1, $1::int) n`,
    [PRODUCTS],
  );
  const products = (await db.query<{ id: number; has_batch: boolean }>('SELECT id, has_batch FROM products ORDER BY id')).rows;
  const warehouses = (await db.query<{ id: number }>('SELECT id FROM warehouses ORDER BY id')).rows.map((r) => r.id);
  const customers = (await db.query<{ id: number }>('SELECT id FROM customers ORDER BY id')).rows.map((r) => r.id);
  const { postMovement } = await import('../server/src/stock/ledger.js');
  const expiry = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const p of products) {
    for (const w of warehouses) {
      await db.tx((q) =>
        postMovement(
          q,
          {
            movementType: 'C',
            productId: p.id,
            warehouseId: w,
            batchNumber: p.has_batch ? 'L1' : null,
            expiryDate: p.has_batch ? expiry : null,
            quantity: '100000',
            movementDate: '2026-01-02',
          },
          { id: null },
        ),
      );
    }
  }

  const { app, base, token } = await serveAndSignIn(db, USER);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

  const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const load1 = os.loadavg()[0];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const p = pick(products);
        const body = {
          product_id: p.id,
          warehouse_id: pick(warehouses),
          batch_number: p.has_batch ? 'L1' : null,
          quantity: String(1 + Math.floor(Math.random() * 5)),
          customer_id: pick(customers),
        };
        const t0 = performance.now();
        const res = await fetch(`${base}/sales`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': randomUUID() },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await app.close();
  const invariants = await ledgerMatchesBalances(db);
  const salesRows = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales')).rows[0].n;
  await db.close();

  await resetSchema(url, PGBENCH_SCHEMA);
  const load2 = os.loadavg()[0];
  const pg = pgbench(url, CONCURRENCY, SECONDS, PGBENCH_SCHEMA);
  await resetSchema(url, PGBENCH_SCHEMA);

  const created = statuses[201] ?? 0;
  const salesPerSecond = created / elapsed;
  const lat = summarize(latencies);
  const result = {
    when: new Date().toISOString(),
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    products: PRODUCTS,
    statuses,
    sales_rows: salesRows,
    sales_per_second: Math.round(salesPerSecond * 10) / 10,
    latency_ms: lat,
    pgbench_tps: pg.tps,
    ratio: Math.round((salesPerSecond / pg.tps) * 1000) / 1000,
    load_average: { during_sales: load1, before_pgbench: load2 },
    invariants_ok: invariants.ok,
  };
  console.log(
    `POST /sales, ${CONCURRENCY} clients, ${SECONDS} s: ${created} sales (${JSON.stringify(statuses)}), ${result.sales_per_second} sales/s, p50 ${lat.p50.toFixed(1)} / p99 ${lat.p99.toFixed(1)} ms`,
  );
  console.log(`pgbench -N -c ${CONCURRENCY} -j 2 -T ${SECONDS} (same run, same server): ${pg.tps.toFixed(1)} TPS`);
  console.log(`ratio sales/s ÷ pgbench TPS = ${result.ratio}   (load average ${load1.toFixed(1)} / ${load2.toFixed(1)})`);
  console.log(
    `Σ ledger = balances: ${invariants.ok ? 'yes' : 'NO'}; sales rows ${salesRows} = 201 answers ${created}: ${salesRows === created ? 'yes' : 'NO'}`,
  );
  const dir = path.resolve(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `sales-${Date.now()}.json`), JSON.stringify(result, null, 2));
  const fivexx = Object.entries(statuses).some(([s]) => Number(s) >= 500);
  if (!invariants.ok || fivexx || salesRows !== created) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
