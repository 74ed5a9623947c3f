import { ROLES } from '@wms/shared-api';
import { makeTestApp, type TestApp, type TestUser } from '../helpers';
import { caller, lastActivity, long, productBody, snapshot, SQLISH, unique, type Caller } from './kit';

jest.setTimeout(60_000);

let t: TestApp;
let admin: Caller;
let adminUser: TestUser;
let clerk: Caller; // role warehouse: reads, no writes

beforeAll(async () => {
  t = await makeTestApp();
  const a = await t.signIn('admin');
  admin = caller(t, a.headers);
  adminUser = a.user;
  clerk = caller(t, (await t.signIn('warehouse')).headers);
});
afterAll(async () => {
  await t.close();
});

const create = async (o: Record<string, unknown> = {}) => {
  const res = await admin.post('/products', productBody(o));
  expect(res.statusCode).toBe(201);
  return res.json();
};

/** Expects a 400 naming `field` with `text`, and that nothing changed. */
async function refused400(body: unknown, field: string, text: RegExp | string, method: 'post' | 'put' = 'post', url = '/products') {
  const before = await snapshot(t.db);
  const res = await admin[method](url, body);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION', error: expect.stringContaining('Dati non validi') });
  expect(res.json().fields[field]).toMatch(text);
  expect(await snapshot(t.db)).toBe(before);
}

describe('POST /products', () => {
  it('creates a product: 201, every field back, author from the session whatever the body says, activity logged', async () => {
    const supplier = (
      await admin.post('/suppliers', {
        business_name: 'Bulloneria Srl',
        vat_number: '01234567897',
        address: 'Via A 1',
        city: 'Brescia',
        province: 'BS',
        zip_code: '25100',
        country: 'Italia',
        email: 'a@b.it',
        phone: '030 1',
      })
    ).json();
    const body = productBody({
      code: '  VT-M8-INOX ',
      name: 'Vite M8',
      supplier_id: String(supplier.id),
      unit_of_measure: 'kg',
      currency: 'USD',
      barcode: '8001234567897',
      has_batch: true,
      has_expiry_date: true,
      has_production_date: false,
      is_semi_finished: true,
      created_by: 9999,
      modified_by: 'mallory',
      deleted_at: null,
      deleted_by: null,
    });
    const res = await admin.post('/products', body);
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      code: 'VT-M8-INOX',
      name: 'Vite M8',
      description: body.description,
      category: 'Viteria',
      supplier_id: supplier.id,
      supplier_name: 'Bulloneria Srl',
      unit_of_measure: 'kg',
      currency: 'USD',
      barcode: '8001234567897',
      has_bom: false,
      is_semi_finished: true,
      has_batch: true,
      has_expiry_date: true,
      has_production_date: false,
      status: 'active',
      created_by: adminUser.username,
      modified_by: adminUser.username,
    });
    const { rows } = await t.db.query<{ created_by: number; deleted_at: Date | null }>(
      'SELECT created_by, deleted_at FROM products WHERE id = $1',
      [p.id],
    );
    expect(rows[0]).toEqual({ created_by: adminUser.id, deleted_at: null });
    expect(await lastActivity(t.db, 'product')).toMatchObject({ user_id: adminUser.id, action: 'create', entity_id: String(p.id) });
  });

  it('stores blanks as null and defaults the flags to false and the status to active', async () => {
    const p = await create({ name: '  ', barcode: '', unit_of_measure: '', supplier_id: '' });
    expect(p).toMatchObject({
      name: null,
      barcode: null,
      unit_of_measure: null,
      supplier_id: null,
      supplier_name: null,
      has_batch: false,
      status: 'active',
    });
  });

  it.each([
    ['code', { code: undefined }],
    ['code', { code: '   ' }],
    ['description', { description: undefined }],
    ['category', { category: '' }],
    ['currency', { currency: undefined }],
    ['currency', { currency: '' }],
  ])('refuses a missing %s (400 "Campo obbligatorio"), nothing stored', async (field, o) => {
    await refused400(productBody(o), field, 'Campo obbligatorio');
  });

  it.each([
    ['unit_of_measure', { unit_of_measure: 'box' }, 'Valore non ammesso'],
    ['currency', { currency: 'GBP' }, 'Valore non ammesso'],
    ['status', { status: 'archived' }, 'Valore non ammesso'],
    ['has_batch', { has_batch: 'yes' }, 'Valore non valido'],
    ['has_expiry_date', { has_expiry_date: 1 }, 'Valore non valido'],
    ['supplier_id', { supplier_id: 'abc' }, 'Valore non valido'],
    ['supplier_id', { supplier_id: -4 }, 'Valore non valido'],
    ['code', { code: 123 }, /.+/],
    ['description', { description: { text: 'x' } }, /.+/],
  ])('refuses a wrong %s (%j)', async (field, o, text) => {
    await refused400(productBody(o), field, text);
  });

  it.each(['code', 'description', 'category', 'name', 'barcode'])(
    'refuses a 10 000-character %s with "Testo troppo lungo"',
    async (field) => {
      await refused400(productBody({ [field]: long(10_000) }), field, /Testo troppo lungo \(massimo \d+ caratteri\)/);
    },
  );

  it('refuses a body that is not an object, or not JSON', async () => {
    const before = await snapshot(t.db);
    expect((await admin.post('/products', [1, 2])).statusCode).toBe(400);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(raw.statusCode).toBe(400);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('answers validation in French when asked', async () => {
    const res = await admin.post('/products', productBody({ code: '' }), { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Données non valides : code: Champ obligatoire');
  });

  it('stores SQL-looking text verbatim', async () => {
    const p = await create({ code: `X'; DROP TABLE products;--`, description: SQLISH, category: 'O\'Brien "&" co' });
    const again = (await admin.get(`/products/${p.id}`)).json();
    expect(again).toMatchObject({ code: `X'; DROP TABLE products;--`, description: SQLISH, category: 'O\'Brien "&" co' });
    expect((await admin.get('/products')).statusCode).toBe(200);
  });

  it('refuses a supplier that does not exist or was deleted (400), nothing stored', async () => {
    await refused400Code(productBody({ supplier_id: 987654 }), 'SUPPLIER_NOT_FOUND', 'Fornitore inesistente o eliminato (id 987654)');
    const s = (
      await admin.post('/suppliers', {
        business_name: 'Gone',
        vat_number: '1',
        address: 'a',
        city: 'c',
        province: 'p',
        zip_code: 'z',
        country: 'Italia',
        email: 'g@o.it',
        phone: '1',
      })
    ).json();
    expect((await admin.del(`/suppliers/${s.id}`)).statusCode).toBe(200);
    await refused400Code(productBody({ supplier_id: s.id }), 'SUPPLIER_NOT_FOUND', `Fornitore inesistente o eliminato (id ${s.id})`);
  });
});

async function refused400Code(body: unknown, code: string, error: string) {
  const before = await snapshot(t.db);
  const res = await admin.post('/products', body);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code, error });
  expect(await snapshot(t.db)).toBe(before);
}

describe('product code uniqueness (among live products)', () => {
  it('refuses a code already used, ignoring case and spaces: 409 with a clear message, nothing stored', async () => {
    const code = unique('DUP');
    await create({ code });
    const before = await snapshot(t.db);
    const res = await admin.post('/products', productBody({ code: ` ${code.toLowerCase()} ` }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'PRODUCT_CODE_TAKEN', error: `Esiste già un prodotto con il codice ${code.toLowerCase()}` });
    expect(await snapshot(t.db)).toBe(before);
  });

  it('lets two simultaneous creations with one code through once (the unique index decides)', async () => {
    const code = unique('RACE');
    const results = await Promise.all([1, 2, 3].map(() => admin.post('/products', productBody({ code }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const { rows } = await t.db.query('SELECT id FROM products WHERE code = $1', [code]);
    expect(rows).toHaveLength(1);
  });

  it('frees the code of a deleted product', async () => {
    const p = await create();
    expect((await admin.del(`/products/${p.id}`)).statusCode).toBe(200);
    expect((await admin.post('/products', productBody({ code: p.code }))).statusCode).toBe(201);
  });

  it("refuses to rename a product onto another one's code (409), leaving both unchanged", async () => {
    const a = await create();
    const b = await create();
    const before = await snapshot(t.db);
    const res = await admin.put(`/products/${b.id}`, productBody({ code: a.code }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PRODUCT_CODE_TAKEN');
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('GET /products/{id}', () => {
  it('reads one product', async () => {
    const p = await create();
    const res = await clerk.get(`/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(p);
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    expect((await admin.get('/products/99999999')).json()).toEqual({ code: 'PRODUCT_NOT_FOUND', error: 'Prodotto non trovato' });
    expect((await admin.get('/products/99999999')).statusCode).toBe(404);
    expect((await admin.get('/products/abc')).statusCode).toBe(400);
    expect((await admin.get('/products/1e400')).statusCode).toBe(400);
  });
});

describe('PUT /products/{id}', () => {
  it('updates every field; modified_by is the signed-in user, created_by stays', async () => {
    const p = await create();
    const editor = await t.signIn('orders');
    const res = await caller(t, editor.headers).put(
      `/products/${p.id}`,
      productBody({
        code: p.code,
        description: 'Nuova descrizione',
        currency: 'CNY',
        unit_of_measure: 'l',
        has_batch: true,
        modified_by: 1,
        created_by: 1,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'Nuova descrizione',
      currency: 'CNY',
      unit_of_measure: 'l',
      has_batch: true,
      created_by: adminUser.username,
      modified_by: editor.user.username,
    });
    expect(await lastActivity(t.db, 'product')).toMatchObject({ user_id: editor.user.id, action: 'update', entity_id: String(p.id) });
  });

  it('404 for an unknown or deleted product; 400 for a bad body; nothing changed', async () => {
    const p = await create();
    await admin.del(`/products/${p.id}`);
    const before = await snapshot(t.db);
    expect((await admin.put('/products/99999999', productBody())).statusCode).toBe(404);
    expect((await admin.put(`/products/${p.id}`, productBody())).statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
    const live = await create();
    await refused400(productBody({ currency: 'XXX' }), 'currency', 'Valore non ammesso', 'put', `/products/${live.id}`);
  });

  it('keeps a supplier deleted after it was chosen, but refuses switching to a deleted one', async () => {
    const mk = async (name: string) =>
      (
        await admin.post('/suppliers', {
          business_name: name,
          vat_number: '1',
          address: 'a',
          city: 'c',
          province: 'p',
          zip_code: 'z',
          country: 'Italia',
          email: 'k@o.it',
          phone: '1',
        })
      ).json();
    const s1 = await mk('Keep me');
    const s2 = await mk('Deleted');
    const p = await create({ supplier_id: s1.id });
    await admin.del(`/suppliers/${s1.id}`);
    await admin.del(`/suppliers/${s2.id}`);
    const kept = await admin.put(`/products/${p.id}`, productBody({ code: p.code, supplier_id: s1.id }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().supplier_name).toBe('Keep me');
    expect((await admin.put(`/products/${p.id}`, productBody({ code: p.code, supplier_id: s2.id }))).statusCode).toBe(400);
  });
});

describe('PUT /products/{id}/status', () => {
  it("archives and reactivates; the body's modified_by is ignored", async () => {
    const p = await create();
    const off = await admin.put(`/products/${p.id}/status`, { status: 'inactive', modified_by: 'someone' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'inactive', modified_by: adminUser.username });
    expect(await lastActivity(t.db, 'product')).toMatchObject({ action: 'status', details: '{"status":"inactive"}' });
    expect((await admin.put(`/products/${p.id}/status`, { status: 'active' })).json().status).toBe('active');
  });

  it('refuses an unknown status or a missing one (400) and an unknown product (404)', async () => {
    const p = await create();
    const before = await snapshot(t.db);
    const bad = await admin.put(`/products/${p.id}/status`, { status: 'archived' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBe('Valore non ammesso');
    expect((await admin.put(`/products/${p.id}/status`, {})).json().fields.status).toBe('Campo obbligatorio');
    expect((await admin.put('/products/99999999/status', { status: 'active' })).statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('DELETE /products/{id}', () => {
  it('soft-deletes: deleted_at and deleted_by set (from the session, not the body), gone from list and GET', async () => {
    const p = await create();
    const res = await admin.del(`/products/${p.id}`, { deleted_by: 'system' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Prodotto eliminato con successo', id: p.id });
    const { rows } = await t.db.query<{ deleted_at: Date | null; deleted_by: number }>(
      'SELECT deleted_at, deleted_by FROM products WHERE id = $1',
      [p.id],
    );
    expect(rows[0].deleted_at).toBeInstanceOf(Date);
    expect(rows[0].deleted_by).toBe(adminUser.id);
    expect((await admin.get(`/products/${p.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/products?q=${encodeURIComponent(p.code)}`)).json()).toEqual([]);
    expect((await admin.del(`/products/${p.id}`)).statusCode).toBe(404);
    expect(await lastActivity(t.db, 'product')).toMatchObject({ action: 'delete', entity_id: String(p.id), user_id: adminUser.id });
  });

  it('refuses to delete a product some warehouse still holds (409), and allows it once the stock is gone', async () => {
    const p = await create();
    const { rows } = await t.db.query<{ id: number }>('INSERT INTO warehouses (name) VALUES ($1) RETURNING id', [unique('W')]);
    await t.db.query('INSERT INTO stock_balances (product_id, warehouse_id, quantity) VALUES ($1, $2, 5)', [p.id, rows[0].id]);
    const before = await snapshot(t.db);
    const res = await admin.del(`/products/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PRODUCT_HAS_STOCK',
      error: `Impossibile eliminare il prodotto ${p.code}: ha ancora giacenza in magazzino`,
    });
    expect(await snapshot(t.db)).toBe(before);
    await t.db.query('UPDATE stock_balances SET quantity = 0 WHERE product_id = $1', [p.id]);
    expect((await admin.del(`/products/${p.id}`)).statusCode).toBe(200);
  });

  it('404 for an unknown id', async () => {
    expect((await admin.del('/products/99999999')).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it.each(ROLES)('%s reads the list and one product', async (role) => {
    const p = await create();
    const reader = caller(t, (await t.signIn(role)).headers);
    expect((await reader.get('/products')).statusCode).toBe(200);
    expect((await reader.get(`/products/${p.id}`)).statusCode).toBe(200);
  });

  it.each(['warehouse', 'administration'] as const)('%s may not write (403), and nothing changes', async (role) => {
    const p = await create();
    const other = caller(t, (await t.signIn(role)).headers);
    const before = await snapshot(t.db);
    for (const res of [
      await other.post('/products', productBody()),
      await other.put(`/products/${p.id}`, productBody({ code: p.code })),
      await other.put(`/products/${p.id}/status`, { status: 'inactive' }),
      await other.del(`/products/${p.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', error: 'Non hai i permessi per questa operazione' });
    }
    expect(await snapshot(t.db)).toBe(before);
  });

  it.each(['direction', 'orders', 'sales'] as const)('%s may write', async (role) => {
    const writer = caller(t, (await t.signIn(role)).headers);
    expect((await writer.post('/products', productBody())).statusCode).toBe(201);
  });

  it('without a token: 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/products', payload: productBody() })).statusCode).toBe(401);
  });

  it('the clerk (reads only) sees the same list as the admin', async () => {
    expect((await clerk.get('/products?limit=5')).json()).toEqual((await admin.get('/products?limit=5')).json());
  });
});
