/** POST /goods-receipts/receive, reversal, completion and the reads, through the real routes (both databases). */
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { balance, balanceRow, stockSnapshot } from '../stock/fixtures';
import { documentLineMovements } from '../../src/stock/movement-queries';
import { itemState, ledgerOfItem, makeOrder, makeProduct, makeWarehouse, oneLineOrder, orderStatusOf } from './kit';

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

const receive = (payload: unknown, h: Record<string, string> = headers) =>
  t.app.inject({ method: 'POST', url: '/api/goods-receipts/receive', headers: h, payload: payload as object });
const ddt = { document_number: 'DDT-1', document_date: '10/03/2025' };

describe('receiving', () => {
  it('receives part of an order with two batches, then the rest: loads through the ledger, statuses follow', async () => {
    const { product, order, itemId } = await oneLineOrder(t.db, 100, { hasBatch: true, hasExpiry: true });
    const first = await receive({
      ...ddt,
      order_id: order.id,
      items: [
        {
          order_item_id: itemId,
          product_id: product.id,
          quantity: 60,
          warehouse_id: wh.id,
          batches: [
            { batch_number: 'L1', quantity: 40, expiry_date: '31/12/2026' },
            { batch_number: 'L2', quantity: 20, expiry_date: '2027-01-31' },
          ],
        },
      ],
    });
    expect(first.statusCode).toBe(201);
    const doc = first.json();
    expect(doc).toMatchObject({ order_id: order.id, document_number: 'DDT-1', document_date: '2025-03-10', reversed: false });
    expect(doc.lines[0]).toMatchObject({ order_item_id: itemId, quantity: '60.000', warehouse_name: wh.name });
    expect(doc.lines[0].batches).toEqual([
      { batch_number: 'L1', quantity: '40.000', production_date: null, expiry_date: '2026-12-31' },
      { batch_number: 'L2', quantity: '20.000', production_date: null, expiry_date: '2027-01-31' },
    ]);
    expect(await balanceRow(t.db, product.id, wh.id, 'L1')).toMatchObject({ quantity: '40.000', expiry_date: '2026-12-31' });
    expect(await balance(t.db, product.id, wh.id, 'L2')).toBe('20.000');
    expect(await itemState(t.db, itemId)).toEqual({ received: '60.000', completed: false });
    expect(await orderStatusOf(t.db, order.id)).toBe('partiallyReceived');

    const { rows: moves } = await t.db.query<{
      source_type: string;
      source_document_type: string;
      source_document_id: number;
      movement_type: string;
    }>(
      'SELECT movement_type, source_type, source_document_type, source_document_id FROM stock_movements WHERE product_id = $1 ORDER BY id',
      [product.id],
    );
    expect(moves).toEqual([
      { movement_type: 'C', source_type: 'PO', source_document_type: 'PO', source_document_id: order.id },
      { movement_type: 'C', source_type: 'PO', source_document_type: 'PO', source_document_id: order.id },
    ]);

    const details = (await t.app.inject({ method: 'GET', url: `/api/goods-receipts/order-details/${order.id}`, headers })).json();
    expect(details.items[0]).toMatchObject({
      ordered_quantity: '100.000',
      received_quantity: '60.000',
      remaining_quantity: '40.000',
      max_receivable_quantity: '50.000',
      status: 'partiallyReceived',
      current_warehouse_id: wh.id,
      has_batches: true,
      has_expiry: true,
    });
    expect(details.summary).toMatchObject({
      ordered_quantity: '100.000',
      total_received: '60.000',
      quantities: [{ unit_of_measure: 'piece', ordered: '100.000', received: '60.000' }],
      receipt_count: 1,
    });

    const rest = await receive({
      document_number: 'DDT-2',
      document_date: '12/03/2025',
      order_id: order.id,
      items: [
        {
          order_item_id: itemId,
          quantity: 40,
          warehouse_id: wh.id,
          batches: [{ batch_number: 'L3', quantity: 40, expiry_date: '31/01/2027' }],
        },
      ],
    });
    expect(rest.statusCode).toBe(201);
    expect(await orderStatusOf(t.db, order.id)).toBe('fullyReceived');

    const history = (await t.app.inject({ method: 'GET', url: `/api/goods-receipts/item-history/${itemId}`, headers })).json();
    expect(history).toMatchObject({
      product_code: product.code,
      unit_of_measure: 'piece',
      total_ordered: '100.000',
      total_received: '100.000',
      receipt_count: 2,
      status: 'completed',
    });
    expect(history.receipts.map((r: { ddt_number: string; remaining_quantity: string }) => [r.ddt_number, r.remaining_quantity])).toEqual([
      ['DDT-2', '0.000'],
      ['DDT-1', '40.000'],
    ]);
    expect(history.receipts[1].batches[0]).toEqual({
      batchNumber: 'L1',
      quantity: '40.000',
      productionDate: null,
      expiryDate: '2026-12-31',
    });
    expect(await ledgerOfItem(t.db, itemId)).toBe('100.000');
    expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
  });

  it('the batch sum may differ from the quantity by 0.001 at most; the batches are what is received', async () => {
    const { order, itemId } = await oneLineOrder(t.db, 10, { hasBatch: true });
    const line = (quantity: number, batches: number[]) => ({
      ...ddt,
      order_id: order.id,
      items: [
        { order_item_id: itemId, quantity, warehouse_id: wh.id, batches: batches.map((q, i) => ({ batch_number: `B${i}`, quantity: q })) },
      ],
    });
    const off = await receive(line(5, [2.5, 2.498]));
    expect(off.statusCode).toBe(400);
    expect(off.json().fields['items.0.batches']).toMatch(/somma dei lotti/);
    const within = await receive(line(5, [2.5, 2.499]));
    expect(within.statusCode).toBe(201);
    expect(within.json().lines[0].quantity).toBe('4.999');
    expect(await itemState(t.db, itemId)).toEqual({ received: '4.999', completed: false });
    expect(await ledgerOfItem(t.db, itemId)).toBe('4.999');
  });

  it('refuses with the §5 messages, in the caller language, and writes nothing', async () => {
    const { order, itemId } = await oneLineOrder(t.db, 10, { hasBatch: true, hasExpiry: true, hasProduction: true });
    const before = await stockSnapshot(t.db);
    const cases: Array<[unknown, string, RegExp]> = [
      [
        { ...ddt, document_number: ' ', order_id: order.id, items: [{ order_item_id: itemId, quantity: 1, warehouse_id: wh.id }] },
        'document_number',
        /numero del documento/,
      ],
      [
        { ...ddt, document_date: '31/02/2025', order_id: order.id, items: [{ order_item_id: itemId, quantity: 1, warehouse_id: wh.id }] },
        'document_date',
        /Data non valida/,
      ],
      [{ ...ddt, order_id: order.id, items: [] }, 'items', /Nessuna modifica/],
      [{ ...ddt, order_id: order.id, items: [{ order_item_id: itemId, quantity: 0 }] }, 'items', /almeno un articolo/],
      [{ ...ddt, order_id: order.id, items: [{ order_item_id: itemId, quantity: 1 }] }, 'items.0.warehouse_id', /magazzino/],
      [
        { ...ddt, order_id: order.id, items: [{ order_item_id: itemId, quantity: 1, warehouse_id: wh.id }] },
        'items.0.batches',
        /almeno un lotto/,
      ],
      [
        {
          ...ddt,
          order_id: order.id,
          items: [
            {
              order_item_id: itemId,
              quantity: 1,
              warehouse_id: wh.id,
              batches: [{ batch_number: 'X', quantity: 1, production_date: '01/01/2025' }],
            },
          ],
        },
        'items.0.batches.0.expiry_date',
        /scadenza è obbligatoria/,
      ],
      [
        {
          ...ddt,
          order_id: order.id,
          items: [
            {
              order_item_id: itemId,
              quantity: 1,
              warehouse_id: wh.id,
              batches: [{ batch_number: 'X', quantity: 1, expiry_date: '01/01/2026' }],
            },
          ],
        },
        'items.0.batches.0.production_date',
        /produzione è obbligatoria/,
      ],
      [
        {
          ...ddt,
          order_id: order.id,
          items: [
            {
              order_item_id: itemId,
              quantity: 1,
              warehouse_id: wh.id,
              batches: [{ batch_number: 'X', quantity: 1, production_date: '2025-13-01', expiry_date: '01/01/2026' }],
            },
          ],
        },
        'items.0.batches.0.production_date',
        /Data non valida/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await receive(body);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION']);
      expect(res.json().fields[field]).toMatch(message);
    }
    const fr = await receive({ ...ddt, order_id: order.id, items: [] }, { ...headers, 'accept-language': 'fr' });
    expect(fr.json().fields.items).toBe('Aucune modification à enregistrer');
    expect(await stockSnapshot(t.db)).toBe(before);
    expect(await itemState(t.db, itemId)).toEqual({ received: '0.000', completed: false });
  });

  it('quantities of different units are never added together: totals per unit, the single figure only for one unit', async () => {
    const kg = await makeProduct(t.db, { unit: 'kg' });
    const pieces = await makeProduct(t.db);
    const morePieces = await makeProduct(t.db);
    const order = await makeOrder(t.db, [
      { productId: kg.id, quantity: '2.5' },
      { productId: pieces.id, quantity: 40 },
      { productId: morePieces.id, quantity: 2 },
    ]);
    const res = await receive({
      ...ddt,
      order_id: order.id,
      items: [
        { order_item_id: order.items[0], quantity: '1.25', warehouse_id: wh.id },
        { order_item_id: order.items[1], quantity: '10', warehouse_id: wh.id },
      ],
    });
    expect(res.statusCode).toBe(201);
    const perUnit = [
      { unit_of_measure: 'kg', ordered: '2.500', received: '1.250' },
      { unit_of_measure: 'piece', ordered: '42.000', received: '10.000' },
    ];
    const details = (await t.app.inject({ method: 'GET', url: `/api/goods-receipts/order-details/${order.id}`, headers })).json();
    // 2,5 kg + 42 pieces is no quantity at all: no single figure, one total per unit.
    expect(details.summary).toMatchObject({ ordered_quantity: null, total_received: null, quantities: perUnit });
    const rows = (await t.app.inject({ method: 'GET', url: '/api/goods-receipts/orders?show_all=true', headers })).json();
    expect(rows.find((r: { id: number }) => r.id === order.id)).toMatchObject({
      ordered_quantity: null,
      received_quantity: null,
      quantities: perUnit,
    });
    // One unit: the single figure is that unit's total, as before.
    const single = await oneLineOrder(t.db, '7.5');
    const one = (await t.app.inject({ method: 'GET', url: '/api/goods-receipts/orders?show_all=true', headers })).json();
    expect(one.find((r: { id: number }) => r.id === single.order.id)).toMatchObject({
      ordered_quantity: '7.500',
      received_quantity: '0.000',
      quantities: [{ unit_of_measure: 'piece', ordered: '7.500', received: '0.000' }],
    });
  });

  it('one save is all or nothing: a bad second item leaves the first unreceived', async () => {
    const a = await makeProduct(t.db);
    const b = await makeProduct(t.db, { hasBatch: true });
    const order = await makeOrder(t.db, [
      { productId: a.id, quantity: 5 },
      { productId: b.id, quantity: 5 },
    ]);
    const before = await stockSnapshot(t.db);
    const res = await receive({
      ...ddt,
      order_id: order.id,
      items: [
        { order_item_id: order.items[0], quantity: 5, warehouse_id: wh.id },
        { order_item_id: order.items[1], quantity: 5, warehouse_id: wh.id },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['items.1.batches']).toMatch(/almeno un lotto/);
    expect(await stockSnapshot(t.db)).toBe(before);
    expect(await itemState(t.db, order.items[0])).toEqual({ received: '0.000', completed: false });
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods_receipts WHERE order_id = $1', [order.id]);
    expect(rows[0].n).toBe(0);
  });

  it('over-receipt: within the tolerance the item completes, beyond it 409; a completed item takes no more', async () => {
    const { order, itemId } = await oneLineOrder(t.db, 10);
    const line = (quantity: number) => ({ ...ddt, order_id: order.id, items: [{ order_item_id: itemId, quantity, warehouse_id: wh.id }] });
    const beyond = await receive(line(11.001));
    expect([beyond.statusCode, beyond.json().code]).toEqual([409, 'OVER_RECEIPT']);
    expect(beyond.json().error).toMatch(/al massimo ancora 11/);
    expect((await receive(line(11))).statusCode).toBe(201);
    expect(await orderStatusOf(t.db, order.id)).toBe('fullyReceived');
    const more = await receive(line(1));
    expect([more.statusCode, more.json().code]).toEqual([409, 'ITEM_COMPLETED']);
  });

  it('refuses an item of another order, an unknown order, a product that is not the line one', async () => {
    const one = await oneLineOrder(t.db, 5);
    const other = await oneLineOrder(t.db, 5);
    const mixed = await receive({
      ...ddt,
      order_id: one.order.id,
      items: [{ order_item_id: other.itemId, quantity: 1, warehouse_id: wh.id }],
    });
    expect([mixed.statusCode, mixed.json().code]).toEqual([400, 'ITEM_NOT_IN_ORDER']);
    const missing = await receive({ ...ddt, order_id: 999999, items: [{ order_item_id: one.itemId, quantity: 1, warehouse_id: wh.id }] });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const product = await receive({
      ...ddt,
      order_id: one.order.id,
      items: [{ order_item_id: one.itemId, product_id: other.product.id, quantity: 1, warehouse_id: wh.id }],
    });
    expect([product.statusCode, product.json().code]).toEqual([400, 'PRODUCT_MISMATCH']);
  });

  it('an unknown, deleted or inactive warehouse is refused by name as sales and movements refuse it, and nothing is written', async () => {
    const { order, itemId } = await oneLineOrder(t.db, 5);
    const gone = await makeWarehouse(t.db);
    await t.db.query('UPDATE warehouses SET deleted_at = now() WHERE id = $1', [gone.id]); // a fixture: the registry's delete is tested there
    const closed = await makeWarehouse(t.db);
    await t.db.query('UPDATE warehouses SET is_active = false WHERE id = $1', [closed.id]);
    const into = (warehouse_id: number) =>
      receive({ ...ddt, order_id: order.id, items: [{ order_item_id: itemId, quantity: 1, warehouse_id }] });
    for (const id of [999999, gone.id]) {
      const refused = await into(id);
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'WAREHOUSE_NOT_FOUND']);
      expect(refused.json().error).toBe(`Magazzino inesistente o eliminato (id ${id})`);
    }
    const inactive = await into(closed.id);
    expect([inactive.statusCode, inactive.json().code]).toEqual([409, 'WAREHOUSE_INACTIVE']);
    expect(await itemState(t.db, itemId)).toEqual({ received: '0.000', completed: false });
    const { rows } = await t.db.query('SELECT 1 FROM goods_receipts WHERE order_id = $1', [order.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('mark as completed', () => {
  it('completes an item without receiving, and reopening gives back the status of its totals', async () => {
    const p1 = await makeProduct(t.db);
    const p2 = await makeProduct(t.db);
    const order = await makeOrder(t.db, [
      { productId: p1.id, quantity: 10 },
      { productId: p2.id, quantity: 10 },
    ]);
    const toggle = (itemId: number, completed: boolean) =>
      t.app.inject({ method: 'PUT', url: `/api/goods-receipts/order-items/${itemId}/completed`, headers, payload: { completed } });
    expect(
      (await receive({ ...ddt, order_id: order.id, items: [{ order_item_id: order.items[0], quantity: 4, warehouse_id: wh.id }] }))
        .statusCode,
    ).toBe(201);
    let res = await toggle(order.items[0], true);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { status: string }) => i.status)).toEqual(['completed', 'pending']);
    expect(await orderStatusOf(t.db, order.id)).toBe('partiallyReceived');
    res = await toggle(order.items[1], true);
    expect(res.json().status).toBe('fullyReceived');
    expect(await orderStatusOf(t.db, order.id)).toBe('fullyReceived');
    res = await toggle(order.items[0], false);
    expect(res.json().items.map((i: { status: string }) => i.status)).toEqual(['partiallyReceived', 'completed']);
    res = await toggle(order.items[1], false);
    expect(res.json().items[1].status).toBe('pending');
    expect(await orderStatusOf(t.db, order.id)).toBe('partiallyReceived');
  });
});

describe('reversal', () => {
  it('appends opposite movements, takes the quantity back, statuses follow; twice is 409', async () => {
    const { order, itemId, product } = await oneLineOrder(t.db, 10, { hasBatch: true });
    const doc = (
      await receive({
        ...ddt,
        order_id: order.id,
        items: [
          {
            order_item_id: itemId,
            quantity: 10,
            warehouse_id: wh.id,
            batches: [
              { batch_number: 'R1', quantity: 6 },
              { batch_number: 'R2', quantity: 4 },
            ],
          },
        ],
      })
    ).json();
    expect(await orderStatusOf(t.db, order.id)).toBe('fullyReceived');
    const res = await t.app.inject({ method: 'POST', url: `/api/goods-receipts/${doc.id}/reverse`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: doc.id, reversed: true });
    expect(await itemState(t.db, itemId)).toEqual({ received: '0.000', completed: false });
    expect(await orderStatusOf(t.db, order.id)).toBe('notReceived');
    expect(await balance(t.db, product.id, wh.id, 'R1')).toBe('0.000');
    expect(await ledgerOfItem(t.db, itemId)).toBe('0.000');
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1', [product.id]);
    expect(rows[0].n).toBe(4);
    // The item's history is a query on its order line (source_line_id): two loads and their two reversals.
    const line = await documentLineMovements(t.db, 'PO', itemId);
    expect(line.map((m) => [m.movement_type, m.batch_number, m.quantity, m.source_document_id])).toEqual([
      ['C', 'R1', '6.000', order.id],
      ['C', 'R2', '4.000', order.id],
      ['S', 'R1', '6.000', order.id],
      ['S', 'R2', '4.000', order.id],
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/stock-movements?source_document_type=PO&source_line_id=${itemId}&include_history=true`,
      headers,
    });
    expect([listed.statusCode, listed.headers['x-total-count']]).toEqual([200, '4']);
    const live = await t.app.inject({ method: 'GET', url: `/api/stock-movements?source_line_id=${itemId}`, headers });
    expect(live.headers['x-total-count']).toBe('0');
    const again = await t.app.inject({ method: 'POST', url: `/api/goods-receipts/${doc.id}/reverse`, headers });
    expect([again.statusCode, again.json().code]).toEqual([409, 'RECEIPT_ALREADY_REVERSED']);
    const history = (await t.app.inject({ method: 'GET', url: `/api/goods-receipts/item-history/${itemId}`, headers })).json();
    expect(history).toMatchObject({ total_received: '0.000', receipt_count: 0 });
    expect(history.receipts[0]).toMatchObject({ reversed: true, remaining_quantity: '10.000' });
  });

  it('is refused with 409 when the goods already left, and changes nothing', async () => {
    const { order, itemId, product } = await oneLineOrder(t.db, 10);
    const doc = (
      await receive({ ...ddt, order_id: order.id, items: [{ order_item_id: itemId, quantity: 10, warehouse_id: wh.id }] })
    ).json();
    const unload = await t.app.inject({
      method: 'POST',
      url: '/api/stock-movements',
      headers,
      payload: { movement_type: 'S', movement_date: '11/03/2025', product_id: product.id, warehouse_id: wh.id, quantity: 3 },
    });
    expect(unload.statusCode).toBe(201);
    const before = await stockSnapshot(t.db);
    const res = await t.app.inject({ method: 'POST', url: `/api/goods-receipts/${doc.id}/reverse`, headers });
    expect([res.statusCode, res.json().code]).toEqual([409, 'RECEIPT_GOODS_LEFT']);
    expect(res.json().error).toMatch(/non è più in giacenza/);
    expect(await stockSnapshot(t.db)).toBe(before);
    expect(await itemState(t.db, itemId)).toEqual({ received: '10.000', completed: false });
  });
});

describe('permissions and reads', () => {
  it('goodsReceipt roles only: administration gets 403 on every route', async () => {
    const { order, itemId } = await oneLineOrder(t.db, 5);
    const admin = (await t.signIn('administration')).headers;
    const calls = [
      { method: 'GET' as const, url: '/api/goods-receipts/orders' },
      { method: 'GET' as const, url: `/api/goods-receipts/order-details/${order.id}` },
      { method: 'GET' as const, url: `/api/goods-receipts/item-history/${itemId}` },
      {
        method: 'POST' as const,
        url: '/api/goods-receipts/receive',
        payload: { ...ddt, order_id: order.id, items: [{ order_item_id: itemId, quantity: 1, warehouse_id: wh.id }] },
      },
      { method: 'PUT' as const, url: `/api/goods-receipts/order-items/${itemId}/completed`, payload: { completed: true } },
    ];
    for (const c of calls) expect((await t.app.inject({ ...c, headers: admin })).statusCode).toBe(403);
    for (const role of ['orders', 'sales', 'direction'] as const) {
      const h = (await t.signIn(role)).headers;
      expect((await t.app.inject({ method: 'GET', url: `/api/goods-receipts/order-details/${order.id}`, headers: h })).statusCode).toBe(
        200,
      );
    }
    expect(await itemState(t.db, itemId)).toEqual({ received: '0.000', completed: false });
  });

  it('the list hides fully received orders unless show_all; 404s for unknown ids', async () => {
    const open = await oneLineOrder(t.db, 5);
    const done = await oneLineOrder(t.db, 5);
    await receive({ ...ddt, order_id: done.order.id, items: [{ order_item_id: done.itemId, quantity: 5, warehouse_id: wh.id }] });
    const list = await t.app.inject({ method: 'GET', url: '/api/goods-receipts/orders?limit=1000', headers });
    const ids = list.json().map((o: { id: number }) => o.id);
    expect(ids).toContain(open.order.id);
    expect(ids).not.toContain(done.order.id);
    const all = await t.app.inject({ method: 'GET', url: '/api/goods-receipts/orders?show_all=true&limit=1000', headers });
    expect(all.json().map((o: { id: number }) => o.id)).toContain(done.order.id);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(Number(list.headers['x-total-count']));
    for (const url of [
      '/api/goods-receipts/order-details/999999',
      '/api/goods-receipts/item-history/999999',
      '/api/goods-receipts/999999',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(404);
    }
  });
});
