/**
 * Migration 024's stock_limit_levels (issue 28): "below minimum" kept by the transactions that change stock or limits.
 * A posting that crosses a minimum moves the card at once; an expired batch leaves "available" without any write; the
 * kept rows equal a recount from scratch after concurrent postings on different batches of one pair and concurrent limit
 * changes; the card equals replenishment's own count (limitStateSql). PGlite and, with DATABASE_URL, PostgreSQL — where
 * the interleavings are real (two open transactions on one pair).
 */
import { addDays, companyToday, type Dashboard } from '@wms/shared-api';
import type { Db, Queryable } from '../../src/db';
import { levelsMatchRecount } from '../../src/dashboard/levels';
import { limitStateSql } from '../../src/replenishment/sql';
import { ledgerMatchesBalances, postMovement, postMovementTx } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { load, makeOrderLine, makeSupplier, makeWarehouse, setLimit, supplierProduct, unload } from '../replenishment/kit';

const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let headers: Record<string, string>;
const today = companyToday();
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('admin'));
});
afterAll(async () => {
  await t.close();
});

async function dashboard(): Promise<Dashboard> {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function belowMinimum(): Promise<{ count: number; to_reorder: number | null } | null> {
  return (await dashboard()).cards.below_minimum;
}

/** Replenishment's own count of the same cards, from scratch (limitStateSql over stock_limits and stock_balances). */
async function recounted(q: Queryable): Promise<{ count: number; to_reorder: number }> {
  const { rows } = await q.query<{ count: number; to_reorder: number }>(
    `SELECT count(*) FILTER (WHERE s.available < s.min_quantity)::int AS count,
            count(*) FILTER (WHERE s.available + s.on_order < s.min_quantity)::int AS to_reorder
       FROM (${limitStateSql('true')}) s`,
    [today],
  );
  return rows[0];
}

async function expectExact(): Promise<void> {
  expect(await levelsMatchRecount(t.db)).toEqual([]);
  expect(await belowMinimum()).toEqual(await recounted(t.db));
}

it('a posting that crosses a minimum changes the card at once, both ways; limits set, changed and removed too', async () => {
  const s = await makeSupplier(t.db);
  const w = await makeWarehouse(t.db);
  const screws = await supplierProduct(t.db, s, '1');
  await load(t.db, screws.id, w.id, '12');
  const before = (await belowMinimum())!.count;

  await setLimit(t.db, screws.id, w.id, '10', '40'); // 12 ≥ 10
  expect((await belowMinimum())!.count).toBe(before);
  await unload(t.db, screws.id, w.id, '2.001'); // 9.999 < 10
  expect((await belowMinimum())!.count).toBe(before + 1);
  await load(t.db, screws.id, w.id, '0.001'); // 10: not below
  expect((await belowMinimum())!.count).toBe(before);
  await setLimit(t.db, screws.id, w.id, '10.5', '40');
  expect((await belowMinimum())!.count).toBe(before + 1);
  await t.db.query('DELETE FROM stock_limits WHERE product_id = $1 AND warehouse_id = $2', [screws.id, w.id]);
  expect((await belowMinimum())!.count).toBe(before);

  // A limit on a pair that never held stock: below at once (0 < min), and a first load lifts it.
  const nuts = await supplierProduct(t.db, s, '1');
  await setLimit(t.db, nuts.id, w.id, '5', '20');
  expect((await belowMinimum())!.count).toBe(before + 1);
  await load(t.db, nuts.id, w.id, '5');
  expect((await belowMinimum())!.count).toBe(before);
  // A deactivated product leaves the card as it leaves replenishment.
  await unload(t.db, nuts.id, w.id, '1');
  expect((await belowMinimum())!.count).toBe(before + 1);
  await t.db.query(`UPDATE products SET status = 'inactive' WHERE id = $1`, [nuts.id]);
  expect((await belowMinimum())!.count).toBe(before);
  await t.db.query(`UPDATE products SET status = 'active' WHERE id = $1`, [nuts.id]);
  await expectExact();

  // On order: a line typed by hand counts for every warehouse of its product — "to reorder" drops, "below" stays.
  const card = await belowMinimum();
  const line = await makeOrderLine(t.db, s, nuts.id, '0.5'); // 4 + 0.5 < 5: still to reorder
  expect(await belowMinimum()).toEqual(card);
  await t.db.query('UPDATE purchase_order_items SET quantity = 1 WHERE id = $1', [line.itemId]); // 4 + 1 = 5
  expect(await belowMinimum()).toEqual({ count: card!.count, to_reorder: card!.to_reorder! - 1 });
  await expectExact();
  // An inactive warehouse leaves the card with its limits.
  await t.db.query('UPDATE warehouses SET is_active = false WHERE id = $1', [w.id]);
  expect((await belowMinimum())!.count).toBe(card!.count - 1);
  await expectExact();
  await t.db.query('UPDATE warehouses SET is_active = true WHERE id = $1', [w.id]);
});

it('an expired batch is not available: the card counts it below minimum although the stored sum is not', async () => {
  const s = await makeSupplier(t.db);
  const w = await makeWarehouse(t.db);
  const milk = await supplierProduct(t.db, s, '1', { hasBatch: true, hasExpiry: true });
  await load(t.db, milk.id, w.id, '6', { batch: 'FRESH', expiry: addDays(today, 5) });
  await load(t.db, milk.id, w.id, '6', { batch: 'OLD', expiry: addDays(today, -1), day: addDays(today, -10) });
  const before = (await belowMinimum())!.count;
  await setLimit(t.db, milk.id, w.id, '10', '30'); // 12 held, 6 available
  expect((await belowMinimum())!.count).toBe(before + 1);
  const { rows } = await t.db.query<{ quantity: string; first_expiry: string }>(
    `SELECT quantity::text, to_char(first_expiry, 'YYYY-MM-DD') AS first_expiry FROM stock_limit_levels
      WHERE product_id = $1 AND warehouse_id = $2`,
    [milk.id, w.id],
  );
  expect(rows[0]).toEqual({ quantity: '12.000', first_expiry: addDays(today, -1) });
  // Writing the expired batch off: the earliest expiry in stock moves on; 6 available still.
  await unload(t.db, milk.id, w.id, '6', 'OLD');
  expect((await belowMinimum())!.count).toBe(before + 1);
  await load(t.db, milk.id, w.id, '4', { batch: 'FRESH', expiry: addDays(today, 5) }); // 10 available
  expect((await belowMinimum())!.count).toBe(before);
  await expectExact();

  // The expired batches' value follows a write-off of an expired batch (its own version).
  const value = async () => (await dashboard()).cards.expired_batches;
  await load(t.db, milk.id, w.id, '2', { batch: 'OLD', expiry: addDays(today, -1), day: addDays(today, -10) });
  const v1 = await value();
  await unload(t.db, milk.id, w.id, '1', 'OLD');
  const v2 = await value();
  expect(v2!.count).toBe(v1!.count);
  const eur = (v: typeof v1) => Number(v!.values!.find((x) => x.currency === 'EUR')!.value);
  expect(eur(v1) - eur(v2)).toBeCloseTo(1, 10); // 1 × price 1
});

it('kept levels equal a recount after concurrent postings on different batches of the same pairs and limit changes', async () => {
  const s = await makeSupplier(t.db);
  const w1 = await makeWarehouse(t.db);
  const w2 = await makeWarehouse(t.db);
  const products = [
    await supplierProduct(t.db, s, '1', { hasBatch: true, hasExpiry: true }),
    await supplierProduct(t.db, s, '1', { hasBatch: true, hasExpiry: true }),
  ];
  const warehouses = [w1, w2];
  const batches = ['A', 'B', 'C', 'D'];
  const expiry = (b: string) => addDays(today, b === 'D' ? -2 : 3 + batches.indexOf(b));
  for (const p of products) {
    for (const w of warehouses) {
      await setLimit(t.db, p.id, w.id, '20', '60');
      for (const b of batches) await load(t.db, p.id, w.id, '5', { batch: b, expiry: expiry(b) });
    }
  }
  let seed = 28;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const ops = Array.from({ length: 48 }, (_, i) => async () => {
    const p = products[random(2)];
    const w = warehouses[random(2)];
    const b = batches[random(4)];
    if (i % 12 === 11) {
      await setLimit(t.db, p.id, w.id, String(15 + random(10)), '60');
      return;
    }
    const quantity = `${1 + random(3)}.${random(1000)}`;
    await postMovementTx(
      t.db,
      {
        movementType: random(2) === 0 ? 'C' : 'S',
        productId: p.id,
        warehouseId: w.id,
        batchNumber: b,
        expiryDate: expiry(b),
        quantity,
        movementDate: today,
      },
      { id: null },
    ).catch((err: { statusCode?: number }) => {
      if (err.statusCode !== 409) throw err; // not enough in that batch: refused, nothing written
    });
  });
  await Promise.all(ops.map((op) => op()));
  await expectExact();
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});

/** Runs `first` in a transaction that stays open until `second` has started and is waiting, then lets it commit. */
async function interleaved(db: Db, first: (q: Queryable) => Promise<void>, second: () => Promise<void>): Promise<void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const inside = new Promise<void>((r) => (started = r));
  const one = db.tx(async (q) => {
    await first(q);
    started();
    await held;
  });
  await inside;
  const two = second();
  await new Promise((r) => setTimeout(r, 300)); // the second transaction reaches the lock the first holds
  release();
  await Promise.all([one, two]);
}

(onPostgres ? it : it.skip)('PostgreSQL: two open transactions on one pair (other batch; a new limit) leave it exact', async () => {
  const s = await makeSupplier(t.db);
  const w = await makeWarehouse(t.db);
  const p = await supplierProduct(t.db, s, '1', { hasBatch: true, hasExpiry: true });
  await setLimit(t.db, p.id, w.id, '10', '60');
  await load(t.db, p.id, w.id, '5', { batch: 'A', expiry: addDays(today, 9) });
  await load(t.db, p.id, w.id, '5', { batch: 'B', expiry: addDays(today, 9) });
  const input = (batchNumber: string, movementType: 'C' | 'S') => ({
    movementType,
    productId: p.id,
    warehouseId: w.id,
    batchNumber,
    expiryDate: addDays(today, 9),
    quantity: '1',
    movementDate: today,
  });
  // T1 unloads batch A and stays open; T2 unloads batch B (its own balance row): the level's sum must hold both.
  await interleaved(
    t.db,
    async (q) => void (await postMovement(q, input('A', 'S'), { id: null })),
    () => postMovementTx(t.db, input('B', 'S'), { id: null }).then(() => undefined),
  );
  expect(await levelsMatchRecount(t.db)).toEqual([]);

  // T1 loads a pair that has no level yet and stays open; T2 sets a limit on it: the level must hold T1's load.
  const q2 = await supplierProduct(t.db, s, '1');
  await interleaved(
    t.db,
    async (q) => void (await postMovement(q, { ...input('', 'C'), productId: q2.id, batchNumber: null, expiryDate: null }, { id: null })),
    () => setLimit(t.db, q2.id, w.id, '3', '9'),
  );
  expect(await levelsMatchRecount(t.db)).toEqual([]);
  await expectExact();
});
