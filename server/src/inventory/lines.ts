import { movementProductProblems, type FieldProblem, type InventoryCountLineFields } from '@wms/shared-api';
import type { Queryable } from '../db';
import { invalidFields } from '../http/validation';
import { assertOpen } from './apply';
import * as sql from './queries';

/**
 * Locks the count for counting (FOR SHARE: 404 when unknown, 409 INVENTORY_COUNT_CLOSED when no longer open) and checks
 * the rules of a counted line that need the database, with the movement form's own words (shared-api): the product
 * exists and belongs to the count's scope; a batch where the product manages batches (dropped where it does not); a
 * batch nobody knows yet (no line of the count, no stock anywhere) carries the dates its product needs, as a load would
 * (movementProductProblems). Every bad line is reported at once (400 VALIDATION, fields `lines.3.batch_number`…).
 * Returns the lines as they are saved (one per product and batch, the last one sent winning).
 */
export async function checkCountedLines(
  q: Queryable,
  countId: number,
  input: InventoryCountLineFields[],
): Promise<InventoryCountLineFields[]> {
  // The count locked FOR SHARE, the products and the known batches: one statement. The batches asked are every named
  // (product, batch) — only those of products with batches are looked at below; none named, none asked.
  const named = new Map<string, { productId: number; batch: string }>();
  for (const l of input)
    if (l.batch_number) named.set(`${l.product_id}\u0000${l.batch_number}`, { productId: l.product_id, batch: l.batch_number });
  const { head, products, known } = await sql.lockCountForCounting(
    q,
    countId,
    [...new Set(input.map((l) => l.product_id))],
    [...named.values()],
  );
  assertOpen(head, countId);
  const problems: Record<string, FieldProblem> = {};
  const fitted = input.map((l) => {
    const p = products.get(l.product_id);
    return p && !p.has_batch ? { ...l, batch_number: '', expiry_date: null, production_date: null } : l;
  });
  fitted.forEach((l, i) => {
    const p = products.get(l.product_id);
    if (!p || p.deleted) {
      problems[`lines.${i}.product_id`] = { key: 'productUnknown', params: {} };
      return;
    }
    if (!p.in_scope) {
      problems[`lines.${i}.product_id`] = { key: 'productNotInCount', params: {} };
      return;
    }
    if (!p.has_batch) return;
    const isNew = !known.has(`${l.product_id}\u0000${l.batch_number}`);
    const found = movementProductProblems(
      {
        movement_type: isNew ? 'C' : 'S',
        batch_number: l.batch_number || null,
        production_date: l.production_date,
        expiry_date: l.expiry_date,
        quantity: l.counted_quantity,
      },
      p,
    );
    for (const [field, problem] of Object.entries(found)) problems[`lines.${i}.${field}`] = problem;
  });
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const last = new Map<string, InventoryCountLineFields>();
  for (const l of fitted) last.set(`${l.product_id}\u0000${l.batch_number}`, l);
  return [...last.values()];
}
