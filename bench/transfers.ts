/**
 * Transfers benchmark (issue 26): 16 concurrent clients each loop create → ship → receive of a transfer (1 to 3 lines, random
 * warehouses, each call with its own Idempotency-Key) against the real server on PostgreSQL, for a fixed time; then, in the
 * same run, `pgbench -N -c 16` on the same PostgreSQL — the database's own write limit at this moment. The figure is the
 * ratio: completed transfers/s (ship + receive) ÷ pgbench TPS.
 *
 *   DATABASE_URL=postgres://wms:wms@127.0.0.1:5432/wms npm run bench:transfers
 *   … -- --concurrency 16 --seconds 15 --products 200
 *
 * Uses schemas "bench_transfers" (app) and "bench_pgbench" (pgbench tables), dropped and recreated each run. Stock is loaded
 * through the ledger. Prints a table and writes bench/results/transfers-<time>.json; exit 1 if Σ ledger ≠ balances, goods
 * are left in transit, or any answer was a 5xx.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveAndSignIn } from './serve';
import { hashPassword } from '../server/src/auth/password';
import { openDb } from '../server/src/db';
import { ledgerMatchesBalances, postMovement } from '../server/src/stock/ledger';
import { pgbench, resetSchema } from './pgbench';
import { summarize } from './stats';
import { numberArg } from './target';

const CONCURRENCY = numberArg('concurrency', 16);
const SECONDS = numberArg('seconds', 15);
const PRODUCTS = numberArg('products', 200);
const WAREHOUSES = 4;
const APP_SCHEMA = 'bench_transfers';
const PGBENCH_SCHEMA = 'bench_pgbench';
const USER = { username: 'bench_transfers', password: 'bench-password-1' };

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required: the ratio is against pgbench on the same server');
  await resetSchema(url, APP_SCHEMA);
  const db = await openDb({ databaseUrl: url, schema: APP_SCHEMA });

  // Registry rows straight in SQL (set-based); stock through the ledger (the one door), one load per product and warehouse.
  await db.query(`INSERT INTO users (username, name, role, password_hash) VALUES ($1, 'Bench transfers', 'warehouse', $2)`, [
    USER.username,
    await hashPassword(USER.password),
  ]);
  await db.query(`INSERT INTO warehouses (name) SELECT 'Sede ' || n FROM generate_series(1, $1::int) n`, [WAREHOUSES]);
  await db.query(
    `INSERT INTO products (code, description, category, unit_of_measure, has_batch, has_expiry_date)
     SELECT 'T' || lpad(n::text, 5, '0'), 'Articolo ' || n, 'Famiglia', 'piece', n % 2 = 0, n % 2 = 0 FROM generate_series(1, $1::int) n`,
    [PRODUCTS],
  );
  const products = (await db.query<{ id: number; has_batch: boolean }>('SELECT id, has_batch FROM products ORDER BY id')).rows;
  const warehouses = (await db.query<{ id: number }>('SELECT id FROM warehouses ORDER BY id')).rows.map((r) => r.id);
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
  const call = async (pathName: string, body: unknown) => {
    const res = await fetch(`${base}${pathName}`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { id?: number } };
  };

  const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];
  const statuses: Record<string, number> = {};
  const count = (step: string, status: number) => (statuses[`${step} ${status}`] = (statuses[`${step} ${status}`] ?? 0) + 1);
  const latencies: number[] = [];
  let completed = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const load1 = os.loadavg()[0];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const from = pick(warehouses);
        const to = pick(warehouses.filter((w) => w !== from));
        const chosen = [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => pick(products)))];
        const t0 = performance.now();
        const created = await call('/transfers', {
          from_warehouse_id: from,
          to_warehouse_id: to,
          transfer_date: '2026-11-25',
          lines: chosen.map((p) => ({
            product_id: p.id,
            batch_number: p.has_batch ? 'L1' : null,
            quantity: String(1 + Math.floor(Math.random() * 5)),
          })),
          carrier: 'Bench',
          packages: chosen.length,
        });
        count('create', created.status);
        if (created.status !== 201) continue;
        const shipped = await call(`/transfers/${created.json.id}/ship`, {});
        count('ship', shipped.status);
        if (shipped.status !== 200) continue;
        const received = await call(`/transfers/${created.json.id}/receive`, {});
        count('receive', received.status);
        if (received.status !== 200) continue;
        latencies.push(performance.now() - t0);
        completed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await app.close();
  const invariants = await ledgerMatchesBalances(db);
  const inTransit = (
    await db.query<{ n: string }>(
      `SELECT coalesce(sum(b.quantity), 0)::text AS n FROM stock_balances b JOIN warehouses w ON w.id = b.warehouse_id WHERE w.is_transit`,
    )
  ).rows[0].n;
  const received = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transfers WHERE status = 'received'`)).rows[0].n;
  await db.close();

  await resetSchema(url, PGBENCH_SCHEMA);
  const load2 = os.loadavg()[0];
  const pg = pgbench(url, CONCURRENCY, SECONDS, PGBENCH_SCHEMA);
  await resetSchema(url, PGBENCH_SCHEMA);

  const perSecond = completed / elapsed;
  const lat = summarize(latencies);
  const result = {
    when: new Date().toISOString(),
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    products: PRODUCTS,
    statuses,
    transfers_received: received,
    transfers_per_second: Math.round(perSecond * 10) / 10,
    create_ship_receive_ms: lat,
    pgbench_tps: pg.tps,
    ratio: Math.round((perSecond / pg.tps) * 1000) / 1000,
    load_average: { during_transfers: load1, before_pgbench: load2 },
    in_transit_left: inTransit,
    invariants_ok: invariants.ok,
  };
  console.log(
    `create + ship + receive, ${CONCURRENCY} clients, ${SECONDS} s: ${completed} transfers (${JSON.stringify(statuses)}), ${result.transfers_per_second} transfers/s, p50 ${lat.p50.toFixed(1)} / p99 ${lat.p99.toFixed(1)} ms (the three calls)`,
  );
  console.log(`pgbench -N -c ${CONCURRENCY} -j 2 -T ${SECONDS} (same run, same server): ${pg.tps.toFixed(1)} TPS`);
  console.log(`ratio transfers/s ÷ pgbench TPS = ${result.ratio}   (load average ${load1.toFixed(1)} / ${load2.toFixed(1)})`);
  console.log(
    `Σ ledger = balances: ${invariants.ok ? 'yes' : 'NO'}; left in transit: ${inTransit}; received rows ${received} = completed ${completed}: ${received === completed ? 'yes' : 'NO'}`,
  );
  const dir = path.resolve(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `transfers-${Date.now()}.json`), JSON.stringify(result, null, 2));
  const fivexx = Object.keys(statuses).some((s) => Number(s.split(' ')[1]) >= 500);
  if (!invariants.ok || fivexx || Number(inTransit) !== 0 || received !== completed) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
