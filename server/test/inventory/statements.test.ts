/**
 * Inventory counts (issue 25), the statements behind the save and the review page (bench/README.md, "Inventory counts"):
 * a save is two statements in its transaction (the count locked with the lines' checks; the upsert with its history and
 * activity row), the review one statement — and both answer exactly what they answered as several: the figures of the
 * page (prices in force per supplier and currency, an unpriced difference, filters, pages, moved since) are checked here
 * against values worked out by hand. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import type { Db, Queryable } from '../../src/db';
import { ledgerMatchesBalances, postMovementTx } from '../../src/stock/ledger';
import type { Actor, MovementInput } from '../../src/stock/types';
import { makeTestApp, type TestApp } from '../helpers';
import { makeProduct, makeUserId, makeWarehouse } from '../stock/fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let db: Db;
let actor: Actor;
let admin: Record<string, string>;
let counter: Record<string, string>;
let counterName: string;

beforeAll(async () => {
  t = await makeTestApp();
  db = t.db;
  actor = { id: await makeUserId(db) };
  admin = (await t.signIn('admin')).headers;
  const c = await t.signIn('warehouse');
  counter = c.headers;
  counterName = c.user.username;
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

/** Runs `fn` with every transaction's statements recorded (the texts, in order, one list per transaction). */
async function recordingTransactions<T>(fn: () => Promise<T>): Promise<{ result: T; transactions: string[][] }> {
  const transactions: string[][] = [];
  const tx = db.tx.bind(db);
  db.tx = (work) =>
    tx((q) => {
      const statements: string[] = [];
      transactions.push(statements);
      const counting: Queryable = {
        ...q,
        query: (sql, params, opts) => {
          statements.push(sql);
          return q.query(sql, params, opts);
        },
      };
      return work(counting);
    });
  try {
    return { result: await fn(), transactions };
  } finally {
    db.tx = tx;
  }
}

describe('saving counted lines', () => {
  it('two statements in its transaction; a line repeated once its batch is dropped keeps the last; a batch known by stock elsewhere needs no dates; its activity row', async () => {
    const w = await makeWarehouse(db);
    const elsewhere = await makeWarehouse(db);
    const p = await makeProduct(db);
    const batched = await makeProduct(db, { hasBatch: true, hasExpiry: true });
    await move('C', p.id, w.id, '5');
    await move('C', batched.id, elsewhere.id, '2', { batchNumber: 'K', expiryDate: '2027-03-01' });
    const start = await api('POST', '/inventory-counts', admin, { warehouse_id: w.id, product_ids: [p.id, batched.id] });
    expect(start.statusCode).toBe(201);
    const id = start.json().id as number;

    const { result: res, transactions } = await recordingTransactions(() =>
      api('PUT', `/inventory-counts/${id}/lines`, counter, {
        lines: [
          { product_id: p.id, batch_number: 'dropped', counted_quantity: '1' }, // no batches: saved as '', then repeated below
          { product_id: batched.id, batch_number: 'K', counted_quantity: '4' },
          { product_id: p.id, batch_number: null, counted_quantity: '2.5' },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.saved).toBe(2);
    expect(
      body.lines.map((l: { product_id: number; batch_number: string; counted_quantity: string }) => [
        l.product_id,
        l.batch_number,
        l.counted_quantity,
      ]),
    ).toEqual([
      [p.id, '', '2.500'],
      [batched.id, 'K', '4.000'],
    ]);
    const save = transactions.filter((s) => s.some((sql) => sql.includes('inventory_count_lines')));
    expect(save).toHaveLength(1);
    expect(save[0]).toHaveLength(2);

    const { rows } = await db.query<{ user_id: number; details: string; n: number }>(
      `SELECT user_id, details, count(*) OVER ()::int AS n FROM activity_log
        WHERE entity_type = 'inventory_count' AND entity_id = $1 AND action = 'count'`,
      [String(id)],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].details)).toEqual({ lines: 2 });
    const { rows: history } = await db.query<{ counted_quantity: string }>(
      `SELECT e.counted_quantity FROM inventory_count_entries e JOIN inventory_count_lines l ON l.id = e.line_id
        WHERE l.count_id = $1 ORDER BY e.id`,
      [id],
    );
    expect(history.map((h) => h.counted_quantity)).toEqual(['2.500', '4.000']);

    // Unknown count: 404; closed: 409; neither writes.
    const unknown = await api('PUT', '/inventory-counts/99999999/lines', counter, { lines: [{ product_id: p.id, counted_quantity: '1' }] });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'INVENTORY_COUNT_NOT_FOUND']);
    expect((await api('POST', `/inventory-counts/${id}/cancel`, admin)).statusCode).toBe(200);
    const closed = await api('PUT', `/inventory-counts/${id}/lines`, counter, { lines: [{ product_id: p.id, counted_quantity: '1' }] });
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'INVENTORY_COUNT_CLOSED']);
    const { rows: after } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM inventory_count_entries e JOIN inventory_count_lines l ON l.id = e.line_id WHERE l.count_id = $1`,
      [id],
    );
    expect(after[0].n).toBe(2);
  });
});

describe('the review page', () => {
  it('one statement; values at the price in force per supplier, totals per currency, unpriced lines, filters, pages, moved since', async () => {
    const w = await makeWarehouse(db);
    const tag = `RV${Date.now() % 1_000_000}`;
    const [a, b, c, d, e, f] = await Promise.all(['A', 'B', 'C', 'D', 'E', 'F'].map((x) => makeProduct(db, { code: `${tag}-${x}` })));
    const { rows: sup } = await db.query<{ id: number }>(
      `INSERT INTO suppliers (business_name, vat_number, address, city, province, zip_code, email, phone)
       VALUES ('Fornitore revisione', '09876543210', 'Via Po 1', 'Torino', 'TO', '10100', 'r@example.com', '011 1234') RETURNING id`,
    );
    const s = sup[0].id;
    await db.query('UPDATE products SET supplier_id = $1 WHERE id = ANY ($2::bigint[])', [s, [a.id, b.id, c.id, d.id, e.id, f.id]]);
    await db.query(
      `INSERT INTO prices (product_id, supplier_id, price, currency, start_date, end_date) VALUES
         ($1, $5, '2.50000', 'USD', '2000-01-01', NULL),
         ($2, $5, '9.99000', 'EUR', '1999-01-01', '2000-12-31'),
         ($2, $5, '1.10000', 'EUR', '2001-01-01', NULL),
         ($3, $5, '0.33333', 'EUR', '2000-01-01', NULL),
         ($4, $5, '2.00000', 'EUR', '2000-01-01', NULL)`,
      [a.id, b.id, c.id, f.id, s],
    );
    for (const [p, q] of [
      [a, '10'],
      [b, '4'],
      [c, '3'],
      [d, '5'],
      [e, '2'],
      [f, '1'],
    ] as const)
      await move('C', p.id, w.id, q);
    const start = await api('POST', '/inventory-counts', admin, { warehouse_id: w.id });
    const id = start.json().id as number;
    await move('S', a.id, w.id, '1'); // after the snapshot
    const saved = await api('PUT', `/inventory-counts/${id}/lines`, counter, {
      lines: [
        { product_id: a.id, counted_quantity: '7.5' }, // −2.5 × 2.5 USD = −6.2500
        { product_id: b.id, counted_quantity: '7' }, // +3 × 1.1 EUR (not the expired 9.99) = 3.3000
        { product_id: c.id, counted_quantity: '2' }, // −1 × 0.33333 EUR = −0.3333
        { product_id: d.id, counted_quantity: '6' }, // +1, no price
        { product_id: f.id, counted_quantity: '1' }, // as booked
      ],
    });
    expect(saved.statusCode).toBe(200);

    const { result: res, transactions } = await recordingTransactions(async () => {
      const statements: string[] = [];
      const query = db.query.bind(db);
      db.query = (sql, params, opts) => {
        statements.push(sql);
        return query(sql, params, opts);
      };
      try {
        const r = await api('GET', `/inventory-counts/${id}`, admin);
        return { r, statements: statements.filter((x) => x.includes('inventory_count')) };
      } finally {
        db.query = query;
      }
    });
    expect(res.statements).toHaveLength(1);
    expect(transactions.filter((x) => x.some((sql) => sql.includes('inventory_count')))).toEqual([]);
    const view = res.r.json();
    expect(view).toMatchObject({
      id,
      status: 'open',
      line_count: 6,
      counted_count: 5,
      uncounted_count: 1,
      matching_lines: 6,
      unpriced_count: 1,
      totals: [
        { currency: 'EUR', gains: '3.3000', losses: '0.3333', net: '2.9667' },
        { currency: 'USD', gains: '0', losses: '6.2500', net: '-6.2500' },
      ],
    });
    expect(res.r.headers['x-total-count']).toBe('6');
    expect(view.lines.map((l: { product_code: string }) => l.product_code)).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((x) => `${tag}-${x}`),
    );
    expect(view.lines[0]).toEqual({
      line_id: expect.any(Number),
      product_id: a.id,
      product_code: `${tag}-A`,
      product_name: `${tag}-A`,
      unit_of_measure: 'piece',
      has_batch: false,
      has_expiry_date: false,
      batch_number: '',
      counted_quantity: '7.500',
      expiry_date: null,
      counted_by: counterName,
      counted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      book_quantity: '10.000',
      difference: '-2.500',
      moved_since: '-1.000',
      current_quantity: '9.000',
      difference_value: '-6.2500',
      currency: 'USD',
      adjustment: null,
      movement_id: null,
    });
    expect(
      view.lines.map((l: { difference: string | null; difference_value: string | null; currency: string | null }) => [
        l.difference,
        l.difference_value,
        l.currency,
      ]),
    ).toEqual([
      ['-2.500', '-6.2500', 'USD'],
      ['3.000', '3.3000', 'EUR'],
      ['-1.000', '-0.3333', 'EUR'],
      ['1.000', null, null],
      [null, null, null],
      ['0.000', '0.0000', 'EUR'],
    ]);

    const codes = async (query: string) => {
      const r = await api('GET', `/inventory-counts/${id}?${query}`, admin);
      expect(r.statusCode).toBe(200);
      const v = r.json();
      expect(r.headers['x-total-count']).toBe(String(v.matching_lines));
      // The summary and the totals are the whole count's whatever the filter.
      expect([v.line_count, v.counted_count, v.totals.length, v.unpriced_count]).toEqual([6, 5, 2, 1]);
      return [v.matching_lines, v.lines.map((l: { product_code: string }) => l.product_code.slice(tag.length + 1)).join('')];
    };
    expect(await codes('filter=differences')).toEqual([4, 'ABCD']);
    expect(await codes('filter=uncounted')).toEqual([1, 'E']);
    expect(await codes('min_value=1')).toEqual([2, 'AB']);
    expect(await codes('min_value=0.3333')).toEqual([3, 'ABC']);
    expect(await codes('filter=differences&min_value=0.34')).toEqual([2, 'AB']);
    expect(await codes('filter=uncounted&min_value=0')).toEqual([0, '']);
    expect(await codes('limit=2&offset=1')).toEqual([6, 'BC']);
    expect(await codes('filter=differences&limit=2&offset=3')).toEqual([4, 'D']);
    expect(await codes('offset=10')).toEqual([6, '']);

    const applied = await api('POST', `/inventory-counts/${id}/apply`, admin, { uncounted: 'unchanged' });
    expect(applied.json()).toMatchObject({ posted: 4 });
    const after = (await api('GET', `/inventory-counts/${id}?filter=differences`, admin)).json();
    expect(after.status).toBe('applied');
    expect(
      after.lines.map((l: { moved_since: string; adjustment: string; current_quantity: string }) => [
        l.moved_since,
        l.adjustment,
        l.current_quantity,
      ]),
    ).toEqual([
      ['0', '-2.500', '6.500'],
      ['0', '3.000', '7.000'],
      ['0', '-1.000', '2.000'],
      ['0', '1.000', '6.000'],
    ]);
    expect(after.lines.every((l: { movement_id: number | null }) => typeof l.movement_id === 'number')).toBe(true);
    expect((await api('GET', '/inventory-counts/99999999', admin)).statusCode).toBe(404);
  });
});

describe('starting a large count', () => {
  it("refreshes the lines' planner statistics once the snapshot is saved", async () => {
    const w = await makeWarehouse(db);
    const tag = `AN${Date.now() % 1_000_000}`;
    await db.query(
      `INSERT INTO products (code, description, category, unit_of_measure)
       SELECT $1 || '-' || lpad(n::text, 4, '0'), 'Articolo ' || n, 'Famiglia', 'piece' FROM generate_series(1, 1000) n`,
      [tag],
    );
    // The opening stock as the ledger writes it (one load per product) and the balances it adds up to.
    await db.query(
      `INSERT INTO stock_movements (movement_type, source_type, source_document_type, product_id, warehouse_id, quantity, movement_date)
       SELECT 'C', 'MAN', 'MAN', id, $1, 5, $3::date FROM products WHERE code LIKE $2 || '-%'`,
      [w.id, tag, DAY],
    );
    await db.query(
      `INSERT INTO stock_balances (product_id, warehouse_id, batch_number, quantity) SELECT id, $1, '', 5 FROM products WHERE code LIKE $2 || '-%'`,
      [w.id, tag],
    );
    const before = await db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'inventory_count_lines'::regclass`);
    expect(before.rows[0].n).toBeLessThan(1000);
    const res = await api('POST', '/inventory-counts', admin, { warehouse_id: w.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().line_count).toBe(1000);
    const after = await db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'inventory_count_lines'::regclass`);
    expect(after.rows[0].n).toBeGreaterThanOrEqual(1000);
    const review = (await api('GET', `/inventory-counts/${res.json().id}?limit=3&offset=998`, admin)).json();
    expect([review.matching_lines, review.lines.map((l: { product_code: string }) => l.product_code)]).toEqual([
      1000,
      [`${tag}-0999`, `${tag}-1000`],
    ]);
    expect((await api('POST', `/inventory-counts/${res.json().id}/cancel`, admin)).statusCode).toBe(200);
  });
});
