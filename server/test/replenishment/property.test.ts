/**
 * Property (issue 28): whatever sequence of sales, goods receipts and replenishment runs (alone or two at once), no
 * (product, warehouse) ever holds available + on order above its maximum — a double order would — and every run leaves
 * nothing below minimum that it could have ordered. Seeded and bounded (3 seeds × 24 steps); a failure names seed and step.
 */
import { compareDecimals, sumDecimals, type ReplenishmentLine } from '@wms/shared-api';
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { limitStateSql } from '../../src/replenishment/sql';
import { makeSupplier, makeWarehouse, setLimit, supplierProduct, unload } from './kit';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp({ config: { receiptOverTolerancePercent: 0 } });
  ({ headers } = await t.signIn('admin'));
});
afterAll(async () => {
  await t.close();
});

/** mulberry32: a tiny seeded PRNG. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS = [7, 28, 2026];
const STEPS = 24;

it.each(SEEDS)('seed %i: available + on order never above max', async (seed) => {
  const rand = rng(seed);
  const s = await makeSupplier(t.db);
  const w = await makeWarehouse(t.db);
  const products = [await supplierProduct(t.db, s, '2'), await supplierProduct(t.db, s, '3')];
  for (const p of products) await setLimit(t.db, p.id, w.id, '5', '20');
  const ids = products.map((p) => p.id);

  const run = async (key: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/replenishment?warehouse_id=${w.id}`, headers });
    const lines = (res.json() as ReplenishmentLine[]).filter((l) => ids.includes(l.product_id));
    if (!lines.length) return;
    await t.app.inject({
      method: 'POST',
      url: '/api/replenishment/orders',
      headers: { ...headers, 'idempotency-key': key },
      payload: { lines: lines.map((l) => ({ product_id: l.product_id, warehouse_id: l.warehouse_id, quantity: l.suggested_quantity })) },
    });
  };

  for (let step = 0; step < STEPS; step++) {
    const where = `seed ${seed} step ${step}`;
    const action = rand();
    if (action < 0.35) {
      // Two buyers run the proposal at once (or one, twice in a row).
      await Promise.all([run(`${seed}-${step}-a`), run(`${seed}-${step}-b`)]);
    } else if (action < 0.7) {
      // Receive part of an open replenishment line.
      const { rows } = await t.db.query<{ id: number; order_id: number; open: string }>(
        `SELECT i.id, i.order_id, (i.quantity - i.received_quantity)::text AS open FROM purchase_order_items i
           JOIN replenishment_order_lines r ON r.order_item_id = i.id
          WHERE r.warehouse_id = $1 AND i.received_quantity < i.quantity AND NOT i.completed ORDER BY i.id`,
        [w.id],
      );
      if (rows.length) {
        const line = rows[Math.floor(rand() * rows.length)];
        const qty = Math.max(1, Math.floor(rand() * Number.parseInt(line.open, 10)));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/goods-receipts/receive',
          headers,
          payload: {
            document_number: `DDT-${where}`,
            document_date: '01/03/2025',
            order_id: line.order_id,
            items: [{ order_item_id: line.id, quantity: String(qty), warehouse_id: w.id }],
          },
        });
        expect([where, res.statusCode]).toEqual([where, 201]);
      }
    } else {
      // Sell some of what is there.
      const p = ids[Math.floor(rand() * ids.length)];
      const { rows } = await t.db.query<{ q: string }>(
        `SELECT coalesce(sum(quantity), 0)::int::text AS q FROM stock_balances WHERE product_id = $1 AND warehouse_id = $2`,
        [p, w.id],
      );
      const have = Number.parseInt(rows[0].q, 10);
      if (have > 0) await unload(t.db, p, w.id, String(1 + Math.floor(rand() * have)));
    }
    const { rows: state } = await t.db.query<{ available: string; on_order: string; max_quantity: string }>(
      `SELECT available::text, on_order::text, max_quantity::text FROM (${limitStateSql('l.warehouse_id = $2')}) s`,
      ['2000-01-01', w.id],
    );
    for (const r of state) {
      expect([where, compareDecimals(sumDecimals([r.available, r.on_order]), r.max_quantity) <= 0]).toEqual([where, true]);
    }
  }
  // A last run covers whatever is below minimum.
  await run(`${seed}-final`);
  const left = (await t.app.inject({ method: 'GET', url: `/api/replenishment?warehouse_id=${w.id}`, headers })).json();
  expect(left).toEqual([]);
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});
