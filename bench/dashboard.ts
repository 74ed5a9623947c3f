/**
 * The home dashboard benchmark (issue 28): GET /api/dashboard (every card and the 12-month chart, as an admin sees them)
 * over HTTP against the real server on the seeded benchmark database — 100 000 products, 1 000 000 movements
 * (`npm run bench:seed` first).
 *
 *   DATABASE_URL=postgres://… npm run bench:dashboard       # PostgreSQL, schema "bench"
 *   npm run bench:dashboard -- --samples 300 --limits 10000
 *
 * The first run adds what the dashboard reads beyond the ledger, set-based: suppliers and prices (as bench/reports.ts),
 * stock limits for `--limits` (product, warehouse) pairs, 5 000 purchase orders (a fifth of them open and late). Figures:
 * the warm request (p50 / p99 over `--samples` sequential calls; target p99 < 100 ms), the first call after a change of
 * stock (the cards counted again, migration 021's version) and the cold one — the first call after a back-dated movement,
 * which computes the 12 month-end valuations again. Writes bench/results/dashboard-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import type { Db } from '../server/src/db';
import { BENCH_USER } from './seed';
import { summarize } from './stats';
import { benchTarget, numberArg } from './target';

const SAMPLES = numberArg('samples', 300);
const LIMITS = numberArg('limits', 10_000);
const TARGET_P99_MS = 100;

async function seedExtras(db: Db): Promise<void> {
  const started = performance.now();
  const { rows } = await db.query<{ prices: number; limits: number; orders: number }>(
    `SELECT (SELECT count(*)::int FROM prices) AS prices, (SELECT count(*)::int FROM stock_limits) AS limits,
            (SELECT count(*)::int FROM purchase_orders) AS orders`,
  );
  if (rows[0].prices === 0) {
    await db.query(
      `INSERT INTO suppliers (business_name, vat_number, address, city, province, zip_code, email, phone)
       SELECT 'Fornitore bench ' || n, lpad(n::text, 11, '0'), 'Via Roma ' || n, 'Milano', 'MI', '20100', 'f' || n || '@example.com', '02 1234'
         FROM generate_series(1, 10) n`,
    );
    await db.query(
      `UPDATE products p SET supplier_id = s.id, currency = (ARRAY['EUR', 'EUR', 'USD', 'MAD', 'CNY'])[1 + p.id % 5]
         FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM suppliers WHERE business_name LIKE 'Fornitore bench %') s
        WHERE s.k = p.id % 10`,
    );
    await db.query(
      `INSERT INTO prices (product_id, supplier_id, price, currency, start_date, end_date)
       SELECT p.id, p.supplier_id, round(((p.id * 7919) % 99991)::numeric / 997 + w.k, 5), p.currency, w.s, w.e
         FROM products p
         CROSS JOIN (VALUES (0, date '2023-01-01', date '2023-12-31'), (1, date '2024-01-01', NULL::date)) w(k, s, e)
        WHERE p.id % 20 <> 0`,
    );
  }
  if (rows[0].limits === 0) {
    // Pairs that hold stock, one in three set above what they hold (below minimum), the others within.
    await db.query(
      `INSERT INTO stock_limits (product_id, warehouse_id, min_quantity, max_quantity)
       SELECT product_id, warehouse_id,
              CASE WHEN n % 3 = 0 THEN ceil(q) + 10 ELSE 0 END, ceil(q) + 100
         FROM (SELECT product_id, warehouse_id, sum(quantity) AS q, row_number() OVER (ORDER BY product_id, warehouse_id) AS n
                 FROM stock_balances GROUP BY product_id, warehouse_id) x
        WHERE n <= $1`,
      [LIMITS],
    );
  }
  if (rows[0].orders === 0) {
    await db.query(
      `INSERT INTO purchase_orders (order_number, order_date, requested_arrival_date, supplier_id, currency)
       SELECT purchase_order_number(2026, n), company_today() - (n % 400), company_today() - (n % 400) + 20,
              (SELECT min(id) FROM suppliers) + n % 10, 'EUR'
         FROM generate_series(1, 5000) n`,
    );
    await db.query(
      `INSERT INTO purchase_order_items (order_id, line_no, product_id, quantity, unit_price, currency, received_quantity)
       SELECT o.id, 1, (SELECT min(id) FROM products) + (o.id * 37) % 100000, 10, 2, 'EUR', CASE WHEN o.id % 5 = 0 THEN 0 ELSE 10 END
         FROM purchase_orders o`,
    );
  }
  await db.exec('ANALYZE');
  console.log(`  extras (prices, limits, orders) ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const target = benchTarget();
  const machine = { cpus: os.cpus().length, loadavg_at_start: os.loadavg().map((l) => Math.round(l * 100) / 100), node: process.version };
  console.log(`Dashboard benchmark on ${target.label}`);
  console.log(`Machine: ${machine.cpus} CPUs, load average ${machine.loadavg_at_start.join(' / ')} (1/5/15 min), Node ${machine.node}`);
  const db = await target.open();
  await seedExtras(db);
  const { rows: size } = await db.query<{ products: number; movements: number; limits: number; balances: number }>(
    `SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM stock_movements) AS movements,
            (SELECT count(*)::int FROM stock_limits) AS limits, (SELECT count(*)::int FROM stock_balances) AS balances`,
  );
  console.log(`Data: ${JSON.stringify(size[0])}`);
  const app = await buildApp({ db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  try {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USER),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const call = async () => {
      const start = performance.now();
      const res = await fetch(`${base}/dashboard`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { cards: Record<string, unknown>; chart: { months: unknown[] } | null };
      if (res.status !== 200 || !body.chart || body.chart.months.length !== 12) throw new Error(`dashboard: HTTP ${res.status}`);
      return { ms: performance.now() - start, body };
    };

    // Cold: a back-dated movement's version bump makes the next call compute the 12 month ends again.
    const cold: number[] = [];
    for (let i = 0; i < 3; i++) {
      await db.query(`UPDATE data_versions SET version = version + 1 WHERE name = 'stock_backdated'`);
      cold.push((await call()).ms);
    }
    const first = await call();
    const warm: number[] = [];
    for (let i = 0; i < SAMPLES; i++) warm.push((await call()).ms);
    // After a change of stock (any posting bumps the cards' version): the cards are counted again, the chart is kept.
    const changed: number[] = [];
    for (let i = 0; i < 30; i++) {
      await db.query(`INSERT INTO dashboard_changes AS c (shard, n) VALUES (999, 1) ON CONFLICT (shard) DO UPDATE SET n = c.n + 1`);
      changed.push((await call()).ms);
    }
    const w = summarize(warm);
    const c = summarize(cold);
    const a = summarize(changed);
    const load = Math.round(os.loadavg()[0] * 10) / 10;
    const ok = w.p99 < TARGET_P99_MS;
    console.log(`  cards: ${JSON.stringify(first.body.cards)}`);
    console.log(
      `  GET /dashboard (warm)                       p50 ${w.p50.toFixed(1).padStart(8)} ms   p99 ${w.p99.toFixed(1).padStart(8)} ms   (n=${SAMPLES}, load ${load})  ${ok ? '✓' : '✗'} target p99 < ${TARGET_P99_MS} ms`,
    );
    console.log(
      `  GET /dashboard (after a stock change)       p50 ${a.p50.toFixed(1).padStart(8)} ms   p99 ${a.p99.toFixed(1).padStart(8)} ms   (n=${changed.length}: the cards counted again)`,
    );
    console.log(
      `  GET /dashboard (cold: 12 month ends again)  p50 ${c.p50.toFixed(1).padStart(8)} ms   max ${c.max.toFixed(1).padStart(8)} ms   (n=${cold.length})`,
    );
    const out = path.resolve(__dirname, `results/dashboard-${target.kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      JSON.stringify({ target: target.label, machine, data: size[0], warm: w, after_change: a, cold: c, load }, null, 2),
    );
    console.log(`Wrote ${path.relative(process.cwd(), out)}`);
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
