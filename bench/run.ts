/**
 * The stock benchmark: starts the real server on 127.0.0.1 (random port) over the seeded benchmark database, measures the
 * read calls one request at a time, then concurrent movement posting, then checks the invariants.
 *
 *   npm run bench                                  # PGlite (after npm run bench:seed)
 *   DATABASE_URL=postgres://… npm run bench        # PostgreSQL, schema "bench"
 *   npm run bench -- --samples 200 --concurrency 16 --seconds 10 --max-posts 5000
 *   npm run bench -- --max-posts 0          # reads only: the seeded database is not written (no posting phase)
 *
 * Prints a table and writes bench/results/run-<engine>-<time>.json. Exit code 1 if an invariant fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import type { Db } from '../server/src/db';
import { ledgerMatchesBalances } from '../server/src/stock/ledger';
import { BENCH_USER } from './seed';
import { summarize, type Summary } from './stats';
import { arg, benchTarget, numberArg } from './target';

const SAMPLES = numberArg('samples', 200);
const CONCURRENCY = numberArg('concurrency', 16);
const SECONDS = numberArg('seconds', 10);
// 0: skip the posting phase (reads only; the seeded ledger stays as it is).
const MAX_POSTS = arg('max-posts', '5000') === '0' ? 0 : numberArg('max-posts', 5000);

/** Targets of issue 4, on PostgreSQL at 1M movements (checked on p99, the stricter reading). */
const TARGETS_MS: Record<string, number> = {
  'GET /stock/product/{id}': 20,
  'GET /stock?warehouse_id': 200,
  'GET /stock?code': 200,
  'GET /stock-movements?type=S-MAN': 100,
  'GET /stock-movements?product_code': 100,
  'GET /stock-movements?date 1 month': 100,
  'GET /stock-movements?warehouse_id': 100,
};

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];
const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

interface Ctx {
  base: string;
  headers: Record<string, string>;
  productIds: number[];
  warehouseIds: number[];
}

async function timedFetch(url: string, init: RequestInit): Promise<{ ms: number; status: number; total: string | null; bytes: number }> {
  const start = performance.now();
  const res = await fetch(url, init);
  const body = await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status, total: res.headers.get('x-total-count'), bytes: body.byteLength };
}

interface ReadResult extends Summary {
  name: string;
  rows_total_example: string | null;
  bytes_avg: number;
}

async function measureRead(ctx: Ctx, name: string, n: number, url: () => string): Promise<ReadResult> {
  for (let i = 0; i < 5; i++) await timedFetch(`${ctx.base}${url()}`, { headers: ctx.headers }); // warm-up
  const times: number[] = [];
  let total: string | null = null;
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const r = await timedFetch(`${ctx.base}${url()}`, { headers: ctx.headers });
    if (r.status !== 200) throw new Error(`${name}: HTTP ${r.status}`);
    times.push(r.ms);
    total ??= r.total;
    bytes += r.bytes;
  }
  const s = summarize(times);
  const target = TARGETS_MS[name];
  const verdict = target === undefined ? '' : s.p99 < target ? `  ✓ < ${target} ms` : `  ✗ target ${target} ms`;
  console.log(
    `  ${name.padEnd(40)} p50 ${s.p50.toFixed(1).padStart(7)} ms   p99 ${s.p99.toFixed(1).padStart(7)} ms   (n=${n}, total=${total ?? '-'})${verdict}`,
  );
  return { name, ...s, rows_total_example: total, bytes_avg: Math.round(bytes / n) };
}

interface PostResult {
  requests: number;
  seconds: number;
  per_second: number;
  concurrency: number;
  status: Record<string, number>;
  latency: Summary;
}

/** Workers posting loads, unloads and transfers as fast as answers come back, bounded in count and time. */
async function measurePosts(ctx: Ctx, db: Db): Promise<PostResult> {
  const { rows: stocked } = await db.query<{ product_id: number; warehouse_id: number; batch_number: string }>(
    `SELECT product_id, warehouse_id, batch_number FROM stock_balances WHERE quantity > 50 ORDER BY random() LIMIT 2000`,
  );
  const { rows: plain } = await db.query<{ id: number }>(`SELECT id FROM products WHERE NOT has_batch ORDER BY random() LIMIT 2000`);
  // A balance small enough to run dry during the run: the workers then race for its last units.
  const { rows: small } = await db.query<{ product_id: number; warehouse_id: number; batch_number: string }>(
    `SELECT product_id, warehouse_id, batch_number FROM stock_balances WHERE quantity BETWEEN 20 AND 30 LIMIT 1`,
  );
  const hot = small[0] ?? stocked[0];
  const body = (): Record<string, unknown> => {
    const roll = Math.random();
    const day = '15/06/2025';
    if (roll < 0.35) {
      return {
        movement_type: 'C',
        movement_date: day,
        product_id: pick(plain).id,
        warehouse_id: pick(ctx.warehouseIds),
        quantity: String(rand(1, 20)), // quantities travel as exact decimal text (issue 21)
      };
    }
    // 10 % of all posts fight over one hot balance: row-lock contention, and 409s once it has run dry.
    const b = roll < 0.45 ? hot : pick(stocked);
    const common = { movement_date: day, product_id: b.product_id, warehouse_id: b.warehouse_id, batch_number: b.batch_number || null };
    if (roll < 0.8) return { ...common, movement_type: 'S', quantity: '0.5' };
    return {
      ...common,
      movement_type: 'T',
      destination_warehouse_id: pick(ctx.warehouseIds.filter((w) => w !== b.warehouse_id)),
      quantity: '0.25',
    };
  };
  const status: Record<string, number> = {};
  const times: number[] = [];
  let sent = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const worker = async () => {
    while (sent < MAX_POSTS && performance.now() < deadline) {
      sent += 1;
      const r = await timedFetch(`${ctx.base}/stock-movements`, {
        method: 'POST',
        headers: { ...ctx.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body()),
      });
      status[r.status] = (status[r.status] ?? 0) + 1;
      times.push(r.ms);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const result = {
    requests: times.length,
    seconds,
    per_second: times.length / seconds,
    concurrency: CONCURRENCY,
    status,
    latency: summarize(times),
  };
  console.log(
    `  POST /stock-movements ×${CONCURRENCY} workers          ${result.per_second.toFixed(0)} req/s over ${seconds.toFixed(1)} s ` +
      `(${result.requests} requests; status ${JSON.stringify(status)}; p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms)`,
  );
  return result;
}

async function main(): Promise<void> {
  const target = benchTarget();
  const db = await target.open();
  const { rows: sizes } = await db.query<{ p: number; w: number; m: number; b: number; u: number }>(
    `SELECT (SELECT count(*) FROM products)::int AS p, (SELECT count(*) FROM warehouses)::int AS w,
            (SELECT count(*) FROM stock_movements)::int AS m, (SELECT count(*) FROM stock_balances)::int AS b,
            (SELECT count(*) FROM users WHERE username = $1)::int AS u`,
    [BENCH_USER.username],
  );
  const size = sizes[0];
  if (size.u === 0 || size.m === 0) {
    await db.close();
    throw new Error(`${target.label} is not seeded: run npm run bench:seed first (same DATABASE_URL)`);
  }
  console.log(`Benchmark on ${target.label}: ${size.p} products, ${size.w} warehouses, ${size.m} movements, ${size.b} balances`);
  // Figures depend on what else the machine is doing: say it.
  const machine = { cpus: os.cpus().length, loadavg_at_start: os.loadavg().map((l) => Math.round(l * 100) / 100), node: process.version };
  console.log(`Machine: ${machine.cpus} CPUs, load average ${machine.loadavg_at_start.join(' / ')} (1/5/15 min), Node ${machine.node}`);

  const app = await buildApp({ db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}/api`;
  try {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USER),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const { rows: p } = await db.query<{ id: number }>('SELECT id FROM products');
    const { rows: w } = await db.query<{ id: number }>('SELECT id FROM warehouses');
    const ctx: Ctx = {
      base,
      headers: { authorization: `Bearer ${token}` },
      productIds: p.map((r) => r.id),
      warehouseIds: w.map((r) => r.id),
    };
    const code = () => `P0${String(rand(0, 999)).padStart(3, '0')}`;
    const day = () => `${String(rand(1, 28)).padStart(2, '0')}/${String(rand(1, 12)).padStart(2, '0')}/2023`; // dd/MM/yyyy

    console.log('\nReads (one at a time; latency = request → last byte):');
    const reads: ReadResult[] = [];
    reads.push(await measureRead(ctx, 'GET /stock/product/{id}', SAMPLES, () => `/stock/product/${pick(ctx.productIds)}`));
    reads.push(
      await measureRead(ctx, 'GET /stock?warehouse_id', SAMPLES / 2, () => `/stock?warehouse_id=${pick(ctx.warehouseIds)}&limit=50`),
    );
    reads.push(await measureRead(ctx, 'GET /stock?code', SAMPLES / 2, () => `/stock?code=${code()}&limit=50`));
    reads.push(await measureRead(ctx, 'GET /stock (first page, no filter)', SAMPLES / 4, () => '/stock?limit=50'));
    reads.push(await measureRead(ctx, 'GET /stock-movements?type=S-MAN', SAMPLES / 2, () => '/stock-movements?type=S-MAN&limit=50'));
    reads.push(
      await measureRead(ctx, 'GET /stock-movements?product_code', SAMPLES / 2, () => `/stock-movements?product_code=${code()}&limit=50`),
    );
    // A month (what the date-range filter is for) and a whole year (half the ledger: the count dominates).
    reads.push(
      await measureRead(ctx, 'GET /stock-movements?date 1 month', SAMPLES / 2, () => {
        const m = rand(1, 12);
        return `/stock-movements?date_from=01/${String(m).padStart(2, '0')}/2023&date_to=28/${String(m).padStart(2, '0')}/2023&limit=50`;
      }),
    );
    reads.push(
      await measureRead(ctx, 'GET /stock-movements?date 1 year', SAMPLES / 4, () => {
        const from = day();
        return `/stock-movements?date_from=${from}&date_to=${from.slice(0, 6)}2024&limit=50`;
      }),
    );
    reads.push(
      await measureRead(
        ctx,
        'GET /stock-movements?warehouse_id',
        SAMPLES / 2,
        () => `/stock-movements?warehouse_id=${pick(ctx.warehouseIds)}&limit=50`,
      ),
    );
    reads.push(await measureRead(ctx, 'GET /stock-movements (no filter)', SAMPLES / 4, () => '/stock-movements?limit=50'));
    reads.push(
      await measureRead(ctx, 'GET /stock-movements?sort=product_code', SAMPLES / 10, () => '/stock-movements?sort=product_code&limit=50'),
    );

    console.log('\nWrites (concurrent, over HTTP):');
    const posts = MAX_POSTS > 0 ? await measurePosts(ctx, db) : null;
    if (!posts) console.log('  skipped (--max-posts 0)');

    console.log('\nInvariants:');
    const checkStart = performance.now();
    const check = await ledgerMatchesBalances(db);
    const checkSeconds = (performance.now() - checkStart) / 1000;
    console.log(
      `  Σ ledger = balances: ${check.mismatches.length === 0 ? 'yes' : `NO (${check.mismatches.length}+ differ)`}; ` +
        `negative balances: ${check.negativeBalances}; negative ledger sums: ${check.negativeLedgerSums}; ` +
        `live movements ${check.liveMovements} = counters ${check.liveCounter}: ` +
        `${check.liveMovements === check.liveCounter && check.liveCounterTypesOff === 0 ? 'yes' : 'NO'}; ` +
        `${check.movements} movements, ${check.balances} balances (checked in ${checkSeconds.toFixed(1)} s)`,
    );

    const out = path.resolve(__dirname, 'results');
    fs.mkdirSync(out, { recursive: true });
    const file = path.join(out, `run-${target.kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({ engine: target.kind, machine, size, reads, posts, invariants: { ...check, seconds: checkSeconds } }, null, 2),
    );
    console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
    if (!check.ok) process.exitCode = 1;
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
