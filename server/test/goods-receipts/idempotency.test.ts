/**
 * Exactly once (issue #10; peers double-receive: ERPNext #13990, InvenTree #599): 50 parallel submits of one delivery note
 * with one Idempotency-Key post it once, and every caller gets the same receipt. Through server/src/http/idempotency.ts.
 */
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { itemState, ledgerOfItem, makeWarehouse, oneLineOrder } from './kit';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

it('50 parallel submits of one key: one receipt, one posting per batch, the same receipt id for every caller', async () => {
  const { headers } = await t.signIn('warehouse');
  const wh = await makeWarehouse(t.db);
  const { order, itemId, product } = await oneLineOrder(t.db, 100, { hasBatch: true });
  const body = {
    document_number: 'DDT-ONCE',
    document_date: '10/03/2025',
    order_id: order.id,
    items: [
      {
        order_item_id: itemId,
        quantity: 30,
        warehouse_id: wh.id,
        batches: [
          { batch_number: 'A', quantity: 10 },
          { batch_number: 'B', quantity: 20 },
        ],
      },
    ],
  };
  const key = { ...headers, 'idempotency-key': `receipt-${order.id}-1` };
  const results = await Promise.all(
    Array.from({ length: 50 }, () => t.app.inject({ method: 'POST', url: '/api/goods-receipts/receive', headers: key, payload: body })),
  );
  expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
  const ids = new Set(results.map((r) => r.json().id));
  expect(ids.size).toBe(1);
  expect(results.filter((r) => r.headers['idempotency-replayed'] === 'true')).toHaveLength(49);

  const { rows } = await t.db.query<{ receipts: number; movements: number }>(
    `SELECT (SELECT count(*)::int FROM goods_receipts WHERE order_id = $1) AS receipts,
            (SELECT count(*)::int FROM stock_movements WHERE source_type = 'PO' AND product_id = $2) AS movements`,
    [order.id, product.id],
  );
  expect(rows[0]).toEqual({ receipts: 1, movements: 2 });
  expect(await itemState(t.db, itemId)).toEqual({ received: '30.000', completed: false });
  expect(await ledgerOfItem(t.db, itemId)).toBe('30.000');

  // The same key with another body is refused; a new key is a new delivery note.
  const other = await t.app.inject({
    method: 'POST',
    url: '/api/goods-receipts/receive',
    headers: key,
    payload: { ...body, document_number: 'DDT-OTHER' },
  });
  expect([other.statusCode, other.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  const next = await t.app.inject({
    method: 'POST',
    url: '/api/goods-receipts/receive',
    headers: { ...headers, 'idempotency-key': `receipt-${order.id}-2` },
    payload: { ...body, document_number: 'DDT-TWO' },
  });
  expect(next.statusCode).toBe(201);
  expect(next.json().id).not.toBe([...ids][0]);
  expect(await itemState(t.db, itemId)).toEqual({ received: '60.000', completed: false });
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});

it('a refused receipt keeps nothing of its key: fixed and retried with the same key, it goes through once', async () => {
  const { headers } = await t.signIn('warehouse');
  const wh = await makeWarehouse(t.db);
  const { order, itemId } = await oneLineOrder(t.db, 10);
  const key = { ...headers, 'idempotency-key': `retry-${order.id}` };
  const bad = await t.app.inject({
    method: 'POST',
    url: '/api/goods-receipts/receive',
    headers: key,
    payload: {
      document_number: 'D',
      document_date: '10/03/2025',
      order_id: order.id,
      items: [{ order_item_id: itemId, quantity: 50, warehouse_id: wh.id }],
    },
  });
  expect([bad.statusCode, bad.json().code]).toEqual([409, 'OVER_RECEIPT']);
  const body = {
    document_number: 'D',
    document_date: '10/03/2025',
    order_id: order.id,
    items: [{ order_item_id: itemId, quantity: 5, warehouse_id: wh.id }],
  };
  const good = await t.app.inject({ method: 'POST', url: '/api/goods-receipts/receive', headers: key, payload: body });
  expect(good.statusCode).toBe(201);
  const again = await t.app.inject({ method: 'POST', url: '/api/goods-receipts/receive', headers: key, payload: body });
  expect([again.statusCode, again.json().id, again.headers['idempotency-replayed']]).toEqual([201, good.json().id, 'true']);
  expect(await itemState(t.db, itemId)).toEqual({ received: '5.000', completed: false });
});
