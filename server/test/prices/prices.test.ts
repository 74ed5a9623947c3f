import { addDays, companyToday, ROLES, can } from '@wms/shared-api';
import { makeTestApp, type TestApp } from '../helpers';
import { caller, lastActivity, snapshot, type Caller } from '../registry/kit';
import { priceBody, supplierWithProducts, type Supplied } from './kit';
import { priceInForce, pricesInForce } from '../../src/prices/in-force';

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

describe('POST /prices', () => {
  it('creates a price: exact decimal, currency from the product, author from the session, activity logged', async () => {
    const res = await admin.post('/prices', priceBody(s, { price: '2,12345', currency: undefined, created_by: 999 }));
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      price: '2.12345',
      currency: 'EUR',
      start_date: '2026-01-01',
      end_date: null,
      supplier_id: s.supplierId,
      product_id: s.productIds[0],
    });
    expect(p.created_by).toMatch(/^admin_/);
    expect(p.status).toBe(p.start_date > companyToday() ? 'upcoming' : 'active');
    expect(await lastActivity(t.db, 'price')).toMatchObject({ action: 'create', entity_id: String(p.id) });
    expect((await admin.del(`/prices/${p.id}`)).statusCode).toBe(200);
  });

  it('refuses an overlapping window of the same product and supplier with 409 and the SPEC §8 text (French in French)', async () => {
    const first = await admin.post(
      '/prices',
      priceBody(s, { product_id: s.productIds[1], start_date: '2025-01-01', end_date: '2025-06-30' }),
    );
    expect(first.statusCode).toBe(201);
    const before = await snapshot(t.db);
    const clash = await admin.post('/prices', priceBody(s, { product_id: s.productIds[1], start_date: '2025-06-30', end_date: null }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'PRICE_OVERLAP', error: 'Esiste già un prezzo valido per questo periodo' });
    const fr = await admin.post(
      '/prices',
      priceBody(s, { product_id: s.productIds[1], start_date: '2024-01-01', end_date: '2025-01-01' }),
      { 'accept-language': 'fr' },
    );
    expect(fr.statusCode).toBe(409);
    expect(fr.json().error).toBe('Un prix valide existe déjà pour cette période');
    expect(await snapshot(t.db)).toBe(before);
    // Adjacent windows do not overlap; an open end after them is fine.
    expect(
      (await admin.post('/prices', priceBody(s, { product_id: s.productIds[1], start_date: '2025-07-01', end_date: '2025-12-31' })))
        .statusCode,
    ).toBe(201);
    expect(
      (await admin.post('/prices', priceBody(s, { product_id: s.productIds[1], start_date: '2026-01-01', end_date: null }))).statusCode,
    ).toBe(201);
    // An open-ended price runs for ever: nothing may start after it.
    expect((await admin.post('/prices', priceBody(s, { product_id: s.productIds[1], start_date: '2099-01-01' }))).statusCode).toBe(409);
  });

  it('10 concurrent overlapping POSTs: exactly 1 created, 9 × 409', async () => {
    const body = priceBody(s, { product_id: s.productIds[2], start_date: '2030-01-01', end_date: '2030-12-31' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => admin.post('/prices', { ...body, start_date: `2030-0${(i % 9) + 1}-01`, price: String(i + 1) })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(9);
    expect(refused.every((r) => r.json().error === 'Esiste già un prezzo valido per questo periodo')).toBe(true);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM prices WHERE product_id = $1 AND deleted_at IS NULL', [
      s.productIds[2],
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses bad input with 400 in the form words and changes nothing', async () => {
    const before = await snapshot(t.db);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ end_date: '2025-12-31', start_date: '2026-01-01' }, 'end_date', /La data di fine non può precedere la data di inizio/],
      [{ price: '1.123456' }, 'price', /Al massimo 5 decimali/],
      [{ price: 0 }, 'price', /maggiore di zero/],
      [{ price: '-3' }, 'price', /maggiore di zero/],
      [{ price: 'abc' }, 'price', /Valore non valido/],
      [{ price: 0.1 + 0.2 }, 'price', /Al massimo 5 decimali/],
      [{ price: '2000000000' }, 'price', /troppo grande/],
      [{ start_date: '31/02/2026' }, 'start_date', /Data non valida/],
      [{ start_date: null }, 'start_date', /Campo obbligatorio/],
      [{ supplier_id: '' }, 'supplier_id', /Campo obbligatorio/],
      [{ product_id: 'x' }, 'product_id', /Valore non valido/],
      [{ currency: 'GBP' }, 'currency', /Valore non ammesso/],
    ];
    for (const [o, field, text] of cases) {
      const res = await admin.post('/prices', priceBody(s, o));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toMatch(text);
    }
    expect((await admin.post('/prices', priceBody(s, { product_id: 99999999 }))).statusCode).toBe(400);
    const other = await supplierWithProducts(admin, 1);
    const wrong = await admin.post('/prices', priceBody(s, { product_id: other.productIds[0] }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PRODUCT_OF_OTHER_SUPPLIER');
    expect((await admin.get('/prices/abc')).statusCode).toBe(400);
    expect((await admin.get('/prices?status=bogus')).statusCode).toBe(400);
    expect((await admin.get('/prices?sort=nope')).statusCode).toBe(400);
    expect((await admin.get('/prices/999999')).statusCode).toBe(404);
    const snap = await snapshot(t.db);
    expect(snap.length).toBeGreaterThan(before.length - 1); // suppliers/products added above, nothing else
  });
});

describe('reads', () => {
  it("lists with status, counters over the filtered list, a product's prices, the price in force", async () => {
    const p = await supplierWithProducts(admin, 1);
    const today = companyToday();
    const past = await admin.post('/prices', priceBody(p, { price: '1', start_date: addDays(today, -30), end_date: addDays(today, -1) }));
    const now = await admin.post('/prices', priceBody(p, { price: '2', start_date: today, end_date: addDays(today, 10) }));
    const next = await admin.post('/prices', priceBody(p, { price: '3.5', start_date: addDays(today, 11), end_date: null }));
    expect([past, now, next].map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect([past, now, next].map((r) => r.json().status)).toEqual(['inactive', 'active', 'upcoming']);

    const list = await admin.get(`/prices?product_id=${p.productIds[0]}&sort=price&order=desc`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.json().map((r: { price: string }) => r.price)).toEqual(['3.50000', '2.00000', '1.00000']);
    const active = await admin.get(`/prices?product_id=${p.productIds[0]}&status=active`);
    expect(active.json()).toHaveLength(1);
    const counts = await admin.get(`/prices/counts?product_id=${p.productIds[0]}`);
    expect(counts.json()).toEqual({ total: 3, active: 1, inactive: 1, upcoming: 1 });
    const code = list.json()[0].product_code;
    const searched = await admin.get(`/prices?q=${encodeURIComponent(code.toLowerCase())}&limit=2`);
    expect(searched.headers['x-total-count']).toBe('3');
    expect(searched.json()).toHaveLength(2);
    expect((await admin.get(`/prices/product/${p.productIds[0]}`)).json()).toHaveLength(3);

    const inForce = await admin.get(
      `/prices/in-force?product_id=${p.productIds[0]}&supplier_id=${p.supplierId}&date=${addDays(today, 10)}`,
    );
    expect(inForce.json()).toMatchObject({ price: '2.00000', price_id: now.json().id });
    const later = await admin.get(
      `/prices/in-force?product_id=${p.productIds[0]}&supplier_id=${p.supplierId}&date=${addDays(today, 5000)}`,
    );
    expect(later.json().price).toBe('3.50000');
    const none = await admin.get(`/prices/in-force?product_id=${p.productIds[0]}&supplier_id=${p.supplierId}&date=2000-01-01`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect(await priceInForce(t.db, p.productIds[0], p.supplierId, addDays(today, -1))).toMatchObject({ price: '1.00000' });
    const set = await pricesInForce(t.db, today, { productIds: p.productIds });
    expect(set).toEqual([
      expect.objectContaining({ product_id: p.productIds[0], supplier_id: p.supplierId, price: '2.00000', currency: 'EUR' }),
    ]);

    // Update into an overlap is refused; a delete frees the window.
    const moved = await admin.put(
      `/prices/${past.json().id}`,
      priceBody(p, { price: '1', start_date: addDays(today, -30), end_date: today }),
    );
    expect(moved.statusCode).toBe(409);
    expect((await admin.del(`/prices/${now.json().id}`)).statusCode).toBe(200);
    expect((await admin.get(`/prices/${now.json().id}`)).statusCode).toBe(404);
    const ok = await admin.put(
      `/prices/${past.json().id}`,
      priceBody(p, { price: '1,25', start_date: addDays(today, -30), end_date: today }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ price: '1.25000', status: 'active', end_date: today });
  });
});

describe('roles (SPEC §6 prices)', () => {
  it.each(ROLES)('%s', async (role) => {
    const c = caller(t, (await t.signIn(role)).headers);
    const allowed = can(role, 'prices');
    expect((await c.get('/prices')).statusCode).toBe(allowed ? 200 : 403);
    const res = await c.post(
      '/prices',
      priceBody(s, {
        start_date: `21${String(ROLES.indexOf(role)).padStart(2, '0')}-01-01`,
        end_date: `21${String(ROLES.indexOf(role)).padStart(2, '0')}-12-31`,
      }),
    );
    expect(res.statusCode).toBe(allowed ? 201 : 403);
  });
});
