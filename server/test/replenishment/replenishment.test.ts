/**
 * Stock limits and replenishment (issue 28): thresholds, on-order counting, never twice (sequential, concurrent,
 * idempotent), refusals and permissions. Runs on PGlite and, with DATABASE_URL, on PostgreSQL (a real pool: the
 * concurrent test then races two transactions for real).
 */
import type { ReplenishmentLine } from '@wms/shared-api';
import { makeTestApp, type TestApp } from '../helpers';
import { load, makeOrderLine, makeSupplier, makeWarehouse, orderCount, setLimit, supplierProduct, unload } from './kit';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('orders'));
});
afterAll(async () => {
  await t.close();
});

async function proposal(warehouseId: number): Promise<ReplenishmentLine[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/replenishment?warehouse_id=${warehouseId}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function post(lines: Array<{ product_id: number; warehouse_id: number; quantity: string }>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/replenishment/orders',
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload: { lines },
  });
}

describe('stock limits API', () => {
  it('replaces and reads a product limits; refuses max < min, a repeated or unknown warehouse; permissions', async () => {
    const s = await makeSupplier(t.db);
    const p = await supplierProduct(t.db, s);
    const w1 = await makeWarehouse(t.db);
    const w2 = await makeWarehouse(t.db);
    const url = `/api/products/${p.id}/stock-limits`;
    let res = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: {
        limits: [
          { warehouse_id: w1.id, min: '10', max: 50.5 },
          { warehouse_id: w2.id, min: 0, max: '1.25' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().limits).toEqual(
      expect.arrayContaining([
        { warehouse_id: w1.id, warehouse_name: w1.name, min: '10.000', max: '50.500' },
        { warehouse_id: w2.id, warehouse_name: w2.name, min: '0.000', max: '1.250' },
      ]),
    );
    // The whole set: w2 left out loses its limit.
    res = await t.app.inject({ method: 'PUT', url, headers, payload: { limits: [{ warehouse_id: w1.id, min: '5', max: '20' }] } });
    expect(res.json().limits).toEqual([{ warehouse_id: w1.id, warehouse_name: w1.name, min: '5.000', max: '20.000' }]);

    const bad = async (limits: unknown, lang = 'it') => {
      const r = await t.app.inject({ method: 'PUT', url, headers: { ...headers, 'accept-language': lang }, payload: { limits } });
      expect(r.statusCode).toBe(400);
      return r.json();
    };
    expect((await bad([{ warehouse_id: w1.id, min: '9', max: '3' }])).fields['limits.0.max']).toBe(
      'Il massimo non può essere inferiore al minimo',
    );
    expect((await bad([{ warehouse_id: w1.id, min: '9', max: '3' }], 'fr')).fields['limits.0.max']).toBe(
      'Le maximum ne peut pas être inférieur au minimum',
    );
    expect(
      (
        await bad([
          { warehouse_id: w1.id, min: '1', max: '3' },
          { warehouse_id: w1.id, min: '1', max: '4' },
        ])
      ).fields['limits.1.warehouse_id'],
    ).toMatch(/Magazzino ripetuto/);
    expect((await bad([{ warehouse_id: 99999999, min: '1', max: '3' }])).code).toBe('VALIDATION');
    expect((await bad([{ warehouse_id: w1.id, min: '-1', max: '3' }])).code).toBe('VALIDATION');
    expect((await bad([{ warehouse_id: w1.id, min: 'abc', max: '3' }])).code).toBe('VALIDATION');
    // Nothing changed by the refusals.
    res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.json().limits).toEqual([{ warehouse_id: w1.id, warehouse_name: w1.name, min: '5.000', max: '20.000' }]);

    const sales = await t.signIn('sales');
    expect((await t.app.inject({ method: 'GET', url, headers: sales.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url, headers: sales.headers, payload: { limits: [] } })).statusCode).toBe(403);
    const wh = await t.signIn('warehouse');
    expect((await t.app.inject({ method: 'GET', url, headers: wh.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/99999999/stock-limits', headers })).statusCode).toBe(404);
  });
});

describe('replenishment', () => {
  it('suggests max − (available + on order) below minimum; expired batches do not count; open orders do', async () => {
    const s = await makeSupplier(t.db);
    const w = await makeWarehouse(t.db);
    const a = await supplierProduct(t.db, s, '2.5');
    const b = await supplierProduct(t.db, s, '1', { hasBatch: true, hasExpiry: true });
    const c = await supplierProduct(t.db, s, '1'); // at its minimum: not suggested
    await setLimit(t.db, a.id, w.id, '10', '50');
    await setLimit(t.db, b.id, w.id, '5', '8');
    await setLimit(t.db, c.id, w.id, '3', '9');
    await load(t.db, a.id, w.id, '4');
    await load(t.db, b.id, w.id, '100', { batch: 'OLD', expiry: '2020-01-31', day: '2020-01-01' });
    await load(t.db, b.id, w.id, '2', { batch: 'NEW', expiry: '2099-01-31' });
    await load(t.db, c.id, w.id, '3');

    let lines = await proposal(w.id);
    expect(lines.map((l) => [l.product_id, l.available, l.on_order, l.suggested_quantity, l.unit_price])).toEqual([
      [a.id, '4.000', '0.000', '46.000', '2.5000'],
      [b.id, '2.000', '0.000', '6.000', '1.0000'],
    ]);
    expect(lines[0]).toMatchObject({ supplier_id: s, warehouse_id: w.id, min: '10.000', max: '50.000', currency: 'EUR' });

    // An order typed by hand (no destination) counts as on order: 4 + 20 < 10? no — a drops out; received goods count once.
    const manual = await makeOrderLine(t.db, s, a.id, '20');
    lines = await proposal(w.id);
    expect(lines.map((l) => l.product_id)).toEqual([b.id]);
    await t.db.query('UPDATE purchase_order_items SET received_quantity = 18 WHERE id = $1', [manual.itemId]);
    await unload(t.db, a.id, w.id, '4');
    // available 0 + on order 2 < 10: suggest 50 − 2.
    lines = await proposal(w.id);
    expect(lines.find((l) => l.product_id === a.id)).toMatchObject({ on_order: '2.000', suggested_quantity: '48.000' });
    // A completed line is no longer on order.
    await t.db.query('UPDATE purchase_order_items SET completed = true WHERE id = $1', [manual.itemId]);
    expect((await proposal(w.id)).find((l) => l.product_id === a.id)?.suggested_quantity).toBe('50.000');
  });

  it('creates one draft order per supplier; running again suggests nothing and a second action is refused', async () => {
    const s1 = await makeSupplier(t.db);
    const s2 = await makeSupplier(t.db);
    const w = await makeWarehouse(t.db);
    const a = await supplierProduct(t.db, s1, '3');
    const b = await supplierProduct(t.db, s1, '4');
    const c = await supplierProduct(t.db, s2, '5');
    for (const p of [a, b, c]) await setLimit(t.db, p.id, w.id, '10', '30');
    await load(t.db, b.id, w.id, '5');
    const lines = await proposal(w.id);
    expect(lines).toHaveLength(3);
    const before = await orderCount(t.db);
    const res = await post(
      lines.map((l) => ({
        product_id: l.product_id,
        warehouse_id: l.warehouse_id,
        quantity: l.product_id === a.id ? '12.5' : l.suggested_quantity,
      })),
    );
    expect(res.statusCode).toBe(201);
    const { orders } = res.json();
    expect(orders.map((o: { supplier_id: number }) => o.supplier_id).sort()).toEqual([s1, s2].sort());
    expect(orders[0].order_number).toMatch(/^PO-\d{4}-\d{5,}$/);
    expect(await orderCount(t.db)).toBe(before + 2);
    const o1 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/purchase-orders/${orders.find((o: { supplier_id: number }) => o.supplier_id === s1).id}`,
        headers,
      })
    ).json();
    const items = o1.items.map((i: { product_id: number; quantity: string; unit_price: string }) => [
      i.product_id,
      i.quantity,
      i.unit_price,
    ]);
    expect(items.sort((x: number[], y: number[]) => x[0] - y[0])).toEqual([
      [a.id, '12.500', '3.0000'],
      [b.id, '25.000', '4.0000'],
    ]);
    expect(o1.status).toBe('notReceived');
    expect(o1.notes).toBe('Bozza generata dal riordino');

    // Counted as on order: nothing left to suggest, and the same action again is refused, writing nothing.
    expect(await proposal(w.id)).toEqual([]);
    const again = await post(
      lines.map((l) => ({ product_id: l.product_id, warehouse_id: l.warehouse_id, quantity: l.suggested_quantity })),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ORDERED');
    expect(await orderCount(t.db)).toBe(before + 2);
  });

  it('two buyers at once from the same proposal: one order per supplier, not two (the database decides)', async () => {
    const s = await makeSupplier(t.db);
    const w = await makeWarehouse(t.db);
    const a = await supplierProduct(t.db, s, '3');
    const b = await supplierProduct(t.db, s, '3');
    await setLimit(t.db, a.id, w.id, '10', '30');
    await setLimit(t.db, b.id, w.id, '10', '30');
    const lines = (await proposal(w.id)).map((l) => ({
      product_id: l.product_id,
      warehouse_id: l.warehouse_id,
      quantity: l.suggested_quantity,
    }));
    const other = await t.signIn('direction');
    const before = await orderCount(t.db);
    const results = await Promise.all([
      post(lines, 'buyer-1'),
      t.app.inject({
        method: 'POST',
        url: '/api/replenishment/orders',
        headers: { ...other.headers, 'idempotency-key': 'buyer-2' },
        payload: { lines: [...lines].reverse() },
      }),
      post(lines, 'buyer-3'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await orderCount(t.db)).toBe(before + 1);
    const { rows } = await t.db.query<{ q: string }>(
      `SELECT sum(i.quantity)::text AS q FROM purchase_order_items i JOIN replenishment_order_lines r ON r.order_item_id = i.id
        WHERE r.warehouse_id = $1`,
      [w.id],
    );
    expect(rows[0].q).toBe('60.000');
  });

  it('one Idempotency-Key per action: a retry replays the answer and orders nothing more; another body is 422', async () => {
    const s = await makeSupplier(t.db);
    const w = await makeWarehouse(t.db);
    const a = await supplierProduct(t.db, s, '3');
    await setLimit(t.db, a.id, w.id, '1', '7');
    const lines = [{ product_id: a.id, warehouse_id: w.id, quantity: '7' }];
    const first = await post(lines, 'same-key');
    const before = await orderCount(t.db);
    const retry = await post(lines, 'same-key');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await orderCount(t.db)).toBe(before);
    const other = await post([{ ...lines[0], quantity: '6' }], 'same-key');
    expect(other.statusCode).toBe(422);
  });

  it('refuses lines without a price, a supplier or a limit, with the product named; writes nothing', async () => {
    const s = await makeSupplier(t.db);
    const w = await makeWarehouse(t.db);
    const noPrice = await supplierProduct(t.db, s, null);
    await setLimit(t.db, noPrice.id, w.id, '1', '7');
    const flagged = (await proposal(w.id)).find((l) => l.product_id === noPrice.id);
    expect(flagged?.unit_price).toBeNull();
    const before = await orderCount(t.db);
    let res = await post([{ product_id: noPrice.id, warehouse_id: w.id, quantity: '7' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_PRICE' });
    expect(res.json().error).toContain(noPrice.code);
    const frRes = await t.app.inject({
      method: 'POST',
      url: '/api/replenishment/orders',
      headers: { ...headers, 'accept-language': 'fr' },
      payload: { lines: [{ product_id: noPrice.id, warehouse_id: w.id, quantity: '7' }] },
    });
    expect(frRes.json().error).toMatch(/n'a pas de prix en vigueur/);
    const noLimit = await supplierProduct(t.db, s, '1');
    res = await post([{ product_id: noLimit.id, warehouse_id: w.id, quantity: '7' }]);
    expect(res.json()).toMatchObject({ code: 'NO_STOCK_LIMIT' });
    res = await post([{ product_id: noLimit.id, warehouse_id: w.id, quantity: '0' }]);
    expect(res.statusCode).toBe(400);
    res = await post([]);
    expect(res.statusCode).toBe(400);
    expect(await orderCount(t.db)).toBe(before);
  });

  it('permissions: orders, direction and admin; not warehouse, sales or administration', async () => {
    for (const role of ['warehouse', 'sales', 'administration'] as const) {
      const u = await t.signIn(role);
      expect((await t.app.inject({ method: 'GET', url: '/api/replenishment', headers: u.headers })).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/replenishment/orders', headers: u.headers, payload: { lines: [] } })).statusCode,
      ).toBe(403);
    }
    for (const role of ['admin', 'direction'] as const) {
      const u = await t.signIn(role);
      expect((await t.app.inject({ method: 'GET', url: '/api/replenishment', headers: u.headers })).statusCode).toBe(200);
    }
  });
});
