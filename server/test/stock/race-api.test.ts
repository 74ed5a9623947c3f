/** The same race as race.test.ts, through the real routes (auth, validation, ledger, activity log) all at once. */
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { balance, makeProduct, makeWarehouse } from './fixtures';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

it('40 concurrent POST unloads of 1 (and 10 of 3) against 10 in stock: stock never below 0, ledger = balance', async () => {
  const { headers } = await t.signIn('warehouse');
  const p = await makeProduct(t.db);
  const w = await makeWarehouse(t.db);
  const post = (movement_type: string, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stock-movements',
      headers,
      payload: { movement_type, movement_date: '01/04/2025', product_id: p.id, warehouse_id: w.id, quantity },
    });
  expect((await post('C', 10)).statusCode).toBe(201);

  const ones = await Promise.all(Array.from({ length: 40 }, () => post('S', 1)));
  expect(ones.filter((r) => r.statusCode === 201)).toHaveLength(10);
  expect(ones.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'INSUFFICIENT_STOCK')).toBe(true);
  expect(ones.filter((r) => r.statusCode === 409)).toHaveLength(30);
  expect(await balance(t.db, p.id, w.id)).toBe('0.000');

  expect((await post('C', 10)).statusCode).toBe(201);
  const mixed = await Promise.all(Array.from({ length: 20 }, (_, i) => post('S', i % 2 ? 1 : 3)));
  const taken = mixed.reduce((sum, r, i) => sum + (r.statusCode === 201 ? (i % 2 ? 1 : 3) : 0), 0);
  expect(mixed.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
  expect(await balance(t.db, p.id, w.id)).toBe(`${10 - taken}.000`);

  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM activity_log WHERE entity_type = 'stock_movement' AND action = 'create'`,
  );
  expect(rows[0].n).toBe(2 + 10 + mixed.filter((r) => r.statusCode === 201).length);
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});
