import type { Db, Queryable } from '../db';
import { AppError, shown } from '../http/errors';
import { activityInsert, type ActivityEntry } from '../activity/log';
import {
  applyPlans,
  balanceKey,
  balanceWrites,
  balanceWriteSql,
  missedUpdate,
  findShortage,
  lockBalances,
  planEffects,
  ShortageError,
  type BalanceEffect,
  type BalanceKey,
  type BalancePlan,
  type LockedBalance,
  type Shortage,
} from './balances';
import { countPosting } from '../metrics/counters';
import { assertConsistentBatchDates } from './batch-dates';
import { checkAgainstProduct, checkMovementInput, type CheckedMovement } from './input';
import {
  appendMovement,
  appendMovementParams,
  appendMovementSql,
  lockLiveCounters,
  lockLiveMovement,
  markReversed,
  MOVEMENT_COLUMNS,
  type NewMovementRow,
} from './ledger-rows';
import { movementViewOf, viewSelectOver, type MovementView, type MovementViewRow } from './movement-queries';
import { compose, stockMessages as msg } from './messages';
import { milliToDecimal, toMilli, type Milli } from './quantity';
import {
  checkProduct,
  checkWarehouses,
  lockActiveProduct,
  lockActiveWarehouses,
  lockProductAndWarehouses,
  lockReversalReceivers,
  productCode,
  warehouseName,
  type ProductRef,
} from './references';
import type { Actor, Correction, MovementInput, MovementRecord } from './types';

export { ledgerMatchesBalances, type LedgerCheck } from './invariants';
export type { BalanceKey } from './balances';

/**
 * THE way stock changes. Every function here runs inside the caller's transaction (`q` from `db.tx`), so a sale or a goods
 * receipt posts its movements and writes its own rows atomically; the *Tx variants open a transaction of their own.
 *
 * Each call: validates (input, product, warehouses, batch rules) → share-locks product and warehouses → locks the balance
 * rows it touches in key order → refuses with 409 INSUFFICIENT_STOCK if any balance would go below zero → updates the
 * balances → appends the ledger row(s). Throwing anywhere rolls all of it back.
 *
 * History is never edited: deleting a movement appends a reversal (the opposite movement, pointing at it); correcting
 * one appends a reversal plus the corrected movement (pointing at the one it replaces). The sum of the ledger therefore
 * always equals the balances (ledgerMatchesBalances).
 */

/** The parts of a ledger row that decide its effect on the balances. */
interface EffectRow {
  movementType: 'C' | 'S' | 'T';
  productId: number;
  warehouseId: number;
  destinationWarehouseId: number | null;
  batchNumber: string;
  quantity: Milli;
  productionDate: string | null;
  expiryDate: string | null;
}

/** C adds at the warehouse, S takes from it, T takes from the warehouse and adds at the destination; sign -1 undoes. */
function effectsOf(r: EffectRow, sign: 1n | -1n): BalanceEffect[] {
  const at = (warehouseId: number, delta: Milli): BalanceEffect => ({
    productId: r.productId,
    warehouseId,
    batchNumber: r.batchNumber,
    delta: delta * sign,
    productionDate: r.productionDate,
    expiryDate: r.expiryDate,
  });
  switch (r.movementType) {
    case 'C':
      return [at(r.warehouseId, r.quantity)];
    case 'S':
      return [at(r.warehouseId, -r.quantity)];
    case 'T':
      return [at(r.warehouseId, -r.quantity), at(r.destinationWarehouseId as number, r.quantity)];
  }
}

function effectRowOf(r: MovementRecord): EffectRow {
  return {
    movementType: r.movement_type,
    productId: r.product_id,
    warehouseId: r.warehouse_id,
    destinationWarehouseId: r.destination_warehouse_id,
    batchNumber: r.batch_number,
    quantity: toMilli(r.quantity),
    productionDate: r.production_date,
    expiryDate: r.expiry_date,
  };
}

/**
 * Applies the product's rules (SPEC §5, the form's `movementProductProblems`): batch required where managed, dropped where
 * not; a load needs the dates the product manages and keeps only those; unloads and transfers take their dates from the
 * stock (set later).
 */
function fitToProduct(m: CheckedMovement, product: ProductRef): CheckedMovement {
  checkAgainstProduct(m, product);
  const out = { ...m };
  if (!product.has_batch) out.batchNumber = '';
  if (out.movementType === 'C') {
    if (!product.has_production_date) out.productionDate = null;
    if (!product.has_expiry_date) out.expiryDate = null;
  } else {
    out.productionDate = null;
    out.expiryDate = null;
  }
  return out;
}

function warehousesOf(m: CheckedMovement): number[] {
  return m.destinationWarehouseId === null ? [m.warehouseId] : [m.warehouseId, m.destinationWarehouseId];
}

function sourceKey(m: CheckedMovement): BalanceKey {
  return { productId: m.productId, warehouseId: m.warehouseId, batchNumber: m.batchNumber };
}

/** Balance keys a movement touches (its effects' keys; the dates do not matter for locking). */
function keysOf(m: CheckedMovement): BalanceKey[] {
  return effectsOf({ ...m, productionDate: null, expiryDate: null }, 1n);
}

type Operation = 'post' | 'delete' | 'update';

/** The 409 for a shortage, worded for what the user was doing. */
async function shortageError(q: Queryable, s: Shortage, op: Operation): Promise<AppError> {
  const batch = s.batchNumber ? { it: msg.batchSuffix.it, fr: msg.batchSuffix.fr } : { it: '', fr: '' };
  const params = {
    warehouse: await warehouseName(q, s.warehouseId),
    code: await productCode(q, s.productId),
    batch: s.batchNumber,
    available: shown(milliToDecimal(s.available)),
    requested: shown(milliToDecimal(s.needed)),
  };
  // A posting: the movement form's sentence (its quantity rule); the other params stay for callers that reword it.
  if (op === 'post') return new AppError(409, 'INSUFFICIENT_STOCK', msg.insufficientStock, params);
  const action = op === 'delete' ? msg.actionDelete : msg.actionUpdate;
  return new AppError(409, 'INSUFFICIENT_STOCK', compose(msg.reversalInsufficientStock, { batch, action }), params);
}

/** Checks and writes the balance plans; every refusal becomes a worded AppError. */
async function writePlans(q: Queryable, plans: BalancePlan[], locked: Map<string, LockedBalance>, op: Operation): Promise<void> {
  const shortage = findShortage(plans, locked);
  if (shortage) throw await shortageError(q, shortage, op);
  try {
    await applyPlans(q, plans, locked);
  } catch (err) {
    throw await balanceWriteError(q, err, op);
  }
}

/** A balance write's failure, worded: a shortage (409 INSUFFICIENT_STOCK) or a balance beyond numeric(15,3). */
async function balanceWriteError(q: Queryable, err: unknown, op: Operation): Promise<unknown> {
  if (err instanceof ShortageError) return shortageError(q, err.shortage, op);
  // numeric_value_out_of_range: a balance beyond numeric(15,3).
  if ((err as { code?: string }).code === '22003') return new AppError(409, 'QUANTITY_OVERFLOW', msg.quantityOverflow);
  return err;
}

/** The facts of a posted movement as its ledger row will hold them (numeric as "12.000", dates 'yyyy-MM-dd'). */
export type PostedFacts = Pick<
  MovementRecord,
  'movement_type' | 'product_id' | 'warehouse_id' | 'destination_warehouse_id' | 'batch_number' | 'quantity' | 'movement_date'
>;

function factsOf(r: NewMovementRow): PostedFacts {
  return {
    movement_type: r.movementType,
    product_id: r.productId,
    warehouse_id: r.warehouseId,
    destination_warehouse_id: r.destinationWarehouseId,
    batch_number: r.batchNumber,
    quantity: milliToDecimal(r.quantity),
    movement_date: r.movementDate,
  };
}

/** The caller's activity row for a posting, written by the posting's own statement; its entity is the new movement. */
export type PostingActivity = (posted: PostedFacts) => Omit<ActivityEntry, 'entityId'>;

/**
 * A posting's writes in ONE statement (data-modifying CTEs, one round trip): the balance rows (`b0`, `b1`: guarded
 * UPDATEs of the rows locked beforehand, or the load's upsert), the ledger row (`posted`), optionally the caller's
 * activity row; then `select` reads the answer from `posted` (with the
 * balance checks' extra columns). All of it is the same transaction's work as before, in
 * one statement instead of three: the balance rows that already existed are locked (lockBalances) before this
 * statement, so its sub-statements take no new lock in an order that matters — only a load's upsert (alone) or a new
 * destination row. The live-movement counters are kept by the ledger's statement trigger as for any insert. A guarded
 * UPDATE that touched no row throws ShortageError (unreachable while rows are locked and checked first).
 */
async function writeMovement<R>(
  q: Queryable,
  writes: ReturnType<typeof balanceWrites>,
  row: NewMovementRow,
  activity: PostingActivity | undefined,
  select: (extraColumns: string) => string,
): Promise<R> {
  const params: unknown[] = [];
  const ctes: string[] = [];
  const counts: string[] = [];
  writes.forEach((w, i) => {
    ctes.push(`b${i} AS (${balanceWriteSql(w.kind, params.length + 1)} RETURNING 1)`);
    params.push(...w.params);
    counts.push(`(SELECT count(*) FROM b${i})::int AS _b${i}`);
  });
  ctes.push(`posted AS (${appendMovementSql(params.length + 1)} RETURNING *)`);
  params.push(...appendMovementParams(row));
  if (activity) {
    const logged = activityInsert(activity(factsOf(row)), params.length + 1, 'posted');
    ctes.push(`logged AS (${logged.sql})`);
    params.push(...logged.params);
  }
  const sql = `WITH ${ctes.join(',\n')}\n${select(counts.map((c) => `, ${c}`).join(''))}`;
  const { rows } = await q.query<R & Record<string, unknown>>(sql, params, { prepare: true });
  const out = rows[0];
  writes.forEach((w, i) => {
    if (w.kind === 'update' && out[`_b${i}`] !== 1) throw missedUpdate(w);
    delete out[`_b${i}`];
  });
  return out;
}

/** An unload or transfer moves goods with the dates they have in stock. */
function withStockDates(
  m: CheckedMovement,
  dates: { productionDate: string | null; expiryDate: string | null } | undefined,
): CheckedMovement {
  if (m.movementType === 'C') return m;
  return { ...m, productionDate: dates?.productionDate ?? null, expiryDate: dates?.expiryDate ?? null };
}

function newRow(m: CheckedMovement, extra: Pick<NewMovementRow, 'reversesId' | 'replacesId' | 'createdBy' | 'modifiedBy'>): NewMovementRow {
  return { ...m, ...extra };
}

/** The movement that undoes `r`: C ↔ S at the same warehouse, a transfer back; same goods, quantity and movement date. */
function reversalOf(r: MovementRecord, actor: Actor): NewMovementRow {
  const isTransfer = r.movement_type === 'T';
  return {
    movementType: r.movement_type === 'C' ? 'S' : r.movement_type === 'S' ? 'C' : 'T',
    sourceType: r.source_type,
    sourceDocumentType: r.source_document_type ?? r.source_type,
    sourceDocumentId: r.source_document_id,
    sourceDocumentNumber: r.source_document_number,
    sourceLineId: r.source_line_id,
    productId: r.product_id,
    warehouseId: isTransfer ? (r.destination_warehouse_id as number) : r.warehouse_id,
    destinationWarehouseId: isTransfer ? r.warehouse_id : null,
    batchNumber: r.batch_number,
    productionDate: r.production_date,
    expiryDate: r.expiry_date,
    quantity: toMilli(r.quantity),
    // Dated like the movement it cancels, so the pair nets to zero in any date-range report; created_at says when.
    movementDate: r.movement_date,
    notes: null,
    reversesId: r.id,
    replacesId: null,
    createdBy: actor.id,
    modifiedBy: null,
  };
}

/** Warehouses to which undoing these effects gives goods back. */
function receivers(undo: BalanceEffect[]): number[] {
  return undo.filter((e) => e.delta > 0n).map((e) => e.warehouseId);
}

/**
 * Checks and locks a posting, then writes it in one statement (writeMovement): BEGIN, the product + warehouse share
 * locks, [unloads and transfers: the balance lock], the write, COMMIT.
 */
async function post<R>(
  q: Queryable,
  input: MovementInput,
  actor: Actor,
  activity: PostingActivity | undefined,
  select: (extraColumns: string) => string,
): Promise<R> {
  const checked = checkMovementInput(input);
  // Product and warehouses share-locked in one round trip (product first, as lockActiveProduct + lockActiveWarehouses),
  // refused in the same order: the product, its rules, then the warehouses.
  const refs = await lockProductAndWarehouses(q, checked.productId, warehousesOf(checked));
  const product = checkProduct(checked.productId, refs.product);
  let m = fitToProduct(checked, product);
  checkWarehouses(warehousesOf(m), refs.warehouses, m.sourceType === 'TR');
  await assertConsistentBatchDates(q, product, m);
  // A load only adds to one balance: nothing to check and no stock dates to read, so no lock query first — the upsert
  // locks (or creates) that one row itself and merges the dates as a locked row's update does. Unloads and transfers
  // lock every row they touch, in key order, and check the stock before writing.
  const locked = m.movementType === 'C' ? new Map<string, LockedBalance>() : await lockBalances(q, keysOf(m));
  m = withStockDates(m, locked.get(balanceKey(sourceKey(m))));
  const plans = planEffects(effectsOf(m, 1n));
  const shortage = findShortage(plans, locked);
  if (shortage) throw await shortageError(q, shortage, 'post');
  const row = newRow(m, { reversesId: null, replacesId: null, createdBy: actor.id, modifiedBy: null });
  let written: R;
  try {
    written = await writeMovement<R>(q, balanceWrites(plans, locked), row, activity, select);
  } catch (err) {
    throw await balanceWriteError(q, err, 'post');
  }
  countPosting(q, m.movementType, 'post');
  return written;
}

/** Posts one movement: load (C), unload (S) or transfer (T, one row, both warehouses in the same transaction). */
export function postMovement(q: Queryable, input: MovementInput, actor: Actor): Promise<MovementRecord> {
  return post<MovementRecord>(q, input, actor, undefined, (extra) => `SELECT ${MOVEMENT_COLUMNS}${extra} FROM posted`);
}

/**
 * postMovement for the movements API: the caller's activity row is written and the movement's API view read by the
 * posting's own statement (a load: BEGIN, locks, one write, COMMIT — four round trips).
 */
export function postMovementView(q: Queryable, input: MovementInput, actor: Actor, activity: PostingActivity): Promise<MovementView> {
  return post<MovementViewRow>(q, input, actor, activity, (extra) => viewSelectOver('posted', extra)).then(movementViewOf);
}

/**
 * Cancels a movement by appending its reversal (returned). Refused with 409 when the goods it brought are no longer
 * there (INSUFFICIENT_STOCK), or when it is already reversed or is itself a reversal. Product and warehouse states are
 * not checked: undoing is allowed even after a product or warehouse was deactivated — but not when goods would go
 * back to a deleted product or warehouse (409 REVERSAL_TARGET_DELETED).
 */
export async function reverseMovement(q: Queryable, movementId: number, actor: Actor): Promise<MovementRecord> {
  const old = await lockLiveMovement(q, movementId);
  const effects = effectsOf(effectRowOf(old), -1n);
  await lockReversalReceivers(q, old.product_id, receivers(effects));
  const locked = await lockBalances(q, effects);
  await writePlans(q, planEffects(effects), locked, 'delete');
  const reversal = await appendMovement(q, reversalOf(old, actor));
  await markReversed(q, old.id, reversal.id);
  countPosting(q, reversal.movement_type, 'reverse');
  return reversal;
}

/**
 * Corrects a movement: appends its reversal and the corrected movement (replaces_id → old row; created_by kept,
 * modified_by = actor) in one step. Stock is checked on the net result, so correcting a load of 10 into 8 needs only 2
 * still in stock. The source (MAN, SO, PO) and document of the original are kept, whatever the input says.
 */
export async function correctMovement(q: Queryable, movementId: number, input: MovementInput, actor: Actor): Promise<Correction> {
  const old = await lockLiveMovement(q, movementId);
  const checked = checkMovementInput({
    ...input,
    sourceType: old.source_type,
    sourceDocument: { type: old.source_document_type ?? old.source_type, id: old.source_document_id, number: old.source_document_number },
    sourceLineId: old.source_line_id,
  });
  const undo = effectsOf(effectRowOf(old), -1n);
  await lockReversalReceivers(q, old.product_id, receivers(undo));
  const product = await lockActiveProduct(q, checked.productId);
  let m = fitToProduct(checked, product);
  await lockActiveWarehouses(q, warehousesOf(m));

  const leaving = (warehouseId: number) =>
    undo
      .filter((e) => e.delta < 0n && e.productId === m.productId && e.batchNumber === m.batchNumber && e.warehouseId === warehouseId)
      .reduce((sum, e) => sum - e.delta, 0n);
  await assertConsistentBatchDates(q, product, m, leaving);

  const locked = await lockBalances(q, [...undo, ...keysOf(m)]);
  // Goods the reversal puts back where the corrected unload/transfer takes from are the very goods taken: their dates.
  const restored = undo.find((e) => e.delta > 0n && balanceKey(e) === balanceKey(sourceKey(m)));
  m = withStockDates(m, restored ?? locked.get(balanceKey(sourceKey(m))));
  await writePlans(q, planEffects([...undo, ...effectsOf(m, 1n)]), locked, 'update');

  await lockLiveCounters(q, [
    { movementType: old.movement_type, sourceType: old.source_type },
    { movementType: m.movementType, sourceType: m.sourceType },
  ]);
  const reversal = await appendMovement(q, reversalOf(old, actor));
  const movement = await appendMovement(
    q,
    newRow(m, { reversesId: null, replacesId: old.id, createdBy: old.created_by, modifiedBy: actor.id }),
  );
  await markReversed(q, old.id, reversal.id);
  countPosting(q, reversal.movement_type, 'correct');
  countPosting(q, movement.movement_type, 'correct');
  return { reversal, movement };
}

/**
 * For an operation that posts several movements in one transaction (a transfer's lines: source, transit, destination):
 * share-locks the products (id order), then locks every existing balance row the postings will touch in the ledger's one
 * key order, in ONE statement. The postings then lock those rows again and wait for nothing, so two multi-line documents
 * never take balance locks in opposite orders across statements (no deadlock), and each posting still checks its stock.
 */
export async function lockStockFor(q: Queryable, keys: BalanceKey[]): Promise<void> {
  const products = [...new Set(keys.map((k) => k.productId))].sort((a, b) => a - b);
  if (products.length === 0) return;
  await q.query('SELECT id FROM products WHERE id = ANY($1::bigint[]) ORDER BY id FOR SHARE', [products]);
  await lockBalances(q, keys);
}

/** postMovement in a transaction of its own. */
export function postMovementTx(db: Db, input: MovementInput, actor: Actor): Promise<MovementRecord> {
  return db.tx((q) => postMovement(q, input, actor));
}

/** reverseMovement in a transaction of its own. */
export function reverseMovementTx(db: Db, movementId: number, actor: Actor): Promise<MovementRecord> {
  return db.tx((q) => reverseMovement(q, movementId, actor));
}

/** correctMovement in a transaction of its own. */
export function correctMovementTx(db: Db, movementId: number, input: MovementInput, actor: Actor): Promise<Correction> {
  return db.tx((q) => correctMovement(q, movementId, input, actor));
}
