import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from '../../src/db';
import { MIGRATIONS_DIR } from '../../src/db/migrate';
import { ledgerMatchesBalances, postMovementTx, reverseMovementTx } from '../../src/stock/ledger';
import type { Actor, MovementInput } from '../../src/stock/types';
import { makeOrder } from '../goods-receipts/kit';
import { openTestDb, type TestDb } from '../helpers';
import { makeCustomer } from '../sales/kit';
import { makeProduct, makeUserId, makeWarehouse } from './fixtures';

// Migration 012 fills source_line_id of the movements posted before migration 005. The database here is migrated (012
// already ran on empty tables); the test posts movements as the code before 005 did — document, no line — through the
// ledger, writes the documents that point at them straight into their tables (their modules' code would link the
// line itself), runs 012 again and reads what it linked.
jest.setTimeout(120_000);

const BACKFILL = fs.readFileSync(path.join(MIGRATIONS_DIR, '012_movement_line_backfill.sql'), 'utf8');
const DAY = '2025-03-10';

// One database for the one scenario below (set in it, dropped after it).
let db: Db;
let actor: Actor;

const post = (input: Omit<MovementInput, 'movementDate'>) => postMovementTx(db, { movementDate: DAY, ...input }, actor);
const lineOf = async (id: number) =>
  (await db.query<{ line: number | null }>('SELECT source_line_id::int AS line FROM stock_movements WHERE id = $1', [id])).rows[0].line;

async function receipt(q: Queryable, orderId: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO goods_receipts (order_id, document_number, document_date) VALUES ($1, 'DDT-1', $2) RETURNING id`,
    [orderId, DAY],
  );
  return rows[0].id;
}

async function receiptLine(
  q: Queryable,
  o: { receiptId: number; itemId: number; productId: number; warehouseId: number; movementId: number | null },
) {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO goods_receipt_lines (receipt_id, order_item_id, product_id, warehouse_id, quantity, movement_id)
     VALUES ($1, $2, $3, $4, 1, $5) RETURNING id`,
    [o.receiptId, o.itemId, o.productId, o.warehouseId, o.movementId],
  );
  return rows[0].id;
}

async function sale(q: Queryable, o: { productId: number; warehouseId: number; customerId: number; movementId?: number }) {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO sales (product_id, warehouse_id, quantity, customer_id, sale_date, movement_id) VALUES ($1, $2, 1, $3, $4, $5) RETURNING id`,
    [o.productId, o.warehouseId, o.customerId, DAY, o.movementId ?? null],
  );
  return rows[0].id;
}

describe('migration 012: the document line of movements posted before source_line_id existed', () => {
  let t: TestDb;
  afterAll(() => t.drop());

  it('links what is certain, leaves the rest NULL, and changes nothing else', async () => {
    t = await openTestDb();
    db = t.db;
    actor = { id: await makeUserId(db) };
    const w = (await makeWarehouse(db)).id;
    const plain = (await makeProduct(db)).id;
    const batched = (await makeProduct(db, { hasBatch: true })).id;
    const twice = (await makeProduct(db)).id;
    const sold = (await makeProduct(db)).id;
    const customer = (await makeCustomer(db)).id;
    const order = await makeOrder(db, [
      { productId: plain, quantity: 10 },
      { productId: batched, quantity: 10 },
      { productId: twice, quantity: 5 },
      { productId: twice, quantity: 5 },
    ]);
    const [plainItem, batchedItem] = order.items;
    const doc = { type: 'PO' as const, id: order.id, number: order.number };
    const po = { movementType: 'C' as const, sourceType: 'PO' as const, sourceDocument: doc, warehouseId: w };

    // A receipt line's own load, and a batch load recorded by its receipt batch: linked by id.
    const byLine = await post({ ...po, productId: plain, quantity: 2 });
    const byBatch = await post({ ...po, productId: batched, batchNumber: 'L-1', quantity: 3 });
    const rid = await receipt(db, order.id);
    await receiptLine(db, { receiptId: rid, itemId: plainItem, productId: plain, warehouseId: w, movementId: byLine.id });
    const batchLine = await receiptLine(db, { receiptId: rid, itemId: batchedItem, productId: batched, warehouseId: w, movementId: null });
    await db.query(`INSERT INTO goods_receipt_batches (line_id, batch_number, quantity, movement_id) VALUES ($1, 'L-1', 3, $2)`, [
      batchLine,
      byBatch.id,
    ]);
    // No receipt record: the order has one item of the product (linked), or two (left NULL).
    const byDocument = await post({ ...po, productId: plain, quantity: 1 });
    const ambiguous = await post({ ...po, productId: twice, quantity: 4 });
    // A reversed load: the reversal takes the line of what it cancels.
    const reversed = await post({ ...po, productId: plain, quantity: 1 });
    const reversal = await reverseMovementTx(db, reversed.id, actor);

    // Sales: the sale is its own line, found from the movement's document or from the sale's movement.
    await post({ movementType: 'C', productId: sold, warehouseId: w, quantity: 10 });
    const saleA = await sale(db, { productId: sold, warehouseId: w, customerId: customer });
    const soldA = await post({
      movementType: 'S',
      sourceType: 'SO',
      sourceDocument: { type: 'SO', id: saleA, number: String(saleA) },
      productId: sold,
      warehouseId: w,
      quantity: 1,
    });
    const soldB = await post({ movementType: 'S', sourceType: 'SO', productId: sold, warehouseId: w, quantity: 1 });
    const saleB = await sale(db, { productId: sold, warehouseId: w, customerId: customer, movementId: soldB.id });
    // A sale whose document names another product is not guessed; manual movements have no line.
    const mismatch = await post({
      movementType: 'S',
      sourceType: 'SO',
      sourceDocument: { type: 'SO', id: saleA, number: 'x' },
      productId: plain,
      warehouseId: w,
      quantity: 1,
    });
    const manual = await post({ movementType: 'C', productId: plain, warehouseId: w, quantity: 1 });
    // A line already recorded is never rewritten.
    const recorded = await post({ ...po, productId: plain, quantity: 1, sourceLineId: batchedItem });

    const balances = async () =>
      JSON.stringify((await db.query('SELECT * FROM stock_balances ORDER BY product_id, warehouse_id, batch_number')).rows);
    const columns = async () =>
      JSON.stringify((await db.query(`SELECT to_jsonb(m) - 'source_line_id' AS row FROM stock_movements m ORDER BY id`)).rows);
    const [balancesBefore, columnsBefore] = [await balances(), await columns()];

    expect(await lineOf(byLine.id)).toBeNull();
    await db.tx((q) => q.exec(BACKFILL));

    expect(await lineOf(byLine.id)).toBe(plainItem);
    expect(await lineOf(byBatch.id)).toBe(batchedItem);
    expect(await lineOf(byDocument.id)).toBe(plainItem);
    expect(await lineOf(ambiguous.id)).toBeNull();
    expect(await lineOf(reversed.id)).toBe(plainItem);
    expect(await lineOf(reversal.id)).toBe(plainItem);
    expect(await lineOf(soldA.id)).toBe(saleA);
    expect(await lineOf(soldB.id)).toBe(saleB);
    expect(await lineOf(mismatch.id)).toBeNull();
    expect(await lineOf(manual.id)).toBeNull();
    expect(await lineOf(recorded.id)).toBe(batchedItem);

    // Only the link moved: every other column, every balance, and the ledger still adds up.
    expect(await columns()).toBe(columnsBefore);
    expect(await balances()).toBe(balancesBefore);
    expect((await ledgerMatchesBalances(db)).ok).toBe(true);

    // Run twice, the same; and the ledger is append-only again.
    await db.tx((q) => q.exec(BACKFILL));
    expect(await lineOf(ambiguous.id)).toBeNull();
    await expect(db.query('UPDATE stock_movements SET quantity = 99 WHERE id = $1', [manual.id])).rejects.toThrow(/append-only/);
    await expect(db.query('UPDATE stock_movements SET source_line_id = 1 WHERE id = $1', [ambiguous.id])).rejects.toThrow(/append-only/);
  });
});
