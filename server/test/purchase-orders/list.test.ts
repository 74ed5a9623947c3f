/**
 * Purchase orders at scale (migration 010): stored status / totals always equal what the lines say (invariant, through the
 * real order and goods-receipt routes), the exact live count, the search text and its supplier-name side, every sort, and
 * order numbers past 5 digits. Both databases.
 */
import { ORDER_STATUSES } from '@wms/shared-api';
import { orderInvariants } from '../../src/purchase-orders/sql';
import { makeTestApp, type TestApp } from '../helpers';
import { caller, type Caller } from '../registry/kit';
import { supplierWithProducts, type Supplied } from '../prices/kit';
import { makeWarehouse } from '../goods-receipts/kit';

jest.setTimeout(120_000);

let t: TestApp;
let admin: Caller;
let dock: Caller;
let s: Supplied;

beforeAll(async () => {
  t = await makeTestApp();
  admin = caller(t, (await t.signIn('admin')).headers);
  dock = caller(t, (await t.signIn('warehouse')).headers);
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
  notes: null,
  items: [{ product_id: s.productIds[0], quantity: 4, unit_price: '1.5' }],
  ...o,
});

async function create(o: Record<string, unknown> = {}) {
  const res = await admin.post('/purchase-orders', orderBody(o));
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('order numbers', () => {
  it('the column has no default any more; the server formats 5, 6 and 7 digits in full', async () => {
    const { rows } = await t.db.query<{ column_default: string | null }>(
      `SELECT column_default FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'purchase_orders' AND column_name = 'order_number'`,
    );
    expect(rows).toEqual([{ column_default: null }]);
    const { rows: formatted } = await t.db.query<{ a: string; b: string; c: string }>(
      'SELECT purchase_order_number(2026, 42) AS a, purchase_order_number(2026, 123456) AS b, purchase_order_number(2027, 1000000) AS c',
    );
    expect(formatted[0]).toEqual({ a: 'PO-2026-00042', b: 'PO-2026-123456', c: 'PO-2027-1000000' });
    // A writer that forgets the number gets an error, not a cut one.
    await expect(
      t.db.query(`INSERT INTO purchase_orders (order_date, requested_arrival_date, supplier_id) VALUES ('2026-01-01', '2026-01-02', $1)`, [
        s.supplierId,
      ]),
    ).rejects.toMatchObject({ code: '23502' });
    // Past 99 999 the number grows a digit, and sorting by number still follows the sequence.
    const own = await supplierWithProducts(admin, 1);
    await t.db.query("SELECT setval('purchase_order_number_seq', 99998)");
    const body = { supplier_id: own.supplierId, items: [{ product_id: own.productIds[0], quantity: 1, unit_price: 1 }] };
    const five = await create(body);
    const six = await create(body);
    expect([five.order_number, six.order_number]).toEqual([
      expect.stringMatching(/^PO-\d{4}-99999$/),
      expect.stringMatching(/^PO-\d{4}-100000$/),
    ]);
    const sorted = await admin.get(`/purchase-orders?supplier_id=${own.supplierId}&sort=order_number&order=asc`);
    expect(sorted.json().map((x: { id: number }) => x.id)).toEqual([five.id, six.id]);
    await t.db.query("SELECT setval('purchase_order_number_seq', 123455)");
    const o = await create();
    expect(o.order_number).toMatch(/^PO-\d{4}-123456$/);
    expect((await admin.get(`/purchase-orders?q=123456`)).json().map((x: { id: number }) => x.id)).toEqual([o.id]);
  });
});

describe('stored status and totals = what the lines say', () => {
  it('hold through creation, edits, a currency change, receipts, a completion, a reversal and a delete', async () => {
    const usd = await supplierWithProducts(admin, 1, { currency: 'USD' });
    const eur = await supplierWithProducts(admin, 1);
    const wh = await makeWarehouse(t.db);
    const a = await create({
      items: [
        { product_id: s.productIds[0], quantity: 4, unit_price: '1.5' },
        { product_id: s.productIds[1], quantity: '2,5', unit_price: '2.0001' },
      ],
    });
    expect(a).toMatchObject({ status: 'notReceived', total_amount: '11.0003', item_count: 2 });
    const b = await create({ supplier_id: eur.supplierId, items: [{ product_id: eur.productIds[0], quantity: 1, unit_price: 3 }] });
    expect(await orderInvariants(t.db)).toEqual([]);

    // A line received in part: partiallyReceived; the rest: fullyReceived.
    const receive = (order: { id: number; items: Array<{ id: number; product_id: number }> }, line: number, quantity: number) =>
      dock.post(
        '/goods-receipts/receive',
        {
          document_number: `DDT-${order.id}-${line}-${quantity}`,
          document_date: '10/03/2026',
          order_id: order.id,
          items: [{ order_item_id: order.items[line].id, product_id: order.items[line].product_id, quantity, warehouse_id: wh.id }],
        },
        { 'idempotency-key': `list-test-${order.id}-${line}-${quantity}` },
      );
    const first = await receive(a, 0, 1);
    expect(first.statusCode).toBe(201);
    expect((await admin.get(`/purchase-orders/${a.id}`)).json().status).toBe('partiallyReceived');
    expect(await orderInvariants(t.db)).toEqual([]);
    expect((await receive(a, 0, 3)).statusCode).toBe(201);
    expect((await receive(a, 1, 2)).statusCode).toBe(201);
    expect((await dock.put(`/goods-receipts/order-items/${a.items[1].id}/completed`, { completed: true })).statusCode).toBe(200);
    expect((await admin.get(`/purchase-orders/${a.id}`)).json().status).toBe('fullyReceived');
    expect(await orderInvariants(t.db)).toEqual([]);

    // Reversing the first receipt takes the order back to partly received.
    const reversed = await dock.post(`/goods-receipts/${first.json().id}/reverse`, {});
    expect(reversed.statusCode).toBe(200);
    expect((await admin.get(`/purchase-orders/${a.id}`)).json().status).toBe('partiallyReceived');

    // An edit adding a line, then one changing the order's currency (first line in USD): total follows at once.
    const current = (await admin.get(`/purchase-orders/${a.id}`)).json();
    const kept = current.items.map((i: { id: number; product_id: number; quantity: string; unit_price: string }) => ({
      id: i.id,
      product_id: i.product_id,
      quantity: i.quantity,
      unit_price: i.unit_price,
    }));
    const edited = await admin.put(
      `/purchase-orders/${a.id}`,
      orderBody({ items: [...kept, { product_id: s.productIds[2], quantity: 1, unit_price: 1 }] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ item_count: 3, total_amount: '12.0003', status: 'partiallyReceived' });
    const c = await create({ supplier_id: usd.supplierId, items: [{ product_id: usd.productIds[0], quantity: 2, unit_price: '7.25' }] });
    expect(c).toMatchObject({ currency: 'USD', total_amount: '14.5000' });
    expect(await orderInvariants(t.db)).toEqual([]);

    // Soft delete: the live count follows.
    expect((await admin.del(`/purchase-orders/${b.id}`)).statusCode).toBe(200);
    const unfiltered = await admin.get('/purchase-orders?limit=1');
    const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM purchase_orders WHERE deleted_at IS NULL');
    expect(unfiltered.headers['x-total-count']).toBe(String(rows[0].n));
    for (const status of ORDER_STATUSES) {
      const counted = await t.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM purchase_orders WHERE deleted_at IS NULL AND status = $1',
        [status],
      );
      expect({ status, total: (await admin.get(`/purchase-orders?status=${status}&limit=1`)).headers['x-total-count'] }).toEqual({
        status,
        total: String(counted.rows[0].n),
      });
    }
    expect(await orderInvariants(t.db)).toEqual([]);
  });

  it('the live count stays exact under concurrent creations and deletions', async () => {
    const before = Number((await admin.get('/purchase-orders?limit=1')).headers['x-total-count']);
    const made = await Promise.all(Array.from({ length: 12 }, () => admin.post('/purchase-orders', orderBody())));
    expect(made.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const gone = await Promise.all(made.slice(0, 5).map((r) => admin.del(`/purchase-orders/${r.json().id}`)));
    expect(gone.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const after = await admin.get('/purchase-orders?limit=1');
    expect(Number(after.headers['x-total-count'])).toBe(before + 7);
    expect(await orderInvariants(t.db)).toEqual([]);
  });

  it('the check finds a stored status the lines do not support, and a live count that drifted', async () => {
    const o = await create();
    await t.db.query('ALTER TABLE purchase_orders DISABLE TRIGGER USER');
    try {
      await t.db.query(`UPDATE purchase_orders SET status = 'fullyReceived' WHERE id = $1`, [o.id]);
    } finally {
      await t.db.query('ALTER TABLE purchase_orders ENABLE TRIGGER USER');
    }
    await t.db.query(
      'UPDATE purchase_order_live_counts SET live = live + 1 WHERE shard = (SELECT min(shard) FROM purchase_order_live_counts)',
    );
    const found = await orderInvariants(t.db);
    expect(found).toEqual([
      expect.objectContaining({ order_id: null, stored: expect.stringMatching(/^live count /) }),
      { order_id: o.id, stored: 'fullyReceived 6.0000 1', derived: 'notReceived 6.0000 1' },
    ]);
    // Put back what the lines say (the refresh the triggers run) and the count.
    await t.db.query('SELECT purchase_order_refresh(ARRAY[$1::bigint])', [o.id]);
    await t.db.query(
      'UPDATE purchase_order_live_counts SET live = live - 1 WHERE shard = (SELECT min(shard) FROM purchase_order_live_counts)',
    );
    expect(await orderInvariants(t.db)).toEqual([]);
  });
});

describe('search and sorts', () => {
  let p: Supplied;
  let ids: number[];

  beforeAll(async () => {
    p = await supplierWithProducts(admin, 2);
    const specs = [
      { order_date: '2026-01-15', requested_arrival_date: '2026-03-05', notes: 'Consegna URGENTE al molo 3', q: 5, price: '2' },
      { order_date: '2026-02-15', requested_arrival_date: '2026-02-20', notes: null, q: 1, price: '9.5' },
      { order_date: '2026-02-15', requested_arrival_date: '2026-03-10', notes: 'Rif. offerta 4711', q: 3, price: '1' },
    ];
    ids = [];
    for (const x of specs) {
      const o = await create({
        supplier_id: p.supplierId,
        order_date: x.order_date,
        requested_arrival_date: x.requested_arrival_date,
        notes: x.notes,
        items: [{ product_id: p.productIds[0], quantity: x.q, unit_price: x.price }],
      });
      ids.push(o.id);
    }
  });

  const listIds = async (qs: string) => {
    const res = await admin.get(`/purchase-orders?supplier_id=${p.supplierId}&${qs}`);
    expect(res.statusCode).toBe(200);
    return { ids: res.json().map((o: { id: number }) => o.id) as number[], total: res.headers['x-total-count'] };
  };

  it('finds by notes, number, dd/MM/yyyy date and supplier name (also after a rename), every word required', async () => {
    expect(await listIds('q=urgente')).toEqual({ ids: [ids[0]], total: '1' });
    expect(await listIds('q=offerta%204711')).toEqual({ ids: [ids[2]], total: '1' });
    expect(await listIds('q=offerta%209999')).toEqual({ ids: [], total: '0' });
    expect(await listIds('q=15/02/2026').then((r) => r.ids.sort())).toEqual([ids[1], ids[2]].sort());
    const number = (await admin.get(`/purchase-orders/${ids[1]}`)).json().order_number as string;
    expect(await listIds(`q=${encodeURIComponent(number.toLowerCase())}`)).toEqual({ ids: [ids[1]], total: '1' });
    // LIKE's wildcards are taken literally.
    expect(await listIds('q=%25')).toEqual({ ids: [], total: '0' });

    const renamed = `Acciaierie Zanetti ${p.supplierId}`;
    const supplier = (await admin.get(`/suppliers/${p.supplierId}`)).json();
    const { id: _id, created_at: _c, updated_at: _u, created_by: _cb, modified_by: _mb, ...body } = supplier;
    const put = await admin.put(`/suppliers/${p.supplierId}`, { ...body, business_name: renamed });
    expect(put.statusCode).toBe(200);
    const byName = await admin.get(`/purchase-orders?q=${encodeURIComponent(`zanetti ${p.supplierId}`)}`);
    expect(byName.headers['x-total-count']).toBe('3');
    expect(byName.json().every((o: { supplier_name: string }) => o.supplier_name === renamed)).toBe(true);
    // Supplier words and order words together: each word may match either.
    expect(await listIds(`q=${encodeURIComponent('zanetti urgente')}`)).toEqual({ ids: [ids[0]], total: '1' });
  });

  it.each([
    ['order_number', [0, 1, 2]],
    ['order_date', [0, 1, 2]],
    ['requested_arrival_date', [1, 0, 2]],
    ['total_amount', [2, 1, 0]],
  ] as Array<[string, number[]]>)('sorts by %s both ways, ties by id', async (sort, order) => {
    expect((await listIds(`sort=${sort}&order=asc`)).ids).toEqual(order.map((i) => ids[i]));
    expect((await listIds(`sort=${sort}&order=desc`)).ids).toEqual(order.map((i) => ids[i]).reverse());
  });

  it('sorts by supplier name and status over several suppliers, and pages without gaps', async () => {
    const all = async (qs: string) => {
      const out: Array<{ id: number; supplier_name: string; status: string }> = [];
      for (let offset = 0; ; offset += 2) {
        const res = await admin.get(`/purchase-orders?${qs}&limit=2&offset=${offset}`);
        out.push(...res.json());
        if (offset + 2 >= Number(res.headers['x-total-count'])) break;
      }
      return out;
    };
    const total = Number((await admin.get('/purchase-orders?limit=1')).headers['x-total-count']);
    const bySupplier = await all('sort=supplier_name&order=asc');
    expect(bySupplier).toHaveLength(total);
    // The database's own collation decides the name order: the same sort written plainly, without the indexes' help.
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT o.id FROM purchase_orders o JOIN suppliers s ON s.id = o.supplier_id WHERE o.deleted_at IS NULL
        ORDER BY lower(s.business_name) || '' , o.id + 0`,
    );
    expect(bySupplier.map((o) => o.id)).toEqual(rows.map((r) => r.id));
    const byStatus = await all('sort=status&order=desc');
    expect(byStatus.map((o) => o.status)).toEqual(
      byStatus
        .map((o) => o.status)
        .sort()
        .reverse(),
    );
    expect(new Set(byStatus.map((o) => o.id)).size).toBe(total);
  });
});
