/**
 * Sales under concurrency, through the real routes: availability is checked under the ledger's locks, and the
 * Idempotency-Key makes a repeated submit sell once. On PostgreSQL (DATABASE_URL) the requests really run in parallel on
 * a pool; on PGlite they queue, and the same assertions hold.
 */
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { balance, makeProduct, makeWarehouse } from '../stock/fixtures';
import { makeTestApp, type TestApp } from '../helpers';
import { dayFromToday, load, makeCustomer } from './kit';

jest.setTimeout(120_000);

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('sales'));
});
afterAll(async () => {
  await t.close();
});

it('100 concurrent sales of 1 against a batch of 10: exactly 10 succeed, 90 × 409 with the availability text, no 5xx', async () => {
  const p = await makeProduct(t.db, { hasBatch: true, hasExpiry: true });
  const w = await makeWarehouse(t.db);
  const c = await makeCustomer(t.db);
  await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 10, batch: 'B10', expiry: dayFromToday(90) });
  const sell = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers,
      payload: { product_id: p.id, warehouse_id: w.id, batch_number: 'B10', quantity: 1, customer_id: c.id },
    });
  const answers = await Promise.all(Array.from({ length: 100 }, sell));
  const codes = answers.map((r) => r.statusCode);
  expect(codes.filter((s) => s === 201)).toHaveLength(10);
  expect(codes.filter((s) => s === 409)).toHaveLength(90);
  for (const r of answers.filter((x) => x.statusCode === 409)) {
    expect(r.json().code).toBe('INSUFFICIENT_STOCK');
    expect(r.json().error).toBe('Quantità superiore alla disponibilità: disponibili 0');
  }
  expect(await balance(t.db, p.id, w.id, 'B10')).toBe('0.000');
  const sales = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales WHERE product_id = $1', [p.id]);
  expect(sales.rows[0].n).toBe(10);
  const check = await ledgerMatchesBalances(t.db);
  expect(check.ok).toBe(true);
});

it('50 parallel submits of the same Idempotency-Key: one sale, one unload, every caller the same sale id', async () => {
  const p = await makeProduct(t.db);
  const w = await makeWarehouse(t.db);
  const c = await makeCustomer(t.db);
  await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 100 });
  const body = { product_id: p.id, warehouse_id: w.id, quantity: 3, customer_id: c.id };
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      t.app.inject({ method: 'POST', url: '/api/sales', headers: { ...headers, 'idempotency-key': 'double-click-1' }, payload: body }),
    ),
  );
  expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
  expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
  expect(await balance(t.db, p.id, w.id)).toBe('97.000');
  const moves = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1 AND source_type = 'SO'`,
    [p.id],
  );
  expect(moves.rows[0].n).toBe(1);

  const reused = await t.app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: { ...headers, 'idempotency-key': 'double-click-1' },
    payload: { ...body, quantity: 4 },
  });
  expect(reused.statusCode).toBe(422);
  expect(await balance(t.db, p.id, w.id)).toBe('97.000');
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});

it('concurrent edits of the same sale: one wins, the others are refused, stock counted once', async () => {
  const p = await makeProduct(t.db);
  const w = await makeWarehouse(t.db);
  const c = await makeCustomer(t.db);
  await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 10 });
  const sale = (
    await t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers,
      payload: { product_id: p.id, warehouse_id: w.id, quantity: 2, customer_id: c.id },
    })
  ).json();
  const edits = await Promise.all(
    [3, 4, 5, 6].map((quantity) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/sales/${sale.id}`,
        headers,
        payload: { product_id: p.id, warehouse_id: w.id, quantity, customer_id: c.id },
      }),
    ),
  );
  const ok = edits.filter((r) => r.statusCode === 200);
  expect(ok).toHaveLength(1);
  expect(edits.filter((r) => r.statusCode === 409)).toHaveLength(3);
  expect(await balance(t.db, p.id, w.id)).toBe(`${10 - ok[0].json().quantity}.000`);
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});
