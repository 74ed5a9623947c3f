/**
 * Property: whatever sequence of receipts, completions and reversals hits an order, after every step
 *   - each item's stored received quantity = Σ of its live receipt lines = Σ of the ledger's movements of that order line (source_line_id),
 *   - each item's status and the order's stored status are the pure functions of the lines (status.ts / order-status),
 *   - the ledger matches the balances.
 * Random but reproducible (seeded); failures print the seed and the step.
 */
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { itemStatus, orderStatus } from '@wms/shared-api';
import { makeTestApp, type TestApp } from '../helpers';
import { ledgerOfItem, makeOrder, makeProduct, makeWarehouse, orderStatusOf } from './kit';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ config: { receiptOverTolerancePercent: 5 } });
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

const SEEDS = [11, 2024, 777];
const STEPS = 30;

it.each(SEEDS)('seed %i: status = f(totals) and Σ ledger = Σ received after each step', async (seed) => {
  const rand = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const { headers } = await t.signIn('warehouse');
  const wh = await makeWarehouse(t.db);
  const products = [await makeProduct(t.db), await makeProduct(t.db, { hasBatch: true }), await makeProduct(t.db)];
  const ordered = [10, 7.5, 3];
  const order = await makeOrder(
    t.db,
    products.map((p, i) => ({ productId: p.id, quantity: ordered[i] })),
  );
  const live: number[] = [];

  for (let step = 0; step < STEPS; step++) {
    const where = `seed ${seed} step ${step}`;
    const action = rand();
    if (action < 0.55) {
      const count = 1 + Math.floor(rand() * 3);
      const idx = [...new Set(Array.from({ length: count }, () => Math.floor(rand() * 3)))];
      const items = idx.map((i) => {
        const quantity = (Math.round(rand() * 4000) + 1) / 1000;
        return {
          order_item_id: order.items[i],
          quantity,
          warehouse_id: wh.id,
          batches: i === 1 ? [{ batch_number: pick(['A', 'B']), quantity }] : [],
        };
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/goods-receipts/receive',
        headers,
        payload: { document_number: `D${step}`, document_date: '01/03/2025', order_id: order.id, items },
      });
      expect([where, [201, 409].includes(res.statusCode) ? 'ok' : res.body]).toEqual([where, 'ok']);
      if (res.statusCode === 201) live.push(res.json().id);
      else expect([where, ['OVER_RECEIPT', 'ITEM_COMPLETED']]).toEqual([where, expect.arrayContaining([res.json().code])]);
    } else if (action < 0.8) {
      const itemId = pick(order.items);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/goods-receipts/order-items/${itemId}/completed`,
        headers,
        payload: { completed: rand() < 0.5 },
      });
      expect([where, res.statusCode]).toEqual([where, 200]);
    } else if (live.length > 0) {
      const id = live.splice(Math.floor(rand() * live.length), 1)[0];
      const res = await t.app.inject({ method: 'POST', url: `/api/goods-receipts/${id}/reverse`, headers });
      expect([where, res.statusCode]).toEqual([where, 200]);
    }

    const { rows } = await t.db.query<{
      id: number;
      product_id: number;
      quantity: string;
      received_quantity: string;
      completed: boolean;
      lines: string;
    }>(
      `SELECT i.id, i.product_id, i.quantity, i.received_quantity, i.completed,
              (SELECT coalesce(sum(l.quantity), 0)::numeric(15,3)::text FROM goods_receipt_lines l JOIN goods_receipts r ON r.id = l.receipt_id
                WHERE l.order_item_id = i.id AND r.reversed_at IS NULL) AS lines
         FROM purchase_order_items i WHERE i.order_id = $1 ORDER BY i.id`,
      [order.id],
    );
    const details = (await t.app.inject({ method: 'GET', url: `/api/goods-receipts/order-details/${order.id}`, headers })).json();
    for (const [k, r] of rows.entries()) {
      expect([where, r.received_quantity]).toEqual([where, r.lines]);
      expect([where, await ledgerOfItem(t.db, r.id)]).toEqual([where, r.received_quantity]);
      expect([where, details.items[k].status]).toEqual([where, itemStatus(r)]);
    }
    const expected = orderStatus(rows);
    expect([where, await orderStatusOf(t.db, order.id)]).toEqual([where, expected]);
    expect([where, details.status]).toEqual([where, expected]);
  }
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});
