/**
 * Purchase-order list benchmark (issue 9): 100 000 orders with 1 000 000 lines on PostgreSQL, then the list page as the
 * screen asks for it (default, status filter, supplier filter, text search, date range, sort by total, a deep page), each
 * many times over HTTP against the real server with a few concurrent clients. Target: p99 < 100 ms on PostgreSQL.
 *
 *   DATABASE_URL=postgres://wms:wms@127.0.0.1:5432/wms npx tsx bench/orders.ts
 *   … -- --orders 100000 --lines 10 --requests 200 --concurrency 4
 *
 * Uses the schema "bench_orders" of that database, dropped and recreated each run. Rows are written set-based in SQL (the
 * line trigger is switched off during the bulk load and the derived order columns are then computed once, with the same
 * rule); prints a table and writes bench/results/orders-<time>.json; exit 1 when a target is missed or an answer is not 200.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { buildApp } from '../server/src/app';
import { hashPassword } from '../server/src/auth/password';
import { openDb } from '../server/src/db';
import { summarize, type Summary } from './stats';
import { numberArg } from './target';

const ORDERS = numberArg('orders', 100_000);
const LINES = numberArg('lines', 10);
const REQUESTS = numberArg('requests', 200);
const CONCURRENCY = numberArg('concurrency', 4);
const SCHEMA = 'bench_orders';
const USER = { username: 'bench_orders', password: 'bench-password-1' };
const TARGET_P99_MS = 100;

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
  const admin = new Pool({ connectionString: url, max: 1 });
  await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await admin.query(`CREATE SCHEMA ${SCHEMA}`);
  await admin.end();
  const db = await openDb({ databaseUrl: url, schema: SCHEMA });

  const t0 = performance.now();
  await db.query(`INSERT INTO users (username, name, role, password_hash) VALUES ($1, 'Bench orders', 'orders', $2)`, [
    USER.username,
    await hashPassword(USER.password),
  ]);
  await db.query(
    `INSERT INTO suppliers (business_name, vat_number, address, city, province, zip_code, email, phone)
     SELECT 'Fornitore ' || n || ' Srl', lpad(n::text, 11, '0'), 'Via Roma ' || n, 'Brescia', 'BS', '25100', 'f' || n || '@example.com', '030 000'
       FROM generate_series(1, 200) n`,
  );
  await db.query(
    `INSERT INTO products (code, description, category, supplier_id, unit_of_measure, currency)
     SELECT 'PO' || lpad(n::text, 6, '0'), 'Articolo ' || n, 'Famiglia ' || (n % 20), 1 + n % 200, 'piece', CASE WHEN n % 10 = 0 THEN 'USD' ELSE 'EUR' END
       FROM generate_series(1, 5000) n`,
  );
  await db.query(
    `INSERT INTO purchase_orders (order_number, order_date, requested_arrival_date, supplier_id, notes, currency, created_by)
     SELECT 'PO-BENCH-' || lpad(n::text, 6, '0'), current_date - (n % 1100), current_date - (n % 1100) + 14, 1 + n % 200, CASE WHEN n % 7 = 0 THEN 'Consegna urgente ' || n END, 'EUR', 1
       FROM generate_series(1, $1::int) n`,
    [ORDERS],
  );
  await db.query("SELECT setval('purchase_order_number_seq', $1::bigint)", [ORDERS]);
  await db.exec('ALTER TABLE purchase_order_items DISABLE TRIGGER USER');
  await db.query(
    `INSERT INTO purchase_order_items (order_id, line_no, product_id, quantity, unit_price, currency, price_source, received_quantity, completed)
     SELECT o.id, l, 1 + ((o.supplier_id - 1) + 200 * ((o.id + l) % 25)) % 5000, 1 + (o.id * l) % 97, round((1 + (o.id + l) % 500) / 7.0, 4), 'EUR', 'manual',
            CASE WHEN o.id % 3 = 0 THEN 1 + (o.id * l) % 97 WHEN o.id % 3 = 1 AND l = 1 THEN 1 ELSE 0 END, false
       FROM purchase_orders o CROSS JOIN generate_series(1, $1::int) l`,
    [LINES],
  );
  await db.exec('ALTER TABLE purchase_order_items ENABLE TRIGGER USER');
  // The derived columns, once for all orders, by the same function the trigger calls.
  await db.query('SELECT purchase_order_refresh(ARRAY(SELECT id FROM purchase_orders))');
  await db.exec('ANALYZE');
  const seedSeconds = (performance.now() - t0) / 1000;
  const counts = (
    await db.query<{ orders: number; lines: number }>(
      'SELECT (SELECT count(*) FROM purchase_orders)::int AS orders, (SELECT count(*) FROM purchase_order_items)::int AS lines',
    )
  ).rows[0];

  const app = await buildApp({ db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(USER),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const scenarios: Array<[string, (i: number) => string]> = [
    ['first page (newest first)', () => '/purchase-orders?limit=50'],
    ['status filter', (i) => `/purchase-orders?limit=50&status=${['notReceived', 'partiallyReceived', 'fullyReceived'][i % 3]}`],
    ['supplier filter', (i) => `/purchase-orders?limit=50&supplier_id=${1 + ((i * 37) % 200)}`],
    ['text search (order number)', (i) => `/purchase-orders?limit=50&q=PO-BENCH-0${String(10_000 + ((i * 331) % 90_000)).slice(0, 4)}`],
    ['date range (one month)', (i) => `/purchase-orders?limit=50&date_from=${day(-30 - (i % 900))}&date_to=${day(-(i % 900))}`],
    ['sort by total desc', () => '/purchase-orders?limit=50&sort=total_amount&order=desc'],
    ['page 100 (offset 4950)', () => '/purchase-orders?limit=50&offset=4950'],
  ];
  const results: Array<{ scenario: string } & Summary> = [];
  let bad = 0;
  for (const [scenario, make] of scenarios) {
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const i = next++;
          const started = performance.now();
          const res = await fetch(base + make(i), { headers });
          await res.arrayBuffer();
          latencies.push(performance.now() - started);
          if (res.status !== 200) bad += 1;
        }
      }),
    );
    results.push({ scenario, ...summarize(latencies.slice(CONCURRENCY)) }); // the first round warms the caches
  }
  await app.close();
  await db.close();

  console.log(
    `\nPurchase-order list on PostgreSQL: ${counts.orders} orders, ${counts.lines} lines (seeded in ${seedSeconds.toFixed(1)} s), ${CONCURRENCY} clients, load ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log('| scenario | p50 ms | p90 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.scenario} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} |`);
  const missed = results.filter((r) => r.p99 >= TARGET_P99_MS);
  console.log(
    missed.length
      ? `\nTARGET MISSED (p99 < ${TARGET_P99_MS} ms): ${missed.map((m) => m.scenario).join(', ')}`
      : `\nall p99 < ${TARGET_P99_MS} ms ✓`,
  );
  if (bad) console.log(`${bad} answers were not 200`);
  const dir = path.resolve(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `orders-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify({ counts, seedSeconds, concurrency: CONCURRENCY, results }, null, 2),
  );
  if (missed.length || bad) process.exitCode = 1;
}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
