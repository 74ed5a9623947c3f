/**
 * GET /api/dashboard (issue 28): the cards' counts and values, per role from the permission table, the count that drops
 * after a replenishment, and the month-end chart equal to the valuation report's totals (also after a back-dated
 * movement changes a past month). PGlite and, with DATABASE_URL, PostgreSQL.
 */
import { addDays, companyToday, type Dashboard } from '@wms/shared-api';
import { postMovementTx } from '../../src/stock/ledger';
import { lastMonthEnds } from '../../src/dashboard/chart';
import { weekEnd } from '../../src/dashboard/routes';
import { makeTestApp, type TestApp } from '../helpers';
import { load, makeOrderLine, makeSupplier, makeWarehouse, setLimit, supplierProduct } from '../replenishment/kit';

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

async function dashboard(h = headers): Promise<Dashboard> {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: h });
  expect(res.statusCode).toBe(200);
  return res.json();
}

it('week ends on Sunday; the chart covers the 12 completed months', () => {
  expect(weekEnd('2026-11-25')).toBe('2026-11-29'); // a Wednesday
  expect(weekEnd('2026-11-29')).toBe('2026-11-29');
  expect(weekEnd('2026-11-30')).toBe('2026-12-06');
  const ends = lastMonthEnds('2026-03-15');
  expect(ends).toHaveLength(12);
  expect(ends[0]).toEqual({ month: '2025-03', end: '2025-03-31' });
  expect(ends[11]).toEqual({ month: '2026-02', end: '2026-02-28' });
});

it('counts expiring and expired batches (with their value), below minimum, late and arriving orders; per role', async () => {
  const s = await makeSupplier(t.db);
  const w = await makeWarehouse(t.db);
  const sealant = await supplierProduct(t.db, s, '4', { hasBatch: true, hasExpiry: true });
  await load(t.db, sealant.id, w.id, '10', { batch: 'SOON', expiry: addDays(today, 10) });
  await load(t.db, sealant.id, w.id, '5', { batch: 'LATER', expiry: addDays(today, 90) });
  await load(t.db, sealant.id, w.id, '2.5', { batch: 'SN-2401', expiry: addDays(today, -3), day: addDays(today, -20) });
  const screws = await supplierProduct(t.db, s, '1');
  await setLimit(t.db, screws.id, w.id, '10', '40');
  await load(t.db, screws.id, w.id, '3');
  // Late: requested 15/03/2025 (kit), not received.
  await makeOrderLine(t.db, s, sealant.id, '1');
  // Arriving this week: an open order confirmed for today.
  const soon = await makeOrderLine(t.db, s, sealant.id, '1');
  await t.db.query('UPDATE purchase_orders SET requested_arrival_date = $1::date - 40, confirmed_arrival_date = $1::date WHERE id = $2', [
    today,
    soon.orderId,
  ]);

  const d = await dashboard();
  expect(d.today).toBe(today);
  expect(d.cards.expiring_batches).toEqual({ count: 1, within_days: 30, until: addDays(today, 30) });
  expect(d.cards.expired_batches).toEqual({ count: 1, values: [{ currency: 'EUR', value: '10' }] });
  expect(d.cards.below_minimum).toEqual({ count: 1, to_reorder: 1 });
  expect(d.cards.late_orders).toEqual({ count: 2 });
  // The list the card opens: the purchase orders filtered late=true, the same orders.
  const late = await t.app.inject({ method: 'GET', url: '/api/purchase-orders?late=true', headers });
  expect(late.headers['x-total-count']).toBe('2');
  await t.db.query('UPDATE purchase_order_items SET completed = true WHERE order_id = $1', [soon.orderId]);
  expect((await t.app.inject({ method: 'GET', url: '/api/purchase-orders?late=true', headers })).headers['x-total-count']).toBe('1');
  expect((await dashboard()).cards.late_orders).toEqual({ count: 1 });
  await t.db.query('UPDATE purchase_order_items SET completed = false WHERE order_id = $1', [soon.orderId]);
  expect(d.cards.arriving_this_week).toEqual({ count: 1, until: weekEnd(today) });
  expect(d.cards.transfers_in_transit).toEqual({ count: 0 });
  expect(d.cards.open_counts).toEqual({ count: 0 });
  // An open count (issue 25's table) shows on its card.
  await t.db.query(`INSERT INTO inventory_counts (warehouse_id, scope, snapshot_day) VALUES ($1, 'all', $2)`, [w.id, today]);
  expect((await dashboard()).cards.open_counts).toEqual({ count: 1 });
  expect(d.chart?.months).toHaveLength(12);

  // The setting moves the window.
  await t.db.query(`UPDATE app_settings SET value = '100' WHERE name = 'expiry_alert_days'`);
  expect((await dashboard()).cards.expiring_batches?.count).toBe(2);
  await t.db.query(`UPDATE app_settings SET value = '30' WHERE name = 'expiry_alert_days'`);

  // Warehouse: batches and orders to receive, no money, no reordering.
  const wh = await dashboard((await t.signIn('warehouse')).headers);
  expect(wh.cards.expiring_batches?.count).toBe(1);
  expect(wh.cards.expired_batches).toEqual({ count: 1, values: null });
  expect(wh.cards.below_minimum).toEqual({ count: 1, to_reorder: null });
  expect(wh.cards.late_orders?.count).toBe(2);
  expect(wh.chart).toBeNull();
  // Administration: the valuation's chart only.
  const adm = await dashboard((await t.signIn('administration')).headers);
  expect(adm.cards).toEqual({
    expiring_batches: null,
    expired_batches: null,
    below_minimum: null,
    late_orders: null,
    arriving_this_week: null,
    transfers_in_transit: { count: 0 },
    open_counts: null,
  });
  expect(wh.cards.open_counts).toEqual({ count: 1 });
  expect(wh.cards.transfers_in_transit).toEqual({ count: 0 });
  expect(adm.chart?.months).toHaveLength(12);
  expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);

  // A buyer replenishes: "to reorder" drops, "below minimum" stays until the goods arrive.
  const buyer = await t.signIn('orders');
  const lines = (await t.app.inject({ method: 'GET', url: '/api/replenishment', headers: buyer.headers })).json();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/replenishment/orders',
    headers: buyer.headers,
    payload: {
      lines: lines.map((l: { product_id: number; warehouse_id: number; suggested_quantity: string }) => ({
        ...l,
        quantity: l.suggested_quantity,
      })),
    },
  });
  expect(res.statusCode).toBe(201);
  expect((await dashboard(buyer.headers)).cards.below_minimum).toEqual({ count: 1, to_reorder: 0 });
});

it('the chart is the valuation report at each month end, and follows a back-dated movement', async () => {
  const s = await makeSupplier(t.db);
  const w = await makeWarehouse(t.db);
  const p = await supplierProduct(t.db, s, '2');
  const ends = lastMonthEnds(today);
  await load(t.db, p.id, w.id, '7', { day: ends[3].end });
  const valuationAt = async (end: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/stock/valuation?startDate=${end}&endDate=${end}`, headers }))
      .json()
      .totals.map((x: { currency: string; value: string }) => ({ currency: x.currency, value: x.value }));

  let chart = (await dashboard()).chart!;
  for (const [i, m] of chart.months.entries()) {
    expect([m.end_date, m.stock_value]).toEqual([ends[i].end, await valuationAt(ends[i].end)]);
  }
  expect(chart.months[2].stock_value).toEqual([]);
  expect(chart.months[3].stock_value).toEqual([{ currency: 'EUR', value: '14' }]);

  // A movement dated in a past month changes that month end and the later ones: the cached chart is not served.
  await load(t.db, p.id, w.id, '1', { day: ends[5].end });
  chart = (await dashboard()).chart!;
  expect(chart.months[5].stock_value).toEqual([{ currency: 'EUR', value: '16' }]);
  expect(chart.months[5].stock_value).toEqual(await valuationAt(ends[5].end));
  // So does a price change.
  await t.db.query('UPDATE prices SET price = 3 WHERE product_id = $1', [p.id]);
  chart = (await dashboard()).chart!;
  expect(chart.months[5].stock_value).toEqual([{ currency: 'EUR', value: '24' }]);

  // Receipts and sales per month, at the month end's price.
  await postMovementTx(
    t.db,
    {
      movementType: 'S',
      sourceType: 'SO',
      sourceDocument: { type: 'SO', id: 1, number: 'V-1' },
      productId: p.id,
      warehouseId: w.id,
      quantity: '2',
      movementDate: ends[6].end,
    },
    { id: null },
  );
  chart = (await dashboard()).chart!;
  expect(chart.months[6].sales).toEqual([{ currency: 'EUR', value: '6' }]);
  expect(chart.months[7].sales).toEqual([]);
});
