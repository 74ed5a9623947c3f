/**
 * POST /prices/from-today (issue 22): an order line's typed unit price made the supplier's price from today, in ONE
 * transaction — the price in force ends yesterday, the new one starts today (up to the day before the next price) — on
 * PGlite and on PostgreSQL (DATABASE_URL). A refusal or a failure half-way changes nothing; concurrent calls for one
 * product and supplier queue on the product row, so they never leave two windows on one day.
 */
import { addDays, can, companyToday, ROLES, type Currency } from '@wms/shared-api';
import { planPriceFromToday, type PriceRow } from '../../src/prices/from-today';
import { makeTestApp, type TestApp } from '../helpers';
import { caller, type Caller } from '../registry/kit';
import { priceBody, supplierWithProducts, type Supplied } from './kit';

jest.setTimeout(60_000);

let t: TestApp;
let admin: Caller;
const today = companyToday();
const yesterday = addDays(today, -1);

beforeAll(async () => {
  t = await makeTestApp();
  admin = caller(t, (await t.signIn('admin')).headers);
});
afterAll(async () => {
  await t.close();
});

/** The live and deleted prices of a product, and the activity log: what a refused call must leave as it was. */
async function state(productId: number): Promise<string> {
  const prices = await t.db.query('SELECT * FROM prices WHERE product_id = $1 ORDER BY id', [productId]);
  const log = await t.db.query("SELECT id, action, entity_id, details FROM activity_log WHERE entity_type = 'price' ORDER BY id");
  return JSON.stringify([prices.rows, log.rows]);
}

/** The live windows of a product and supplier, oldest first. */
async function windows(s: Supplied, productId = s.productIds[0]) {
  const { rows } = await t.db.query<{ price: string; start_date: string; end_date: string | null }>(
    `SELECT price::text, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date
       FROM prices WHERE product_id = $1 AND supplier_id = $2 AND deleted_at IS NULL ORDER BY start_date`,
    [productId, s.supplierId],
  );
  return rows;
}

const fromToday = (s: Supplied, o: Record<string, unknown> = {}, c: Caller = admin) =>
  c.post('/prices/from-today', { supplier_id: s.supplierId, product_id: s.productIds[0], price: '2.75', ...o });

describe('POST /prices/from-today', () => {
  it('ends the price in force yesterday and starts the new one today, up to the day before the next price; both logged', async () => {
    const s = await supplierWithProducts(admin, 1);
    const old = await admin.post('/prices', priceBody(s, { price: '2.5', start_date: addDays(today, -30), end_date: addDays(today, 60) }));
    const next = await admin.post('/prices', priceBody(s, { price: '3', start_date: addDays(today, 61), end_date: null }));
    expect([old.statusCode, next.statusCode]).toEqual([201, 201]);

    const res = await fromToday(s, { price: '2,75' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.outcome).toBe('created');
    expect(body.price).toMatchObject({
      price: '2.75000',
      currency: 'EUR',
      start_date: today,
      end_date: addDays(today, 60),
      status: 'active',
    });
    expect(body.closed).toMatchObject({ id: old.json().id, price: '2.50000', end_date: yesterday, status: 'inactive' });
    expect(await windows(s)).toEqual([
      { price: '2.50000', start_date: addDays(today, -30), end_date: yesterday },
      { price: '2.75000', start_date: today, end_date: addDays(today, 60) },
      { price: '3.00000', start_date: addDays(today, 61), end_date: null },
    ]);
    const { rows: log } = await t.db.query<{ action: string; entity_id: string; details: string }>(
      "SELECT action, entity_id, details FROM activity_log WHERE entity_type = 'price' ORDER BY id DESC LIMIT 2",
    );
    expect(log.map((l) => [l.action, l.entity_id])).toEqual([
      ['create', String(body.price.id)],
      ['update', String(old.json().id)],
    ]);
    expect(JSON.parse(log[1].details)).toMatchObject({ end_date: `${addDays(today, 60)} → ${yesterday}` });
    expect(JSON.parse(log[0].details)).toMatchObject({ price: '2.75', start_date: today, end_date: addDays(today, 60) });
    // The order screens read it at once.
    const inForce = await admin.get(`/prices/in-force?product_id=${s.productIds[0]}&supplier_id=${s.supplierId}`);
    expect(inForce.json()).toMatchObject({ price: '2.75000', price_id: body.price.id });
  });

  it('creates an open price from today when the supplier has none (another supplier’s price does not count)', async () => {
    const s = await supplierWithProducts(admin, 1, { supplier_id: null });
    const other = await supplierWithProducts(admin, 0);
    const theirs = { supplierId: other.supplierId, productIds: s.productIds };
    expect((await admin.post('/prices', priceBody(theirs, { start_date: addDays(today, -5) }))).statusCode).toBe(201);
    const res = await fromToday(s, { currency: 'USD' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'created', closed: null, price: { start_date: today, end_date: null, currency: 'USD' } });
    expect(await windows(theirs)).toEqual([{ price: '12.50000', start_date: addDays(today, -5), end_date: null }]);
  });

  it('the same amount and currency already in force: 200 unchanged, nothing written (a repeated call is harmless)', async () => {
    const s = await supplierWithProducts(admin, 1);
    const current = await admin.post('/prices', priceBody(s, { price: '2.75', start_date: addDays(today, -10) }));
    const before = await state(s.productIds[0]);
    const res = await fromToday(s, { price: '2.7500' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'unchanged', closed: null, price: { id: current.json().id, price: '2.75000' } });
    expect(await state(s.productIds[0])).toBe(before);
    // The same amount in another currency is another price.
    const usd = await fromToday(s, { price: '2.75', currency: 'USD' });
    expect(usd.json()).toMatchObject({ outcome: 'created', price: { currency: 'USD' }, closed: { end_date: yesterday } });
  });

  it('a price in force that started today changes its amount in place (200 updated): no one-day window, logged as an update', async () => {
    const s = await supplierWithProducts(admin, 1);
    const current = await admin.post('/prices', priceBody(s, { price: '2.5', start_date: today, end_date: addDays(today, 9) }));
    const res = await fromToday(s);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'updated',
      closed: null,
      price: { id: current.json().id, price: '2.75000', start_date: today, end_date: addDays(today, 9) },
    });
    expect(await windows(s)).toEqual([{ price: '2.75000', start_date: today, end_date: addDays(today, 9) }]);
    const { rows } = await t.db.query<{ action: string; details: string }>(
      "SELECT action, details FROM activity_log WHERE entity_type = 'price' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
      [String(current.json().id)],
    );
    expect(rows[0].action).toBe('update');
    expect(JSON.parse(rows[0].details)).toMatchObject({ price: '2.50000 → 2.75000' });
  });

  it('bad input is a 4xx {error, code} and changes nothing', async () => {
    const s = await supplierWithProducts(admin, 1);
    await admin.post('/prices', priceBody(s, { price: '2.5', start_date: addDays(today, -10) }));
    const other = await supplierWithProducts(admin, 1);
    const before = await state(s.productIds[0]);
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ price: '0' }, 400, 'VALIDATION', 'price'],
      [{ price: '-1' }, 400, 'VALIDATION', 'price'],
      [{ price: '1.123456' }, 400, 'VALIDATION', 'price'],
      [{ price: 'abc' }, 400, 'VALIDATION', 'price'],
      [{ price: 0.1 + 0.2 }, 400, 'VALIDATION', 'price'],
      [{ price: undefined }, 400, 'VALIDATION', 'price'],
      [{ currency: 'GBP' }, 400, 'VALIDATION', 'currency'],
      [{ product_id: '0x10' }, 400, 'VALIDATION', 'product_id'],
      [{ supplier_id: null }, 400, 'VALIDATION', 'supplier_id'],
      [{ product_id: 99_999_999 }, 400, 'PRODUCT_NOT_FOUND'],
      [{ supplier_id: 99_999_999 }, 400, 'SUPPLIER_NOT_FOUND'],
      [{ supplier_id: other.supplierId }, 400, 'PRODUCT_OF_OTHER_SUPPLIER'],
    ];
    for (const [o, status, code, field] of cases) {
      const res = await fromToday(s, o);
      expect({ o, status: res.statusCode, code: res.json().code }).toEqual({ o, status, code });
      expect(typeof res.json().error).toBe('string');
      if (field) expect(res.json().fields[field]).toEqual(expect.any(String));
    }
    const fr = await fromToday(s, { supplier_id: other.supplierId }, caller(t, { ...admin.headers, 'accept-language': 'fr' }));
    expect(fr.json().error).toMatch(/n'appartient pas à ce fournisseur/);
    expect(await state(s.productIds[0])).toBe(before);
  });

  it('a failure after the old price was closed rolls everything back: the old price keeps its end, nothing is logged', async () => {
    const s = await supplierWithProducts(admin, 1);
    await admin.post('/prices', priceBody(s, { price: '2.5', start_date: addDays(today, -10), end_date: null }));
    // A conflicting write seen only at the INSERT (as if another program had slipped one in): the database refuses it.
    await t.db.query(`CREATE FUNCTION refuse_price_7777() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'overlap' USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'prices_no_overlap'; END $$`);
    await t.db.query(
      'CREATE TRIGGER refuse_price_7777 BEFORE INSERT ON prices FOR EACH ROW WHEN (NEW.price = 77.77) EXECUTE FUNCTION refuse_price_7777()',
    );
    try {
      const before = await state(s.productIds[0]);
      const res = await fromToday(s, { price: '77.77' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'PRICE_OVERLAP', error: 'Esiste già un prezzo valido per questo periodo' });
      expect(await state(s.productIds[0])).toBe(before);
      expect(await windows(s)).toEqual([{ price: '2.50000', start_date: addDays(today, -10), end_date: null }]);
    } finally {
      await t.db.query('DROP TRIGGER refuse_price_7777 ON prices');
      await t.db.query('DROP FUNCTION refuse_price_7777()');
    }
  });

  it('10 concurrent calls for one product and supplier: every one answered, one window per day, the old price closed once', async () => {
    const s = await supplierWithProducts(admin, 1);
    const old = await admin.post('/prices', priceBody(s, { price: '1', start_date: addDays(today, -10), end_date: null }));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => fromToday(s, { price: String(i + 2) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(results.filter((r) => r.json().outcome === 'created')).toHaveLength(1);
    expect(results.filter((r) => r.json().outcome === 'updated')).toHaveLength(9);
    const w = await windows(s);
    expect(w).toHaveLength(2);
    expect(w[0]).toEqual({ price: '1.00000', start_date: addDays(today, -10), end_date: yesterday });
    expect(w[1]).toMatchObject({ start_date: today, end_date: null });
    const closes = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM activity_log WHERE entity_type = 'price' AND action = 'update' AND entity_id = $1",
      [String(old.json().id)],
    );
    expect(closes.rows[0].n).toBe(1);

    // The same price ten times at once: one created, nine unchanged, one new row.
    const s2 = await supplierWithProducts(admin, 1);
    await admin.post('/prices', priceBody(s2, { price: '1', start_date: addDays(today, -10), end_date: null }));
    const same = await Promise.all(Array.from({ length: 10 }, () => fromToday(s2, { price: '4.5' })));
    expect(same.map((r) => r.json().outcome).sort()).toEqual(['created', ...Array(9).fill('unchanged')]);
    expect(await windows(s2)).toEqual([
      { price: '1.00000', start_date: addDays(today, -10), end_date: yesterday },
      { price: '4.50000', start_date: today, end_date: null },
    ]);
  });

  describe('roles (SPEC §6 prices)', () => {
    it.each(ROLES)('%s', async (role) => {
      const s = await supplierWithProducts(admin, 1);
      const c = caller(t, (await t.signIn(role)).headers);
      const before = await state(s.productIds[0]);
      const res = await fromToday(s, {}, c);
      if (can(role, 'prices')) {
        expect(res.statusCode).toBe(201);
      } else {
        expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 'FORBIDDEN' });
        expect(await state(s.productIds[0])).toBe(before);
      }
    });
  });
});

describe('planPriceFromToday', () => {
  const TODAY = '2026-03-10';
  const row = (id: number, o: Partial<PriceRow>): PriceRow => ({
    id,
    price: '2.50000',
    currency: 'EUR',
    start_date: '2026-01-01',
    end_date: null,
    ...o,
  });
  const target = { price: '2.75', currency: 'EUR' as Currency };

  it('creates an open price from today when there is none', () => {
    expect(planPriceFromToday([], target, TODAY)).toEqual({ kind: 'create', close: null, start_date: TODAY, end_date: null });
  });
  it('writes nothing when that exact amount and currency is in force (compared exactly)', () => {
    const current = row(1, { price: '2.75000' });
    expect(planPriceFromToday([current], target, TODAY)).toEqual({ kind: 'unchanged', current });
    expect(planPriceFromToday([current], { ...target, currency: 'USD' }, TODAY).kind).toBe('create');
  });
  it('changes the amount of a price that started today', () => {
    const current = row(1, { start_date: TODAY });
    expect(planPriceFromToday([current], target, TODAY)).toEqual({ kind: 'update', current });
  });
  it('ends the price in force (even one ending today) and stops the new one the day before the next price', () => {
    const current = row(1, { end_date: '2026-12-31' });
    const upcoming = row(2, { start_date: '2026-06-01', end_date: null });
    const past = row(3, { start_date: '2025-01-01', end_date: '2025-12-31' });
    expect(planPriceFromToday([past, current, upcoming], target, TODAY)).toEqual({
      kind: 'create',
      close: current,
      start_date: TODAY,
      end_date: '2026-05-31',
    });
    const endsToday = row(4, { end_date: TODAY });
    expect(planPriceFromToday([endsToday], target, TODAY)).toMatchObject({ kind: 'create', close: endsToday, end_date: null });
  });
});
