/**
 * Barcode lookup benchmark (issue 27): GET /api/barcodes/{code} at 100 000 products, each with an EAN-13 (its GTIN,
 * mirrored into product_barcodes by migration 020's trigger) and one extra supplier code, against the real server over
 * HTTP. Measures, one call at a time after a warm-up, round-robin over the kinds, each kind of scan a clerk makes: the EAN-13 itself, a GS1-128 label
 * with (01) GTIN-14 + batch + expiry (ASCII 29 separators, URL-encoded), our receipt label's (240) product code, a
 * supplier's extra code, the product code typed, and an unknown code (404). Target: p99 < 20 ms per kind.
 *
 *   npm run bench:barcodes                                                  # PGlite (bench/results/pglite-barcodes)
 *   DATABASE_URL=postgres://wms:wms@127.0.0.1:5432/wms npm run bench:barcodes   # PostgreSQL, schema "bench_barcodes"
 *   npm run bench:barcodes -- --products 100000 --samples 300
 *
 * Prints a table and the plan of the lookup statement; writes bench/results/barcodes-<time>.json; exit 1 when a lookup
 * answers wrong (another product, a 5xx).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { gs1RawText, labelElements, withCheckDigit } from '@wms/shared-api';
import { serveAndSignIn } from './serve';
import { hashPassword } from '../server/src/auth/password';
import { openDb, type Db } from '../server/src/db';
import { summarize, type Summary } from './stats';
import { numberArg } from './target';

const PRODUCTS = numberArg('products', 100_000);
const SAMPLES = numberArg('samples', 300);
const WARM_UP = 30;
const SCHEMA = 'bench_barcodes';
const PGLITE_DIR = path.resolve(__dirname, 'results/pglite-barcodes');
const USER = { username: 'bench_scan', password: 'bench-password-1' };
const CHUNK = 10_000;

const code = (n: number) => `BC${String(n).padStart(6, '0')}`;
const ean13 = (n: number) => withCheckDigit(`20${String(n).padStart(10, '0')}`);

async function open(): Promise<{ db: Db; label: string }> {
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const pool = new Pool({ connectionString: url, max: 1 });
    try {
      await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
      await pool.query(`CREATE SCHEMA ${SCHEMA}`);
    } finally {
      await pool.end();
    }
    return { db: await openDb({ databaseUrl: url, schema: SCHEMA }), label: `PostgreSQL, schema ${SCHEMA}` };
  }
  fs.rmSync(PGLITE_DIR, { recursive: true, force: true });
  return { db: await openDb({ dataDir: PGLITE_DIR }), label: `PGlite (${path.relative(process.cwd(), PGLITE_DIR)})` };
}

async function seed(db: Db): Promise<void> {
  await db.query(`INSERT INTO users (username, name, role, password_hash) VALUES ($1, 'Bench scan', 'sales', $2)`, [
    USER.username,
    await hashPassword(USER.password),
  ]);
  for (let from = 1; from <= PRODUCTS; from += CHUNK) {
    const ns = Array.from({ length: Math.min(CHUNK, PRODUCTS - from + 1) }, (_, i) => from + i);
    await db.query(
      `INSERT INTO products (code, description, category, unit_of_measure, barcode, has_batch, has_expiry_date)
       SELECT c, 'Articolo ' || c, 'Famiglia ' || (n % 40), 'kg', b, true, true
         FROM unnest($1::int[], $2::text[], $3::text[]) AS t(n, c, b)`,
      [ns, ns.map(code), ns.map(ean13)],
    );
  }
  await db.query(`INSERT INTO product_barcodes (product_id, code) SELECT id, 'SUP-' || code FROM products WHERE code LIKE 'BC%'`);
  await db.query('ANALYZE products');
  await db.query('ANALYZE product_barcodes');
}

async function main(): Promise<void> {
  const { db, label } = await open();
  const t0 = performance.now();
  await seed(db);
  const seedSeconds = (performance.now() - t0) / 1000;
  const counts = (
    await db.query<{ products: number; barcodes: number }>(
      'SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM product_barcodes) AS barcodes',
    )
  ).rows[0];
  const plan = (
    await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT product_id FROM product_barcodes WHERE barcode_key(code) = barcode_key($1) AND live`,
      [ean13(4242)],
    )
  ).rows.map((r) => r['QUERY PLAN']);

  const { app, base, token } = await serveAndSignIn(db, USER);
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'it' };

  const pick = () => 1 + Math.floor(Math.random() * PRODUCTS);
  const kinds: Record<string, (n: number) => { text: string; expect: string | null }> = {
    'EAN-13': (n) => ({ text: ean13(n), expect: code(n) }),
    'GS1-128 (01)+(17)+(10)': (n) => ({
      text: gs1RawText([
        { ai: '01', value: `0${ean13(n)}` },
        { ai: '17', value: '270331' },
        { ai: '10', value: `L${n}` },
      ]),
      expect: code(n),
    }),
    'receipt label (240)': (n) => ({
      text: gs1RawText(
        labelElements({
          productCode: code(n),
          batch: `L${n}`,
          productionDate: null,
          expiryDate: '2027-03-31',
          quantity: '12.5',
          unit: 'kg',
        }),
      ),
      expect: code(n),
    }),
    'extra barcode': (n) => ({ text: `SUP-${code(n)}`, expect: code(n) }),
    'product code': (n) => ({ text: code(n).toLowerCase(), expect: code(n) }),
    'unknown (404)': (n) => ({ text: `NONE-${n}`, expect: null }),
  };
  const wrong: string[] = [];
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  const load1 = os.loadavg()[0];
  // Round-robin over the kinds, so a burst of load on the shared machine falls on all of them alike; a warm-up round
  // of every kind first (caches, the first plans).
  for (let i = 0; i < SAMPLES + WARM_UP; i++) {
    for (const [kind, make] of Object.entries(kinds)) {
      const { text, expect } = make(pick());
      const started = performance.now();
      const res = await fetch(`${base}/barcodes/${encodeURIComponent(text)}`, { headers });
      const body = (await res.json()) as { product?: { code: string } };
      const ms = performance.now() - started;
      if (i >= WARM_UP) times[kind].push(ms);
      const ok = expect === null ? res.status === 404 : res.status === 200 && body.product?.code === expect;
      if (!ok && wrong.length < 10) wrong.push(`${kind} ${JSON.stringify(text)}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`);
    }
  }
  const results: Record<string, Summary> = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summarize(v)]));
  await app.close();
  await db.close();

  const out = {
    at: new Date().toISOString(),
    database: label,
    products: counts.products,
    barcodes: counts.barcodes,
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    samplesPerKind: SAMPLES,
    loadAverage: { start: Math.round(load1 * 100) / 100, end: Math.round(os.loadavg()[0] * 100) / 100 },
    plan,
    results,
    wrong,
  };
  console.log(`Barcode lookup — ${label}: ${counts.products} products, ${counts.barcodes} barcode rows (seeded in ${out.seedSeconds} s)`);
  console.log(`load average ${out.loadAverage.start} → ${out.loadAverage.end}; ${SAMPLES} calls per kind, one at a time`);
  console.log('| scan | p50 ms | p99 ms | max ms | p99 < 20 ms |');
  console.log('|---|---|---|---|---|');
  for (const [kind, s] of Object.entries(results)) console.log(`| ${kind} | ${s.p50} | ${s.p99} | ${s.max} | ${s.p99 < 20 ? '✓' : '✗'} |`);
  console.log('plan of the barcode probe:\n  ' + plan.join('\n  '));
  if (wrong.length) console.log('WRONG ANSWERS:\n' + wrong.join('\n'));
  fs.mkdirSync(path.resolve(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.resolve(__dirname, `results/barcodes-${out.at.replace(/[:.]/g, '-')}.json`), JSON.stringify(out, null, 2));
  process.exitCode = wrong.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
