/**
 * Demo data (SEED_DEMO=1) for issue 28: the home page of an admin shows the late order PO-2026-00009, the expired batch
 * SN-2401 and an expiring one, products to reorder; a buyer replenishes them and the card drops to zero; a second seed
 * adds no limit.
 */
import type { Dashboard, ReplenishmentLine } from '@wms/shared-api';
import { seedDemo } from '../../src/seed/seed-demo';
import { seedReplenishmentDemo } from '../../src/seed/replenishment-demo';
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

it('cards have something to say, the proposal has lines, and replenishing empties it', async () => {
  const { headers } = await t.signIn('admin');
  const d: Dashboard = (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers })).json();
  expect(d.cards.expired_batches?.count).toBeGreaterThanOrEqual(1);
  expect(d.cards.expiring_batches?.count).toBeGreaterThanOrEqual(1);
  expect(d.cards.late_orders?.count).toBeGreaterThanOrEqual(1);
  expect(d.cards.below_minimum?.to_reorder).toBe(3);
  const late = (await t.app.inject({ method: 'GET', url: '/api/purchase-orders?late=true&limit=100', headers })).json();
  expect(late.map((o: { order_number: string }) => o.order_number)).toContain('PO-2026-00009');
  const { rows: expired } = await t.db.query(`SELECT 1 FROM stock_balances WHERE batch_number = 'SN-2401' AND quantity > 0`);
  expect(expired).toHaveLength(1);

  const lines: ReplenishmentLine[] = (await t.app.inject({ method: 'GET', url: '/api/replenishment', headers })).json();
  expect(lines).toHaveLength(3);
  expect(lines.every((l) => l.unit_price !== null && l.supplier_id !== null)).toBe(true);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/replenishment/orders',
    headers: { ...headers, 'idempotency-key': 'demo' },
    payload: { lines: lines.map((l) => ({ product_id: l.product_id, warehouse_id: l.warehouse_id, quantity: l.suggested_quantity })) },
  });
  expect(res.statusCode).toBe(201);
  const after: Dashboard = (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers })).json();
  expect(after.cards.below_minimum?.to_reorder).toBe(0);
  expect(await seedReplenishmentDemo(t.db, null)).toEqual({ limits: 0 });
});
