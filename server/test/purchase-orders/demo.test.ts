/** Demo buying (SEED_DEMO=1): prices for every demo product in all three statuses, a dozen open orders; idempotent. */
import { companyToday, orderStatus, priceStatus } from '@wms/shared-api';
import { seedDemo } from '../../src/seed/seed-demo';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedDemo(t.db);
});
afterAll(async () => {
  await t.close();
});

it('every demo product has prices; past, in force and upcoming ones exist; a dozen open orders priced from the list', async () => {
  const { rows: unpriced } = await t.db.query(
    `SELECT p.code FROM products p WHERE p.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = p.id AND pr.deleted_at IS NULL)`,
  );
  expect(unpriced).toEqual([]);
  const { rows: prices } = await t.db.query<{ start_date: string; end_date: string | null }>('SELECT start_date, end_date FROM prices');
  const statuses = new Set(prices.map((p) => priceStatus(p, companyToday())));
  expect([...statuses].sort()).toEqual(['active', 'inactive', 'upcoming']);

  const { rows: orders } = await t.db.query<{ id: number; status: string; total_amount: string }>(
    'SELECT id, status, total_amount FROM purchase_orders',
  );
  expect(orders).toHaveLength(12);
  for (const o of orders) {
    const { rows: lines } = await t.db.query<{ quantity: string; received_quantity: string; completed: boolean; price_source: string }>(
      'SELECT quantity, received_quantity, completed, price_source FROM purchase_order_items WHERE order_id = $1',
      [o.id],
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.price_source === 'price')).toBe(true);
    expect(o.status).toBe(orderStatus(lines));
    expect(Number(o.total_amount)).toBeGreaterThan(0);
  }

  const before = (await t.db.query<{ n: number }>('SELECT (SELECT count(*) FROM prices) + (SELECT count(*) FROM purchase_orders) AS n'))
    .rows[0].n;
  await seedDemo(t.db);
  const after = (await t.db.query<{ n: number }>('SELECT (SELECT count(*) FROM prices) + (SELECT count(*) FROM purchase_orders) AS n'))
    .rows[0].n;
  expect(after).toBe(before);
});
