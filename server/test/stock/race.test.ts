/**
 * Races against the real database: on PostgreSQL (DATABASE_URL set) through a pool of 10 connections, so transactions
 * truly interleave and wait on each other's row locks; on PGlite they queue (one backend) and must give the same answers.
 */
import type { Db } from '../../src/db';
import { AppError } from '../../src/http/errors';
import { ledgerMatchesBalances, postMovementTx } from '../../src/stock/ledger';
import type { MovementInput } from '../../src/stock/types';
import { openTestDb, type TestDb } from '../helpers';
import { balance, makeProduct, makeUserId, makeWarehouse } from './fixtures';

jest.setTimeout(60_000);

/** The Db with counters: transactions open at once, and attempts beyond the first (deadlock / serialization retries). */
function instrument(inner: Db) {
  let inFlight = 0;
  let maxInFlight = 0;
  let calls = 0;
  let attempts = 0;
  const db: Db = {
    kind: inner.kind,
    query: (sql, params) => inner.query(sql, params),
    exec: (sql) => inner.exec(sql),
    close: () => inner.close(),
    tx: (fn) => {
      calls += 1;
      return inner.tx(async (q) => {
        attempts += 1;
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          return await fn(q);
        } finally {
          inFlight -= 1;
        }
      });
    },
  };
  return { db, stats: () => ({ maxInFlight, retries: attempts - calls }) };
}

let t: TestDb;
let actorId: number;
beforeAll(async () => {
  t = await openTestDb();
  actorId = await makeUserId(t.db);
});
afterAll(async () => {
  await t.drop();
});
afterEach(async () => {
  const check = await ledgerMatchesBalances(t.db);
  expect(check.mismatches).toEqual([]);
  expect(check.ok).toBe(true);
});

const DAY = '2025-04-01';

function settle<T>(promises: Promise<T>[]) {
  return Promise.allSettled(promises).then((results) => {
    const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<T>> => r.status === 'fulfilled').map((r) => r.value);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
    return { ok, refused };
  });
}

describe(`races (${process.env.DATABASE_URL ? 'PostgreSQL, pool of 10' : 'PGlite'})`, () => {
  it('40 concurrent unloads of 1 against a balance of 10: exactly 10 succeed, the rest get 409, balance 0', async () => {
    const { db, stats } = instrument(t.db);
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    await postMovementTx(db, { movementType: 'C', productId: p.id, warehouseId: w.id, quantity: 10, movementDate: DAY }, { id: actorId });
    const unload: MovementInput = { movementType: 'S', productId: p.id, warehouseId: w.id, quantity: 1, movementDate: DAY };
    const { ok, refused } = await settle(Array.from({ length: 40 }, () => postMovementTx(db, unload, { id: actorId })));
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(30);
    for (const e of refused) expect(e).toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_STOCK' });
    expect(await balance(db, p.id, w.id)).toBe('0.000');
    if (db.kind === 'pg') expect(stats().maxInFlight).toBeGreaterThan(1);
  });

  it('a mix of unloads of 3 and of 1 never goes below 0, and every refused one asked for more than was left', async () => {
    const { db } = instrument(t.db);
    const p = await makeProduct(db, { hasBatch: true });
    const w = await makeWarehouse(db);
    await postMovementTx(
      db,
      { movementType: 'C', productId: p.id, warehouseId: w.id, quantity: 10, batchNumber: 'R', movementDate: DAY },
      { id: actorId },
    );
    const sizes = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 3 : 1));
    const results = await Promise.allSettled(
      sizes.map((quantity) =>
        postMovementTx(
          db,
          { movementType: 'S', productId: p.id, warehouseId: w.id, batchNumber: 'R', quantity, movementDate: DAY },
          { id: actorId },
        ),
      ),
    );
    const taken = results.reduce((sum, r, i) => sum + (r.status === 'fulfilled' ? sizes[i] : 0), 0);
    const left = 10 - taken;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(await balance(db, p.id, w.id, 'R')).toBe(`${left}.000`);
    results.forEach((r, i) => {
      if (r.status === 'rejected') {
        expect(r.reason).toBeInstanceOf(AppError);
        expect((r.reason as AppError).code).toBe('INSUFFICIENT_STOCK');
        // Stock only went down, so what was left when it was refused is at least what is left now.
        expect(sizes[i]).toBeGreaterThan(left);
      }
    });
  });

  it('loads, unloads and transfers racing on the same balances keep Σ ledger = balances', async () => {
    const { db } = instrument(t.db);
    const p = await makeProduct(db);
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    await postMovementTx(db, { movementType: 'C', productId: p.id, warehouseId: a.id, quantity: 20, movementDate: DAY }, { id: actorId });
    const ops: MovementInput[] = Array.from({ length: 60 }, (_, i): MovementInput => {
      const base = { productId: p.id, movementDate: DAY };
      switch (i % 4) {
        case 0:
          return { ...base, movementType: 'C', warehouseId: a.id, quantity: 0.5 };
        case 1:
          return { ...base, movementType: 'S', warehouseId: a.id, quantity: 1.25 };
        case 2:
          return { ...base, movementType: 'T', warehouseId: a.id, destinationWarehouseId: b.id, quantity: 2 };
        default:
          return { ...base, movementType: 'S', warehouseId: b.id, quantity: 0.75 };
      }
    });
    const { refused } = await settle(ops.map((op) => postMovementTx(db, op, { id: actorId })));
    for (const e of refused) expect(e).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    expect(Number(await balance(db, p.id, a.id))).toBeGreaterThanOrEqual(0);
    expect(Number(await balance(db, p.id, b.id))).toBeGreaterThanOrEqual(0);
  });

  it('transfers in opposite directions on the same batch do not deadlock (no retry needed) and conserve stock', async () => {
    const { db, stats } = instrument(t.db);
    const p = await makeProduct(db, { hasBatch: true, hasExpiry: true });
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    const load = (warehouseId: number) =>
      postMovementTx(
        db,
        { movementType: 'C', productId: p.id, warehouseId, quantity: 50, batchNumber: 'X', expiryDate: '2030-01-01', movementDate: DAY },
        { id: actorId },
      );
    await load(a.id);
    await load(b.id);
    const before = stats().retries;
    const transfers = Array.from({ length: 60 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [a.id, b.id] : [b.id, a.id];
      return postMovementTx(
        db,
        {
          movementType: 'T',
          productId: p.id,
          warehouseId: from,
          destinationWarehouseId: to,
          quantity: 1,
          batchNumber: 'X',
          movementDate: DAY,
        },
        { id: actorId },
      );
    });
    const { ok, refused } = await settle(transfers);
    expect(refused).toEqual([]);
    expect(ok).toHaveLength(60);
    expect(stats().retries - before).toBe(0);
    expect([await balance(db, p.id, a.id, 'X'), await balance(db, p.id, b.id, 'X')]).toEqual(['50.000', '50.000']);
  });
});
