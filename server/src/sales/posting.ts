import { companyDay, formatDay, isBatchExpired, saleStockProblems, type SaleFields } from '@wms/shared-api';
import { logActivity } from '../activity/log';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { invalidFields } from '../http/validation';
import { postMovement, reverseMovement } from '../stock/ledger';
import { lockActiveWarehouses } from '../stock/references';
import type { Actor } from '../stock/types';
import { salesMessages as msg } from './messages';
import * as sql from './sql';

/**
 * The sale's write side. Every function runs in the caller's transaction (`q` from db.tx or runIdempotent), so a refusal
 * anywhere rolls back the sale row, its movement and its activity row together.
 *
 * A sale posts its unload through the ledger (S, source SO, document = the sale): the ledger locks the batch's balance
 * and refuses a shortage there, so availability is exact under concurrency; this module rewords that refusal in the sale
 * form's words (aboveAvailability) and refuses an expired batch (the shared isBatchExpired, on the expiry the ledger read
 * under its lock).
 */

export interface SaleClock {
  /** The moment of the sale (default now): its day in Europe/Rome is the sale's and the movement's date. */
  now?: Date;
}

async function assertCustomer(q: Queryable, customerId: number): Promise<void> {
  const c = await sql.lockCustomer(q, customerId);
  if (!c || c.deleted || !c.is_active) throw new AppError(409, 'CUSTOMER_UNAVAILABLE', msg.customerUnavailable, { id: customerId });
}

async function checkedProduct(q: Queryable, productId: number): Promise<sql.ProductState> {
  const p = await sql.productState(q, productId);
  if (!p || p.deleted || p.status !== 'active') throw new AppError(409, 'PRODUCT_UNAVAILABLE', msg.productUnavailable, { id: productId });
  return p;
}

/** The ledger's shortage, said as the sale form says it; every other refusal passes through unchanged. */
function asSaleRefusal(err: unknown): unknown {
  if (err instanceof AppError && err.code === 'INSUFFICIENT_STOCK') {
    return new AppError(409, 'INSUFFICIENT_STOCK', msg.aboveAvailability, { available: err.params.available ?? '0' });
  }
  return err;
}

/** Writes the sale and posts its unload (no activity row: the exported operations write exactly one each). */
async function postSale(
  q: Queryable,
  f: SaleFields,
  actor: Actor,
  clock: SaleClock & { replacesId?: number },
): Promise<{ id: number; details: Record<string, unknown> }> {
  const now = clock.now ?? new Date();
  const day = companyDay(now);
  await assertCustomer(q, f.customer_id);
  const product = await checkedProduct(q, f.product_id);
  // Before the sale row (whose warehouse is a foreign key): an unknown warehouse is the 400 every posting answers.
  await lockActiveWarehouses(q, [f.warehouse_id]);
  const problems = saleStockProblems(f, product, null);
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const batch = product.has_batch ? (f.batch_number as string) : '';

  const id = await sql.insertSale(q, {
    productId: f.product_id,
    warehouseId: f.warehouse_id,
    batchNumber: batch,
    quantity: f.quantity,
    customerId: f.customer_id,
    saleDate: day,
    createdAt: now,
    createdBy: actor.id,
    replacesId: clock.replacesId ?? null,
  });
  let movement;
  try {
    movement = await postMovement(
      q,
      {
        movementType: 'S',
        sourceType: 'SO',
        sourceDocument: { type: 'SO', id, number: String(id) },
        // A sale is a one-line document: its line is the sale itself.
        sourceLineId: id,
        productId: f.product_id,
        warehouseId: f.warehouse_id,
        batchNumber: batch || null,
        quantity: f.quantity,
        movementDate: day,
      },
      actor,
    );
  } catch (err) {
    throw asSaleRefusal(err);
  }
  // The expiry the ledger took from the locked balance: exact even if a load changed the batch a moment ago.
  if (isBatchExpired(movement.expiry_date, now)) {
    throw new AppError(409, 'BATCH_EXPIRED', msg.batchExpired, { batch, expiry: formatDay(movement.expiry_date as string) });
  }
  await sql.setSaleMovement(q, id, movement.id, movement.expiry_date);
  const details = {
    product_id: f.product_id,
    warehouse_id: f.warehouse_id,
    batch_number: batch || null,
    quantity: movement.quantity,
    customer_id: f.customer_id,
  };
  return { id, details };
}

/** Creates a sale and posts its unload. Returns the new sale's id. */
export async function createSale(q: Queryable, f: SaleFields, actor: Actor, clock: SaleClock = {}): Promise<number> {
  const { id, details } = await postSale(q, f, actor, clock);
  await logActivity(q, { userId: actor.id, action: 'create', entityType: 'sale', entityId: id, details });
  return id;
}

/** Marks the sale cancelled and appends the reversal of its unload (no activity row). */
async function reverseSale(q: Queryable, id: number, actor: Actor, clock: SaleClock): Promise<number | null> {
  const sale = await sql.lockSale(q, id);
  if (!sale) throw new AppError(404, 'SALE_NOT_FOUND', msg.notFound, { id });
  if (sale.status === 'cancelled') throw new AppError(409, 'SALE_ALREADY_CANCELLED', msg.alreadyCancelled, { id });
  const reversal = sale.movement_id ? await reverseMovement(q, sale.movement_id, actor) : null;
  await sql.markCancelled(q, id, reversal?.id ?? null, actor.id, clock.now ?? new Date());
  return reversal?.id ?? null;
}

/** Cancels a sale: appends the reversal of its unload (goods back in stock) and marks it cancelled. Twice → 409. */
export async function cancelSale(q: Queryable, id: number, actor: Actor, clock: SaleClock = {}): Promise<void> {
  const reversalId = await reverseSale(q, id, actor, clock);
  await logActivity(q, { userId: actor.id, action: 'cancel', entityType: 'sale', entityId: id, details: { reversal_id: reversalId } });
}

/**
 * Edits a sale = cancels it and creates the new one, in the caller's ONE transaction: if the new sale is refused (stock,
 * expired batch, inactive customer…) the throw rolls the cancellation back too and the old sale stays as it was. The
 * new sale may use the goods the cancellation just put back (max = available + the old quantity).
 */
export async function editSale(q: Queryable, id: number, f: SaleFields, actor: Actor, clock: SaleClock = {}): Promise<number> {
  const reversalId = await reverseSale(q, id, actor, clock);
  const { id: newId, details } = await postSale(q, f, actor, { ...clock, replacesId: id });
  await sql.markReplaced(q, id, newId);
  await logActivity(q, {
    userId: actor.id,
    action: 'update',
    entityType: 'sale',
    entityId: id,
    details: { ...details, replaced_by: newId, reversal_id: reversalId },
  });
  return newId;
}
