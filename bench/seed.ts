/**
 * Fills the benchmark database: 100 000 products, 20 warehouses, 1 000 000 movements and the balances they add up to.
 *
 *   npm run bench:seed                                   # PGlite (bench/results/pglite-db)
 *   DATABASE_URL=postgres://… npm run bench:seed         # PostgreSQL, schema "bench"
 *   npm run bench:seed -- --movements 200000 --products 20000
 *
 * Everything is set-based (INSERT … SELECT generate_series), never row by row. The ledger is built from "lots": each lot
 * is a load (C) of a product into a warehouse, an unload (S) of 30 % of it and, for every other lot, a transfer (T) of
 * 20 % to the next warehouse — 2.5 movements per lot, dated after their load — so no balance ever goes negative in ledger
 * order. The balances are then computed from the ledger with one INSERT … SELECT … GROUP BY, exactly as the ledger would
 * have kept them; `npm run bench` checks that again at the end.
 */
import { hashPassword } from '../server/src/auth/password';
import type { Db } from '../server/src/db';
import { benchTarget, numberArg } from './target';

export const BENCH_USER = { username: 'bench', password: 'bench-password-1' };

const PRODUCTS = numberArg('products', 100_000);
const WAREHOUSES = numberArg('warehouses', 20);
const MOVEMENTS = numberArg('movements', 1_000_000);
const LOTS = Math.round(MOVEMENTS / 2.5);
const CHUNK = 50_000;

const FAMILIES = [
  'Ferramenta',
  'Elettrico',
  'Idraulica',
  'Vernici',
  'Utensili',
  'Alimentari',
  'Chimica',
  'Imballaggi',
  'Tessile',
  'Ricambi',
];

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const out = await fn();
  console.log(`  ${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(1).padStart(7)} s`);
  return out;
}

async function seedRegistry(db: Db): Promise<{ userId: number; p0: number; w0: number }> {
  const { rows: users } = await db.query<{ id: number }>(
    `INSERT INTO users (username, name, role, password_hash) VALUES ($1, 'Benchmark', 'admin', $2) RETURNING id`,
    [BENCH_USER.username, await hashPassword(BENCH_USER.password)],
  );
  await db.query(
    `INSERT INTO warehouses (name, description)
     SELECT 'Magazzino ' || lpad(n::text, 2, '0'), 'Deposito numero ' || n FROM generate_series(1, $1::int) n`,
    [WAREHOUSES],
  );
  // Every 5th product has batches; every 10th also manages expiry, every 20th production date too.
  await db.query(
    `INSERT INTO products (code, name, description, category, unit_of_measure, has_batch, has_expiry_date, has_production_date)
     SELECT 'P' || lpad(n::text, 6, '0'), 'Articolo ' || n, 'Descrizione articolo ' || n || ' ' || md5(n::text),
            ($2::text[])[1 + n % array_length($2::text[], 1)], (ARRAY['piece', 'kg', 'm', 'l'])[1 + n % 4],
            n % 5 = 0, n % 10 = 0, n % 20 = 0
       FROM generate_series(1, $1::int) n`,
    [PRODUCTS, FAMILIES],
  );
  const { rows } = await db.query<{ p0: number; w0: number; pn: number; wn: number }>(
    `SELECT (SELECT min(id) FROM products) AS p0, (SELECT min(id) FROM warehouses) AS w0,
            (SELECT max(id) - min(id) + 1 FROM products) AS pn, (SELECT max(id) - min(id) + 1 FROM warehouses) AS wn`,
  );
  const r = rows[0];
  if (r.pn !== PRODUCTS || r.wn !== WAREHOUSES) throw new Error('ids are not contiguous: seed an empty database');
  return { userId: users[0].id, p0: r.p0, w0: r.w0 };
}

/**
 * The lots [lo, hi): product, warehouse, batch, dates and quantity are pure functions of the lot number, so a batch's
 * dates are the same in every lot that names it (the ledger refuses anything else).
 */
const LOTS_SQL = `
  SELECT i,
         $3::bigint + (i * 7919) % $5 AS product_id,
         $4::bigint + (i * 13 + i / 97) % $6 AS warehouse_id,
         $4::bigint + ((i * 13 + i / 97) % $6 + 1) % $6 AS destination_id,
         (i * 7919) % $5 + 1 AS pn,
         (10 + (i * 37) % 990)::numeric + ((i % 100)::numeric / 100) AS quantity,
         date '2023-01-01' + (i % 700)::int AS load_date
    FROM generate_series($1::bigint, $2::bigint - 1) AS i`;

const LOT_COLUMNS = `
  l.product_id, l.warehouse_id, l.destination_id, l.quantity, l.load_date, l.i,
  CASE WHEN l.pn % 5 = 0 THEN 'L' || lpad((l.i % 7)::text, 2, '0') ELSE '' END AS batch_number,
  CASE WHEN l.pn % 10 = 0 THEN date '2026-01-01' + ((l.pn * 31 + (l.i % 7) * 17) % 900)::int END AS expiry_date,
  CASE WHEN l.pn % 20 = 0 THEN date '2024-01-01' + ((l.pn * 31 + (l.i % 7) * 17) % 300)::int END AS production_date`;

async function seedLots(db: Db, userId: number, p0: number, w0: number, lo: number, hi: number): Promise<void> {
  const params = [lo, hi, p0, w0, PRODUCTS, WAREHOUSES, userId];
  const lots = `(SELECT ${LOT_COLUMNS} FROM (${LOTS_SQL}) l) x`;
  // Loads: half of them goods receipts (PO) with a document, half manual.
  await db.query(
    `INSERT INTO stock_movements (movement_type, source_type, source_document_type, source_document_id, source_document_number,
       product_id, warehouse_id, batch_number, production_date, expiry_date, quantity, movement_date, created_by)
     SELECT 'C', CASE WHEN i % 2 = 0 THEN 'PO' ELSE 'MAN' END, CASE WHEN i % 2 = 0 THEN 'PO' ELSE 'MAN' END,
            CASE WHEN i % 2 = 0 THEN i END, CASE WHEN i % 2 = 0 THEN 'DDT-' || i END,
            product_id, warehouse_id, batch_number, production_date, expiry_date, quantity, load_date, $7
       FROM ${lots}`,
    params,
  );
  // Unloads of 30 %: a third are sales (SO).
  await db.query(
    `INSERT INTO stock_movements (movement_type, source_type, source_document_type, source_document_id, source_document_number,
       product_id, warehouse_id, batch_number, production_date, expiry_date, quantity, movement_date, created_by)
     SELECT 'S', CASE WHEN i % 3 = 0 THEN 'SO' ELSE 'MAN' END, CASE WHEN i % 3 = 0 THEN 'SO' ELSE 'MAN' END,
            CASE WHEN i % 3 = 0 THEN i END, CASE WHEN i % 3 = 0 THEN 'V-' || i END,
            product_id, warehouse_id, batch_number, production_date, expiry_date, round(quantity * 0.3, 2),
            load_date + 1 + (i % 20)::int, $7
       FROM ${lots}`,
    params,
  );
  // Transfers of 20 % to the next warehouse, every other lot.
  await db.query(
    `INSERT INTO stock_movements (movement_type, source_type, source_document_type, product_id, warehouse_id,
       destination_warehouse_id, batch_number, production_date, expiry_date, quantity, movement_date, created_by)
     SELECT 'T', 'MAN', 'MAN', product_id, warehouse_id, destination_id, batch_number, production_date, expiry_date,
            round(quantity * 0.2, 2), load_date + 2 + (i % 15)::int, $7
       FROM ${lots} WHERE i % 2 = 0`,
    params,
  );
}

async function seedBalances(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO stock_balances (product_id, warehouse_id, batch_number, quantity, production_date, expiry_date)
     SELECT product_id, warehouse_id, batch_number, sum(q), min(production_date), min(expiry_date)
       FROM (SELECT product_id, warehouse_id, batch_number, CASE movement_type WHEN 'C' THEN quantity ELSE -quantity END AS q,
                    production_date, expiry_date
               FROM stock_movements
             UNION ALL
             SELECT product_id, destination_warehouse_id, batch_number, quantity, production_date, expiry_date
               FROM stock_movements WHERE movement_type = 'T') e
      GROUP BY product_id, warehouse_id, batch_number`,
  );
}

async function main(): Promise<void> {
  const target = benchTarget();
  console.log(`Seeding ${target.label}: ${PRODUCTS} products, ${WAREHOUSES} warehouses, ${LOTS * 2.5} movements (${LOTS} lots)`);
  const started = performance.now();
  await timed('reset', () => target.reset());
  const db = await timed('open + migrate', () => target.open());
  try {
    const { userId, p0, w0 } = await timed('user, warehouses, products', () => seedRegistry(db));
    for (let lo = 0; lo < LOTS; lo += CHUNK) {
      const hi = Math.min(LOTS, lo + CHUNK);
      await timed(`movements of lots ${lo}–${hi - 1}`, () => seedLots(db, userId, p0, w0, lo, hi));
    }
    await timed('balances from the ledger (GROUP BY)', () => seedBalances(db));
    await timed('VACUUM ANALYZE', () => db.exec('VACUUM ANALYZE'));
    const { rows } = await db.query<{ m: number; b: number; z: number }>(
      `SELECT (SELECT count(*) FROM stock_movements)::int AS m, (SELECT count(*) FROM stock_balances)::int AS b,
              (SELECT count(*) FROM stock_balances WHERE quantity > 0)::int AS z`,
    );
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows[0].m} movements, ${rows[0].b} balances (${rows[0].z} above zero)`,
    );
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
