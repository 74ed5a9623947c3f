/**
 * Edits never overwrite unseen what someone else saved (src/http/versions.ts): a versioned read answers an ETag, an edit
 * that sends it back as If-Match is refused with 412 RECORD_CHANGED once the record changed, and changes nothing. On
 * PostgreSQL (DATABASE_URL) the parallel edits really race on a pool of connections; else PGlite.
 */
import { makeTestApp, type TestApp } from '../helpers';
import { caller, productBody, warehouseBody, type Caller } from '../registry/kit';
import { priceBody, supplierWithProducts } from '../prices/kit';

jest.setTimeout(60_000);

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await makeTestApp();
  admin = caller(t, (await t.signIn('admin')).headers);
});
afterAll(async () => {
  await t.close();
});

/** Reads `url`: its body and ETag. */
async function read(url: string) {
  const res = await admin.get(url);
  expect(res.statusCode).toBe(200);
  const etag = res.headers.etag as string;
  expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  return { body: res.json() as Record<string, unknown>, etag };
}

describe.each([
  {
    name: 'product',
    create: () => admin.post('/products', productBody()),
    url: (id: number) => `/products/${id}`,
    edit: (body: Record<string, unknown>, n: number) => ({ ...pick(body, Object.keys(productBody())), description: `Descrizione ${n}` }),
    field: 'description',
  },
  {
    name: 'warehouse',
    create: () => admin.post('/warehouses', warehouseBody()),
    url: (id: number) => `/warehouses/${id}`,
    edit: (body: Record<string, unknown>, n: number) => ({ ...pick(body, Object.keys(warehouseBody())), description: `Deposito ${n}` }),
    field: 'description',
  },
  {
    name: 'price',
    create: async () => admin.post('/prices', priceBody(await supplierWithProducts(admin, 1))),
    url: (id: number) => `/prices/${id}`,
    edit: (body: Record<string, unknown>, n: number) => ({
      ...pick(body, ['supplier_id', 'product_id', 'start_date', 'end_date']),
      price: `1${n}.5`,
    }),
    field: 'price',
  },
])('$name: GET answers an ETag, PUT with If-Match is conditional', ({ create, url, edit, field }) => {
  it('the current ETag lets the edit through and answers the new one, which a later read gives too', async () => {
    const id = (await create()).json().id as number;
    const first = await read(url(id));
    const res = await admin.put(url(id), edit(first.body, 1), { 'if-match': first.etag });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(first.etag);
    expect((await read(url(id))).etag).toBe(res.headers.etag);
    // A read changes nothing: the same record, the same ETag.
    expect((await read(url(id))).etag).toBe(res.headers.etag);
  });

  it('a stale ETag is 412 RECORD_CHANGED in the caller’s language, and the other save stands', async () => {
    const id = (await create()).json().id as number;
    const opened = await read(url(id));
    const other = await admin.put(url(id), edit(opened.body, 2)); // someone else, without If-Match
    expect(other.statusCode).toBe(200);
    const stale = await admin.put(url(id), edit(opened.body, 3), { 'if-match': opened.etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      code: 'RECORD_CHANGED',
      error: expect.stringContaining('le tue modifiche non sono state salvate'),
    });
    const fr = await admin.put(url(id), edit(opened.body, 3), { 'if-match': opened.etag, 'accept-language': 'fr' });
    expect(fr.json().error).toContain("vos modifications n'ont pas été enregistrées");
    expect((await read(url(id))).body[field]).toBe(other.json()[field]);
    // "*" and a list naming the current ETag are preconditions met (RFC 9110).
    const now = await read(url(id));
    expect((await admin.put(url(id), edit(now.body, 4), { 'if-match': `"x", ${now.etag}` })).statusCode).toBe(200);
    expect((await admin.put(url(id), edit(now.body, 5), { 'if-match': '*' })).statusCode).toBe(200);
    // A tag a compressing proxy marked weak still names the record.
    const later = await read(url(id));
    expect((await admin.put(url(id), edit(later.body, 6), { 'if-match': `W/${later.etag}` })).statusCode).toBe(200);
    expect((await admin.put(url(id), edit(later.body, 7), { 'if-match': `W/${later.etag}` })).statusCode).toBe(412);
  });

  it('two edits of the same version at once: exactly one is saved, the other is told', async () => {
    const id = (await create()).json().id as number;
    const opened = await read(url(id));
    const answers = await Promise.all([6, 7, 8, 9].map((n) => admin.put(url(id), edit(opened.body, n), { 'if-match': opened.etag })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 412, 412, 412]);
    const saved = answers.find((r) => r.statusCode === 200)!.json()[field];
    expect((await read(url(id))).body[field]).toBe(saved);
  });
});

it('a record whose operation is not versioned answers no ETag (its edits stay unconditional)', async () => {
  const company = await admin.get('/company');
  expect(company.statusCode).toBe(200);
  expect(company.headers.etag).toBeUndefined();
});

describe('purchase order', () => {
  it('an order changed since it was read (an edit, a receipt) refuses the stale edit; the current one passes', async () => {
    const s = await supplierWithProducts(admin, 2);
    const body = {
      order_date: '2026-03-02',
      requested_arrival_date: '2026-03-20',
      confirmed_arrival_date: null,
      supplier_id: s.supplierId,
      notes: 'prima',
      items: [{ product_id: s.productIds[0], quantity: '5', unit_price: '2' }],
    };
    const created = await admin.post('/purchase-orders', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const opened = await read(`/purchase-orders/${id}`);
    // Goods receipt writes the order's lines in its own transaction; a receipt in between is a change the editor did not see.
    await t.db.query('UPDATE purchase_order_items SET received_quantity = 1 WHERE order_id = $1', [id]);
    const stale = await admin.put(`/purchase-orders/${id}`, { ...body, notes: 'tardi' }, { 'if-match': opened.etag });
    expect(stale.statusCode).toBe(412);
    expect((await read(`/purchase-orders/${id}`)).body.notes).toBe('prima');
    const now = await read(`/purchase-orders/${id}`);
    const items = (now.body.items as { id: number }[]).map((i) => ({ id: i.id, ...body.items[0] }));
    const ok = await admin.put(`/purchase-orders/${id}`, { ...body, items, notes: 'in tempo' }, { 'if-match': now.etag });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe((await read(`/purchase-orders/${id}`)).etag);
  });
});

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}
