/** Sales API (SPEC §7 /sales) on the real routes: posting through the ledger, FEFO, expiry, cancel, edit, refusals, roles. */
import { validationMessage } from '@wms/shared-api';
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { documentLineMovements, documentLineNet } from '../../src/stock/movement-queries';
import { balance, countMovements, makeProduct, makeWarehouse, stockSnapshot } from '../stock/fixtures';
import { makeTestApp, type TestApp } from '../helpers';
import { dayFromToday, load, makeCustomer } from './kit';

jest.setTimeout(60_000);

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('sales'));
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, h: Record<string, string> = headers) =>
  t.app.inject({ method, url: `/api${url}`, headers: h, payload });

async function batchProductInStock() {
  const p = await makeProduct(t.db, { hasBatch: true, hasExpiry: true });
  const w = await makeWarehouse(t.db);
  const c = await makeCustomer(t.db);
  return { p, w, c };
}

describe('POST /sales', () => {
  it('writes the sale and posts its unload (S, SO, document = the sale); the list shows it with the §3 fields', async () => {
    const { p, w, c } = await batchProductInStock();
    await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 10, batch: 'L1', expiry: dayFromToday(60) });
    const res = await api('POST', '/sales', {
      product_id: p.id,
      warehouse_id: w.id,
      batch_number: 'L1',
      quantity: 2.5,
      customer_id: c.id,
      created_by: 'ignored',
    });
    expect(res.statusCode).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({
      status: 'active',
      product_code: p.code,
      quantity: '2.500',
      batch_number: 'L1',
      customer_name: c.name,
      warehouse_id: w.id,
    });
    expect(sale.created_at).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await balance(t.db, p.id, w.id, 'L1')).toBe('7.500');

    const mv = await t.db.query<{
      movement_type: string;
      source_type: string;
      source_document_type: string;
      source_document_id: number;
      source_line_id: number;
      quantity: string;
    }>(
      'SELECT movement_type, source_type, source_document_type, source_document_id, source_line_id, quantity FROM stock_movements WHERE id = $1',
      [sale.movement_id],
    );
    expect(mv.rows[0]).toMatchObject({
      movement_type: 'S',
      source_type: 'SO',
      source_document_type: 'SO',
      source_document_id: sale.id,
      source_line_id: sale.id, // a sale is a one-line document: its line is the sale
      quantity: '2.500',
    });

    const list = await api('GET', `/sales?q=${encodeURIComponent(c.name)}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({ id: sale.id, product_description: `Descrizione ${p.code}`, customer_name: c.name });
    expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
  });

  it("above availability: 409 with the form's words and the number in the caller's writing (3,5), nothing written", async () => {
    const { p, w, c } = await batchProductInStock();
    await load(t.db, { productId: p.id, warehouseId: w.id, quantity: '3.5', batch: 'L1', expiry: dayFromToday(60) });
    const before = await stockSnapshot(t.db);
    const sales = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales')).rows[0].n;
    const res = await api('POST', '/sales', { product_id: p.id, warehouse_id: w.id, batch_number: 'L1', quantity: 4, customer_id: c.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'INSUFFICIENT_STOCK', error: 'Quantità superiore alla disponibilità: disponibili 3,5' });
    const fr = await api(
      'POST',
      '/sales',
      { product_id: p.id, warehouse_id: w.id, batch_number: 'L1', quantity: 4, customer_id: c.id },
      { ...headers, 'accept-language': 'fr' },
    );
    expect(fr.json().error).toBe('Quantité supérieure à la disponibilité : 3,5 disponible(s)');
    expect(await stockSnapshot(t.db)).toBe(before);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales')).rows[0].n).toBe(sales);
  });

  it('an expired batch is refused with 409 (good through the end of its expiry day); nothing written', async () => {
    const { p, w, c } = await batchProductInStock();
    await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 5, batch: 'OLD', expiry: dayFromToday(-2) });
    await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 5, batch: 'TODAY', expiry: dayFromToday(1) });
    const movements = await countMovements(t.db);
    const res = await api('POST', '/sales', { product_id: p.id, warehouse_id: w.id, batch_number: 'OLD', quantity: 1, customer_id: c.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('BATCH_EXPIRED');
    expect(res.json().error).toMatch(/^Il lotto OLD è scaduto il \d{2}\/\d{2}\/\d{4}: non può essere venduto$/);
    expect(await countMovements(t.db)).toBe(movements);
    expect(await balance(t.db, p.id, w.id, 'OLD')).toBe('5.000');
    expect(
      (await api('POST', '/sales', { product_id: p.id, warehouse_id: w.id, batch_number: 'TODAY', quantity: 1, customer_id: c.id }))
        .statusCode,
    ).toBe(201);
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 400, 'VALIDATION'],
    ['quantity -1', { quantity: -1 }, 400, 'VALIDATION'],
    ['quantity 0.5 (minimum 1)', { quantity: 0.5 }, 400, 'VALIDATION'],
    ['quantity as unreadable text', { quantity: '2,5,1' }, 400, 'VALIDATION'],
    ['quantity with 4 decimals', { quantity: 1.0005 }, 400, 'VALIDATION'],
    ['no customer', { customer_id: undefined }, 400, 'VALIDATION'],
    ['missing batch of a batch product', { batch_number: '' }, 400, 'VALIDATION'],
    ['unknown batch', { batch_number: 'NOPE' }, 409, 'INSUFFICIENT_STOCK'],
  ])('%s → %i %s, nothing written', async (_label, change, status, code) => {
    const { p, w, c } = await batchProductInStock();
    await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 5, batch: 'L1', expiry: dayFromToday(60) });
    const before = await stockSnapshot(t.db);
    const res = await api('POST', '/sales', {
      product_id: p.id,
      warehouse_id: w.id,
      batch_number: 'L1',
      quantity: 1,
      customer_id: c.id,
      ...change,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await stockSnapshot(t.db)).toBe(before);
  });

  it("a batch product without batch: the standard 400 on batch_number, in the form's words (checked against the product)", async () => {
    const { p, w, c } = await batchProductInStock();
    const res = await api('POST', '/sales', { product_id: p.id, warehouse_id: w.id, quantity: 1, customer_id: c.id });
    expect(res.json()).toEqual({
      code: 'VALIDATION',
      error: 'Dati non validi: batch_number: Il lotto è obbligatorio per questo prodotto',
      fields: { batch_number: validationMessage('it', 'batchRequired') },
    });
  });

  it("the 400 uses the sale form's words", async () => {
    const res = await api('POST', '/sales', { product_id: 1, warehouse_id: 1, quantity: 0.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      quantity: 'Quantità non valida: minimo 1, al massimo 3 decimali',
      customer_id: 'Campo obbligatorio',
    });
  });

  it.each([
    ['inactive product', { status: 'inactive' as const }, {}, 'PRODUCT_UNAVAILABLE'],
    ['deleted product', { deleted: true }, {}, 'PRODUCT_UNAVAILABLE'],
    ['inactive customer', {}, { active: false }, 'CUSTOMER_UNAVAILABLE'],
    ['deleted customer', {}, { deleted: true }, 'CUSTOMER_UNAVAILABLE'],
  ])('%s → 409 %s, nothing written', async (_label, productChange, customerChange, code) => {
    const p = await makeProduct(t.db);
    const w = await makeWarehouse(t.db);
    await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 5 });
    if ('status' in productChange) await t.db.query(`UPDATE products SET status = 'inactive' WHERE id = $1`, [p.id]);
    if ('deleted' in productChange) await t.db.query('UPDATE products SET deleted_at = now() WHERE id = $1', [p.id]);
    const c = await makeCustomer(t.db, customerChange);
    const before = await stockSnapshot(t.db);
    const res = await api('POST', '/sales', { product_id: p.id, warehouse_id: w.id, quantity: 1, customer_id: c.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(code);
    expect(await stockSnapshot(t.db)).toBe(before);
  });

  it.each([
    ['that does not exist', 400, 'WAREHOUSE_NOT_FOUND', null],
    ['deleted', 400, 'WAREHOUSE_NOT_FOUND', 'UPDATE warehouses SET deleted_at = now() WHERE id = $1'],
    ['inactive', 409, 'WAREHOUSE_INACTIVE', 'UPDATE warehouses SET is_active = false WHERE id = $1'],
  ])('a warehouse %s → %i %s, as every posting says it; nothing written (create and edit)', async (_label, status, code, change) => {
    const p = await makeProduct(t.db);
    const w = await makeWarehouse(t.db);
    const c = await makeCustomer(t.db);
    await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 5 });
    const sold = await api('POST', '/sales', { product_id: p.id, warehouse_id: w.id, quantity: 1, customer_id: c.id });
    const other = await makeWarehouse(t.db);
    if (change) await t.db.query(change, [other.id]);
    const target = change ? other.id : 999_999;
    const before = await stockSnapshot(t.db);
    const body = { product_id: p.id, warehouse_id: target, quantity: 1, customer_id: c.id };
    for (const res of [await api('POST', '/sales', body), await api('PUT', `/sales/${sold.json().id}`, body)]) {
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await stockSnapshot(t.db)).toBe(before);
  });

  it('a product without batches ignores a batch sent by mistake', async () => {
    const p = await makeProduct(t.db);
    const w = await makeWarehouse(t.db);
    const c = await makeCustomer(t.db);
    await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 5 });
    const res = await api('POST', '/sales', { product_id: p.id, warehouse_id: w.id, batch_number: 'X', quantity: 1, customer_id: c.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().batch_number).toBeNull();
    expect(await balance(t.db, p.id, w.id)).toBe('4.000');
  });
});

describe('GET /sales/stock/{productId}: FEFO', () => {
  it('earliest expiry first, then oldest receipt; expired marked; no expiry last; empty and inactive warehouses left out', async () => {
    const p = await makeProduct(t.db, { hasBatch: true, hasExpiry: true, unit: 'kg' });
    const w1 = await makeWarehouse(t.db, { name: `A-${p.code}` });
    const w2 = await makeWarehouse(t.db, { name: `B-${p.code}` });
    const off = await makeWarehouse(t.db);
    const soon = dayFromToday(20);
    await load(t.db, { productId: p.id, warehouseId: w1.id, quantity: 1, batch: 'LATE', expiry: dayFromToday(90), date: '2025-01-01' });
    await load(t.db, { productId: p.id, warehouseId: w2.id, quantity: 2, batch: 'SOON-NEW', expiry: soon, date: '2025-02-01' });
    await load(t.db, { productId: p.id, warehouseId: w1.id, quantity: 3, batch: 'SOON-OLD', expiry: soon, date: '2025-01-05' });
    await load(t.db, { productId: p.id, warehouseId: w1.id, quantity: 4, batch: 'EXPIRED', expiry: dayFromToday(-3) });
    await load(t.db, { productId: p.id, warehouseId: off.id, quantity: 4, batch: 'OFF', expiry: dayFromToday(5) });
    await t.db.query('UPDATE warehouses SET is_active = false WHERE id = $1', [off.id]);
    const res = await api('GET', `/sales/stock/${p.id}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { batch_number: string; expired: boolean; quantity: number; received_at: string }[];
    expect(rows.map((r) => r.batch_number)).toEqual(['EXPIRED', 'SOON-OLD', 'SOON-NEW', 'LATE']);
    expect(rows.map((r) => r.expired)).toEqual([true, false, false, false]);
    expect(rows[1]).toMatchObject({ quantity: '3.000', unit_of_measure: 'kg', received_at: '2025-01-05', warehouse_id: w1.id });
  });
});

describe('cancel and edit', () => {
  async function soldOne(quantity = 4) {
    const { p, w, c } = await batchProductInStock();
    await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 10, batch: 'L1', expiry: dayFromToday(60) });
    const res = await api('POST', '/sales', { product_id: p.id, warehouse_id: w.id, batch_number: 'L1', quantity, customer_id: c.id });
    expect(res.statusCode).toBe(201);
    return { p, w, c, sale: res.json() };
  }

  it('PUT /sales/{id}/cancel puts the goods back; twice → 409; the row stays, cancelled', async () => {
    const { p, w, sale } = await soldOne();
    expect(await balance(t.db, p.id, w.id, 'L1')).toBe('6.000');
    const res = await api('PUT', `/sales/${sale.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: sale.id, status: 'cancelled', message: 'Vendita revocata con successo' });
    expect(await balance(t.db, p.id, w.id, 'L1')).toBe('10.000');
    const again = await api('PUT', `/sales/${sale.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'SALE_ALREADY_CANCELLED', error: 'La vendita è già stata revocata' });
    expect(await balance(t.db, p.id, w.id, 'L1')).toBe('10.000');
    const view = (await api('GET', `/sales/${sale.id}`)).json();
    expect(view.status).toBe('cancelled');
    expect(view.cancelled_at).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);

    // The sale's history is a query on its line: the unload and its reversal, nothing else.
    const history = await documentLineMovements(t.db, 'SO', sale.id);
    expect(history.map((m) => [m.movement_type, m.quantity, m.reverses_id])).toEqual([
      ['S', '4.000', null],
      ['C', '4.000', sale.movement_id],
    ]);
    expect(await documentLineNet(t.db, 'SO', sale.id)).toBe('0.000');
    const listed = await api('GET', `/stock-movements?source_document_type=SO&source_line_id=${sale.id}&include_history=true`);
    expect([
      listed.headers['x-total-count'],
      listed.json().map((m: { source_document: { line_id: number } }) => m.source_document.line_id),
    ]).toEqual(['2', [sale.id, sale.id]]);
  });

  it('PUT /sales/{id}/status {status: cancelled} is the same cancel; another status is a 400', async () => {
    const { p, w, sale } = await soldOne();
    expect((await api('PUT', `/sales/${sale.id}/status`, { status: 'active' })).statusCode).toBe(400);
    expect(await balance(t.db, p.id, w.id, 'L1')).toBe('6.000');
    expect((await api('PUT', `/sales/${sale.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await api('PUT', `/sales/${sale.id}/status`, { status: 'cancelled' })).statusCode).toBe(409);
    expect(await balance(t.db, p.id, w.id, 'L1')).toBe('10.000');
  });

  it('two concurrent cancels: one 200, one 409, the goods come back once', async () => {
    const { p, w, sale } = await soldOne();
    const both = await Promise.all([api('PUT', `/sales/${sale.id}/cancel`), api('PUT', `/sales/${sale.id}/cancel`)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balance(t.db, p.id, w.id, 'L1')).toBe('10.000');
  });

  it('an unknown sale → 404', async () => {
    expect((await api('PUT', '/sales/999999/cancel')).statusCode).toBe(404);
    expect((await api('GET', '/sales/999999')).statusCode).toBe(404);
  });

  it('edit = cancel + new sale in one transaction: may use the goods it puts back (max = available + old quantity)', async () => {
    const { p, w, c, sale } = await soldOne(4);
    // 6 left + the 4 of the sale being edited = 10 may be sold.
    const res = await api('PUT', `/sales/${sale.id}`, {
      product_id: p.id,
      warehouse_id: w.id,
      batch_number: 'L1',
      quantity: 10,
      customer_id: c.id,
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json();
    expect(edited).toMatchObject({ status: 'active', quantity: '10.000', replaces_id: sale.id });
    expect(edited.id).not.toBe(sale.id);
    expect(await balance(t.db, p.id, w.id, 'L1')).toBe('0.000');
    const old = (await api('GET', `/sales/${sale.id}`)).json();
    expect(old).toMatchObject({ status: 'cancelled', replaced_by_id: edited.id });
    expect((await ledgerMatchesBalances(t.db)).ok).toBe(true);
  });

  it('a refused new sale leaves the old one exactly as it was (stock, ledger, sale row)', async () => {
    const { p, w, c, sale } = await soldOne(4);
    const before = await stockSnapshot(t.db);
    const row = async () => JSON.stringify((await t.db.query('SELECT * FROM sales WHERE id = $1', [sale.id])).rows);
    const oldRow = await row();
    const tooMuch = await api('PUT', `/sales/${sale.id}`, {
      product_id: p.id,
      warehouse_id: w.id,
      batch_number: 'L1',
      quantity: 11,
      customer_id: c.id,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('Quantità superiore alla disponibilità: disponibili 10');
    const inactive = await makeCustomer(t.db, { active: false });
    const badCustomer = await api('PUT', `/sales/${sale.id}`, {
      product_id: p.id,
      warehouse_id: w.id,
      batch_number: 'L1',
      quantity: 1,
      customer_id: inactive.id,
    });
    expect(badCustomer.statusCode).toBe(409);
    expect(await stockSnapshot(t.db)).toBe(before);
    expect(await row()).toBe(oldRow);
    // Editing a cancelled sale is refused too.
    await api('PUT', `/sales/${sale.id}/cancel`);
    expect(
      (await api('PUT', `/sales/${sale.id}`, { product_id: p.id, warehouse_id: w.id, batch_number: 'L1', quantity: 1, customer_id: c.id }))
        .statusCode,
    ).toBe(409);
  });
});

describe('roles', () => {
  it.each(['admin', 'direction', 'orders', 'sales'] as const)('%s may list and sell', async (role) => {
    const { headers: h } = await t.signIn(role);
    expect((await api('GET', '/sales', undefined, h)).statusCode).toBe(200);
    expect((await api('POST', '/sales', {}, h)).statusCode).toBe(400);
  });

  it.each(['warehouse', 'administration'] as const)('%s gets 403 on every sales call, nothing written', async (role) => {
    const { sale } = await (async () => {
      const { p, w, c } = await batchProductInStock();
      await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 10, batch: 'L1', expiry: dayFromToday(60) });
      return {
        sale: (
          await api('POST', '/sales', { product_id: p.id, warehouse_id: w.id, batch_number: 'L1', quantity: 1, customer_id: c.id })
        ).json(),
      };
    })();
    const { headers: h } = await t.signIn(role);
    const before = await stockSnapshot(t.db);
    for (const [method, url, body] of [
      ['GET', '/sales'],
      ['GET', `/sales/${sale.id}`],
      ['GET', `/sales/stock/${sale.product_id}`],
      [
        'POST',
        '/sales',
        { product_id: sale.product_id, warehouse_id: sale.warehouse_id, batch_number: 'L1', quantity: 1, customer_id: sale.customer_id },
      ],
      ['PUT', `/sales/${sale.id}/cancel`],
      ['PUT', `/sales/${sale.id}/status`, { status: 'cancelled' }],
    ] as const) {
      expect((await api(method, url, body, h)).statusCode).toBe(403);
    }
    expect(await stockSnapshot(t.db)).toBe(before);
  });

  it('without a session → 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sales' })).statusCode).toBe(401);
  });
});
