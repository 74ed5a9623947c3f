import { companyDay, compareDecimals, subtractDecimals, type InventoryProblem, type UncountedChoice } from '@wms/shared-api';
import type { Queryable } from '../db';
import { AppError, render, shown, type Lang } from '../http/errors';
import { postAdjustments } from '../stock/adjustments';
import type { Actor } from '../stock/types';
import { inventoryMessages as msg } from './messages';
import * as sql from './queries';

/**
 * Applying a count (issue 25), in the caller's ONE transaction (the Idempotency-Key's): lock the count (FOR UPDATE: a
 * second apply or a cancel waits, then finds it closed), lock the balance rows of every line that changes in the ledger's
 * key order, list EVERY problem (a balance that would go below zero, a product deactivated or deleted, a new batch
 * without the dates its product needs) and refuse with all of them before anything is written; else post every
 * adjustment `counted − book at the snapshot` (INV: C for a gain, S for a loss; the count is the document, the line its
 * line) through the stock module's set-wise door (stock/adjustments.ts: the ledger's rows, locks and refusals, three
 * statements for any number of lines) and close the count. Goods moved after the snapshot stay: applied stock = counted + net
 * movements since the snapshot.
 */

/** The 409 of an apply with problems; the route renders it with `problems` in the caller's language. */
export class ApplyProblems extends Error {
  constructor(readonly problems: { line: sql.PlannedLine; reason: InventoryProblem['reason'] }[]) {
    super('inventory count has problems');
    this.name = 'ApplyProblems';
  }
}

/** The refusal's body in `lang`: `{error, code: 'INVENTORY_PROBLEMS', problems: [{product_id, batch_number, reason, …}]}`. */
export function problemsBody(err: ApplyProblems, lang: Lang) {
  return {
    error: render(msg.problems, lang, { count: shown(err.problems.length) }),
    code: 'INVENTORY_PROBLEMS',
    problems: err.problems.map(({ line, reason }) => ({
      product_id: line.product_id,
      product_code: line.product_code,
      batch_number: line.batch_number,
      reason,
      message: render(reasonMessage(reason), lang, {
        code: line.product_code,
        counted: shown(line.counted),
        book: shown(line.book),
        moved: shown(subtractDecimals(line.current, line.book)),
      }),
    })),
  };
}

function reasonMessage(reason: InventoryProblem['reason']) {
  switch (reason) {
    case 'NEGATIVE_STOCK':
      return msg.negativeStock;
    case 'PRODUCT_INACTIVE':
      return msg.productInactive;
    case 'PRODUCT_DELETED':
      return msg.productDeleted;
    case 'DATES_REQUIRED':
      return msg.datesRequired;
  }
}

/** What is wrong with one planned line, or null. */
function problemOf(line: sql.PlannedLine): InventoryProblem['reason'] | null {
  if (line.product_deleted) return 'PRODUCT_DELETED';
  if (line.product_status !== 'active') return 'PRODUCT_INACTIVE';
  if (compareDecimals(line.result, 0) < 0) return 'NEGATIVE_STOCK';
  const gain = compareDecimals(line.adjustment, 0) > 0;
  if (gain && ((line.has_expiry_date && !line.expiry_date) || (line.has_production_date && !line.production_date))) return 'DATES_REQUIRED';
  return null;
}

/** The count, locked; 404 when unknown, 409 INVENTORY_COUNT_CLOSED when no longer open. */
export async function openCount(q: Queryable, id: number, mode: 'share' | 'update'): Promise<sql.CountHead> {
  const head = await sql.lockCount(q, id, mode);
  assertOpen(head, id);
  return head;
}

/** 404 when the count `id` is unknown (`head` null), 409 INVENTORY_COUNT_CLOSED when it is no longer open. */
export function assertOpen(head: sql.CountHead | null, id: number): asserts head is sql.CountHead {
  if (!head) throw new AppError(404, 'INVENTORY_COUNT_NOT_FOUND', msg.notFound, { id });
  if (head.status !== 'open') throw closedError(head);
}

/** 409 worded in both languages with the status in each. */
function closedError(head: { id: number; status: string }): AppError {
  const status = head.status === 'applied' ? msg.statusApplied : msg.statusCancelled;
  return new AppError(
    409,
    'INVENTORY_COUNT_CLOSED',
    {
      it: msg.notOpen.it.replace('{{status}}', status.it),
      fr: msg.notOpen.fr.replace('{{status}}', status.fr),
    },
    { id: head.id },
  );
}

export interface Applied {
  posted: number;
}

export async function applyCount(q: Queryable, id: number, uncounted: UncountedChoice, actor: Actor, now = new Date()): Promise<Applied> {
  const head = await openCount(q, id, 'update');
  const plan = await sql.planApply(q, id, head.warehouse_id, uncounted);
  const problems = plan.flatMap((line) => {
    const reason = problemOf(line);
    return reason ? [{ line, reason }] : [];
  });
  if (problems.length > 0) throw new ApplyProblems(problems);
  const movements = await postAdjustments(
    q,
    {
      warehouseId: head.warehouse_id,
      sourceType: 'INV',
      sourceDocument: { type: 'INV', id, number: `INV-${id}` },
      movementDate: companyDay(now),
      lines: plan.map((line) => ({
        productId: line.product_id,
        batchNumber: line.batch_number,
        delta: line.adjustment,
        productionDate: line.production_date,
        expiryDate: line.expiry_date,
        sourceLineId: line.line_id,
      })),
    },
    actor,
  );
  const posted = plan.map((line) => ({
    lineId: line.line_id,
    adjustment: line.adjustment,
    movementId: movements.get(line.line_id) as number,
  }));
  await sql.markApplied(q, id, posted, uncounted, actor.id);
  return { posted: posted.length };
}

export async function cancelCount(q: Queryable, id: number, userId: number): Promise<void> {
  await openCount(q, id, 'update');
  await sql.markCancelled(q, id, userId);
}
