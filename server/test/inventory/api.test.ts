/**
 * Inventory counts (issue 25) through the HTTP API, on PGlite by default and on PostgreSQL with DATABASE_URL: the snapshot
 * rule, every problem at once with nothing written, exactly once, one open count per warehouse and scope, cancel,
 * permissions, blind counting, bad input.
 */
import type { Db } from '../../src/db';
import { ledgerMatchesBalances, postMovementTx } from '../../src/stock/ledger';
import type { Actor, MovementInput } from '../../src/stock/types';
import { makeTestApp, type TestApp } from '../helpers';
import { balance, balanceRow, makeProduct, makeUserId, makeWarehouse, stockSnapshot } from '../stock/fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let db: Db;
let actor: Actor;
let admin: Record<string, string>;
let counter: Record<string, string>;
let salesRole: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp();
  db = t.db;
  actor = { id: await makeUserId(db) };
  admin = (await t.signIn('admin')).headers;
  counter = (await t.signIn('warehouse')).headers;
  salesRole = (await t.signIn('sales')).headers;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  const check = await ledgerMatchesBalances(db);
  expect(check.mismatches).toEqual([]);
});

const DAY = '2026-01-10';
const move = (movementType: 'C' | 'S', productId: number, warehouseId: number, quantity: string, extra: Partial<MovementInput> = {}) =>
  postMovementTx(db, { movementType, productId, warehouseId, quantity, movementDate: DAY, ...extra }, actor);

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function start(body: Record<string, unknown>, headers = admin): Promise<number> {
  const res = await api('POST', '/inventory-counts', headers, body);
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const count = (id: number, lines: Record<string, unknown>[], headers = counter) =>
  api('PUT', `/inventory-counts/${id}/lines`, headers, { lines });

describe('the snapshot rule', () => {
  it('count 100 at the snapshot, 30 sold after, counted 95 → stock 65', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db);
    await move('C', p.id, w.id, '100');
    const id = await start({ warehouse_id: w.id, product_ids: [p.id] });
    await move('S', p.id, w.id, '30');
    expect((await count(id, [{ product_id: p.id, batch_number: null, counted_quantity: '95' }])).statusCode).toBe(200);

    const review = (await api('GET', `/inventory-counts/${id}`, admin)).json();
    expect(review.lines).toHaveLength(1);
    expect(review.lines[0]).toMatchObject({
      book_quantity: '100.000',
      counted_quantity: '95.000',
      difference: '-5.000',
      moved_since: '-30.000',
    });

    const res = await api(
      'POST',
      `/inventory-counts/${id}/apply`,
      { ...admin, 'idempotency-key': `snap-${id}` },
      { uncounted: 'unchanged' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'applied', posted: 1 });
    expect(await balance(db, p.id, w.id)).toBe('65.000');
    const { rows } = await db.query<{
      movement_type: string;
      quantity: string;
      source_type: string;
      source_document_id: number;
      source_line_id: number;
    }>(
      `SELECT movement_type, quantity, source_type, source_document_id, source_line_id FROM stock_movements WHERE source_type = 'INV' AND product_id = $1`,
      [p.id],
    );
    expect(rows).toEqual([
      { movement_type: 'S', quantity: '5.000', source_type: 'INV', source_document_id: id, source_line_id: review.lines[0].line_id },
    ]);
    // The item history (movements of the line's document) shows the adjustment.
    const history = await api(
      'GET',
      `/stock-movements?source_document_type=INV&source_line_id=${review.lines[0].line_id}&include_history=true`,
      admin,
    );
    expect(history.statusCode).toBe(200);
    expect(history.json()).toHaveLength(1);
  });

  it('a gain loads; goods received after the snapshot stay; a new batch is counted with its dates', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db, { hasBatch: true, hasExpiry: true });
    await move('C', p.id, w.id, '10', { batchNumber: 'A', expiryDate: '2027-01-01' });
    const id = await start({ warehouse_id: w.id, product_ids: [p.id] });
    await move('C', p.id, w.id, '4', { batchNumber: 'A', expiryDate: '2027-01-01' });
    const missingDates = await count(id, [{ product_id: p.id, batch_number: 'NEW', counted_quantity: '3' }]);
    expect(missingDates.statusCode).toBe(400);
    expect(Object.keys(missingDates.json().fields)).toEqual(['lines.0.expiry_date']);
    const ok = await count(id, [
      { product_id: p.id, batch_number: 'A', counted_quantity: 12.5 },
      { product_id: p.id, batch_number: 'NEW', counted_quantity: '3', expiry_date: '2027-06-30' },
    ]);
    expect(ok.statusCode).toBe(200);
    const res = await api('POST', `/inventory-counts/${id}/apply`, admin, {});
    expect(res.statusCode).toBe(200);
    expect(await balance(db, p.id, w.id, 'A')).toBe('16.500'); // 12.5 counted + 4 received since
    expect(await balance(db, p.id, w.id, 'NEW')).toBe('3.000');
  });

  it('a new batch of a product with production dates: each missing date named (words, at its field); given as the counting page sends them, they are the batch dates', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db, { hasBatch: true, hasExpiry: true, hasProduction: true });
    const id = await start({ warehouse_id: w.id, product_ids: [p.id] });
    const missing = await count(id, [{ product_id: p.id, batch_number: 'LNEW1', counted_quantity: '3', expiry_date: '2027-12-31' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ 'lines.0.production_date': 'La data di produzione è obbligatoria per questo prodotto' });
    const french = await count(id, [{ product_id: p.id, batch_number: 'LNEW1', counted_quantity: '3' }], {
      ...counter,
      'accept-language': 'fr',
    });
    expect(Object.keys(french.json().fields).sort()).toEqual(['lines.0.expiry_date', 'lines.0.production_date']);
    expect(french.json().fields['lines.0.production_date']).toMatch(/date de production/i);
    const ok = await count(id, [
      { product_id: p.id, batch_number: 'LNEW1', counted_quantity: '3', expiry_date: '2027-12-31', production_date: '2026-01-15' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect((await api('POST', `/inventory-counts/${id}/apply`, admin, {})).statusCode).toBe(200);
    expect(await balanceRow(db, p.id, w.id, 'LNEW1')).toEqual({
      quantity: '3.000',
      production_date: '2026-01-15',
      expiry_date: '2027-12-31',
    });
  });
});

describe('apply', () => {
  it('reports every problem at once and writes nothing', async () => {
    const w = await makeWarehouse(db);
    const a = await makeProduct(db);
    const b = await makeProduct(db);
    const c = await makeProduct(db);
    await move('C', a.id, w.id, '10');
    await move('C', b.id, w.id, '5');
    await move('C', c.id, w.id, '7');
    const id = await start({ warehouse_id: w.id });
    await move('S', a.id, w.id, '8'); // 2 left; counted 0 means -10 → 2 - 10 < 0
    expect(
      (
        await count(id, [
          { product_id: a.id, counted_quantity: '0' },
          { product_id: b.id, counted_quantity: '6' },
          { product_id: c.id, counted_quantity: '7' },
        ])
      ).statusCode,
    ).toBe(200);
    await db.query(`UPDATE products SET status = 'inactive' WHERE id = $1`, [b.id]);
    const before = await stockSnapshot(db);
    const res = await api('POST', `/inventory-counts/${id}/apply`, { ...admin, 'accept-language': 'fr' }, { uncounted: 'unchanged' });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('INVENTORY_PROBLEMS');
    expect(body.error).toMatch(/Impossible d'appliquer/);
    expect(body.problems.map((p: { product_id: number; reason: string }) => [p.product_id, p.reason])).toEqual([
      [a.id, 'NEGATIVE_STOCK'],
      [b.id, 'PRODUCT_INACTIVE'],
    ]);
    expect(body.problems[0].message).toMatch(/négatif/);
    expect(await stockSnapshot(db)).toBe(before);
    const summary = (await api('GET', `/inventory-counts/${id}`, admin)).json();
    expect(summary.status).toBe('open');
    await api('POST', `/inventory-counts/${id}/cancel`, admin);
  });

  it('is exactly once: the same key replays one posting, another key is refused', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db);
    await move('C', p.id, w.id, '20');
    const id = await start({ warehouse_id: w.id });
    await count(id, [{ product_id: p.id, counted_quantity: '18.250' }]);
    const key = { ...admin, 'idempotency-key': `once-${id}` };
    const [first, second] = await Promise.all([
      api('POST', `/inventory-counts/${id}/apply`, key, { uncounted: 'zero' }),
      api('POST', `/inventory-counts/${id}/apply`, key, { uncounted: 'zero' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const again = await api('POST', `/inventory-counts/${id}/apply`, key, { uncounted: 'zero' });
    expect(again.headers['idempotency-replayed']).toBe('true');
    const other = await api('POST', `/inventory-counts/${id}/apply`, { ...admin, 'idempotency-key': `other-${id}` }, { uncounted: 'zero' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('INVENTORY_COUNT_CLOSED');
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stock_movements WHERE source_type = 'INV' AND source_document_id = $1`,
      [id],
    );
    expect(rows[0].n).toBe(1);
    expect(await balance(db, p.id, w.id)).toBe('18.250');
    // Applied: counting is refused.
    expect((await count(id, [{ product_id: p.id, counted_quantity: '1' }])).json().code).toBe('INVENTORY_COUNT_CLOSED');
  });

  it('uncounted lines: unchanged leaves them, zero empties them', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db);
    const q = await makeProduct(db);
    await move('C', p.id, w.id, '3');
    await move('C', q.id, w.id, '4');
    const id = await start({ warehouse_id: w.id });
    await count(id, [{ product_id: p.id, counted_quantity: '3' }]);
    const review = (await api('GET', `/inventory-counts/${id}`, admin)).json();
    expect(review.uncounted_count).toBe(1);
    // The review's filters and pages are the server's.
    const uncountedOnly = await api('GET', `/inventory-counts/${id}?filter=uncounted`, admin);
    expect(uncountedOnly.headers['x-total-count']).toBe('1');
    expect(uncountedOnly.json().lines.map((l: { product_id: number }) => l.product_id)).toEqual([q.id]);
    expect((await api('GET', `/inventory-counts/${id}?filter=differences`, admin)).json().matching_lines).toBe(0);
    const paged = (await api('GET', `/inventory-counts/${id}?limit=1&offset=1`, admin)).json();
    expect([paged.lines.length, paged.matching_lines]).toEqual([1, 2]);
    expect((await api('GET', `/inventory-counts/${id}?filter=maybe`, admin)).statusCode).toBe(400);
    expect((await api('POST', `/inventory-counts/${id}/apply`, admin, { uncounted: 'zero' })).json().posted).toBe(1);
    expect(await balance(db, q.id, w.id)).toBe('0.000');
    expect(await balance(db, p.id, w.id)).toBe('3.000');
  });

  it('values differences at the price in force for the supplier, totals per currency', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db);
    const { rows } = await db.query<{
      id: number;
    }>(`INSERT INTO suppliers (business_name, vat_number, address, city, province, zip_code, email, phone)
       VALUES ('Fornitore inventario', '01234567890', 'Via Roma 1', 'Milano', 'MI', '20100', 'f@example.com', '02 1234') RETURNING id`);
    await db.query('UPDATE products SET supplier_id = $1 WHERE id = $2', [rows[0].id, p.id]);
    await db.query(
      `INSERT INTO prices (product_id, supplier_id, price, currency, start_date) VALUES ($1, $2, '2.50000', 'USD', '2000-01-01')`,
      [p.id, rows[0].id],
    );
    await move('C', p.id, w.id, '10');
    const id = await start({ warehouse_id: w.id });
    await count(id, [{ product_id: p.id, counted_quantity: '7.5' }]);
    const review = (await api('GET', `/inventory-counts/${id}`, admin)).json();
    expect(review.lines[0]).toMatchObject({ difference: '-2.500', difference_value: '-6.2500', currency: 'USD' });
    expect(review.totals).toEqual([{ currency: 'USD', gains: '0', losses: '6.2500', net: '-6.2500' }]);
    expect((await api('GET', `/inventory-counts/${id}?min_value=6.25`, admin)).json().matching_lines).toBe(1);
    expect((await api('GET', `/inventory-counts/${id}?min_value=6.26`, admin)).json().matching_lines).toBe(0);
    await api('POST', `/inventory-counts/${id}/cancel`, admin);
  });
});

describe('starting, counting, cancelling', () => {
  it('two concurrent starts of overlapping scopes: one 201, one 409', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db);
    await move('C', p.id, w.id, '1');
    const [a, b] = await Promise.all([
      api('POST', '/inventory-counts', admin, { warehouse_id: w.id }),
      api('POST', '/inventory-counts', admin, { warehouse_id: w.id, product_ids: [p.id] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().code).toBe('INVENTORY_COUNT_OVERLAP');
    // Another product list of another warehouse, or a disjoint list, is fine.
    const q = await makeProduct(db);
    const other = await api('POST', '/inventory-counts', admin, { warehouse_id: (await makeWarehouse(db)).id, product_ids: [p.id, q.id] });
    expect(other.statusCode).toBe(201);
    const open = (a.statusCode === 201 ? a : b).json().id as number;
    expect((await api('POST', `/inventory-counts/${open}/cancel`, admin)).statusCode).toBe(200);
    expect((await api('POST', `/inventory-counts/${other.json().id}/cancel`, admin)).statusCode).toBe(200);
  });

  it('cancel posts nothing; a cancelled count takes no count, no apply, no second cancel', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db);
    await move('C', p.id, w.id, '2');
    const id = await start({ warehouse_id: w.id });
    await count(id, [{ product_id: p.id, counted_quantity: '1' }]);
    const before = await stockSnapshot(db);
    const res = await api('POST', `/inventory-counts/${id}/cancel`, { ...admin, 'accept-language': 'fr' });
    expect(res.json()).toMatchObject({ status: 'cancelled', message: 'Inventaire annulé' });
    expect(await stockSnapshot(db)).toBe(before);
    expect((await count(id, [{ product_id: p.id, counted_quantity: '1' }])).statusCode).toBe(409);
    expect((await api('POST', `/inventory-counts/${id}/apply`, admin, {})).statusCode).toBe(409);
    const again = await api('POST', `/inventory-counts/${id}/cancel`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/annullato/);
    // The warehouse is free again.
    expect((await api('POST', '/inventory-counts', admin, { warehouse_id: w.id })).statusCode).toBe(201);
  });

  it('a line counted twice keeps the latest, with both in its history; counters count blind', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db);
    await move('C', p.id, w.id, '9');
    const id = await start({ warehouse_id: w.id }, counter);
    await count(id, [{ product_id: p.id, counted_quantity: '4' }]);
    const res = await count(id, [{ product_id: p.id, counted_quantity: '5' }], admin);
    expect(res.json().lines[0]).toMatchObject({ counted_quantity: '5.000' });
    const blind = await api('GET', `/inventory-counts/${id}/counting`, counter);
    expect(blind.statusCode).toBe(200);
    const line = blind.json().lines[0];
    expect(line).not.toHaveProperty('book_quantity');
    expect(line.history.map((h: { counted_quantity: string }) => h.counted_quantity)).toEqual(['4.000', '5.000']);
    await api('POST', `/inventory-counts/${id}/cancel`, admin);
  });

  it('permissions: counters count, reviewers review and apply, others nothing', async () => {
    const w = await makeWarehouse(db);
    const id = await start({ warehouse_id: w.id }, counter);
    expect((await api('GET', `/inventory-counts/${id}`, counter)).statusCode).toBe(403);
    expect((await api('POST', `/inventory-counts/${id}/apply`, counter, {})).statusCode).toBe(403);
    expect((await api('POST', `/inventory-counts/${id}/cancel`, counter)).statusCode).toBe(403);
    expect((await api('GET', '/inventory-counts', counter)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/inventory-counts'],
      ['GET', `/inventory-counts/${id}/counting`],
      ['PUT', `/inventory-counts/${id}/lines`],
      ['POST', '/inventory-counts'],
    ] as const) {
      expect((await api(method, url, salesRole, method === 'GET' ? undefined : {})).statusCode).toBe(403);
    }
    await api('POST', `/inventory-counts/${id}/cancel`, admin);
  });

  it('bad input is a 400 in the caller language and changes nothing', async () => {
    const w = await makeWarehouse(db);
    const p = await makeProduct(db);
    const batched = await makeProduct(db, { hasBatch: true });
    const outside = await makeProduct(db);
    const id = await start({ warehouse_id: w.id, product_ids: [p.id, batched.id] });
    const before = await stockSnapshot(db);
    const bad = await count(id, [
      { product_id: p.id, counted_quantity: '1.234,5' },
      { product_id: p.id, counted_quantity: '-1', batch_number: 'x' },
      { product_id: outside.id, counted_quantity: '1' },
      { product_id: batched.id, counted_quantity: '1' },
      { product_id: 99999999, counted_quantity: '1' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['lines.0.counted_quantity', 'lines.1.counted_quantity']);
    const rules = await count(id, [
      { product_id: outside.id, counted_quantity: '1' },
      { product_id: batched.id, counted_quantity: '1' },
      { product_id: 99999999, counted_quantity: '1' },
    ]);
    expect(rules.statusCode).toBe(400);
    expect(rules.json().fields).toEqual({
      'lines.0.product_id': 'Il prodotto non fa parte di questo inventario',
      'lines.1.batch_number': 'Il lotto è obbligatorio per questo prodotto',
      'lines.2.product_id': 'Prodotto inesistente o eliminato',
    });
    expect((await api('POST', '/inventory-counts', admin, { warehouse_id: w.id, family: 'x', product_ids: [p.id] })).statusCode).toBe(400);
    expect((await api('POST', '/inventory-counts', admin, { warehouse_id: 99999999 })).json().code).toBe('WAREHOUSE_NOT_FOUND');
    expect((await api('POST', '/inventory-counts', admin, { warehouse_id: w.id, product_ids: [99999999] })).json().code).toBe(
      'PRODUCT_NOT_FOUND',
    );
    expect((await api('POST', `/inventory-counts/${id}/apply`, admin, { uncounted: 'maybe' })).statusCode).toBe(400);
    expect((await api('GET', '/inventory-counts/99999999', admin)).statusCode).toBe(404);
    expect(await stockSnapshot(db)).toBe(before);
    await api('POST', `/inventory-counts/${id}/cancel`, admin);
  });
});
