import { postMovement, reverseMovement } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { makeProduct, makeUserId, makeWarehouse } from '../stock/fixtures';
import { addPrice, makeSupplier, supplyProduct } from './kit';

let t: TestApp;
let headers: Record<string, string>;
const ids = { bolt: 0, oil: 0, bare: 0, w1: 0, w2: 0 };

/**
 * bolt (EUR, batches): +10 L1 on 10/01 at w1, +5 L2 on 20/01 at w1, transfer 4 L1 w1→w2 on 25/01, unload 3 L2 on 05/02
 *   — and a load of 100 dated 01/03 posted first (a movement dated after the end date never counts), plus a back-dated
 *   unload of 1 L1 on 15/01 posted last (counts at its date); a load of 7 on 12/01 deleted (reversed: counts nowhere).
 * oil (USD): +2.5 on 15/01 at w2. bare (EUR, no supplier → no price): +1 on 15/01.
 * Prices: bolt 1.25 EUR 01/01–31/01, 1.5 EUR from 01/02; oil 2.12345 USD from 01/01; another supplier's price never counts.
 */
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('administration'));
  const { db } = t;
  const user = { id: await makeUserId(db) };
  const w1 = await makeWarehouse(db, { name: 'Centrale' });
  const w2 = await makeWarehouse(db, { name: 'Nord' });
  const bolt = await makeProduct(db, { code: 'BOLT', hasBatch: true });
  const oil = await makeProduct(db, { code: 'OIL' });
  const bare = await makeProduct(db, { code: 'BARE' });
  const s = await makeSupplier(db);
  const other = await makeSupplier(db);
  await supplyProduct(db, bolt.id, s, 'EUR');
  await supplyProduct(db, oil.id, s, 'USD');
  await addPrice(db, { productId: bolt.id, supplierId: s, price: '1.25', currency: 'EUR', start: '2026-01-01', end: '2026-01-31' });
  await addPrice(db, { productId: bolt.id, supplierId: s, price: '1.5', currency: 'EUR', start: '2026-02-01' });
  await addPrice(db, { productId: bolt.id, supplierId: other, price: '99', currency: 'EUR', start: '2026-01-01' });
  await addPrice(db, { productId: oil.id, supplierId: s, price: '2.12345', currency: 'USD', start: '2026-01-01' });
  Object.assign(ids, { bolt: bolt.id, oil: oil.id, bare: bare.id, w1: w1.id, w2: w2.id });
  const post = (i: Parameters<typeof postMovement>[1]) => db.tx((q) => postMovement(q, i, user));
  await post({ movementType: 'C', productId: bolt.id, warehouseId: w1.id, batchNumber: 'L1', quantity: '100', movementDate: '2026-03-01' });
  await post({ movementType: 'C', productId: bolt.id, warehouseId: w1.id, batchNumber: 'L1', quantity: '10', movementDate: '2026-01-10' });
  const deleted = await post({
    movementType: 'C',
    productId: bolt.id,
    warehouseId: w1.id,
    batchNumber: 'L1',
    quantity: '7',
    movementDate: '2026-01-12',
  });
  await db.tx((q) => reverseMovement(q, deleted.id, user));
  await post({ movementType: 'C', productId: bolt.id, warehouseId: w1.id, batchNumber: 'L2', quantity: '5', movementDate: '2026-01-20' });
  await post({
    movementType: 'T',
    productId: bolt.id,
    warehouseId: w1.id,
    destinationWarehouseId: w2.id,
    batchNumber: 'L1',
    quantity: '4',
    movementDate: '2026-01-25',
  });
  await post({ movementType: 'S', productId: bolt.id, warehouseId: w1.id, batchNumber: 'L2', quantity: '3', movementDate: '2026-02-05' });
  await post({ movementType: 'C', productId: oil.id, warehouseId: w2.id, quantity: '2.5', movementDate: '2026-01-15' });
  await post({ movementType: 'C', productId: bare.id, warehouseId: w2.id, quantity: '1', movementDate: '2026-01-15' });
  await post({ movementType: 'S', productId: bolt.id, warehouseId: w1.id, batchNumber: 'L1', quantity: '1', movementDate: '2026-01-15' });
});
afterAll(() => t.close());

const get = (qs: string, h = headers) => t.app.inject({ method: 'GET', url: `/api/stock/valuation?${qs}`, headers: h });

describe('GET /stock/valuation', () => {
  it('values the stock at the end of the end date with the price in force then, per currency', async () => {
    const res = await get('startDate=01/01/2026&endDate=31/01/2026');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      warehouse_id: null,
      group_by_product: true,
      show_zero_prices: false,
    });
    // bolt at 31/01: w1 = 10 − 1 − 4 (L1) + 5 (L2) = 10; w2 = 4. Price 1.25 (January). bare has no price: hidden.
    expect(
      body.items.map((i: Record<string, unknown>) => [
        i.product_code,
        i.warehouse_name,
        i.batch_number,
        i.quantity,
        i.unit_price,
        i.currency,
        i.value,
      ]),
    ).toEqual([
      ['BOLT', 'Centrale', null, '10.000', '1.25', 'EUR', '12.5'],
      ['BOLT', 'Nord', null, '4.000', '1.25', 'EUR', '5'],
      ['OIL', 'Nord', null, '2.500', '2.12345', 'USD', '5.308625'],
    ]);
    expect(body.totals).toEqual([
      { currency: 'EUR', value: '17.5', products: 1 },
      { currency: 'USD', value: '5.308625', products: 1 },
    ]);
    expect(body.total_products).toBe(2);
  });

  it('by batch, at one warehouse, with zero prices, at a later date (the February price, the unload of 05/02)', async () => {
    const body = (
      await get(`startDate=2026-02-01&endDate=2026-02-28&warehouseId=${ids.w1}&groupByProduct=false&showZeroPrices=true`)
    ).json();
    expect(body.items.map((i: Record<string, unknown>) => [i.product_code, i.batch_number, i.quantity, i.unit_price, i.value])).toEqual([
      ['BOLT', 'L1', '5.000', '1.5', '7.5'],
      ['BOLT', 'L2', '2.000', '1.5', '3'],
    ]);
    const all = (await get('endDate=2026-02-28&startDate=2026-02-01&showZeroPrices=true')).json();
    expect(all.items.find((i: { product_code: string }) => i.product_code === 'BARE')).toMatchObject({
      unit_price: '0',
      value: '0',
      currency: 'EUR',
    });
  });

  it('gives the movements of the period: opening + loads − unloads = closing; transfers count only for one warehouse', async () => {
    const all = (await get('startDate=2026-01-16&endDate=2026-02-10')).json();
    expect(all.movements.find((m: { product_code: string }) => m.product_code === 'BOLT')).toMatchObject({
      opening: '9.000',
      loads: '5.000',
      unloads: '3.000',
      closing: '11.000',
    });
    const w2 = (await get(`startDate=2026-01-16&endDate=2026-02-10&warehouseId=${ids.w2}`)).json();
    expect(w2.movements.find((m: { product_code: string }) => m.product_code === 'BOLT')).toMatchObject({
      opening: '0.000',
      loads: '4.000',
      unloads: '0.000',
      closing: '4.000',
    });
  });

  it('before any movement the report is empty; pages count products', async () => {
    const body = (await get('startDate=2025-12-01&endDate=2025-12-31')).json();
    expect(body).toMatchObject({ items: [], totals: [], total_products: 0, movements: [] });
    const page = (await get('startDate=2026-01-01&endDate=2026-01-31&limit=1&offset=1')).json();
    expect(page.items.map((i: { product_code: string }) => i.product_code)).toEqual(['OIL']);
    expect(page.totals).toHaveLength(2);
  });

  it('refuses bad input with a 400, roles without valuation with a 403', async () => {
    for (const qs of [
      'startDate=31/02/2026',
      'endDate=yesterday',
      'startDate=2026-02-01&endDate=2026-01-01',
      'warehouseId=abc',
      'showZeroPrices=maybe',
      'groupByProduct=2',
      'limit=0',
    ]) {
      const res = await get(qs);
      expect({ qs, status: res.statusCode, code: res.json().code }).toEqual({ qs, status: 400, code: 'VALIDATION' });
    }
    const { headers: wh } = await t.signIn('warehouse');
    expect((await get('', wh)).statusCode).toBe(403);
  });
});

describe('GET /stock/valuation/export', () => {
  it("streams every row and one total line per currency, in the caller's language", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stock/valuation/export?startDate=01/01/2026&endDate=31/01/2026&groupByProduct=false',
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="valorizzazione-2026-01-31\.csv"/);
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Codice;Descrizione;Magazzino;Lotto;Quantità;Unità;Prezzo unitario;Valuta;Valore',
      expect.stringMatching(/^BOLT;[^;]*;Centrale;L1;5;pz;1,25;EUR;6,25$/),
      expect.stringMatching(/^BOLT;[^;]*;Centrale;L2;5;pz;1,25;EUR;6,25$/),
      expect.stringMatching(/^BOLT;[^;]*;Nord;L1;4;pz;1,25;EUR;5,00$/),
      expect.stringMatching(/^OIL;[^;]*;Nord;;2,5;pz;2,12345;USD;5,30863$/),
      'Totale EUR;;;;;;;EUR;17,50',
      'Totale USD;;;;;;;USD;5,30863',
    ]);
    const fr = await t.app.inject({
      method: 'GET',
      url: '/api/stock/valuation/export?startDate=01/01/2026&endDate=31/01/2026',
      headers: { ...headers, 'accept-language': 'fr' },
    });
    expect(fr.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      'Code;Description;Entrepôt;Quantité;Unité;Prix unitaire;Devise;Valeur',
    );
  });
});
