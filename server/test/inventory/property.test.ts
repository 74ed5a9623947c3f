/**
 * The snapshot rule as a property (issue 25): random counts interleaved with random movements; after apply every balance
 * equals counted + net movements since its snapshot (uncounted lines: unchanged, or zero + movements since), and
 * Σ ledger = balances. Bounded (a few dozen runs) to keep CI fast; PGlite and PostgreSQL alike.
 */
import fc from 'fast-check';
import type { Db } from '../../src/db';
import { ledgerMatchesBalances, postMovementTx } from '../../src/stock/ledger';
import type { Actor } from '../../src/stock/types';
import { makeTestApp, type TestApp } from '../helpers';
import { balance, makeProduct, makeUserId, makeWarehouse } from '../stock/fixtures';
import { sumDecimals, subtractDecimals, compareDecimals } from '@wms/shared-api';

jest.setTimeout(300_000);

let t: TestApp;
let db: Db;
let actor: Actor;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp();
  db = t.db;
  actor = { id: await makeUserId(db) };
  admin = (await t.signIn('admin')).headers;
});
afterAll(async () => {
  await t.close();
});

const PRODUCTS = 3;
/** A movement: product index, load or unload, quantity in thousandths (an unload larger than the stock is skipped). */
const movement = fc.record({ product: fc.nat(PRODUCTS - 1), load: fc.boolean(), milli: fc.integer({ min: 1, max: 20_000 }) });
const scenario = fc.record({
  before: fc.array(movement, { maxLength: 6 }),
  after: fc.array(movement, { maxLength: 8 }),
  // Per product: null = not counted, else the counted thousandths.
  counted: fc.array(fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: null }), { minLength: PRODUCTS, maxLength: PRODUCTS }),
  zero: fc.boolean(),
});

const text = (milli: number) => (milli / 1000).toFixed(3);

it('after apply, every balance = counted + net movements since the snapshot', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      const w = await makeWarehouse(db);
      const products: { id: number; code: string }[] = [];
      for (let i = 0; i < PRODUCTS; i++) products.push(await makeProduct(db));
      const stock = async (i: number) => balance(db, products[i].id, w.id);
      const post = async (m: { product: number; load: boolean; milli: number }) => {
        const have = await stock(m.product);
        if (!m.load && compareDecimals(have, text(m.milli)) < 0) return '0';
        await postMovementTx(
          db,
          {
            movementType: m.load ? 'C' : 'S',
            productId: products[m.product].id,
            warehouseId: w.id,
            quantity: text(m.milli),
            movementDate: '2026-01-10',
          },
          actor,
        );
        return m.load ? text(m.milli) : `-${text(m.milli)}`;
      };
      for (const m of s.before) await post(m);
      const book = await Promise.all(products.map((_, i) => stock(i)));
      const res = await t.app.inject({ method: 'POST', url: '/api/inventory-counts', headers: admin, payload: { warehouse_id: w.id } });
      expect(res.statusCode).toBe(201);
      const id = res.json().id as number;
      const since = products.map(() => '0');
      // Movements and counts interleaved: half the movements before the counts are saved, half after.
      const half = Math.floor(s.after.length / 2);
      for (const m of s.after.slice(0, half)) since[m.product] = sumDecimals([since[m.product], await post(m)]);
      const lines = s.counted.flatMap((c, i) => (c === null ? [] : [{ product_id: products[i].id, counted_quantity: text(c) }]));
      if (lines.length) {
        const saved = await t.app.inject({ method: 'PUT', url: `/api/inventory-counts/${id}/lines`, headers: admin, payload: { lines } });
        expect(saved.statusCode).toBe(200);
      }
      for (const m of s.after.slice(half)) since[m.product] = sumDecimals([since[m.product], await post(m)]);

      const current = await Promise.all(products.map((_, i) => stock(i)));
      const expected = products.map((_, i) => {
        const c = s.counted[i];
        // A line exists in the snapshot only when a balance row existed; without one, "zero" and "unchanged" agree.
        if (c === null) return s.zero && compareDecimals(book[i], 0) > 0 ? since[i] : current[i];
        return sumDecimals([text(c), since[i]]);
      });
      const applied = await t.app.inject({
        method: 'POST',
        url: `/api/inventory-counts/${id}/apply`,
        headers: admin,
        payload: { uncounted: s.zero ? 'zero' : 'unchanged' },
      });
      const negative = expected.some((e) => compareDecimals(e, 0) < 0);
      if (negative) {
        // Refused with every problem, nothing written.
        expect(applied.statusCode).toBe(409);
        const reasons = applied.json().problems.map((p: { product_id: number }) => p.product_id);
        expect(reasons).toEqual(products.filter((_, i) => compareDecimals(expected[i], 0) < 0).map((p) => p.id));
        for (let i = 0; i < PRODUCTS; i++) expect(await stock(i)).toBe(current[i]);
        await t.app.inject({ method: 'POST', url: `/api/inventory-counts/${id}/cancel`, headers: admin });
      } else {
        expect(applied.statusCode).toBe(200);
        for (let i = 0; i < PRODUCTS; i++) {
          expect(compareDecimals(await stock(i), expected[i])).toBe(0);
          // Equivalently: the adjustment posted was counted − book at the snapshot.
          expect(compareDecimals(subtractDecimals(await stock(i), current[i]), subtractDecimals(expected[i], current[i]))).toBe(0);
        }
      }
      const check = await ledgerMatchesBalances(db);
      expect(check.mismatches).toEqual([]);
    }),
    { numRuns: 25 },
  );
});
