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
 * the warm request (p50 / p99 over `--samples` sequential calls; target p99 < 100 ms), the first call after a real posting
 * that crosses a minimum (`--posts`; the cards counted again over migration 024's stock_limit_levels, the card checked to
 * move by one each time), the first call after a posting into an expired batch (`--expired-posts`; the expired value
 * computed again), the postings' own time, and the cold one — the first call after a back-dated movement, which computes
 * the 12 month-end valuations again. Ends by checking stock_limit_levels against a recount from scratch. Writes
 * bench/results/dashboard-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { companyToday } from '@wms/shared-api';
import { buildApp } from '../server/src/app';
import { levelsMatchRecount } from '../server/src/dashboard/levels';
import { postMovementTx } from '../server/src/stock/ledger';
import type { Db } from '../server/src/db';
import { BENCH_USER } from './seed';
import { summarize } from './stats';
import { benchTarget, numberArg } from './target';

const SAMPLES = numberArg('samples', 300);
const LIMITS = numberArg('limits', 10_000);
const POSTS = numberArg('posts', 60);
const EXPIRED_POSTS = numberArg('expired-posts', 10);
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
    // After a change of stock: real postings through the ledger (its triggers keep stock_limit_levels and bump the cards'
    // version), alternately a load and an unload of 1 on a limited pair whose minimum sits just above its stock, so every
    // posting crosses the minimum and the card must move with it. The expired batches' value is kept (in-date goods).
    const { rows: pair } = await db.query<{ product_id: number; warehouse_id: number; quantity: string }>(
      `SELECT l.product_id::int AS product_id, l.warehouse_id::int AS warehouse_id, v.quantity::text AS quantity
         FROM stock_limits l JOIN stock_limit_levels v USING (product_id, warehouse_id)
         JOIN products p ON p.id = l.product_id AND NOT p.has_batch AND p.status = 'active' AND p.deleted_at IS NULL
        WHERE v.quantity >= 2 AND v.first_expiry IS NULL ORDER BY l.product_id, l.warehouse_id LIMIT 1`,
    );
    const crossing = pair[0];
    const oldLimit = await db.query<{ min_quantity: string }>(
      'SELECT min_quantity::text AS min_quantity FROM stock_limits WHERE product_id = $1 AND warehouse_id = $2',
      [crossing.product_id, crossing.warehouse_id],
    );
    await db.query('UPDATE stock_limits SET min_quantity = $3::numeric + 0.5 WHERE product_id = $1 AND warehouse_id = $2', [
      crossing.product_id,
      crossing.warehouse_id,
      crossing.quantity,
    ]);
    const today = companyToday();
    type Batch = { batchNumber: string; productionDate: string | null; expiryDate: string | null };
    const post = async (movementType: 'C' | 'S', productId: number, warehouseId: number, batch?: Batch) => {
      const start = performance.now();
      await postMovementTx(db, { movementType, productId, warehouseId, ...batch, quantity: '1', movementDate: today }, { id: null });
      return performance.now() - start;
    };
    const changed: number[] = [];
    const posting: number[] = [];
    let below = (await call()).body.cards.below_minimum as { count: number };
    for (let i = 0; i < POSTS; i++) {
      posting.push(await post(i % 2 === 0 ? 'C' : 'S', crossing.product_id, crossing.warehouse_id));
      const r = await call();
      changed.push(r.ms);
      const now = r.body.cards.below_minimum as { count: number };
      if (now.count !== below.count + (i % 2 === 0 ? -1 : 1))
        throw new Error(`below minimum ${below.count} → ${now.count} after a posting`);
      below = now;
    }
    // After a change of an expired batch (a write-off, then the goods back): the value is computed again as well.
    const { rows: exp } = await db.query<{ product_id: number; warehouse_id: number } & Batch>(
      `SELECT product_id::int AS product_id, warehouse_id::int AS warehouse_id, batch_number AS "batchNumber",
              to_char(production_date, 'YYYY-MM-DD') AS "productionDate", to_char(expiry_date, 'YYYY-MM-DD') AS "expiryDate"
         FROM stock_balances
        WHERE quantity > 2 AND expiry_date < $1::date ORDER BY product_id, warehouse_id, batch_number LIMIT 1`,
      [today],
    );
    const revalued: number[] = [];
    for (let i = 0; i < EXPIRED_POSTS && exp[0]; i++) {
      const { product_id: productId, warehouse_id: warehouseId, ...batch } = exp[0];
      await post(i % 2 === 0 ? 'S' : 'C', productId, warehouseId, batch);
      revalued.push((await call()).ms);
    }
    await db.query('UPDATE stock_limits SET min_quantity = $3 WHERE product_id = $1 AND warehouse_id = $2', [
      crossing.product_id,
      crossing.warehouse_id,
      oldLimit.rows[0].min_quantity,
    ]);
    const mismatches = await levelsMatchRecount(db);
    if (mismatches.length) throw new Error(`stock_limit_levels differ from a recount: ${JSON.stringify(mismatches.slice(0, 5))}`);
    const w = summarize(warm);
    const c = summarize(cold);
    const a = summarize(changed);
    const pw = summarize(posting);
    const rv = summarize(revalued);
    const load = Math.round(os.loadavg()[0] * 10) / 10;
    const ok = w.p99 < TARGET_P99_MS;
    console.log(`  cards: ${JSON.stringify(first.body.cards)}`);
    console.log(
      `  GET /dashboard (warm)                       p50 ${w.p50.toFixed(1).padStart(8)} ms   p99 ${w.p99.toFixed(1).padStart(8)} ms   (n=${SAMPLES}, load ${load})  ${ok ? '✓' : '✗'} target p99 < ${TARGET_P99_MS} ms`,
    );
    console.log(
      `  GET /dashboard (after a stock change)       p50 ${a.p50.toFixed(1).padStart(8)} ms   p99 ${a.p99.toFixed(1).padStart(8)} ms   (n=${changed.length}: each after a posting that crosses a minimum) ${a.p99 < TARGET_P99_MS ? '✓' : '✗'}`,
    );
    console.log(
      `  GET /dashboard (after an expired batch)     p50 ${rv.p50.toFixed(1).padStart(8)} ms   p99 ${rv.p99.toFixed(1).padStart(8)} ms   (n=${revalued.length}: the expired value computed again)`,
    );
    console.log(
      `  the postings themselves (ledger + triggers) p50 ${pw.p50.toFixed(1).padStart(8)} ms   p99 ${pw.p99.toFixed(1).padStart(8)} ms   (n=${posting.length}, in-process postMovementTx)`,
    );
    console.log('  stock_limit_levels = a recount from scratch ✓');
    console.log(
      `  GET /dashboard (cold: 12 month ends again)  p50 ${c.p50.toFixed(1).padStart(8)} ms   max ${c.max.toFixed(1).padStart(8)} ms   (n=${cold.length})`,
    );
    const out = path.resolve(__dirname, `results/dashboard-${target.kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      JSON.stringify(
        { target: target.label, machine, data: size[0], warm: w, after_change: a, after_expired_change: rv, postings: pw, cold: c, load },
        null,
        2,
      ),
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
