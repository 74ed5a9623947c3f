import { validationMessage } from '@wms/shared-api';
import { ledgerMatchesBalances, postMovementTx } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { balance, makeProduct, makeUserId, makeWarehouse, stockSnapshot } from './fixtures';

// Cold runs compile the app and start a database in beforeAll; the project-level testTimeout is not applied from the root.
jest.setTimeout(120_000);

let t: TestApp;
let headers: Record<string, string>;
let username: string;

beforeAll(async () => {
  t = await makeTestApp();
  const s = await t.signIn('warehouse');
  headers = s.headers;
  username = s.user.username;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
});

type Json = Record<string, unknown>;
const post = (payload: unknown, h = headers) =>
  t.app.inject({ method: 'POST', url: '/api/stock-movements', payload: payload as Json, headers: h });
const get = (url: string, h = headers) => t.app.inject({ method: 'GET', url, headers: h });

async function activityCount(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM activity_log WHERE entity_type = 'stock_movement'`);
  return rows[0].n;
}

/** A product and two warehouses, the first holding `stock` (0 = none). */
async function setup(opts: { stock?: number; hasBatch?: boolean; hasExpiry?: boolean; hasProduction?: boolean; code?: string } = {}) {
  const p = await makeProduct(t.db, {
    code: opts.code,
    hasBatch: opts.hasBatch,
    hasExpiry: opts.hasExpiry,
    hasProduction: opts.hasProduction,
  });
  const a = await makeWarehouse(t.db);
  const b = await makeWarehouse(t.db);
  if (opts.stock) {
    const res = await post({
      movement_type: 'C',
      movement_date: '01/03/2025',
      product_id: p.id,
      warehouse_id: a.id,
      quantity: opts.stock,
      batch_number: opts.hasBatch ? 'L1' : undefined,
      expiry_date: opts.hasExpiry ? '2026-12-31' : undefined,
      production_date: opts.hasProduction ? '2025-01-01' : undefined,
    });
    expect(res.statusCode).toBe(201);
  }
  return { p, a, b };
}

describe('POST /api/stock-movements', () => {
  it('creates a load: 201, SPEC §3 fields, author from the session whatever the body says, logged', async () => {
    const { p, a } = await setup({ code: 'API-LOAD' });
    const before = await activityCount();
    const res = await post({
      movement_type: 'C',
      movement_date: '05/03/2025',
      product_id: p.id,
      warehouse_id: a.id,
      quantity: 12.5,
      notes: 'arrivo',
      created_by: 'someone-else',
      modified_by: 'someone-else',
      id: 'ignored',
      source_type: 'SO',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^\d+-manual$/),
      movement_type: 'C',
      source_type: 'MAN',
      movement_date: '05/03/2025',
      product_id: p.id,
      product_code: 'API-LOAD',
      warehouse_id: a.id,
      warehouse_name: a.name,
      destination_warehouse_id: null,
      destination_warehouse: null,
      quantity: '12.500', // exact text at the quantity scale, whatever the request sent (here a JSON number)
      batch_number: null,
      production_date: null,
      expiry_date: null,
      notes: 'arrivo',
      source_document: { type: 'MAN', id: null, number: null },
      created_by: username,
      modified_by: null,
      status: 'active',
    });
    expect(typeof body.quantity).toBe('string');
    expect(await balance(t.db, p.id, a.id)).toBe('12.500');
    expect(await activityCount()).toBe(before + 1);
  });

  it('creates a transfer of a batch with the dates of its stock', async () => {
    const { p, a, b } = await setup({ stock: 10, hasBatch: true, hasExpiry: true });
    const res = await post({
      movement_type: 'T',
      movement_date: '06/03/2025',
      product_id: p.id,
      warehouse_id: a.id,
      destination_warehouse_id: b.id,
      quantity: 4,
      batch_number: 'L1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ destination_warehouse: b.name, batch_number: 'L1', expiry_date: '2026-12-31' });
    expect([await balance(t.db, p.id, a.id, 'L1'), await balance(t.db, p.id, b.id, 'L1')]).toEqual(['6.000', '4.000']);
  });

  it('refuses an unload above the stock with 409 and a clear message, in Italian and French', async () => {
    const { p, a } = await setup({ stock: 3, code: 'API-SHORT' });
    const body = { movement_type: 'S', movement_date: '06/03/2025', product_id: p.id, warehouse_id: a.id, quantity: 5 };
    const it = await post(body);
    expect(it.statusCode).toBe(409);
    // The movement form's own sentence for this rule (shared-api movement.ts), re-checked by the ledger under its locks.
    expect(it.json()).toEqual({ code: 'INSUFFICIENT_STOCK', error: 'Giacenza insufficiente: disponibili 3' });
    const fr = await post(body, { ...headers, 'accept-language': 'fr' });
    expect(fr.json().error).toBe('Stock insuffisant : 3 disponible(s)');
  });

  describe('bad input: every field wrong in turn → 400/409 with a message, nothing written', () => {
    const valid = (ids: { p: number; a: number; b: number }) => ({
      movement_type: 'T',
      movement_date: '07/03/2025',
      product_id: ids.p,
      warehouse_id: ids.a,
      destination_warehouse_id: ids.b,
      quantity: 1,
      batch_number: null,
      notes: null,
    });
    const cases: Array<[string, (v: Json) => Json, number, string, RegExp]> = [
      ['no movement_type', (v) => ({ ...v, movement_type: undefined }), 400, 'VALIDATION', /movement_type: Campo obbligatorio/],
      ['unknown movement_type', (v) => ({ ...v, movement_type: 'X' }), 400, 'VALIDATION', /movement_type: Valore non ammesso/],
      ['no movement_date', (v) => ({ ...v, movement_date: '' }), 400, 'VALIDATION', /movement_date: Campo obbligatorio/],
      ['impossible movement_date', (v) => ({ ...v, movement_date: '31/02/2025' }), 400, 'VALIDATION', /movement_date: Data non valida/],
      ['movement_date in another format', (v) => ({ ...v, movement_date: '2025/03/07' }), 400, 'VALIDATION', /Data non valida/],
      ['no product_id', (v) => ({ ...v, product_id: null }), 400, 'VALIDATION', /product_id: Campo obbligatorio/],
      ['text product_id', (v) => ({ ...v, product_id: 'abc' }), 400, 'VALIDATION', /product_id: Valore non valido/],
      ['negative product_id', (v) => ({ ...v, product_id: -4 }), 400, 'VALIDATION', /product_id/],
      ['unknown product_id', (v) => ({ ...v, product_id: 987654321 }), 400, 'PRODUCT_NOT_FOUND', /Prodotto inesistente/],
      ['no warehouse_id', (v) => ({ ...v, warehouse_id: undefined }), 400, 'VALIDATION', /warehouse_id: Campo obbligatorio/],
      ['unknown warehouse_id', (v) => ({ ...v, warehouse_id: 987654321 }), 400, 'WAREHOUSE_NOT_FOUND', /Magazzino inesistente/],
      ['transfer without destination', (v) => ({ ...v, destination_warehouse_id: null }), 400, 'VALIDATION', /magazzino di destinazione/],
      [
        'transfer to the same warehouse',
        (v) => ({ ...v, destination_warehouse_id: v.warehouse_id }),
        400,
        'VALIDATION',
        /diverso da quello di origine/,
      ],
      ['unknown destination', (v) => ({ ...v, destination_warehouse_id: 987654321 }), 400, 'WAREHOUSE_NOT_FOUND', /Magazzino inesistente/],
      ['no quantity', (v) => ({ ...v, quantity: undefined }), 400, 'VALIDATION', /quantity: Campo obbligatorio/],
      ['quantity as text that is no number', (v) => ({ ...v, quantity: 'lots' }), 400, 'VALIDATION', /quantity: Valore non valido/],
      // Thousands separators are for people (the form reads them); the API takes canonical text: refused, never guessed.
      ['quantity with thousands separators', (v) => ({ ...v, quantity: '1.234,5' }), 400, 'VALIDATION', /quantity: Valore non valido/],
      ['quantity with two decimal marks', (v) => ({ ...v, quantity: '2,5,1' }), 400, 'VALIDATION', /quantity: Valore non valido/],
      ['quantity as exponent text', (v) => ({ ...v, quantity: '1e21' }), 400, 'VALIDATION', /quantity: Valore non valido/],
      ['quantity text with four decimals', (v) => ({ ...v, quantity: '0.0001' }), 400, 'VALIDATION', /[Aa]l massimo 3 decimali/],
      ['huge quantity as text', (v) => ({ ...v, quantity: '9'.repeat(400) }), 400, 'VALIDATION', /Quantità troppo grande/],
      ['zero quantity', (v) => ({ ...v, quantity: 0 }), 400, 'VALIDATION', /quantity: Il valore deve essere maggiore di zero/],
      ['negative quantity', (v) => ({ ...v, quantity: -2 }), 400, 'VALIDATION', /maggiore di zero/],
      ['four decimals', (v) => ({ ...v, quantity: 0.0001 }), 400, 'VALIDATION', /[Aa]l massimo 3 decimali/],
      ['0.1 + 0.2 as a float', (v) => ({ ...v, quantity: 0.1 + 0.2 }), 400, 'VALIDATION', /[Aa]l massimo 3 decimali/],
      ['huge quantity', (v) => ({ ...v, quantity: 1e12 }), 400, 'VALIDATION', /Quantità troppo grande/],
      ['more than available', (v) => ({ ...v, quantity: 6 }), 409, 'INSUFFICIENT_STOCK', /Giacenza insufficiente/],
      ['batch too long', (v) => ({ ...v, batch_number: 'x'.repeat(101) }), 400, 'VALIDATION', /batch_number: Testo troppo lungo/],
      ['notes too long', (v) => ({ ...v, notes: 'x'.repeat(2001) }), 400, 'VALIDATION', /notes: Testo troppo lungo/],
      ['notes not text', (v) => ({ ...v, notes: 42 }), 400, 'VALIDATION', /notes/],
      ['impossible expiry', (v) => ({ ...v, expiry_date: '2025-02-30' }), 400, 'VALIDATION', /expiry_date: Data non valida/],
    ];

    it.each(cases)('%s', async (_label, change, status, code, pattern) => {
      const { p, a, b } = await setup({ stock: 5 });
      const snapshot = await stockSnapshot(t.db);
      const logged = await activityCount();
      const res = await post(change(valid({ p: p.id, a: a.id, b: b.id })));
      expect(res.statusCode).toBe(status);
      const body = res.json();
      expect(body.code).toBe(code);
      expect(body.error).toMatch(pattern);
      expect(await stockSnapshot(t.db)).toBe(snapshot);
      expect(await activityCount()).toBe(logged);
    });

    it("a shortage says the available quantity in the caller's language: 2,5 in French and Italian, never 2.500", async () => {
      const { p, a } = await setup();
      expect(
        (await post({ movement_type: 'C', movement_date: '01/03/2025', product_id: p.id, warehouse_id: a.id, quantity: '2.5' })).statusCode,
      ).toBe(201);
      const unload = { movement_type: 'S', movement_date: '02/03/2025', product_id: p.id, warehouse_id: a.id, quantity: '3' };
      const fr = await post(unload, { ...headers, 'accept-language': 'fr' });
      expect(fr.statusCode).toBe(409);
      expect(fr.json().error).toBe(validationMessage('fr', 'insufficientStock', { available: '2.500' }));
      expect(fr.json().error).toMatch(/\b2,5\b/);
      expect(fr.json().error).not.toMatch(/2\.5/);
      const it = await post(unload, { ...headers, 'accept-language': 'it' });
      expect(it.json().error).toBe('Giacenza insufficiente: disponibili 2,5');
    });

    it.each([
      ['batch', { hasBatch: true }, {}, 'batch_number', 'batchRequired'],
      ['expiry date', { hasExpiry: true }, {}, 'expiry_date', 'expiryDateRequired'],
      ['production date', { hasProduction: true }, {}, 'production_date', 'productionDateRequired'],
      [
        'expiry before production',
        { hasExpiry: true, hasProduction: true },
        { production_date: '10/03/2025', expiry_date: '09/03/2025' },
        'expiry_date',
        'expiryBeforeProduction',
      ],
    ])("a load of a product that manages %s: the standard 400 in the form's words", async (_label, flags, extra, field, key) => {
      const { p, a } = await setup(flags);
      const snapshot = await stockSnapshot(t.db);
      const res = await post({
        movement_type: 'C',
        movement_date: '07/03/2025',
        product_id: p.id,
        warehouse_id: a.id,
        quantity: 1,
        batch_number: '',
        ...extra,
      });
      expect(res.statusCode).toBe(400);
      // The ledger checked the product rule; the answer is the one the route's validator gives, with the form's sentence.
      const words = validationMessage('it', key);
      expect(res.json()).toEqual({ code: 'VALIDATION', error: `Dati non validi: ${field}: ${words}`, fields: { [field]: words } });
      const fr = await post(
        { movement_type: 'C', movement_date: '07/03/2025', product_id: p.id, warehouse_id: a.id, quantity: 1, batch_number: '', ...extra },
        { ...headers, 'accept-language': 'fr' },
      );
      expect(fr.json().fields).toEqual({ [field]: validationMessage('fr', key) });
      expect(await stockSnapshot(t.db)).toBe(snapshot);
    });

    it('an inactive product or warehouse is a 409', async () => {
      const { p, a } = await setup();
      await t.db.query(`UPDATE products SET status = 'inactive' WHERE id = $1`, [p.id]);
      const res = await post({ movement_type: 'C', movement_date: '07/03/2025', product_id: p.id, warehouse_id: a.id, quantity: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'PRODUCT_INACTIVE', error: expect.stringContaining('disattivato') });
      const other = await setup();
      await t.db.query('UPDATE warehouses SET is_active = false WHERE id = $1', [other.a.id]);
      const res2 = await post({
        movement_type: 'C',
        movement_date: '07/03/2025',
        product_id: other.p.id,
        warehouse_id: other.a.id,
        quantity: 1,
      });
      expect(res2.json()).toMatchObject({ code: 'WAREHOUSE_INACTIVE' });
    });

    it('a body that is not an object is a 400', async () => {
      const res = await post([1, 2]);
      expect(res.statusCode).toBe(400);
      const res2 = await t.app.inject({
        method: 'POST',
        url: '/api/stock-movements',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"bad',
      });
      expect(res2.statusCode).toBe(400);
    });

    it('lists every wrong field in `fields`', async () => {
      const res = await post({});
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual(['movement_date', 'movement_type', 'product_id', 'quantity', 'warehouse_id']);
    });
  });
});

describe('roles', () => {
  it('administration (prices and valuation only) may neither write nor read stock rows or movements (403), and nothing is written', async () => {
    const { p, a } = await setup({ stock: 2 });
    const admin = await t.signIn('administration');
    const snapshot = await stockSnapshot(t.db);
    const res = await post(
      { movement_type: 'S', movement_date: '07/03/2025', product_id: p.id, warehouse_id: a.id, quantity: 1 },
      admin.headers,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const { rows } = await t.db.query<{ id: number }>('SELECT max(id)::int AS id FROM stock_movements');
    const id = rows[0].id;
    expect((await t.app.inject({ method: 'PUT', url: `/api/stock-movements/${id}`, headers: admin.headers, payload: {} })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/stock-movements/${id}-manual`, headers: admin.headers })).statusCode).toBe(
      403,
    );
    expect(await stockSnapshot(t.db)).toBe(snapshot);
    expect((await get('/api/stock-movements', admin.headers)).statusCode).toBe(403);
    expect((await get(`/api/stock-movements/${id}`, admin.headers)).statusCode).toBe(403);
    expect((await get('/api/stock', admin.headers)).statusCode).toBe(403);
    expect((await get(`/api/stock/product/${p.id}`, admin.headers)).statusCode).toBe(403);
  });

  it.each(['admin', 'direction', 'warehouse', 'orders', 'sales'] as const)('%s may post movements', async (role) => {
    const { p, a } = await setup();
    const s = await t.signIn(role);
    const res = await post(
      { movement_type: 'C', movement_date: '07/03/2025', product_id: p.id, warehouse_id: a.id, quantity: 1 },
      s.headers,
    );
    expect(res.statusCode).toBe(201);
  });

  it('without a token: 401', async () => {
    expect((await get('/api/stock-movements', {})).statusCode).toBe(401);
    expect((await get('/api/stock', {})).statusCode).toBe(401);
  });
});

describe('GET, PUT, DELETE one movement', () => {
  it('reads by "12" or "12-manual"; unknown 404; malformed 400', async () => {
    const { p, a } = await setup({ stock: 1 });
    const created = (await get(`/api/stock-movements?product_id=${p.id}`)).json()[0];
    const num = created.id.split('-')[0];
    expect((await get(`/api/stock-movements/${num}`)).json()).toEqual(created);
    expect((await get(`/api/stock-movements/${created.id}`)).json()).toEqual(created);
    expect((await get('/api/stock-movements/987654321-manual')).statusCode).toBe(404);
    expect((await get('/api/stock-movements/abc')).statusCode).toBe(400);
    expect(a.id).toBeGreaterThan(0);
  });

  it('PUT corrects: reversal + new movement (new id), the list shows only the corrected one; logged', async () => {
    const { p, a } = await setup({ stock: 10 });
    const original = (await get(`/api/stock-movements?product_id=${p.id}`)).json()[0];
    const logged = await activityCount();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/stock-movements/${original.id.split('-')[0]}`,
      headers: { ...headers, 'accept-language': 'fr' },
      payload: { ...original, quantity: '7.25', movement_date: '02/03/2025', notes: 'rettifica' },
    });
    expect(res.statusCode).toBe(200);
    const corrected = res.json();
    expect(corrected).toMatchObject({
      quantity: '7.250',
      movement_date: '02/03/2025',
      notes: 'rettifica',
      replaces_id: Number(original.id.split('-')[0]),
      created_by: username,
      modified_by: username,
      status: 'active',
    });
    expect(corrected.id).not.toBe(original.id);
    expect(await balance(t.db, p.id, a.id)).toBe('7.250');
    const list = (await get(`/api/stock-movements?product_id=${p.id}`)).json();
    expect(list.map((m: Json) => m.id)).toEqual([corrected.id]);
    const history = (await get(`/api/stock-movements?product_id=${p.id}&include_history=true&sort=date&order=asc`)).json();
    expect(history.map((m: Json) => m.status).sort()).toEqual(['active', 'reversal', 'reversed']);
    expect((await get(`/api/stock-movements/${original.id}`)).json().status).toBe('reversed');
    expect(await activityCount()).toBe(logged + 1);
  });

  it('DELETE appends a reversal; the movement leaves the list; a second delete is a 409', async () => {
    const { p, a } = await setup({ stock: 4 });
    const m = (await get(`/api/stock-movements?product_id=${p.id}`)).json()[0];
    const res = await t.app.inject({ method: 'DELETE', url: `/api/stock-movements/${m.id}`, headers, payload: { deleted_by: 'x' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Movimento eliminato', id: m.id, reversal_id: expect.any(Number) });
    expect(await balance(t.db, p.id, a.id)).toBe('0.000');
    expect((await get(`/api/stock-movements?product_id=${p.id}`)).json()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/stock-movements/${m.id.split('-')[0]}`, headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('MOVEMENT_ALREADY_REVERSED');
  });

  it('DELETE of a load whose goods already left is a 409 and changes nothing', async () => {
    const { p, a } = await setup({ stock: 4 });
    const load = (await get(`/api/stock-movements?product_id=${p.id}`)).json()[0];
    await post({ movement_type: 'S', movement_date: '08/03/2025', product_id: p.id, warehouse_id: a.id, quantity: 3 });
    const snapshot = await stockSnapshot(t.db);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/stock-movements/${load.id}`, headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^Impossibile eliminare il movimento: la merce è già stata movimentata/);
    expect(await stockSnapshot(t.db)).toBe(snapshot);
  });

  it('movements of a sale or receipt are changed through their document: 409', async () => {
    const { p, a } = await setup({ stock: 4 });
    const sale = await postMovementTx(
      t.db,
      {
        movementType: 'S',
        sourceType: 'SO',
        sourceDocument: { type: 'SO', id: 3, number: 'V-3' },
        sourceLineId: 3,
        productId: p.id,
        warehouseId: a.id,
        quantity: 1,
        movementDate: '2025-03-08',
      },
      { id: await makeUserId(t.db) },
    );
    const view = (await get(`/api/stock-movements/${sale.id}`)).json();
    expect(view).toMatchObject({
      id: String(sale.id),
      source_type: 'SO',
      source_document: { type: 'SO', id: 3, number: 'V-3', line_id: 3 },
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/stock-movements/${sale.id}`, headers });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'MOVEMENT_NOT_MANUAL', error: expect.stringContaining('V-3') });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/stock-movements/${sale.id}`,
      headers,
      payload: { movement_type: 'S', movement_date: '08/03/2025', product_id: p.id, warehouse_id: a.id, quantity: 2 },
    });
    expect(put.statusCode).toBe(409);
  });

  it('PUT with a bad body is a 400 and writes nothing; PUT of an unknown id a 404', async () => {
    const { p, a } = await setup({ stock: 4 });
    const m = (await get(`/api/stock-movements?product_id=${p.id}`)).json()[0];
    const snapshot = await stockSnapshot(t.db);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/stock-movements/${m.id.split('-')[0]}`,
      headers,
      payload: { ...m, quantity: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await stockSnapshot(t.db)).toBe(snapshot);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/stock-movements/987654321',
      headers,
      payload: { movement_type: 'C', movement_date: '08/03/2025', product_id: p.id, warehouse_id: a.id, quantity: 2 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/stock-movements: filters, sort, pages', () => {
  let ids: { p1: number; p2: number; a: number; b: number };
  beforeAll(async () => {
    const p1 = await makeProduct(t.db, { code: 'FLT-Alpha' });
    const p2 = await makeProduct(t.db, { code: 'FLT-beta' });
    const a = await makeWarehouse(t.db, { name: 'FLT A' });
    const b = await makeWarehouse(t.db, { name: 'FLT B' });
    ids = { p1: p1.id, p2: p2.id, a: a.id, b: b.id };
    const m = (body: Json) => post({ movement_date: '01/01/2024', ...body }).then((r) => expect(r.statusCode).toBe(201));
    await m({ movement_type: 'C', product_id: p1.id, warehouse_id: a.id, quantity: 50, movement_date: '01/01/2024' });
    await m({ movement_type: 'C', product_id: p2.id, warehouse_id: b.id, quantity: 30, movement_date: '02/01/2024' });
    await m({ movement_type: 'S', product_id: p1.id, warehouse_id: a.id, quantity: 5, movement_date: '03/01/2024' });
    await m({
      movement_type: 'T',
      product_id: p1.id,
      warehouse_id: a.id,
      destination_warehouse_id: b.id,
      quantity: 7,
      movement_date: '04/01/2024',
    });
    await postMovementTx(
      t.db,
      { movementType: 'S', sourceType: 'SO', productId: p2.id, warehouseId: b.id, quantity: 2, movementDate: '2024-01-05' },
      { id: null },
    );
  });
  const list = (qs: string) => get(`/api/stock-movements?product_code=FLT-&${qs}`);
  const types = async (qs: string) => (await list(qs)).json().map((m: Json) => `${m.movement_type}-${m.source_type}`);

  it('newest first by default, with the total in X-Total-Count', async () => {
    const res = await list('');
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.json().map((m: Json) => m.movement_date)).toEqual(['05/01/2024', '04/01/2024', '03/01/2024', '02/01/2024', '01/01/2024']);
  });

  it('filters by type, type with source, product code (any case), dates and warehouse', async () => {
    expect(await types('type=C')).toEqual(['C-MAN', 'C-MAN']);
    expect(await types('type=S')).toEqual(['S-SO', 'S-MAN']);
    expect(await types('type=S-MAN')).toEqual(['S-MAN']);
    expect(await types('type=s-so')).toEqual(['S-SO']);
    expect(await types('type=T')).toEqual(['T-MAN']);
    expect(await types('type=all')).toHaveLength(5);
    expect((await get('/api/stock-movements?product_code=flt-ALPHA')).headers['x-total-count']).toBe('3');
    expect((await list('date_from=02/01/2024&date_to=2024-01-04')).json()).toHaveLength(3);
    // Warehouse B: the load into it, the transfer arriving, the sale.
    expect(await types(`warehouse_id=${ids.b}`)).toEqual(['S-SO', 'T-MAN', 'C-MAN']);
    expect((await list(`warehouse_id=${ids.b}`)).headers['x-total-count']).toBe('3');
    expect((await list(`warehouse_id=${ids.a}&type=T`)).headers['x-total-count']).toBe('1');
  });

  it('sorts by quantity, product code, type, source and destination warehouse', async () => {
    const q = async (qs: string) => (await list(qs)).json().map((m: Json) => m.quantity);
    expect(await q('sort=quantity&order=asc')).toEqual(['2.000', '5.000', '7.000', '30.000', '50.000']);
    expect(await q('sort=quantity&order=desc')).toEqual(['50.000', '30.000', '7.000', '5.000', '2.000']);
    expect((await list('sort=product_code&order=asc')).json().map((m: Json) => m.product_code)).toEqual([
      'FLT-Alpha',
      'FLT-Alpha',
      'FLT-Alpha',
      'FLT-beta',
      'FLT-beta',
    ]);
    expect(await types('sort=type&order=desc')).toEqual(['T-MAN', 'S-SO', 'S-MAN', 'C-MAN', 'C-MAN']);
    expect((await list('sort=warehouse&order=desc')).json().map((m: Json) => m.warehouse_name)).toEqual([
      'FLT B',
      'FLT B',
      'FLT A',
      'FLT A',
      'FLT A',
    ]);
    expect((await list('sort=destination_warehouse&order=asc')).json()[0].destination_warehouse).toBe('FLT B');
  });

  it('the unfiltered total is the number of live movements, deletions and corrections included', async () => {
    const liveCount = async () =>
      (
        await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM stock_movements WHERE reverses_id IS NULL AND reversed_by_id IS NULL',
        )
      ).rows[0].n;
    const total = async () => Number((await get('/api/stock-movements?limit=1')).headers['x-total-count']);
    const { p } = await setup({ stock: 3 });
    expect(await total()).toBe(await liveCount());
    const mine = (await get(`/api/stock-movements?product_id=${p.id}`)).json()[0];
    expect((await t.app.inject({ method: 'DELETE', url: `/api/stock-movements/${mine.id}`, headers })).statusCode).toBe(200);
    expect(await total()).toBe(await liveCount());
    // Type-filtered totals come from the same counters.
    const live = async (where: string) =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM stock_movements WHERE reverses_id IS NULL AND reversed_by_id IS NULL AND ${where}`,
        )
      ).rows[0].n;
    for (const [qs, where] of [
      ['type=C', `movement_type = 'C'`],
      ['type=S-SO', `movement_type = 'S' AND source_type = 'SO'`],
      ['type=T-MAN', `movement_type = 'T'`],
    ]) {
      expect(Number((await get(`/api/stock-movements?limit=1&${qs}`)).headers['x-total-count'])).toBe(await live(where));
    }
  });

  it('pages with limit and offset', async () => {
    const page1 = await list('limit=2');
    const page2 = await list('limit=2&offset=2');
    const page3 = await list('limit=2&offset=4');
    expect(page1.headers['x-total-count']).toBe('5');
    const all = [...page1.json(), ...page2.json(), ...page3.json()].map((m: Json) => m.id);
    expect(new Set(all).size).toBe(5);
  });

  it.each([
    ['type=X'],
    ['type=C-XX'],
    ['date_from=32/01/2024'],
    ['sort=colour'],
    ['order=up'],
    ['limit=0'],
    ['limit=5000'],
    ['offset=-1'],
    ['warehouse_id=abc'],
  ])('refuses %s with a 400', async (qs) => {
    const res = await get(`/api/stock-movements?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Dati non validi/);
  });
});

describe('GET /api/stock and /api/stock/product/:id', () => {
  let ids: { p: number; q: number; a: number; b: number };
  beforeAll(async () => {
    const p = await makeProduct(t.db, { code: 'STK-Batch', hasBatch: true, hasExpiry: true });
    const q = await makeProduct(t.db, { code: 'STK-Plain' });
    await t.db.query(`UPDATE products SET description = 'Vite inox', category = 'Ferramenta' WHERE id = $1`, [q.id]);
    const a = await makeWarehouse(t.db, { name: 'STK A' });
    const b = await makeWarehouse(t.db, { name: 'STK B' });
    ids = { p: p.id, q: q.id, a: a.id, b: b.id };
    const m = (body: Json) => post({ movement_date: '01/02/2024', ...body }).then((r) => expect(r.statusCode).toBe(201));
    await m({ movement_type: 'C', product_id: p.id, warehouse_id: a.id, quantity: 5, batch_number: 'LATE', expiry_date: '2027-01-01' });
    await m({ movement_type: 'C', product_id: p.id, warehouse_id: b.id, quantity: 3, batch_number: 'EARLY', expiry_date: '2026-01-01' });
    await m({ movement_type: 'C', product_id: p.id, warehouse_id: a.id, quantity: 2, batch_number: 'GONE', expiry_date: '2025-06-01' });
    await m({ movement_type: 'S', product_id: p.id, warehouse_id: a.id, quantity: 2, batch_number: 'GONE' });
    await m({ movement_type: 'C', product_id: q.id, warehouse_id: a.id, quantity: 1.5 });
  });

  it('a product: rows above zero, earliest expiry first, with report fields', async () => {
    const res = await get(`/api/stock/product/${ids.p}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: Json) => [r.batch_number, r.warehouse_name, r.quantity, r.expiry_date])).toEqual([
      ['EARLY', 'STK B', '3.000', '2026-01-01'],
      ['LATE', 'STK A', '5.000', '2027-01-01'],
    ]);
    expect(res.json()[0]).toMatchObject({ product_id: ids.p, warehouse_id: ids.b, product_code: 'STK-Batch', unit_of_measure: 'piece' });
    expect((await get(`/api/stock/product/${ids.p}?warehouse_id=${ids.a}`)).json()).toHaveLength(1);
    expect((await get('/api/stock/product/987654321')).statusCode).toBe(404);
    const empty = await makeProduct(t.db);
    expect((await get(`/api/stock/product/${empty.id}`)).json()).toEqual([]);
  });

  it('the stock list: report fields, only above zero unless asked, filters and pages', async () => {
    const res = await get('/api/stock?code=stk-');
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((r: Json) => [r.product_code, r.warehouse_name, r.batch_number])).toEqual([
      ['STK-Batch', 'STK A', 'LATE'],
      ['STK-Batch', 'STK B', 'EARLY'],
      ['STK-Plain', 'STK A', null],
    ]);
    expect(res.json()[2]).toEqual({
      product_id: ids.q,
      warehouse_id: ids.a,
      warehouse_name: 'STK A',
      in_transit: false,
      batch_number: null,
      quantity: '1.500',
      expiry_date: null,
      production_date: null,
      product_code: 'STK-Plain',
      product_name: 'STK-Plain',
      product_description: 'Vite inox',
      product_category: 'Ferramenta',
      unit_of_measure: 'piece',
    });
    expect((await get('/api/stock?code=stk-&include_zero=true')).headers['x-total-count']).toBe('4');
    expect((await get(`/api/stock?warehouse_id=${ids.b}`)).json().map((r: Json) => r.batch_number)).toEqual(['EARLY']);
    expect((await get('/api/stock?description=INOX')).json()).toHaveLength(1);
    expect((await get('/api/stock?category=ferram&code=plain')).json()).toHaveLength(1);
    expect((await get('/api/stock?code=100%25')).json()).toEqual([]);
    const page = await get('/api/stock?code=stk-&limit=1&offset=1');
    expect(page.json().map((r: Json) => r.batch_number)).toEqual(['EARLY']);
    expect(page.headers['x-total-count']).toBe('3');
  });
});
