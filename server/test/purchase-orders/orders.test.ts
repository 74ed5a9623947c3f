import { can, ORDER_STATUSES, orderStatus, ROLES, type ReceivableLine } from '@wms/shared-api';
import { makeTestApp, type TestApp } from '../helpers';
import { caller, lastActivity, snapshot, type Caller } from '../registry/kit';
import { priceBody, supplierWithProducts, type Supplied } from '../prices/kit';

jest.setTimeout(60_000);

let t: TestApp;
let admin: Caller;
let s: Supplied;

beforeAll(async () => {
  t = await makeTestApp();
  admin = caller(t, (await t.signIn('admin')).headers);
  s = await supplierWithProducts(admin, 3);
});
afterAll(async () => {
  await t.close();
});

const orderBody = (o: Record<string, unknown> = {}) => ({
  order_date: '2026-03-02',
  requested_arrival_date: '2026-03-20',
  confirmed_arrival_date: null,
  supplier_id: s.supplierId,
  notes: 'Consegna al magazzino centrale',
  items: [{ product_id: s.productIds[0], quantity: '2,5', unit_price: '1.0001' }],
  ...o,
});

/** Goods receipt writes these two columns in its own transaction (issue #10); the tests set them directly to stand in for it. */
async function receive(lineId: number, received: string, completed = false) {
  await t.db.query('UPDATE purchase_order_items SET received_quantity = $1, completed = $2 WHERE id = $3', [received, completed, lineId]);
}

describe('POST /purchase-orders', () => {
  it('numbers the order, computes line and order totals exactly (4 decimals, half away from zero), ignores client totals', async () => {
    const res = await admin.post(
      '/purchase-orders',
      orderBody({
        total_amount: '999',
        status: 'fullyReceived',
        order_number: 'HACK-1',
        items: [
          { product_id: s.productIds[0], quantity: '2,5', unit_price: '1.0001', total: '1' }, // 2.50025 → 2.5003
          { product_id: s.productIds[1], quantity: 3, unit_price: 0.3333 }, // 0.9999
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const o = res.json();
    expect(o.order_number).toMatch(/^PO-\d{4}-\d{5}$/);
    expect(o.status).toBe('notReceived');
    expect(o.items.map((i: { total: string }) => i.total)).toEqual(['2.5003', '0.9999']);
    expect(o.items[0]).toMatchObject({
      quantity: '2.500',
      unit_price: '1.0001',
      received_quantity: '0.000',
      remaining_quantity: '2.5',
      status: 'pending',
      currency: 'EUR',
      line_no: 1,
    });
    expect(o.total_amount).toBe('3.5002');
    expect(o.totals).toEqual([{ currency: 'EUR', amount: '3.5002' }]);
    expect(o.item_count).toBe(2);
    expect(await lastActivity(t.db, 'purchase_order')).toMatchObject({ action: 'create', entity_id: String(o.id) });
  });

  it('gives unique, never reused numbers to 10 concurrent orders', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => admin.post('/purchase-orders', orderBody())));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const numbers = results.map((r) => r.json().order_number);
    expect(new Set(numbers).size).toBe(10);
    const deleted = results[0].json();
    expect((await admin.del(`/purchase-orders/${deleted.id}`)).statusCode).toBe(200);
    const next = await admin.post('/purchase-orders', orderBody());
    expect(next.json().order_number > numbers.sort().at(-1)).toBe(true);
    // Past 99 999 the number grows a digit instead of being cut (and colliding with an older one).
    await t.db.query("SELECT setval('purchase_order_number_seq', 99999)");
    const big = await admin.post('/purchase-orders', orderBody());
    expect(big.statusCode).toBe(201);
    expect(big.json().order_number).toMatch(/^PO-\d{4}-100000$/);
  });

  it('marks a line priced from the price in force on the order date; a typed price is manual', async () => {
    const p = await supplierWithProducts(admin, 1);
    expect(
      (await admin.post('/prices', priceBody(p, { price: '4.12345', start_date: '2026-01-01', end_date: '2026-12-31' }))).statusCode,
    ).toBe(201);
    const found = await admin.get(`/prices/in-force?product_id=${p.productIds[0]}&supplier_id=${p.supplierId}&date=2026-03-02`);
    expect(found.json().price).toBe('4.12345');
    const fromPrice = await admin.post(
      '/purchase-orders',
      orderBody({ supplier_id: p.supplierId, items: [{ product_id: p.productIds[0], quantity: 1, unit_price: '4.1235' }] }),
    );
    expect(fromPrice.json().items[0].price_source).toBe('price');
    const typed = await admin.post(
      '/purchase-orders',
      orderBody({
        supplier_id: p.supplierId,
        items: [{ product_id: p.productIds[0], quantity: 1, unit_price: '4', price_source: 'price' }],
      }),
    );
    expect(typed.json().items[0].price_source).toBe('manual');
  });

  it('refuses bad input with 400 (form words) and products of another supplier; nothing changes', async () => {
    const other = await supplierWithProducts(admin, 1);
    const before = await snapshot(t.db);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ items: [] }, 'items', /Aggiungi almeno un prodotto/],
      [{ items: undefined }, 'items', /Aggiungi almeno un prodotto/],
      [{ order_date: '' }, 'order_date', /Campo obbligatorio/],
      [{ requested_arrival_date: '2026-03-01' }, 'requested_arrival_date', /non può precedere/],
      [{ supplier_id: null }, 'supplier_id', /Campo obbligatorio/],
      [{ items: [{ product_id: s.productIds[0], quantity: 0, unit_price: 1 }] }, 'items.0.quantity', /maggiore di zero/],
      [{ items: [{ product_id: s.productIds[0], quantity: 1, unit_price: '0' }] }, 'items.0.unit_price', /maggiore di zero/],
      [{ items: [{ product_id: s.productIds[0], quantity: 1, unit_price: '1.00001' }] }, 'items.0.unit_price', /Al massimo 4 decimali/],
      [{ items: [{ product_id: s.productIds[0], quantity: '1.0001', unit_price: 1 }] }, 'items.0.quantity', /Al massimo 3 decimali/],
      [{ items: [{ quantity: 1, unit_price: 1 }] }, 'items.0.product_id', /Campo obbligatorio/],
      [{ items: 'x' }, 'items', /Valore non valido/],
      // Each within 10⁹, their product or the order's sum not (the columns hold just under 10¹⁵): the form's words, no bare 400.
      [
        { items: [{ product_id: s.productIds[0], quantity: '1000000000', unit_price: '1000000000' }] },
        'items.0.unit_price',
        /Totale della riga troppo grande \(massimo 1\.000\.000\.000\.000\)/,
      ],
      [
        { items: [0, 1].map(() => ({ product_id: s.productIds[0], quantity: '1000000000', unit_price: '999' })) },
        'items',
        /Totale dell'ordine troppo grande/,
      ],
    ];
    for (const [o, field, text] of cases) {
      const res = await admin.post('/purchase-orders', orderBody(o));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toMatch(text);
    }
    const wrong = await admin.post(
      '/purchase-orders',
      orderBody({ items: [{ product_id: other.productIds[0], quantity: 1, unit_price: 1 }] }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PRODUCT_OF_OTHER_SUPPLIER');
    expect((await admin.post('/purchase-orders', orderBody({ supplier_id: 99999999 }))).statusCode).toBe(400);
    expect((await admin.get('/purchase-orders?status=x')).statusCode).toBe(400);
    expect((await admin.get('/purchase-orders?date_from=31/02/2026')).statusCode).toBe(400);
    expect((await admin.get('/purchase-orders/999999')).statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('status, edit and delete against receipts', () => {
  it('derives status from the lines, keeps line ids on edit, refuses cutting below received and deleting once received', async () => {
    const created = (
      await admin.post(
        '/purchase-orders',
        orderBody({
          items: [
            { product_id: s.productIds[0], quantity: 10, unit_price: 2 },
            { product_id: s.productIds[1], quantity: 5, unit_price: 3 },
          ],
        }),
      )
    ).json();
    const [a, b] = created.items;
    await receive(a.id, '4');
    let o = (await admin.get(`/purchase-orders/${created.id}`)).json();
    expect(o.status).toBe('partiallyReceived');
    expect(o.items[0]).toMatchObject({ status: 'partiallyReceived', remaining_quantity: '6' });

    // Edit: a client status is ignored; line a keeps its id; b changes quantity; a new line c is added.
    const edit = await admin.put(
      `/purchase-orders/${created.id}`,
      orderBody({
        status: 'fullyReceived',
        notes: 'Modificato',
        items: [
          { id: a.id, product_id: s.productIds[0], quantity: '4', unit_price: 2 },
          { id: b.id, product_id: s.productIds[1], quantity: '6', unit_price: 3 },
          { product_id: s.productIds[2], quantity: '1', unit_price: '0.5' },
        ],
      }),
    );
    expect(edit.statusCode).toBe(200);
    o = edit.json();
    expect(o.items.map((i: { id: number }) => i.id).slice(0, 2)).toEqual([a.id, b.id]);
    expect(o.total_amount).toBe('26.5000');
    expect(o.items[0].status).toBe('completed'); // 4 ordered, 4 received
    expect(o.status).toBe('partiallyReceived');
    await receive(b.id, '6');
    const c = o.items[2].id;
    await receive(c, '0', true); // marked completed by goods receipt
    expect((await admin.get(`/purchase-orders/${created.id}`)).json().status).toBe('fullyReceived');
    expect(
      (await admin.get(`/purchase-orders?status=fullyReceived&supplier_id=${s.supplierId}`)).json().map((r: { id: number }) => r.id),
    ).toContain(created.id);

    const before = await snapshot(t.db);
    const cut = await admin.put(
      `/purchase-orders/${created.id}`,
      orderBody({
        items: [
          { id: a.id, product_id: s.productIds[0], quantity: '3.999', unit_price: 2 },
          { id: b.id, product_id: s.productIds[1], quantity: 6, unit_price: 3 },
        ],
      }),
    );
    expect(cut.statusCode).toBe(409);
    expect(cut.json()).toMatchObject({ code: 'ITEM_BELOW_RECEIVED' });
    expect(cut.json().error).toMatch(/non può scendere sotto quanto già ricevuto \(4\)/); // never "(4.000)": written as Italians read it
    const dropped = await admin.put(
      `/purchase-orders/${created.id}`,
      orderBody({ items: [{ id: a.id, product_id: s.productIds[0], quantity: 4, unit_price: 2 }] }),
    );
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().code).toBe('ITEM_HAS_RECEIPTS');
    const del = await admin.del(`/purchase-orders/${created.id}`, undefined, { 'accept-language': 'fr' });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'ORDER_HAS_RECEIPTS', error: expect.stringContaining('Impossible de supprimer la commande') });
    expect(await snapshot(t.db)).toBe(before);
  });

  it('the database status (purchase_order_refresh) agrees with orderStatus() on every combination of two lines', async () => {
    const states: Array<[string, boolean]> = [
      ['0', false],
      ['1', false],
      ['2', false],
      ['3', false],
      ['0', true],
      ['1', true],
    ];
    const created = (
      await admin.post(
        '/purchase-orders',
        orderBody({
          items: [
            { product_id: s.productIds[0], quantity: 2, unit_price: 1 },
            { product_id: s.productIds[1], quantity: 2, unit_price: 1 },
          ],
        }),
      )
    ).json();
    const [x, y] = created.items;
    for (const [rx, cx] of states) {
      for (const [ry, cy] of states) {
        await receive(x.id, rx, cx);
        await receive(y.id, ry, cy);
        const lines: ReceivableLine[] = [
          { quantity: '2', received_quantity: rx, completed: cx },
          { quantity: '2', received_quantity: ry, completed: cy },
        ];
        const { rows } = await t.db.query<{ status: string }>('SELECT status FROM purchase_orders WHERE id = $1', [created.id]);
        expect({ lines, status: rows[0].status }).toEqual({ lines, status: orderStatus(lines) });
      }
    }
    expect(ORDER_STATUSES).toHaveLength(3);
  });
});

describe('list, export, roles', () => {
  it('pages, filters and sorts; exports CSV with BOM, ";" and decimal comma', async () => {
    const p = await supplierWithProducts(admin, 1);
    for (const d of ['2026-01-10', '2026-02-10', '2026-03-10']) {
      expect(
        (
          await admin.post(
            '/purchase-orders',
            orderBody({
              supplier_id: p.supplierId,
              order_date: d,
              requested_arrival_date: d,
              items: [{ product_id: p.productIds[0], quantity: '1,5', unit_price: '2.25' }],
            }),
          )
        ).statusCode,
      ).toBe(201);
    }
    const page = await admin.get(`/purchase-orders?supplier_id=${p.supplierId}&limit=2&sort=order_date&order=asc`);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((o: { order_date: string }) => o.order_date)).toEqual(['2026-01-10', '2026-02-10']);
    expect(page.json()[0]).toMatchObject({ total_amount: '3.3750', totals: [{ currency: 'EUR', amount: '3.3750' }] });
    const ranged = await admin.get(`/purchase-orders?supplier_id=${p.supplierId}&date_from=01/02/2026&date_to=2026-02-28`);
    expect(ranged.json()).toHaveLength(1);
    const name = page.json()[0].supplier_name as string;
    const searched = await admin.get(`/purchase-orders?q=${encodeURIComponent(name.toUpperCase())}`);
    expect(searched.headers['x-total-count']).toBe('3');

    const csv = await admin.get(`/purchase-orders/export.csv?supplier_id=${p.supplierId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Numero;Data ordine;Arrivo richiesto;Arrivo confermato;Fornitore;Stato;Righe;Totale;Valuta;Note');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(';10/03/2026;');
    expect(lines[1]).toContain(';Non Arrivato;1;3,375;EUR;');
  });

  it.each(ROLES)('role %s', async (role) => {
    const c = caller(t, (await t.signIn(role)).headers);
    const allowed = can(role, 'purchaseOrders');
    expect((await c.get('/purchase-orders')).statusCode).toBe(allowed ? 200 : 403);
    expect((await c.post('/purchase-orders', orderBody())).statusCode).toBe(allowed ? 201 : 403);
  });
});
