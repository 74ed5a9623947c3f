/**
 * A batch already expired on the receipt day (issue 22): refused (400 EXPIRED_BATCH, nothing written) unless the user
 * confirmed it with `confirm_expired: true`; then received and named in the activity log.
 */
import { makeTestApp, type TestApp } from '../helpers';
import { stockSnapshot } from '../stock/fixtures';
import { itemState, makeWarehouse, oneLineOrder, orderStatusOf } from './kit';

let t: TestApp;
let headers: Record<string, string>;
let wh: { id: number; name: string };

beforeAll(async () => {
  t = await makeTestApp({ config: { receiptOverTolerancePercent: 10 } });
  headers = (await t.signIn('warehouse')).headers;
  wh = await makeWarehouse(t.db);
});
afterAll(async () => {
  await t.close();
});

const receive = (payload: object, h: Record<string, string> = headers) =>
  t.app.inject({ method: 'POST', url: '/api/goods-receipts/receive', headers: h, payload });

/** One line of 10 in two batches: L-OLD expired long ago, L-NEW good for years. */
function body(orderId: number, itemId: number, extra: object = {}) {
  return {
    document_number: 'DDT-EXP',
    document_date: '10/03/2025',
    order_id: orderId,
    items: [
      {
        order_item_id: itemId,
        quantity: 10,
        warehouse_id: wh.id,
        batches: [
          { batch_number: 'L-OLD', quantity: 4, expiry_date: '31/01/2020' },
          { batch_number: 'L-NEW', quantity: 6, expiry_date: '31/12/2099' },
        ],
      },
    ],
    ...extra,
  };
}

async function receiptsOf(orderId: number): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods_receipts WHERE order_id = $1', [orderId]);
  return rows[0].n;
}

async function lastReceiptActivity(): Promise<{ entity_id: string; details: string } | undefined> {
  const { rows } = await t.db.query<{ entity_id: string; details: string }>(
    `SELECT entity_id, details FROM activity_log WHERE entity_type = 'goods_receipt' AND action = 'create' ORDER BY id DESC LIMIT 1`,
  );
  return rows[0];
}

describe('expired batches on receipt', () => {
  it('refuses a batch expired before the receipt day without the flag, naming it, and writes nothing', async () => {
    const { product, order, itemId } = await oneLineOrder(t.db, 10, { hasBatch: true, hasExpiry: true });
    const stock = await stockSnapshot(t.db);
    const activityBefore = await lastReceiptActivity();

    const refused = await receive(body(order.id, itemId));
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'EXPIRED_BATCH']);
    const text: string = refused.json().error;
    expect(text).toContain('L-OLD');
    expect(text).toContain(product.code);
    expect(text).toMatch(/31\/01\/2020/);
    expect(text).toMatch(/scadut/);
    expect(text).not.toContain('L-NEW');

    const fr = await receive(body(order.id, itemId, { confirm_expired: false }), { ...headers, 'accept-language': 'fr' });
    expect([fr.statusCode, fr.json().code]).toEqual([400, 'EXPIRED_BATCH']);
    expect(fr.json().error).toMatch(/Le lot L-OLD .* a expiré le 31\/01\/2020/);

    // All or nothing: no document, no stock, nothing received, no activity.
    expect(await receiptsOf(order.id)).toBe(0);
    expect(await stockSnapshot(t.db)).toEqual(stock);
    expect(await itemState(t.db, itemId)).toEqual({ received: '0.000', completed: false });
    expect(await orderStatusOf(t.db, order.id)).toBe('notReceived');
    expect(await lastReceiptActivity()).toEqual(activityBefore);
  });

  it('receives it with confirm_expired: true and records the confirmed batches in the activity log', async () => {
    const { product, order, itemId } = await oneLineOrder(t.db, 10, { hasBatch: true, hasExpiry: true });
    const ok = await receive(body(order.id, itemId, { confirm_expired: true }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().lines[0].batches.map((b: { batch_number: string }) => b.batch_number)).toEqual(['L-OLD', 'L-NEW']);
    expect(await receiptsOf(order.id)).toBe(1);
    expect(await itemState(t.db, itemId)).toEqual({ received: '10.000', completed: false });

    const activity = await lastReceiptActivity();
    expect(activity?.entity_id).toBe(String(ok.json().id));
    const details = JSON.parse(activity?.details ?? '{}');
    expect(details.expired_batches_confirmed).toEqual([{ code: product.code, batch_number: 'L-OLD', expiry_date: '2020-01-31' }]);
  });

  it('needs no confirmation when no batch is expired, and logs none', async () => {
    const { order, itemId } = await oneLineOrder(t.db, 10, { hasBatch: true, hasExpiry: true });
    const fresh = body(order.id, itemId);
    fresh.items[0].batches[0].expiry_date = '31/12/2099';
    fresh.items[0].batches[0].batch_number = 'L-FRESH';
    const ok = await receive(fresh);
    expect(ok.statusCode).toBe(201);
    const details = JSON.parse((await lastReceiptActivity())?.details ?? '{}');
    expect(details).not.toHaveProperty('expired_batches_confirmed');
  });
});
