/**
 * Purchase-order list benchmark (issue 9): 100 000 orders with 1 000 000 lines on PostgreSQL, then the list page as a
 * buyer uses it — default page, a deep page, text search (order number, supplier, notes), each status, supplier, date
 * range, every sortable header both ways — many times over HTTP against the real server with a few concurrent clients,
 * X-Total-Count exact. Target: p99 < 100 ms on PostgreSQL.
 *
 *   DATABASE_URL=postgres://wms:wms@127.0.0.1:5432/wms npx tsx bench/orders.ts
 *   … -- --orders 100000 --lines 10 --requests 200 --concurrency 4
 *   … -- --reuse          keep the seeded schema when it holds the same number of orders (no 3-minute reseed)
 *   … -- --explain        print EXPLAIN (ANALYZE, BUFFERS) of each scenario's count and page queries, then measure
 *
 * Uses the schema "bench_orders" of that database (seeded by bench/orders-seed.ts). After the run it checks the buying
 * invariant (every order's stored status / total / line count = what its lines say; live count = live rows) and that each
 * X-Total-Count equals a plain count(*). Prints a table, writes bench/results/orders-<time>.json; exit 1 when a target is
 * missed, an answer is not 200, a total is wrong or the invariant fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { serveAndSignIn } from './serve';
import { hashPassword } from '../server/src/auth/password';
import { openDb, type Queryable } from '../server/src/db';
import { listOrders, orderInvariants, type OrderFilter } from '../server/src/purchase-orders/sql';
import { seedOrders } from './orders-seed';
import { summarize, type Summary } from './stats';
import { arg, numberArg } from './target';

const ORDERS = numberArg('orders', 100_000);
const LINES = numberArg('lines', 10);
const REQUESTS = numberArg('requests', 200);
const CONCURRENCY = numberArg('concurrency', 4);
const REUSE = process.argv.includes('--reuse');
const EXPLAIN = process.argv.includes('--explain');
const ONLY = arg('only', '');
const SCHEMA = 'bench_orders';
const USER = { username: 'bench_orders', password: 'bench-password-1' };
const TARGET_P99_MS = 100;
const SUPPLIERS = 200;

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
  const admin = new Pool({ connectionString: url, max: 1 });
  let seeded = false;
  if (REUSE) {
    const { rows } = await admin.query<{ n: string | null }>(
      `SELECT CASE WHEN to_regclass('${SCHEMA}.purchase_order_live_counts') IS NOT NULL
                   THEN (SELECT count(*) FROM ${SCHEMA}.purchase_orders) END AS n`,
    );
    seeded = Number(rows[0].n) === ORDERS;
  }
  if (!seeded) {
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await admin.query(`CREATE SCHEMA ${SCHEMA}`);
  }
  await admin.end();
  const db = await openDb({ databaseUrl: url, schema: SCHEMA });

  const t0 = performance.now();
  if (!seeded) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (username, name, role, password_hash) VALUES ($1, 'Bench orders', 'orders', $2) RETURNING id`,
      [USER.username, await hashPassword(USER.password)],
    );
    await seedOrders(db, { orders: ORDERS, lines: LINES, suppliers: SUPPLIERS, products: 5000 }, rows[0].id);
  }
  const seedSeconds = seeded ? null : (performance.now() - t0) / 1000;
  const counts = (
    await db.query<{ orders: number; lines: number; statuses: Record<string, number> }>(
      `SELECT (SELECT count(*) FROM purchase_orders)::int AS orders, (SELECT count(*) FROM purchase_order_items)::int AS lines,
              (SELECT json_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM purchase_orders GROUP BY status) s) AS statuses`,
    )
  ).rows[0];
  const sample = (
    await db.query<{ order_number: string; supplier: string }>(
      `SELECT o.order_number, s.business_name AS supplier FROM purchase_orders o JOIN suppliers s ON s.id = o.supplier_id
        WHERE o.id = $1`,
      [Math.floor(ORDERS * 0.42)],
    )
  ).rows[0];

  const { app, base, token } = await serveAndSignIn(db, USER);
  const headers = { authorization: `Bearer ${token}` };

  const statuses = ['notReceived', 'partiallyReceived', 'fullyReceived'];
  const both = (i: number) => (i % 2 ? 'asc' : 'desc');
  const all: Array<[string, (i: number) => string]> = [
    ['first page (newest first)', () => 'limit=50'],
    ['page 100 (offset 4950)', () => 'limit=50&offset=4950'],
    ['search: order number', (i) => `limit=50&q=${encodeURIComponent(numberOf(sample.order_number, i))}`],
    ['search: number fragment (5 digits)', (i) => `limit=50&q=${String(10_000 + ((i * 331) % 89_000))}`],
    ['search: supplier name', (i) => `limit=50&q=${encodeURIComponent(`fornitore ${100 + ((i * 37) % 100)}`)}`],
    ['search: notes reference', (i) => `limit=50&q=${encodeURIComponent(`offerta ${(i * 4099) % 50_000}`)}`],
    ['search: broad word (urgente, 1 in 5)', () => 'limit=50&q=urgente'],
    ['status filter (each, in turn)', (i) => `limit=50&status=${statuses[i % 3]}`],
    ['status: open (not received)', () => 'limit=50&status=notReceived'],
    ['supplier filter', (i) => `limit=50&supplier_id=${1 + ((i * 37) % SUPPLIERS)}`],
    ['date range (one month)', (i) => `limit=50&date_from=${day(-30 - (i % 900))}&date_to=${day(-(i % 900))}`],
    [
      'supplier + status + year',
      (i) => `limit=50&supplier_id=${1 + ((i * 37) % SUPPLIERS)}&status=${statuses[i % 3]}&date_from=${day(-365)}`,
    ],
    ['sort: order number', (i) => `limit=50&sort=order_number&order=${both(i)}`],
    ['sort: order date', (i) => `limit=50&sort=order_date&order=${both(i)}`],
    ['sort: requested arrival', (i) => `limit=50&sort=requested_arrival_date&order=${both(i)}`],
    ['sort: supplier name', (i) => `limit=50&sort=supplier_name&order=${both(i)}`],
    ['sort: status', (i) => `limit=50&sort=status&order=${both(i)}`],
    ['sort: total', (i) => `limit=50&sort=total_amount&order=${both(i)}`],
    ['sort: total, page 20', (i) => `limit=50&offset=950&sort=total_amount&order=${both(i)}`],
    ['status filter, sort by total', (i) => `limit=50&status=${statuses[i % 3]}&sort=total_amount&order=desc`],
  ];
  const scenarios = all.filter(([name]) => !ONLY || name.includes(ONLY));

  if (EXPLAIN) {
    for (const [scenario, make] of scenarios) {
      console.log(`\n=== ${scenario}: ${make(1)}`);
      await listOrders(explaining(db), filterOf(make(1)));
    }
  }

  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  let bad = 0;
  const http = async (make: (i: number) => string, route = '/purchase-orders?'): Promise<Summary & { cpuMs: number }> => {
    const latencies: number[] = [];
    const cpu = process.cpuUsage();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const i = next++;
          const started = performance.now();
          const res = await fetch(`${base}${route}${make(i)}`, { headers });
          await res.arrayBuffer();
          latencies.push(performance.now() - started);
          if (res.status !== 200) bad += 1;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    // CPU time of this Node process (server and clients together: an upper bound of the server's) per request.
    const cpuMs = Math.round(((used.user + used.system) / 1000 / REQUESTS) * 10) / 10;
    return { ...summarize(latencies.slice(CONCURRENCY)), cpuMs }; // the first round warms the caches
  };
  // The database's share: the same list call (count + page + the page's per-currency totals) without HTTP, one at a time.
  const direct = async (make: (i: number) => string): Promise<Summary & { min: number }> => {
    const latencies: number[] = [];
    for (let i = 0; i < Math.max(20, REQUESTS / 4); i++) {
      const started = performance.now();
      await listOrders(db, filterOf(make(i)));
      latencies.push(performance.now() - started);
    }
    const measured = latencies.slice(2);
    // The fastest call: what a call costs when the machine happens to give it the CPU at once.
    return { ...summarize(measured), min: Math.round(Math.min(...measured) * 100) / 100 };
  };
  const results: Array<{ scenario: string; sql: Summary & { min: number }; cpuMs: number } & Summary> = [];
  // Warm-up: every scenario a few times (JIT, connection pool, caches), not measured.
  for (let i = 0; i < 5; i++) for (const [, make] of scenarios) await fetch(`${base}/purchase-orders?${make(i)}`, { headers });
  // What the same server answers at this moment without a list: GET /api/health (one SELECT 1), the machine's floor.
  const floor = await http(() => '', '/health');
  for (const [scenario, make] of scenarios) {
    results.push({ scenario, ...(await http(make)), sql: await direct(make) });
  }
  // X-Total-Count exact: each scenario's header against a plain count(*) over the same conditions.
  let wrongTotals = 0;
  for (const [scenario, make] of scenarios) {
    for (const i of [6, 7, 8]) {
      const res = await fetch(`${base}/purchase-orders?${make(i)}`, { headers });
      const header = Number(res.headers.get('x-total-count'));
      const plain = await plainCount(db, make(i));
      if (header !== plain) {
        wrongTotals += 1;
        console.log(`X-Total-Count wrong for "${scenario}" (${make(i)}): ${header}, count(*) says ${plain}`);
      }
    }
  }
  const invariant = await orderInvariants(db);
  await app.close();
  await db.close();

  console.log(
    `\nPurchase-order list on PostgreSQL: ${counts.orders} orders (${JSON.stringify(counts.statuses)}), ${counts.lines} lines` +
      `${seedSeconds === null ? ' (reused)' : ` (seeded in ${seedSeconds.toFixed(1)} s)`}, ${CONCURRENCY} clients, ${REQUESTS} requests each; ` +
      `load average ${loadBefore} before, ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} after, ${os.cpus().length} CPUs`,
  );
  console.log('| scenario | HTTP p50 ms | p90 | p99 | max | Node CPU ms / request | database only min / p50 / p99 ms |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(`| floor: GET /api/health (SELECT 1) | ${floor.p50} | ${floor.p90} | ${floor.p99} | ${floor.max} | ${floor.cpuMs} | |`);
  for (const r of results) {
    console.log(`| ${r.scenario} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.cpuMs} | ${r.sql.min} / ${r.sql.p50} / ${r.sql.p99} |`);
  }
  const missed = results.filter((r) => r.p99 >= TARGET_P99_MS);
  console.log(
    missed.length
      ? `\nTARGET MISSED (p99 < ${TARGET_P99_MS} ms): ${missed.map((m) => m.scenario).join(', ')}`
      : `\nall p99 < ${TARGET_P99_MS} ms ✓`,
  );
  if (bad) console.log(`${bad} answers were not 200`);
  console.log(wrongTotals ? `${wrongTotals} totals wrong` : 'every X-Total-Count = count(*) ✓');
  console.log(
    invariant.length
      ? `INVARIANT BROKEN: ${JSON.stringify(invariant.slice(0, 5))}`
      : 'invariant: every stored status / total / line count = what the lines say, live count = live rows ✓',
  );
  const dir = path.resolve(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `orders-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify(
      { counts, seedSeconds, concurrency: CONCURRENCY, loadBefore, loadAfter: os.loadavg(), floor, results, wrongTotals, invariant },
      null,
      2,
    ),
  );
  if (missed.length || bad || wrongTotals || invariant.length) process.exitCode = 1;
}

/** An order number near the sample's (same year prefix), so each request looks up a different existing order. */
function numberOf(sample: string, i: number): string {
  const n = Number(sample.split('-')[2]) + (i % 500);
  return `${sample.split('-').slice(0, 2).join('-')}-${String(n).padStart(5, '0')}`;
}

/** The list filter a query string stands for (what the route's schema makes of it). */
function filterOf(qs: string): OrderFilter {
  const p = new URLSearchParams(qs);
  return {
    q: p.get('q') ?? undefined,
    status: (p.get('status') ?? undefined) as OrderFilter['status'],
    supplier_id: p.get('supplier_id') ? Number(p.get('supplier_id')) : undefined,
    date_from: p.get('date_from') ?? undefined,
    date_to: p.get('date_to') ?? undefined,
    sort: (p.get('sort') ?? undefined) as OrderFilter['sort'],
    order: (p.get('order') ?? undefined) as OrderFilter['order'],
    limit: Number(p.get('limit') ?? 100),
    offset: Number(p.get('offset') ?? 0),
  };
}

/** A plain count(*) of the list's matches, written independently of sql.ts (no live-count table, no index trick). */
async function plainCount(db: Queryable, qs: string): Promise<number> {
  const f = filterOf(qs);
  const params: unknown[] = [];
  const conds = ['o.deleted_at IS NULL'];
  for (const w of (f.q ?? '').trim().split(/\s+/).filter(Boolean)) {
    params.push(w.toLowerCase());
    conds.push(
      `(position($${params.length} in lower(o.order_number || ' ' || coalesce(o.notes, '') || ' ' || to_char(o.order_date, 'DD/MM/YYYY'))) > 0
        OR position($${params.length} in lower(s.business_name)) > 0)`,
    );
  }
  if (f.status) conds.push(`o.status = $${params.push(f.status)}`);
  if (f.supplier_id) conds.push(`o.supplier_id = $${params.push(f.supplier_id)}`);
  if (f.date_from) conds.push(`o.order_date >= $${params.push(f.date_from)}::date`);
  if (f.date_to) conds.push(`o.order_date <= $${params.push(f.date_to)}::date`);
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM purchase_orders o JOIN suppliers s ON s.id = o.supplier_id WHERE ${conds.join(' AND ')}`,
    params,
  );
  return Number(rows[0].n);
}

/** A Queryable that prints EXPLAIN (ANALYZE, BUFFERS) of every SELECT before running it. */
function explaining(db: Queryable): Queryable {
  return {
    async query(sql: string, params?: unknown[]) {
      if (/^\s*SELECT/i.test(sql)) {
        const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        console.log(`--- ${sql.replace(/\s+/g, ' ').slice(0, 160)}…`);
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return db.query(sql, params);
    },
    exec: (sql: string) => db.exec(sql),
  } as Queryable;
}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
