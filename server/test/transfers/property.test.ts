/**
 * Invariant (issue 26): for every product and batch, Σ warehouses + Σ in transit changes only by receipts (loads), sales
 * and write-offs — never by a transfer. Random but reproducible sequences (seeded) of loads, sales, transfers shipped,
 * received in full or short (returned / damaged / lost), one-step transfers, reversals and cancellations; after every step
 * the stored totals equal the running sum of loads − sales − write-offs, nothing is negative, and the ledger matches the
 * balances. 3 seeds × 10 steps = 30 steps, bounded for CI.
 */
import { compareDecimals, subtractDecimals, sumDecimals } from '@wms/shared-api';
import { ledgerMatchesBalances, postMovementTx } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { act, makeProduct, makeWarehouse, totalOf } from './kit';

jest.setTimeout(180_000);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
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

const SEEDS = [7, 26, 2026];
const STEPS = 10;
const DAY = '2026-11-25';

it.each(SEEDS)('seed %i: transfers never change Σ warehouses + transit', async (seed) => {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  // Exact quantities from whole thousandths (never float arithmetic): '0.001' … '8.000'.
  const text = (milli: number) => `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`;
  const qty = () => text(1 + Math.floor(rand() * 8000));
  const { headers, user } = await t.signIn('warehouse');
  const actor = { id: user.id };
  const warehouses = [await makeWarehouse(t.db), await makeWarehouse(t.db), await makeWarehouse(t.db)];
  const goods = [
    { product: await makeProduct(t.db), batch: '' },
    { product: await makeProduct(t.db, { hasBatch: true }), batch: 'A' },
  ];
  const expected = new Map<number, string>(goods.map((g) => [g.product.id, '0']));
  const inTransit: { id: number; lines: { id: number; quantity: string; productId: number }[] }[] = [];
  const drafts: number[] = [];
  const batchOf = (productId: number) => goods.find((g) => g.product.id === productId)!.batch;

  for (const g of goods) {
    for (const w of warehouses) {
      const quantity = qty();
      await postMovementTx(
        t.db,
        { movementType: 'C', productId: g.product.id, warehouseId: w.id, batchNumber: g.batch || null, quantity, movementDate: DAY },
        actor,
      );
      expected.set(g.product.id, sumDecimals([expected.get(g.product.id)!, quantity]));
    }
  }

  for (let step = 0; step < STEPS; step++) {
    const where = `seed ${seed} step ${step}`;
    const r = rand();
    if (r < 0.15) {
      // A sale (an unload) of whatever the ledger allows: refused ones change nothing.
      const g = pick(goods);
      const quantity = qty();
      try {
        await postMovementTx(
          t.db,
          {
            movementType: 'S',
            productId: g.product.id,
            warehouseId: pick(warehouses).id,
            batchNumber: g.batch || null,
            quantity,
            movementDate: DAY,
          },
          actor,
        );
        expected.set(g.product.id, subtractDecimals(expected.get(g.product.id)!, quantity));
      } catch {
        /* a shortage: nothing moved */
      }
    } else if (r < 0.55 || inTransit.length === 0) {
      const from = pick(warehouses);
      const to = pick(warehouses.filter((w) => w !== from));
      const chosen = rand() < 0.5 ? goods : [pick(goods)];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        headers,
        payload: {
          from_warehouse_id: from.id,
          to_warehouse_id: to.id,
          transfer_date: DAY,
          lines: chosen.map((g) => ({ product_id: g.product.id, batch_number: g.batch || null, quantity: qty() })),
        },
      });
      expect(res.statusCode).toBe(201);
      const created = res.json() as { id: number; lines: { id: number; quantity: string; product_id: number }[] };
      const mode = rand();
      if (mode < 0.15) {
        drafts.push(created.id);
        continue;
      }
      const shipped = await act(t, headers, created.id, 'ship', { receive: mode < 0.35 });
      expect([200, 409]).toContain(shipped.statusCode);
      if (shipped.statusCode === 200 && mode >= 0.35) {
        inTransit.push({ id: created.id, lines: created.lines.map((l) => ({ id: l.id, quantity: l.quantity, productId: l.product_id })) });
      }
    } else if (r < 0.85) {
      const tr = inTransit.splice(Math.floor(rand() * inTransit.length), 1)[0];
      const lines = tr.lines.map((l) => {
        const full = rand() < 0.5;
        const shippedMilli = Number(l.quantity.replace('.', ''));
        const quantity = full ? l.quantity : text(Math.floor(rand() * shippedMilli));
        const reason = full ? null : pick(['returned', 'damaged', 'lost'] as const);
        return { line: l, quantity, reason };
      });
      const res = await act(t, headers, tr.id, 'receive', {
        lines: lines.map((x) => ({ line_id: x.line.id, quantity: x.quantity, reason: x.reason })),
      });
      expect(res.statusCode).toBe(200);
      for (const x of lines) {
        if (x.reason === 'damaged' || x.reason === 'lost') {
          const off = subtractDecimals(x.line.quantity, x.quantity);
          expected.set(x.line.productId, subtractDecimals(expected.get(x.line.productId)!, off));
        }
      }
    } else if (rand() < 0.7) {
      const tr = inTransit.splice(Math.floor(rand() * inTransit.length), 1)[0];
      expect((await act(t, headers, tr.id, 'reverse')).statusCode).toBe(200);
    } else if (drafts.length > 0) {
      expect((await act(t, headers, drafts.pop()!, 'cancel')).statusCode).toBe(200);
    }

    for (const g of goods) {
      const total = await totalOf(t, g.product.id, batchOf(g.product.id));
      expect({ where, product: g.product.id, total: compareDecimals(total, expected.get(g.product.id)!) }).toEqual({
        where,
        product: g.product.id,
        total: 0,
      });
    }
    const check = await ledgerMatchesBalances(t.db);
    expect({ where, mismatches: check.mismatches, negative: check.negativeBalances }).toEqual({ where, mismatches: [], negative: 0 });
  }
  // The run did move goods through transit (not only refusals).
  const legs = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stock_movements WHERE source_type = 'TR'`);
  expect(legs.rows[0].n).toBeGreaterThan(0);
});
