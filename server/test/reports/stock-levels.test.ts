import { addDays, companyDay } from '@wms/shared-api';
import { postMovement } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { makeProduct, makeUserId, makeWarehouse } from '../stock/fixtures';

let t: TestApp;
let headers: Record<string, string>;
const ids: { a: number; b: number; c: number; w1: number; w2: number } = { a: 0, b: 0, c: 0, w1: 0, w2: 0 };

beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('warehouse'));
  const { db } = t;
  const user = { id: await makeUserId(db) };
  const w1 = await makeWarehouse(db, { name: 'Centrale' });
  const w2 = await makeWarehouse(db, { name: 'Nord' });
  const a = await makeProduct(db, { code: 'VITE-10', hasBatch: true, hasExpiry: true });
  const b = await makeProduct(db, { code: 'DADO-M8' });
  const c = await makeProduct(db, { code: 'VITE-20' });
  await db.query(
    `UPDATE products SET category = 'Ferramenta', description = 'Vite zincata; "testa" piana', unit_of_measure = 'piece' WHERE id = $1`,
    [a.id],
  );
  await db.query(`UPDATE products SET category = 'Bulloneria', description = 'Dado esagonale', unit_of_measure = 'kg' WHERE id = $1`, [
    b.id,
  ]);
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, w1: w1.id, w2: w2.id });
  const post = (input: Parameters<typeof postMovement>[1]) => db.tx((q) => postMovement(q, input, user));
  await post({
    movementType: 'C',
    productId: a.id,
    warehouseId: w1.id,
    batchNumber: 'L1',
    expiryDate: '2030-01-31',
    quantity: '10.5',
    movementDate: '2026-01-10',
  });
  await post({
    movementType: 'C',
    productId: a.id,
    warehouseId: w2.id,
    batchNumber: 'L2',
    expiryDate: '2020-05-01',
    quantity: '4',
    movementDate: '2026-01-11',
  });
  await post({ movementType: 'C', productId: b.id, warehouseId: w2.id, quantity: '2.25', movementDate: '2026-01-12' });
  // c: loaded then fully unloaded — no stock, not listed.
  await post({ movementType: 'C', productId: c.id, warehouseId: w1.id, quantity: '3', movementDate: '2026-01-12' });
  await post({ movementType: 'S', productId: c.id, warehouseId: w1.id, quantity: '3', movementDate: '2026-01-13' });
});
afterAll(() => t.close());

const get = (url: string, h = headers) => t.app.inject({ method: 'GET', url, headers: h });

describe('GET /stock/levels', () => {
  it('lists one row per product holding stock, by code, with total, unit, warehouses, batches and earliest expiry', async () => {
    const res = await get('/api/stock/levels');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      expect.objectContaining({
        product_id: ids.b,
        product_code: 'DADO-M8',
        quantity: '2.250',
        unit_of_measure: 'kg',
        warehouses: 1,
        batches: 0,
        earliest_expiry: null,
      }),
      expect.objectContaining({
        product_id: ids.a,
        product_code: 'VITE-10',
        quantity: '14.500',
        unit_of_measure: 'piece',
        warehouses: 2,
        batches: 2,
        earliest_expiry: '2020-05-01',
        product_category: 'Ferramenta',
      }),
    ]);
  });

  it('filters by code, description, family and warehouse, and pages', async () => {
    const codes = async (qs: string) =>
      ((await get(`/api/stock/levels?${qs}`)).json() as { product_code: string }[]).map((r) => r.product_code);
    expect(await codes('code=vite')).toEqual(['VITE-10']);
    expect(await codes('description=esagonale')).toEqual(['DADO-M8']);
    expect(await codes('category=ferra')).toEqual(['VITE-10']);
    expect(await codes(`warehouse_id=${ids.w1}`)).toEqual(['VITE-10']);
    const inW1 = (await get(`/api/stock/levels?warehouse_id=${ids.w1}`)).json()[0];
    expect(inW1).toMatchObject({ quantity: '10.500', warehouses: 1, batches: 1, earliest_expiry: '2030-01-31' });
    expect(await codes('code=nothing-like-this')).toEqual([]);
    const page = await get('/api/stock/levels?limit=1&offset=1');
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json().map((r: { product_code: string }) => r.product_code)).toEqual(['VITE-10']);
  });

  it('expiry=expired: only the batches on hand past their expiry, their quantity and count, with the other filters', async () => {
    const res = await get('/api/stock/levels?expiry=expired');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    // VITE-10's L2 (expired 2020) only: 4 of its 14,5, one warehouse; DADO-M8 (no expiry) is not listed.
    expect(res.json()).toEqual([
      expect.objectContaining({ product_code: 'VITE-10', quantity: '4.000', warehouses: 1, batches: 1, earliest_expiry: '2020-05-01' }),
    ]);
    const codes = async (qs: string) =>
      ((await get(`/api/stock/levels?expiry=expired&${qs}`)).json() as { product_code: string }[]).map((r) => r.product_code);
    expect(await codes(`warehouse_id=${ids.w1}`)).toEqual([]); // Centrale holds only L1 (2030)
    expect(await codes(`warehouse_id=${ids.w2}`)).toEqual(['VITE-10']);
    expect(await codes('code=dado')).toEqual([]);
    expect(await codes('code=vite')).toEqual(['VITE-10']);
    expect((await get('/api/stock/levels?expiry=expired&code=dado')).headers['x-total-count']).toBe('0');
    expect((await get('/api/stock/levels?expiry=')).headers['x-total-count']).toBe('2'); // blank: no filter
    expect((await get('/api/stock/levels?expiry=expired&within_days=%20')).statusCode).toBe(200); // blank window: the default
  });

  it('refuses bad filters with a 400 and roles without stockLevels with a 403', async () => {
    for (const qs of [
      'warehouse_id=abc',
      'limit=0',
      'limit=5000',
      'offset=-1',
      `code=${'x'.repeat(101)}`,
      'expiry=soon',
      'expiry=expiring&within_days=x',
      'expiry=expiring&within_days=-1',
      'expiry=expiring&within_days=1.5',
      'expiry=expiring&within_days=1e2',
      'expiry=expiring&within_days=367',
    ]) {
      const res = await get(`/api/stock/levels?${qs}`);
      expect({ qs, status: res.statusCode, code: res.json().code }).toEqual({ qs, status: 400, code: 'VALIDATION' });
    }
    const { headers: admin } = await t.signIn('administration');
    expect((await get('/api/stock/levels', admin)).statusCode).toBe(403);
    expect((await get('/api/stock/levels/export', admin)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/stock/levels' })).statusCode).toBe(401);
  });
});

describe('GET /stock/levels/export', () => {
  it('streams the filtered balances as CSV: BOM, ";", decimal comma, dd/MM/yyyy, headers in the caller\'s language', async () => {
    const res = await get('/api/stock/levels/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="giacenze-\d{4}-\d{2}-\d{2}\.csv"/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    // Units by their label in the caller's language (piece → pz / pce), never the code; quantities with a decimal comma.
    expect(lines).toEqual([
      'Codice;Descrizione;Famiglia;Magazzino;Lotto;Data scadenza;Data produzione;Quantità;Unità',
      expect.stringMatching(/^DADO-M8;Dado esagonale;Bulloneria;Nord;;;;2,25;kg$/),
      'VITE-10;"Vite zincata; ""testa"" piana";Ferramenta;Centrale;L1;31/01/2030;;10,5;pz',
      'VITE-10;"Vite zincata; ""testa"" piana";Ferramenta;Nord;L2;01/05/2020;;4;pz',
    ]);
    const fr = await get(`/api/stock/levels/export?warehouse_id=${ids.w1}`, { ...headers, 'accept-language': 'fr' });
    const frLines = fr.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(frLines[0]).toBe("Code;Description;Famille;Entrepôt;Lot;Date d'expiration;Date de production;Quantité;Unité");
    expect(frLines).toHaveLength(2);
    expect(frLines[1]).toBe('VITE-10;"Vite zincata; ""testa"" piana";Ferramenta;Centrale;L1;31/01/2030;;10,5;pce');
    // A text filter with the export (the product filter's parameters reach every batch query).
    const filtered = await get('/api/stock/levels/export?code=vite');
    expect(filtered.statusCode).toBe(200);
    expect(filtered.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n')).toHaveLength(3);
    expect(fr.headers['content-disposition']).toMatch(/filename="stock-/);
    // Expired batches only: the balance filter's own day parameter reaches the batch query.
    const expired = await get('/api/stock/levels/export?expiry=expired');
    expect(expired.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n').slice(1)).toEqual([
      'VITE-10;"Vite zincata; ""testa"" piana";Ferramenta;Nord;L2;01/05/2020;;4;pz',
    ]);
  });
});

// Last in the file: the batches it adds would change the totals above.
describe('GET /stock/levels?expiry=expiring', () => {
  it('keeps the batches expiring from today to within_days after it (30 by default): rows, count, details and CSV agree', async () => {
    const user = { id: await makeUserId(t.db) };
    const glue = await makeProduct(t.db, { code: 'COLLA-5', hasBatch: true, hasExpiry: true });
    const today = companyDay();
    for (const [batch, days, quantity] of [
      ['S10', 10, '3'],
      ['S40', 40, '5'],
      ['S0', 0, '1'],
    ] as const) {
      await t.db.tx((q) =>
        postMovement(
          q,
          {
            movementType: 'C',
            productId: glue.id,
            warehouseId: ids.w1,
            batchNumber: batch,
            expiryDate: addDays(today, days),
            quantity,
            movementDate: '2026-01-10',
          },
          user,
        ),
      );
    }
    const rows = async (qs: string) => {
      const res = await get(`/api/stock/levels?expiry=expiring${qs}`);
      return {
        total: res.headers['x-total-count'],
        rows: (res.json() as { product_code: string; quantity: string }[]).map((r) => `${r.product_code} ${r.quantity}`),
      };
    };
    // Today's batch counts (good through its day); VITE-10's L1 (2030) and L2 (expired) do not.
    expect(await rows('')).toEqual({ total: '1', rows: ['COLLA-5 4.000'] });
    expect(await rows('&within_days=40')).toEqual({ total: '1', rows: ['COLLA-5 9.000'] });
    expect(await rows('&within_days=0')).toEqual({ total: '1', rows: ['COLLA-5 1.000'] });
    expect(await rows(`&within_days=40&warehouse_id=${ids.w2}`)).toEqual({ total: '0', rows: [] });
    const csv = await get('/api/stock/levels/export?expiry=expiring&within_days=10');
    expect(
      csv.rawPayload
        .subarray(3)
        .toString('utf8')
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(';')[4]),
    ).toEqual(['S0', 'S10']);
  });
});
