import {
  compareDecimals,
  subtractDecimals,
  transferArrivalProblems,
  type ShortfallReason,
  type TransferFields,
  type TransferReceiveFields,
} from '@wms/shared-api';
import type { FieldProblem } from '@wms/shared-api';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError, type Bilingual } from '../http/errors';
import { invalidFields } from '../http/validation';
import { lockStockFor, postMovement, reverseMovement, type BalanceKey } from '../stock/ledger';
import { stockMessages } from '../stock/messages';
import { quantityView } from '../stock/quantity';
import { transitWarehouseId } from '../stock/transit';
import type { Actor, MovementInput } from '../stock/types';
import { transferMessages as msg } from './messages';
import * as sql from './sql';

/**
 * A transfer's writes, each inside the caller's transaction (the route's idempotent transaction). Stock moves only through
 * the ledger (stock/ledger.ts), with source TR, the transfer as document and the transfer line as line:
 * - ship: T source → transit per line;  receive: T transit → destination (what arrived), and for a shortfall either
 *   T transit → source (`returned`) or S from transit (`damaged`, `lost`: written off, the reason in the notes);
 * - reverse (shipped, not received): the ledger's reversal of each shipment (T transit → source, linked to it);
 * - one step (`ship` with `receive: true`): both legs in the same transaction.
 * Every operation first locks the transfer row (FOR UPDATE: one state change at a time, exactly once with the status
 * check) and then, through lockStockFor, every balance it will touch in the ledger's key order.
 */

type User = Actor & { id: number };

function notFound(): AppError {
  return new AppError(404, 'TRANSFER_NOT_FOUND', msg.notFound);
}

async function locked(q: Queryable, id: number) {
  const t = await sql.lockTransfer(q, id);
  if (!t) throw notFound();
  return t;
}

/** The create / edit rules that need the database: both warehouses live and active, products live, batches as managed. */
async function checkedLines(q: Queryable, t: TransferFields): Promise<{ product_id: number; batch_number: string; quantity: string }[]> {
  const warehouses = await sql.usableWarehouses(q, [t.from_warehouse_id, t.to_warehouse_id]);
  for (const wid of [t.from_warehouse_id, t.to_warehouse_id]) {
    const w = warehouses.find((x) => x.id === wid);
    if (!w) throw new AppError(400, 'WAREHOUSE_NOT_FOUND', stockMessages.warehouseNotFound, { id: wid });
    if (!w.is_active) throw new AppError(409, 'WAREHOUSE_INACTIVE', stockMessages.warehouseInactive, { name: w.name });
  }
  const products = new Map(
    (
      await sql.liveProducts(
        q,
        t.lines.map((l) => l.product_id),
      )
    ).map((p) => [p.id, p]),
  );
  const problems: Record<string, FieldProblem> = {};
  const seen = new Set<string>();
  const lines = t.lines.map((l, i) => {
    const p = products.get(l.product_id);
    if (!p) throw new AppError(400, 'PRODUCT_NOT_FOUND', stockMessages.productNotFound, { id: l.product_id });
    if (p.has_batch && !l.batch_number) problems[`lines.${i}.batch_number`] = { key: 'batchRequired', params: {} };
    const batch = p.has_batch ? (l.batch_number ?? '') : '';
    const key = `${l.product_id}\u0000${batch}`;
    if (seen.has(key)) problems[`lines.${i}.batch_number`] = { key: 'transferDuplicateLine', params: {} };
    seen.add(key);
    return { product_id: l.product_id, batch_number: batch, quantity: l.quantity };
  });
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return lines;
}

/**
 * A warehouse that a draft or goods in transit still name cannot be deleted (409 WAREHOUSE_HAS_OPEN_TRANSFERS, naming
 * them): its goods could then be neither received nor sent back. Called after the warehouse row is locked FOR UPDATE,
 * which waits for a shipment being posted and keeps new drafts out (usableWarehouses reads it FOR KEY SHARE).
 */
export async function assertNoOpenTransfers(q: Queryable, warehouseId: number): Promise<void> {
  const open = await sql.openTransfersOf(q, warehouseId);
  if (open.length > 0) {
    const numbers = open.length > 5 ? `${open.slice(0, 5).join(', ')}…` : open.join(', ');
    throw new AppError(409, 'WAREHOUSE_HAS_OPEN_TRANSFERS', msg.warehouseInUse, { numbers });
  }
}

export async function createTransfer(q: Queryable, t: TransferFields, user: User): Promise<number> {
  const lines = await checkedLines(q, t);
  const id = await sql.insertTransfer(q, t, user.id);
  await sql.replaceLines(q, id, lines);
  await logActivity(q, { userId: user.id, action: 'create', entityType: 'transfer', entityId: id, details: { lines: lines.length } });
  return id;
}

/** A draft's head and lines replaced (PUT): refused once shipped or cancelled. */
export async function updateTransfer(q: Queryable, id: number, t: TransferFields, user: User): Promise<void> {
  const head = await locked(q, id);
  if (head.status !== 'draft') throw new AppError(409, 'TRANSFER_NOT_DRAFT', msg.notDraft, { number: head.number });
  const lines = await checkedLines(q, t);
  await sql.updateTransferHead(q, id, t, user.id);
  await sql.replaceLines(q, id, lines);
  await logActivity(q, { userId: user.id, action: 'update', entityType: 'transfer', entityId: id, details: { number: head.number } });
}

export async function cancelTransfer(q: Queryable, id: number, user: User): Promise<void> {
  const head = await locked(q, id);
  if (head.status !== 'draft') throw new AppError(409, 'TRANSFER_NOT_DRAFT', msg.notDraft, { number: head.number });
  await sql.setClosed(q, id, 'cancelled', user.id);
  await logActivity(q, { userId: user.id, action: 'cancel', entityType: 'transfer', entityId: id, details: { number: head.number } });
}

/** A shortage in one of the transfer's postings, reworded with the product, batch and warehouse. */
function reworded(err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== 'INSUFFICIENT_STOCK') return err;
  const batch = err.params.batch ? ({ it: msg.batchSuffix.it, fr: msg.batchSuffix.fr } satisfies Bilingual) : { it: '', fr: '' };
  const text = (lang: 'it' | 'fr') => msg.insufficientStock[lang].replace('{{batch}}', batch[lang]);
  return new AppError(409, 'INSUFFICIENT_STOCK', { it: text('it'), fr: text('fr') }, err.params);
}

async function post(q: Queryable, input: MovementInput, user: User) {
  try {
    return await postMovement(q, input, user);
  } catch (err) {
    throw reworded(err);
  }
}

interface Head {
  id: number;
  number: string;
  from_warehouse_id: number;
  to_warehouse_id: number;
}

function leg(head: Head, line: sql.PostingLine, day: string): Omit<MovementInput, 'movementType' | 'warehouseId' | 'quantity'> {
  return {
    sourceType: 'TR',
    sourceDocument: { type: 'TR', id: head.id, number: head.number },
    sourceLineId: line.id,
    productId: line.product_id,
    batchNumber: line.batch_number || null,
    movementDate: day,
    notes: head.number,
  };
}

const keysAt = (lines: sql.PostingLine[], warehouses: number[]): BalanceKey[] =>
  lines.flatMap((l) => warehouses.map((w) => ({ productId: l.product_id, warehouseId: w, batchNumber: l.batch_number })));

/** Ships a draft: every line from the source into transit; with `receive`, straight on into the destination. */
export async function shipTransfer(q: Queryable, id: number, receive: boolean, user: User): Promise<void> {
  const head = await locked(q, id);
  if (head.status !== 'draft') throw new AppError(409, 'TRANSFER_NOT_DRAFT', msg.notDraft, { number: head.number });
  const transit = await transitWarehouseId(q);
  const day = await sql.companyToday(q);
  const lines = await sql.postingLines(q, id);
  await lockStockFor(q, keysAt(lines, [head.from_warehouse_id, transit, head.to_warehouse_id]));
  for (const line of lines) {
    const m = await post(
      q,
      {
        ...leg(head, line, day),
        movementType: 'T',
        warehouseId: head.from_warehouse_id,
        destinationWarehouseId: transit,
        quantity: line.quantity,
      },
      user,
    );
    await sql.markLineShipped(q, line.id, m.id, m);
  }
  await sql.setShipped(q, id, user.id);
  await logActivity(q, { userId: user.id, action: 'ship', entityType: 'transfer', entityId: id, details: { number: head.number } });
  if (receive) await receiveLines(q, head, transit, day, lines, new Map(), user);
}

/** What arrived of each line: the request's quantities checked against what was shipped (400 naming the field). */
function arrivals(
  lines: sql.PostingLine[],
  body: TransferReceiveFields,
): Map<number, { quantity: string; reason: ShortfallReason | null }> {
  const given = body.lines ?? [];
  const problems = transferArrivalProblems(
    lines.map((l) => ({ id: l.id, quantity: quantityView(l.quantity) })),
    given,
  );
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return new Map(given.map((r) => [r.line_id, { quantity: r.quantity, reason: r.reason }]));
}

async function receiveLines(
  q: Queryable,
  head: Head,
  transit: number,
  day: string,
  lines: sql.PostingLine[],
  given: Map<number, { quantity: string; reason: ShortfallReason | null }>,
  user: User,
): Promise<void> {
  let short = false;
  for (const line of lines) {
    const arrived = given.get(line.id) ?? { quantity: line.quantity, reason: null };
    const base = leg(head, line, day);
    if (compareDecimals(arrived.quantity, 0) > 0) {
      await post(
        q,
        { ...base, movementType: 'T', warehouseId: transit, destinationWarehouseId: head.to_warehouse_id, quantity: arrived.quantity },
        user,
      );
    }
    const missing = subtractDecimals(line.quantity, arrived.quantity);
    const isShort = compareDecimals(missing, 0) > 0;
    if (isShort) {
      short = true;
      const notes = `${head.number} · ${arrived.reason}`;
      await post(
        q,
        arrived.reason === 'returned'
          ? { ...base, notes, movementType: 'T', warehouseId: transit, destinationWarehouseId: head.from_warehouse_id, quantity: missing }
          : { ...base, notes, movementType: 'S', warehouseId: transit, quantity: missing },
        user,
      );
    }
    await sql.markLineReceived(q, line.id, arrived.quantity, isShort ? arrived.reason : null);
  }
  const status = short ? 'partially_received' : 'received';
  await sql.setReceived(q, head.id, status, user.id);
  await logActivity(q, {
    userId: user.id,
    action: 'receive',
    entityType: 'transfer',
    entityId: head.id,
    details: { number: head.number, status },
  });
}

/** Receives a shipped transfer at its destination: in full (no lines), or per line with a reason for each shortfall. */
export async function receiveTransfer(q: Queryable, id: number, body: TransferReceiveFields, user: User): Promise<void> {
  const head = await locked(q, id);
  if (head.status !== 'in_transit') throw new AppError(409, 'TRANSFER_NOT_IN_TRANSIT', msg.notInTransit, { number: head.number });
  const lines = await sql.postingLines(q, id);
  const given = arrivals(lines, body);
  const transit = await transitWarehouseId(q);
  await lockStockFor(q, keysAt(lines, [head.from_warehouse_id, transit, head.to_warehouse_id]));
  await receiveLines(q, head, transit, await sql.companyToday(q), lines, given, user);
}

/** Takes back a shipment not yet received: the ledger's reversal of each line's shipment (transit → source). */
export async function reverseTransfer(q: Queryable, id: number, user: User): Promise<void> {
  const head = await locked(q, id);
  if (head.status !== 'in_transit') throw new AppError(409, 'TRANSFER_NOT_IN_TRANSIT', msg.notInTransit, { number: head.number });
  const lines = await sql.postingLines(q, id);
  const transit = await transitWarehouseId(q);
  await lockStockFor(q, keysAt(lines, [head.from_warehouse_id, transit]));
  for (const line of lines) {
    if (line.ship_movement_id !== null) await reverseMovement(q, line.ship_movement_id, user);
  }
  await sql.setClosed(q, id, 'reversed', user.id);
  await logActivity(q, { userId: user.id, action: 'reverse', entityType: 'transfer', entityId: id, details: { number: head.number } });
}
