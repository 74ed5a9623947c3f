/**
 * Concurrency on a real pool (PostgreSQL with DATABASE_URL; PGlite runs them one at a time): receipts of one order line
 * queue on its row lock, so the over-receipt ceiling holds exactly and the totals never lose an update.
 */
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { itemState, ledgerOfItem, makeWarehouse, oneLineOrder, orderStatusOf } from './kit';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ config: { receiptOverTolerancePercent: 0 } });
});
afterAll(async () => {
  await t.close();
});

it('30 concurrent receipts of 1 on a line ordered 10 (no tolerance): exactly 10 succeed, totals exact', async () => {
  const { headers } = await t.signIn('warehouse');
  const wh = await makeWarehouse(t.db);
  const { order, itemId } = await oneLineOrder(t.db, 10);
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/goods-receipts/receive',
        headers,
        payload: {
          document_number: `DDT-${i}`,
          document_date: '01/03/2025',
          order_id: order.id,
          items: [{ order_item_id: itemId, quantity: 1, warehouse_id: wh.id }],
        },
      }),
    ),
  );
  expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
  expect(
    results
      .filter((r) => r.statusCode !== 201)
      .every((r) => r.statusCode === 409 && ['OVER_RECEIPT', 'ITEM_COMPLETED'].includes(r.json().code)),
  ).toBe(true);
  expect(await itemState(t.db, itemId)).toEqual({ received: '10.000', completed: false });
  expect(await ledgerOfItem(t.db, itemId)).toBe('10.000');
  expect(await orderStatusOf(t.db, order.id)).toBe('fullyReceived');
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});
