import type { Db, Queryable } from '../../src/db';
import { fieldProblems, validationMessage } from '@wms/shared-api';
import { AppError, render } from '../../src/http/errors';
import { RequestValidationError } from '../../src/http/validation';
import {
  correctMovement,
  correctMovementTx,
  ledgerMatchesBalances,
  postMovement,
  postMovementTx,
  reverseMovementTx,
} from '../../src/stock/ledger';
import type { Actor, MovementInput } from '../../src/stock/types';
import { warehouseHoldsStock } from '../../src/stock/warehouse-stock';
import { openTestDb, type TestDb } from '../helpers';
import { balance, balanceRow, countMovements, makeProduct, makeUserId, makeWarehouse, stockSnapshot } from './fixtures';

// Cold runs compile the app and start a database in beforeAll; the project-level testTimeout is not applied from the root.
jest.setTimeout(120_000);

let t: TestDb;
let db: Db;
let actor: Actor;

beforeAll(async () => {
  t = await openTestDb();
  db = t.db;
  actor = { id: await makeUserId(db) };
});
afterAll(async () => {
  await t.drop();
});
// Whatever a test did, accepted or refused, the ledger still adds up to the balances.
afterEach(async () => {
  const check = await ledgerMatchesBalances(db);
  expect(check.mismatches).toEqual([]);
  expect(check.ok).toBe(true);
});

const TODAY = '2025-03-10';
const load = (productId: number, warehouseId: number, quantity: number | string, extra: Partial<MovementInput> = {}) =>
  postMovementTx(db, { movementType: 'C', productId, warehouseId, quantity, movementDate: TODAY, ...extra }, actor);
const unload = (productId: number, warehouseId: number, quantity: number | string, extra: Partial<MovementInput> = {}) =>
  postMovementTx(db, { movementType: 'S', productId, warehouseId, quantity, movementDate: TODAY, ...extra }, actor);
const transfer = (productId: number, from: number, to: number, quantity: number | string, extra: Partial<MovementInput> = {}) =>
  postMovementTx(
    db,
    { movementType: 'T', productId, warehouseId: from, destinationWarehouseId: to, quantity, movementDate: TODAY, ...extra },
    actor,
  );

/** Runs `fn`, expects an AppError with that status and code, and that nothing stock-related changed. */
async function refused(fn: () => Promise<unknown>, status: number, code: string): Promise<AppError> {
  const before = await stockSnapshot(db);
  let caught: unknown;
  try {
    await fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(AppError);
  const e = caught as AppError;
  expect({ status: e.statusCode, code: e.code }).toEqual({ status, code });
  expect(await stockSnapshot(db)).toBe(before);
  return e;
}

/**
 * A refusal of a movement-form rule: the standard 400 (the route validator's RequestValidationError), `field` worded with
 * the form's message `key` (shared-api's one validation table) — and nothing written.
 */
async function invalid(fn: () => Promise<unknown>, field: string, key: string): Promise<void> {
  const before = await stockSnapshot(db);
  let caught: unknown;
  try {
    await fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(RequestValidationError);
  const problems = fieldProblems((caught as RequestValidationError).zodError);
  expect({ field, key: problems[field]?.key }).toEqual({ field, key });
  expect(await stockSnapshot(db)).toBe(before);
}

/** The refusal as the error handler words it for an Italian caller (numbers in the caller's writing: "2,5"). */
const italian = (e: AppError) => render(e.bilingual, 'it', e.params);
const french = (e: AppError) => render(e.bilingual, 'fr', e.params);

describe('load, unload, transfer', () => {
  it('a load creates the balance and one ledger row with the author', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const row = await load(p.id, w.id, 10, { notes: '  primo carico ' });
    expect(row).toMatchObject({
      movement_type: 'C',
      source_type: 'MAN',
      source_document_type: 'MAN',
      product_id: p.id,
      warehouse_id: w.id,
      destination_warehouse_id: null,
      batch_number: '',
      quantity: '10.000',
      movement_date: TODAY,
      notes: 'primo carico',
      created_by: actor.id,
      modified_by: null,
      reverses_id: null,
      reversed_by_id: null,
    });
    expect(await balance(db, p.id, w.id)).toBe('10.000');
  });

  it('an unload takes from the balance; more than available is a 409 naming what is available, nothing written', async () => {
    const p = await makeProduct(db, { code: 'UNL-1' });
    const w = await makeWarehouse(db, { name: 'Centrale' });
    await load(p.id, w.id, 5);
    await unload(p.id, w.id, 2);
    expect(await balance(db, p.id, w.id)).toBe('3.000');
    const e = await refused(() => unload(p.id, w.id, 3.5), 409, 'INSUFFICIENT_STOCK');
    // The movement form's sentence for its quantity rule, re-checked under the locks.
    expect(italian(e)).toBe('Giacenza insufficiente: disponibili 3');
    expect(italian(e)).toBe(validationMessage('it', 'insufficientStock', { available: '3' }));
    await unload(p.id, w.id, 3);
    expect(await balance(db, p.id, w.id)).toBe('0.000');
  });

  it("says the quantities of a refusal in the caller's language: 2,5 (never 2.500), thousands grouped as each language does", async () => {
    const p = await makeProduct(db, { code: 'UNL-LANG' });
    const w = await makeWarehouse(db, { name: 'Lingue' });
    await load(p.id, w.id, '2.5');
    const short = await refused(() => unload(p.id, w.id, 3), 409, 'INSUFFICIENT_STOCK');
    expect(italian(short)).toBe('Giacenza insufficiente: disponibili 2,5');
    expect(french(short)).toBe(validationMessage('fr', 'insufficientStock', { available: '2.5' }));
    expect(french(short)).toContain('2,5');
    expect(french(short)).not.toMatch(/2\.5/);
    await load(p.id, w.id, '1234567.5');
    const big = await refused(() => unload(p.id, w.id, 2_000_000), 409, 'INSUFFICIENT_STOCK');
    expect(italian(big)).toBe('Giacenza insufficiente: disponibili 1.234.570');
    expect(french(big)).toContain('1\u202f234\u202f570');
  });

  it('an unload from a warehouse that never held the product is refused with 0 available', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const e = await refused(() => unload(p.id, w.id, 1), 409, 'INSUFFICIENT_STOCK');
    expect(italian(e)).toBe('Giacenza insufficiente: disponibili 0');
  });

  it('a transfer is one row moving stock between both warehouses at once', async () => {
    const p = await makeProduct(db);
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    await load(p.id, a.id, 10);
    const row = await transfer(p.id, a.id, b.id, 4);
    expect(row).toMatchObject({ movement_type: 'T', warehouse_id: a.id, destination_warehouse_id: b.id, quantity: '4.000' });
    expect([await balance(db, p.id, a.id), await balance(db, p.id, b.id)]).toEqual(['6.000', '4.000']);
    await refused(() => transfer(p.id, a.id, b.id, 6.001), 409, 'INSUFFICIENT_STOCK');
    await invalid(() => transfer(p.id, a.id, a.id, 1), 'destination_warehouse_id', 'sameWarehouse');
    await invalid(
      () => postMovementTx(db, { movementType: 'T', productId: p.id, warehouseId: a.id, quantity: 1, movementDate: TODAY }, actor),
      'destination_warehouse_id',
      'destinationRequired',
    );
  });

  it('posts in few round trips: a load 2 statements, an unload 3, a transfer 3 (balances, ledger row and answer in one)', async () => {
    const p = await makeProduct(db);
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    const statements = (input: MovementInput) =>
      db.tx(async (q) => {
        let n = 0;
        const counting: Queryable = { query: (...args: Parameters<Queryable['query']>) => (n++, q.query(...args)) } as Queryable;
        await postMovement(counting, input, actor);
        return n;
      });
    const base = { productId: p.id, warehouseId: a.id, movementDate: TODAY };
    // product + warehouse locks, then the write (balance upsert + ledger row + answer); BEGIN and COMMIT besides.
    expect(await statements({ ...base, movementType: 'C', quantity: 10 })).toBe(2);
    // + the balance lock before the stock check.
    expect(await statements({ ...base, movementType: 'S', quantity: 1 })).toBe(3);
    expect(await statements({ ...base, movementType: 'T', destinationWarehouseId: b.id, quantity: 2 })).toBe(3);
    expect([await balance(db, p.id, a.id), await balance(db, p.id, b.id)]).toEqual(['7.000', '2.000']);
  });

  it('keeps the source document of sales and receipts', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const row = await load(p.id, w.id, 3, { sourceType: 'PO', sourceDocument: { type: 'PO', id: 42, number: 'DDT-7' } });
    expect(row).toMatchObject({ source_type: 'PO', source_document_type: 'PO', source_document_id: 42, source_document_number: 'DDT-7' });
    const sale = await unload(p.id, w.id, 1, { sourceType: 'SO', sourceDocument: { type: 'SO', id: 9 } });
    expect(sale).toMatchObject({ source_type: 'SO', source_document_type: 'SO', source_document_id: 9 });
  });

  it('records the document line a movement comes from; its reversal and its correction keep it; bad line ids are 400', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const doc = { sourceType: 'PO' as const, sourceDocument: { type: 'PO' as const, id: 43, number: 'DDT-8' } };
    const row = await load(p.id, w.id, 5, { ...doc, sourceLineId: 431 });
    expect(row).toMatchObject({ source_document_id: 43, source_line_id: 431 });
    const fixed = await correctMovementTx(
      db,
      row.id,
      { movementType: 'C', productId: p.id, warehouseId: w.id, quantity: 4, movementDate: TODAY },
      actor,
    );
    expect(fixed.reversal.source_line_id).toBe(431);
    expect(fixed.movement.source_line_id).toBe(431);
    const undone = await reverseMovementTx(db, fixed.movement.id, actor);
    expect(undone.source_line_id).toBe(431);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM stock_movements WHERE source_document_type = 'PO' AND source_line_id = $1",
      [431],
    );
    expect(rows[0].n).toBe(4); // the line's whole history: load, its reversal, the correction, its reversal
    expect((await load(p.id, w.id, 1)).source_line_id).toBeNull();
    await invalid(() => load(p.id, w.id, 1, { ...doc, sourceLineId: -1 }), 'source_line_id', 'invalidType');
  });
});

describe('batches and dates', () => {
  it('a batch-managed product needs a batch for every movement type', async () => {
    const p = await makeProduct(db, { hasBatch: true });
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    await invalid(() => load(p.id, a.id, 1), 'batch_number', 'batchRequired');
    await invalid(() => load(p.id, a.id, 1, { batchNumber: '   ' }), 'batch_number', 'batchRequired');
    await load(p.id, a.id, 5, { batchNumber: 'L1' });
    await invalid(() => unload(p.id, a.id, 1), 'batch_number', 'batchRequired');
    await invalid(() => transfer(p.id, a.id, b.id, 1), 'batch_number', 'batchRequired');
    await unload(p.id, a.id, 1, { batchNumber: 'L1' });
    expect(await balance(db, p.id, a.id, 'L1')).toBe('4.000');
  });

  it('batches are separate balances: another batch has nothing to give', async () => {
    const p = await makeProduct(db, { hasBatch: true });
    const w = await makeWarehouse(db);
    await load(p.id, w.id, 5, { batchNumber: 'A' });
    await refused(() => unload(p.id, w.id, 1, { batchNumber: 'B' }), 409, 'INSUFFICIENT_STOCK');
  });

  it('a product without batches ignores a batch and dates it does not manage', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const row = await load(p.id, w.id, 2, { batchNumber: 'X', expiryDate: '2030-01-01', productionDate: '2024-01-01' });
    expect(row).toMatchObject({ batch_number: '', expiry_date: null, production_date: null });
    expect(await balance(db, p.id, w.id)).toBe('2.000');
  });

  it('a load needs the dates the product manages; expiry may not precede production', async () => {
    const p = await makeProduct(db, { hasBatch: true, hasExpiry: true, hasProduction: true });
    const w = await makeWarehouse(db);
    await invalid(() => load(p.id, w.id, 1, { batchNumber: 'L', expiryDate: '2026-01-01' }), 'production_date', 'productionDateRequired');
    await invalid(() => load(p.id, w.id, 1, { batchNumber: 'L', productionDate: '2025-01-01' }), 'expiry_date', 'expiryDateRequired');
    await invalid(
      () => load(p.id, w.id, 1, { batchNumber: 'L', productionDate: '2025-01-01', expiryDate: '2024-12-31' }),
      'expiry_date',
      'expiryBeforeProduction',
    );
    await invalid(
      () => load(p.id, w.id, 1, { batchNumber: 'L', productionDate: '2025-02-30', expiryDate: '2026-01-01' }),
      'production_date',
      'invalidDate',
    );
    const row = await load(p.id, w.id, 1, { batchNumber: 'L', productionDate: '01/01/2025', expiryDate: '2026-01-01' });
    expect(row).toMatchObject({ production_date: '2025-01-01', expiry_date: '2026-01-01' });
  });

  it('unloads and transfers carry the dates of the stock they move, whatever the caller says', async () => {
    const p = await makeProduct(db, { hasBatch: true, hasExpiry: true });
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    await load(p.id, a.id, 10, { batchNumber: 'L9', expiryDate: '2027-05-01' });
    const t1 = await transfer(p.id, a.id, b.id, 4, { batchNumber: 'L9', expiryDate: '1999-01-01' });
    expect(t1.expiry_date).toBe('2027-05-01');
    expect(await balanceRow(db, p.id, b.id, 'L9')).toEqual({ quantity: '4.000', production_date: null, expiry_date: '2027-05-01' });
    const s = await unload(p.id, b.id, 1, { batchNumber: 'L9' });
    expect(s.expiry_date).toBe('2027-05-01');
  });

  it('refuses a load of a batch already in stock with other dates; accepts the same dates, and new ones once it is gone', async () => {
    const p = await makeProduct(db, { hasBatch: true, hasExpiry: true });
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    await load(p.id, a.id, 3, { batchNumber: 'B1', expiryDate: '2026-06-30' });
    const e = await refused(() => load(p.id, b.id, 1, { batchNumber: 'B1', expiryDate: '2026-07-31' }), 409, 'BATCH_DATES_MISMATCH');
    expect(italian(e)).toContain('scadenza 30/06/2026');
    await load(p.id, b.id, 1, { batchNumber: 'B1', expiryDate: '2026-06-30' });
    await unload(p.id, a.id, 3, { batchNumber: 'B1' });
    await unload(p.id, b.id, 1, { batchNumber: 'B1' });
    await load(p.id, a.id, 2, { batchNumber: 'B1', expiryDate: '2026-07-31' });
    expect((await balanceRow(db, p.id, a.id, 'B1'))?.expiry_date).toBe('2026-07-31');
  });

  it('without batches, mixed loads keep the earliest expiry (the cautious one)', async () => {
    const p = await makeProduct(db, { hasExpiry: true });
    const w = await makeWarehouse(db);
    await load(p.id, w.id, 1, { expiryDate: '2026-09-01' });
    await load(p.id, w.id, 1, { expiryDate: '2026-03-01' });
    await load(p.id, w.id, 1, { expiryDate: '2027-01-01' });
    expect((await balanceRow(db, p.id, w.id))?.expiry_date).toBe('2026-03-01');
  });
});

describe('quantities are exact', () => {
  it('a hundred loads of 0.01 make exactly 1, and unloading 1 leaves exactly 0', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    for (let i = 0; i < 100; i++) await load(p.id, w.id, 0.01);
    expect(await balance(db, p.id, w.id)).toBe('1.000');
    await refused(() => unload(p.id, w.id, 1.001), 409, 'INSUFFICIENT_STOCK');
    await unload(p.id, w.id, 1);
    expect(await balance(db, p.id, w.id)).toBe('0.000');
  });

  it('0.1 + 0.2 is 0.3 in the ledger; the float 0.1 + 0.2 itself is refused, not rounded', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    await load(p.id, w.id, 0.1);
    await load(p.id, w.id, 0.2);
    expect(await balance(db, p.id, w.id)).toBe('0.300');
    await invalid(() => unload(p.id, w.id, 0.1 + 0.2), 'quantity', 'tooManyDecimals');
    await unload(p.id, w.id, 0.3);
    expect(await balance(db, p.id, w.id)).toBe('0.000');
  });

  it.each([
    ['zero', 0, 'positive'],
    ['negative', -1, 'positive'],
    ['four decimals', 1.0001, 'tooManyDecimals'],
    ['four decimals as text', '1.0001', 'tooManyDecimals'],
    ['text with more digits than a double keeps', '999999999.000000000000001', 'tooManyDecimals'],
    ['NaN', Number.NaN, 'invalidType'],
    ['infinite', Number.POSITIVE_INFINITY, 'invalidType'],
    ['above the maximum', 1_000_000_001, 'quantityTooLarge'],
    ['text that is not a number', 'abc', 'invalidType'],
    ['text with thousands separators (people type them; the API takes canonical text)', '1.234,5', 'invalidType'],
    ['text with two decimal marks', '2,5,1', 'invalidType'],
    ['exponent text', '1e3', 'invalidType'],
  ])("refuses a quantity that is %s, in the form's words", async (_label, quantity, key) => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    await invalid(() => load(p.id, w.id, quantity), 'quantity', key);
  });

  it('takes decimal text exactly, 3 decimals included', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    await load(p.id, w.id, '0.001');
    await load(p.id, w.id, '999999999.999');
    expect(await balance(db, p.id, w.id)).toBe('1000000000.000');
  });
});

describe('products and warehouses that cannot move stock', () => {
  it('refuses unknown, deleted and inactive products', async () => {
    const w = await makeWarehouse(db);
    const deleted = await makeProduct(db, { deleted: true });
    const inactive = await makeProduct(db, { status: 'inactive' });
    await refused(() => load(99_999_999, w.id, 1), 400, 'PRODUCT_NOT_FOUND');
    await refused(() => load(deleted.id, w.id, 1), 400, 'PRODUCT_NOT_FOUND');
    await refused(() => load(inactive.id, w.id, 1), 409, 'PRODUCT_INACTIVE');
  });

  it('refuses unknown, deleted and inactive warehouses, as source or destination', async () => {
    const p = await makeProduct(db);
    const ok = await makeWarehouse(db);
    const deleted = await makeWarehouse(db, { deleted: true });
    const inactive = await makeWarehouse(db, { active: false });
    await load(p.id, ok.id, 5);
    await refused(() => load(p.id, 99_999_999, 1), 400, 'WAREHOUSE_NOT_FOUND');
    await refused(() => load(p.id, deleted.id, 1), 400, 'WAREHOUSE_NOT_FOUND');
    await refused(() => load(p.id, inactive.id, 1), 409, 'WAREHOUSE_INACTIVE');
    await refused(() => transfer(p.id, ok.id, inactive.id, 1), 409, 'WAREHOUSE_INACTIVE');
    await refused(() => transfer(p.id, ok.id, deleted.id, 1), 400, 'WAREHOUSE_NOT_FOUND');
  });

  it('refuses malformed ids and types from internal callers too', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    await invalid(() => load(0, w.id, 1), 'product_id', 'invalidType');
    await invalid(() => load(p.id, 1.5, 1), 'warehouse_id', 'invalidType');
    await invalid(
      () => postMovementTx(db, { movementType: 'X' as 'C', productId: p.id, warehouseId: w.id, quantity: 1, movementDate: TODAY }, actor),
      'movement_type',
      'invalidOption',
    );
    await invalid(() => load(p.id, w.id, 1, { movementDate: '' }), 'movement_date', 'required');
    await invalid(() => load(p.id, w.id, 1, { movementDate: '2025-13-01' }), 'movement_date', 'invalidDate');
    await invalid(() => load(p.id, w.id, 1, { notes: 'a\u0001b' }), 'notes', 'controlChars');
  });
});

describe('reversal on delete', () => {
  it('appends the opposite movement, links both ways and restores the balance', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const loaded = await load(p.id, w.id, 7);
    const reversal = await reverseMovementTx(db, loaded.id, actor);
    expect(reversal).toMatchObject({
      movement_type: 'S',
      warehouse_id: w.id,
      quantity: '7.000',
      reverses_id: loaded.id,
      movement_date: TODAY,
      created_by: actor.id,
    });
    const { rows } = await db.query<{ reversed_by_id: number; quantity: string }>(
      'SELECT reversed_by_id, quantity FROM stock_movements WHERE id = $1',
      [loaded.id],
    );
    expect(rows[0]).toEqual({ reversed_by_id: reversal.id, quantity: '7.000' });
    expect(await balance(db, p.id, w.id)).toBe('0.000');
  });

  it('is refused once the loaded goods have left: the ledger is not allowed to go negative by undoing', async () => {
    const p = await makeProduct(db, { code: 'REV-1' });
    const w = await makeWarehouse(db, { name: 'Nord' });
    const loaded = await load(p.id, w.id, 10);
    await unload(p.id, w.id, 8);
    const e = await refused(() => reverseMovementTx(db, loaded.id, actor), 409, 'INSUFFICIENT_STOCK');
    expect(italian(e)).toBe(
      'Impossibile eliminare il movimento: la merce è già stata movimentata. Nel magazzino Nord sono disponibili 2 del prodotto REV-1, ne servirebbero 10',
    );
  });

  it('undoes an unload (goods come back with their dates) and a transfer (goods go back)', async () => {
    const p = await makeProduct(db, { hasBatch: true, hasExpiry: true });
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    await load(p.id, a.id, 10, { batchNumber: 'L', expiryDate: '2026-01-31' });
    const s = await unload(p.id, a.id, 10, { batchNumber: 'L' });
    await reverseMovementTx(db, s.id, actor);
    expect(await balanceRow(db, p.id, a.id, 'L')).toEqual({ quantity: '10.000', production_date: null, expiry_date: '2026-01-31' });
    const tr = await transfer(p.id, a.id, b.id, 6, { batchNumber: 'L' });
    const back = await reverseMovementTx(db, tr.id, actor);
    expect(back).toMatchObject({ movement_type: 'T', warehouse_id: b.id, destination_warehouse_id: a.id, reverses_id: tr.id });
    expect([await balance(db, p.id, a.id, 'L'), await balance(db, p.id, b.id, 'L')]).toEqual(['10.000', '0.000']);
  });

  it('works even after the product or warehouse was deactivated', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const loaded = await load(p.id, w.id, 2);
    await db.query(`UPDATE products SET status = 'inactive' WHERE id = $1`, [p.id]);
    await db.query('UPDATE warehouses SET is_active = false WHERE id = $1', [w.id]);
    await reverseMovementTx(db, loaded.id, actor);
    expect(await balance(db, p.id, w.id)).toBe('0.000');
  });

  it('never gives goods back to a deleted warehouse or product', async () => {
    const p = await makeProduct(db);
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    await load(p.id, a.id, 5);
    const tr = await transfer(p.id, a.id, b.id, 5);
    const out = await unload(p.id, b.id, 5);
    await db.query('UPDATE warehouses SET deleted_at = now() WHERE id = $1', [a.id]);
    // Undoing the transfer would put 5 back into the deleted warehouse A.
    await refused(() => reverseMovementTx(db, tr.id, actor), 409, 'REVERSAL_TARGET_DELETED');
    await reverseMovementTx(db, out.id, actor);
    await db.query('UPDATE warehouses SET deleted_at = NULL WHERE id = $1', [a.id]);
    await db.query('UPDATE products SET deleted_at = now() WHERE id = $1', [p.id]);
    const e = await refused(() => reverseMovementTx(db, tr.id, actor), 409, 'REVERSAL_TARGET_DELETED');
    expect(italian(e)).toContain('il prodotto');
  });

  it('happens once: a second delete, or deleting the reversal itself, is a 409; an unknown id a 404', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const loaded = await load(p.id, w.id, 1);
    const reversal = await reverseMovementTx(db, loaded.id, actor);
    await refused(() => reverseMovementTx(db, loaded.id, actor), 409, 'MOVEMENT_ALREADY_REVERSED');
    await refused(() => reverseMovementTx(db, reversal.id, actor), 409, 'REVERSAL_IMMUTABLE');
    await refused(() => reverseMovementTx(db, 99_999_999, actor), 404, 'MOVEMENT_NOT_FOUND');
  });
});

describe('correction (update)', () => {
  it('appends reversal + corrected movement; checks stock on the net change', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const author = { id: await makeUserId(db) };
    const loaded = await postMovementTx(
      db,
      { movementType: 'C', productId: p.id, warehouseId: w.id, quantity: 10, movementDate: TODAY },
      author,
    );
    await unload(p.id, w.id, 5);
    // Reversing 10 alone would need 10 in stock (there are 5); the net change is -2.
    const { reversal, movement } = await correctMovementTx(
      db,
      loaded.id,
      { movementType: 'C', productId: p.id, warehouseId: w.id, quantity: 8, movementDate: '2025-03-09', notes: 'corretto' },
      actor,
    );
    expect(reversal).toMatchObject({ movement_type: 'S', reverses_id: loaded.id, quantity: '10.000' });
    expect(movement).toMatchObject({
      movement_type: 'C',
      quantity: '8.000',
      replaces_id: loaded.id,
      created_by: author.id,
      modified_by: actor.id,
      movement_date: '2025-03-09',
      notes: 'corretto',
    });
    expect(await balance(db, p.id, w.id)).toBe('3.000');
    // Now down to 4 would need 4 more out of 3 available.
    await refused(
      () =>
        correctMovementTx(
          db,
          movement.id,
          { movementType: 'C', productId: p.id, warehouseId: w.id, quantity: 4, movementDate: TODAY },
          actor,
        ),
      409,
      'INSUFFICIENT_STOCK',
    );
    // The replaced row cannot be corrected again.
    await refused(
      () =>
        correctMovementTx(
          db,
          loaded.id,
          { movementType: 'C', productId: p.id, warehouseId: w.id, quantity: 9, movementDate: TODAY },
          actor,
        ),
      409,
      'MOVEMENT_ALREADY_REVERSED',
    );
  });

  it('an unload can grow into the stock its own reversal gives back', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    await load(p.id, w.id, 12);
    const s = await unload(p.id, w.id, 10);
    await correctMovementTx(db, s.id, { movementType: 'S', productId: p.id, warehouseId: w.id, quantity: 12, movementDate: TODAY }, actor);
    expect(await balance(db, p.id, w.id)).toBe('0.000');
  });

  it('can change type, product and warehouse; the new movement is validated like a new one', async () => {
    const p = await makeProduct(db);
    const q = await makeProduct(db, { hasBatch: true });
    const a = await makeWarehouse(db);
    const b = await makeWarehouse(db);
    const loaded = await load(p.id, a.id, 5);
    await invalid(
      () =>
        correctMovementTx(
          db,
          loaded.id,
          { movementType: 'C', productId: q.id, warehouseId: b.id, quantity: 5, movementDate: TODAY },
          actor,
        ),
      'batch_number',
      'batchRequired',
    );
    const { movement } = await correctMovementTx(
      db,
      loaded.id,
      { movementType: 'C', productId: q.id, warehouseId: b.id, quantity: 5, movementDate: TODAY, batchNumber: 'Q1' },
      actor,
    );
    expect([await balance(db, p.id, a.id), await balance(db, q.id, b.id, 'Q1')]).toEqual(['0.000', '5.000']);
    await load(p.id, a.id, 3);
    const { movement: asTransfer } = await correctMovementTx(
      db,
      movement.id,
      { movementType: 'T', productId: p.id, warehouseId: a.id, destinationWarehouseId: b.id, quantity: 3, movementDate: TODAY },
      actor,
    );
    expect(asTransfer.movement_type).toBe('T');
    expect([await balance(db, q.id, b.id, 'Q1'), await balance(db, p.id, a.id), await balance(db, p.id, b.id)]).toEqual([
      '0.000',
      '0.000',
      '3.000',
    ]);
  });

  it('correcting the dates of the load that brought a batch in updates the batch', async () => {
    const p = await makeProduct(db, { hasBatch: true, hasExpiry: true });
    const w = await makeWarehouse(db);
    const loaded = await load(p.id, w.id, 4, { batchNumber: 'E1', expiryDate: '2026-01-01' });
    await correctMovementTx(
      db,
      loaded.id,
      {
        movementType: 'C',
        productId: p.id,
        warehouseId: w.id,
        quantity: 4,
        movementDate: TODAY,
        batchNumber: 'E1',
        expiryDate: '2026-02-01',
      },
      actor,
    );
    expect(await balanceRow(db, p.id, w.id, 'E1')).toEqual({ quantity: '4.000', production_date: null, expiry_date: '2026-02-01' });
  });

  it('keeps the source of a document movement', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const r = await load(p.id, w.id, 2, { sourceType: 'PO', sourceDocument: { type: 'PO', id: 5, number: 'D-5' } });
    const { movement } = await db.tx((q) =>
      correctMovement(q, r.id, { movementType: 'C', productId: p.id, warehouseId: w.id, quantity: 3, movementDate: TODAY }, actor),
    );
    expect(movement).toMatchObject({ source_type: 'PO', source_document_id: 5, source_document_number: 'D-5' });
  });
});

describe('the ledger is append-only in the database itself', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of ledger rows, and a second reversal link', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    const row = await load(p.id, w.id, 1);
    await expect(db.query('UPDATE stock_movements SET quantity = 2 WHERE id = $1', [row.id])).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM stock_movements WHERE id = $1', [row.id])).rejects.toThrow(/append-only/);
    // CASCADE: other tables (sales) reference the ledger; the trigger must refuse the truncate itself, not the foreign keys.
    await expect(db.query('TRUNCATE stock_movements CASCADE')).rejects.toThrow(/append-only/);
    const reversal = await reverseMovementTx(db, row.id, actor);
    await expect(db.query('UPDATE stock_movements SET reversed_by_id = $2 WHERE id = $1', [row.id, reversal.id])).rejects.toThrow(
      /append-only/,
    );
    expect(await countMovements(db)).toBeGreaterThan(0);
  });

  it('a balance can never be stored below zero', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    await load(p.id, w.id, 1);
    await expect(
      db.query('UPDATE stock_balances SET quantity = -1 WHERE product_id = $1 AND warehouse_id = $2', [p.id, w.id]),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('warehouseHoldsStock', () => {
  it('is true while any balance of the warehouse is above zero', async () => {
    const p = await makeProduct(db);
    const w = await makeWarehouse(db);
    expect(await db.tx((q) => warehouseHoldsStock(q, w.id))).toBe(false);
    const m = await load(p.id, w.id, 1);
    expect(await db.tx((q) => warehouseHoldsStock(q, w.id))).toBe(true);
    await reverseMovementTx(db, m.id, actor);
    expect(await db.tx((q) => warehouseHoldsStock(q, w.id))).toBe(false);
  });
});
