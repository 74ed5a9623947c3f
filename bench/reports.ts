/**
 * The reports benchmark (issue 14): stock levels pages, valuation at today and one year back, and the CSV of the whole
 * stock, over HTTP against the real server on the seeded benchmark database (`npm run bench:seed` first).
 *
 *   DATABASE_URL=postgres://… npm run bench:reports        # PostgreSQL, schema "bench"
 *   npm run bench:reports                                  # PGlite (bench/results/pglite-db)
 *   npm run bench:reports -- --samples 50
 *
 * The first run gives the seeded products suppliers and prices (two yearly windows, EUR / USD / MAD / CNY, 1 product in 20
 * without a price), set-based. Prints a table, writes bench/results/reports-<engine>-<time>.json, exits 1 if the ledger
 * invariants (derived valuation tables included) fail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import type { Db } from '../server/src/db';
import { ledgerMatchesBalances } from '../server/src/stock/invariants';
import { BENCH_USER } from './seed';
import { summarize, type Summary } from './stats';
import { arg, benchTarget, numberArg } from './target';

const SAMPLES = numberArg('samples', 40);
/** `--only <text>`: run only the measurements whose name contains it (e.g. `--only levels page`). */
const ONLY = arg('only', '');

/** Targets of issue 14 on PostgreSQL (read on p99). */
const TARGETS_MS: Record<string, number> = {
  'GET /stock/levels page': 200,
  'GET /stock/levels?warehouse_id page': 200,
  'GET /stock/levels?code page': 200,
  'GET /stock/levels?expiry=expired page': 200,
  'GET /stock/levels?expiry=expiring page': 200,
  'GET /stock/valuation today': 500,
  'GET /stock/valuation one year back': 1000,
  'GET /stock/levels/export (whole stock)': 60_000,
};

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];

async function seedPrices(db: Db): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM prices');
  if (rows[0].n > 0) return;
  const started = performance.now();
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
  await db.exec('ANALYZE');
  console.log(`  prices seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface Result extends Summary {
  name: string;
  note: string;
  /** 1-minute load average when the measurement ended (the machine is shared). */
  load: number;
}

const load1 = () => Math.round(os.loadavg()[0] * 10) / 10;

async function measure(name: string, n: number, call: () => Promise<string>): Promise<Result | null> {
  if (ONLY && !name.includes(ONLY)) return null;
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  let note = '';
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    note = await call();
    times.push(performance.now() - start);
  }
  const s = summarize(times);
  const target = TARGETS_MS[name];
  const verdict = target === undefined ? '' : s.p99 < target ? `  ✓ < ${target} ms` : `  ✗ target ${target} ms`;
  const load = load1();
  console.log(
    `  ${name.padEnd(44)} p50 ${s.p50.toFixed(1).padStart(8)} ms   p99 ${s.p99.toFixed(1).padStart(8)} ms   (n=${n}, ${note}, load ${load})${verdict}`,
  );
  return { name, note, load, ...s };
}

async function main(): Promise<void> {
  const target = benchTarget();
  const machine = { cpus: os.cpus().length, loadavg_at_start: os.loadavg().map((l) => Math.round(l * 100) / 100), node: process.version };
  console.log(`Reports benchmark on ${target.label}`);
  console.log(`Machine: ${machine.cpus} CPUs, load average ${machine.loadavg_at_start.join(' / ')} (1/5/15 min), Node ${machine.node}`);
  const db = await target.open();
  await seedPrices(db);
  const app = await buildApp({ db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const results: (Result | null)[] = [];
  let exitCode = 0;
  try {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USER),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const get = async (url: string) => {
      const res = await fetch(`${base}${url}`, { headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
      return { res, text };
    };
    const { rows: w } = await db.query<{ id: number }>('SELECT id FROM warehouses');
    const { rows: span } = await db.query<{ last: string; back: string; total: number }>(
      `SELECT to_char(max(movement_date), 'YYYY-MM-DD') AS last, to_char(max(movement_date) - 365, 'YYYY-MM-DD') AS back,
              count(*)::int AS total FROM stock_movements`,
    );
    const { last, back } = span[0];
    const { rows: after } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stock_movements WHERE movement_date > $1', [
      back,
    ]);
    console.log(`Ledger: ${span[0].total} movements up to ${last}; "one year back" = ${back} (${after[0].n} movements dated after it)`);

    // How busy the machine is, in the benchmark's own terms: a plain join of the 100 000 products with their totals.
    const calibrate = async () => {
      const t0 = performance.now();
      await db.query('SELECT count(*) FROM products p JOIN stock_product_totals t ON t.product_id = p.id');
      return Math.round(performance.now() - t0);
    };
    await calibrate();
    console.log(`Calibration: a 100 000-row join took ${await calibrate()} ms (load ${load1()})`);

    const page = (url: string) => async () => {
      const { res } = await get(url);
      return `total ${res.headers.get('x-total-count')}`;
    };
    results.push(await measure('GET /stock/levels page', SAMPLES, page(`/stock/levels?limit=50&offset=${pick([0, 50, 500, 5000])}`)));
    results.push(
      await measure('GET /stock/levels?warehouse_id page', SAMPLES, () => page(`/stock/levels?limit=50&warehouse_id=${pick(w).id}`)()),
    );
    results.push(
      await measure('GET /stock/levels?code page', SAMPLES, () =>
        page(`/stock/levels?limit=50&code=P0${1000 + Math.floor(Math.random() * 8999)}`)(),
      ),
    );
    results.push(await measure('GET /stock/levels?category page', SAMPLES, page('/stock/levels?limit=50&category=Vernici')));
    // The dashboard's expired card opens this: the products of the expiry index's range, not a walk of every product.
    results.push(await measure('GET /stock/levels?expiry=expired page', SAMPLES, page('/stock/levels?limit=50&expiry=expired')));
    results.push(
      await measure('GET /stock/levels?expiry=expiring page', SAMPLES, page('/stock/levels?limit=50&expiry=expiring&within_days=365')),
    );
    const valuation = (qs: string) => async () => {
      const { text } = await get(`/stock/valuation?${qs}`);
      const body = JSON.parse(text) as { total_products: number; totals: { currency: string; value: string }[] };
      return `${body.total_products} products, ${body.totals.length} currencies`;
    };
    const n = Math.max(5, Math.round(SAMPLES / 2));
    results.push(await measure('GET /stock/valuation today', n, valuation('limit=50')));
    results.push(await measure('GET /stock/valuation one year back', n, valuation(`startDate=${back}&endDate=${back}&limit=50`)));
    results.push(
      await measure(
        'GET /stock/valuation one year back, by batch',
        n,
        valuation(`startDate=${back}&endDate=${back}&groupByProduct=false&limit=50`),
      ),
    );
    results.push(
      await measure(
        'GET /stock/valuation 18 months back',
        n,
        valuation(`endDate=${addDays(last, -548)}&startDate=${addDays(last, -578)}&limit=50`),
      ),
    );
    results.push(
      await measure('GET /stock/valuation one warehouse, year back', n, () =>
        valuation(`endDate=${back}&startDate=${back}&warehouseId=${pick(w).id}&limit=50`)(),
      ),
    );

    // CSV of the whole stock: streamed; the server runs in this process, so its memory is sampled while it streams.
    const csv = async (url: string, name: string) => {
      if (ONLY && !name.includes(ONLY)) return;
      const rss0 = process.memoryUsage().rss;
      const cpu0 = process.cpuUsage();
      let peak = rss0;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
      const start = performance.now();
      const res = await fetch(`${base}${url}`, { headers });
      let bytes = 0;
      let lines = 0;
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        for (const b of value) if (b === 10) lines++;
      }
      clearInterval(timer);
      const ms = performance.now() - start;
      // CPU time of this process (server and client) while streaming: what the export costs whatever the machine's load.
      const cpu = process.cpuUsage(cpu0);
      const cpuS = ((cpu.user + cpu.system) / 1e6).toFixed(1);
      const note = `${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB, Node CPU ${cpuS} s, server+client RSS ${(rss0 / 1e6).toFixed(0)} → peak ${(peak / 1e6).toFixed(0)} MB, load ${load1()}`;
      const target = TARGETS_MS[name];
      console.log(
        `  ${name.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(8)} s    (${note})${target ? (ms < target ? `  ✓ < ${target / 1000} s` : `  ✗ target ${target / 1000} s`) : ''}`,
      );
      results.push({ name, note, load: load1(), ...summarize([ms]) });
    };
    await csv('/stock/levels/export', 'GET /stock/levels/export (whole stock)');
    await csv(`/stock/valuation/export?groupByProduct=false&showZeroPrices=true`, 'GET /stock/valuation/export (today, by batch)');

    console.log(`Calibration: a 100 000-row join took ${await calibrate()} ms (load ${load1()})`);
    const check = await ledgerMatchesBalances(db);
    console.log(
      `Invariants: ${check.ok ? 'OK' : 'FAILED'} — ledger = balances (${check.mismatches.length} off), derived totals off ${check.derivedTotalsOff}, months off ${check.derivedMonthsOff}, closings off ${check.derivedClosingsOff}`,
    );
    if (!check.ok) exitCode = 1;
    const out = path.join(__dirname, 'results', `reports-${target.kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      JSON.stringify({ machine, engine: target.kind, one_year_back: back, results: results.filter(Boolean), invariants: check }, null, 2),
    );
    console.log(`Results: ${path.relative(process.cwd(), out)}`);
  } finally {
    await app.close();
    await db.close();
  }
  process.exit(exitCode);
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
