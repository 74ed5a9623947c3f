import { decimalText, type FieldProblem } from '@wms/shared-api/core';
import { formatDay, parseDay } from './common';
import { movementFormValuesSchema, movementProductProblems, movementSchema, type MovementBody, type MovementFormValues } from './movement';
import type { BarcodeLookup, Product } from './product';
import type { MovementView } from './stock-views';

/**
 * The movement form's values (movementFormValuesSchema: days ISO, the quantity exact decimal text, the chosen product
 * itself) with the movement's rules: what they send, the schema the form saves with, the rules it shows while typing, a
 * new movement's and a corrected one's values, what changing one field implies for the others. The rules are those the server applies (movementSchema,
 * movementProductProblems), in the same words; nothing here is a second rule set.
 */

/** The body of POST / PUT /stock-movements for the form's values (SPEC §7): dates dd/MM/yyyy, quantity exact decimal text. */
export function movementBody(v: MovementFormValues): MovementBody {
  const p = v.product_id;
  const isLoad = v.movement_type === 'C';
  const day = (iso: string) => (iso ? formatDay(iso) : null);
  const quantity = v.quantity.trim();
  return {
    movement_type: v.movement_type,
    movement_date: v.movement_date ? formatDay(v.movement_date) : '',
    product_id: p?.id ?? null,
    warehouse_id: v.warehouse_id ? parseInt(v.warehouse_id, 10) : null,
    destination_warehouse_id: v.movement_type === 'T' && v.destination_warehouse_id ? parseInt(v.destination_warehouse_id, 10) : null,
    quantity: (quantity === '' ? null : quantity) as string,
    batch_number: p?.has_batch ? v.batch_number : null,
    production_date: isLoad && p?.has_production_date ? day(v.production_date) : null,
    expiry_date: isLoad && p?.has_expiry_date ? day(v.expiry_date) : null,
    notes: v.notes,
  };
}

/** The shared product rules (batch, a load's dates, the stock available) on the form's values; none without a product. */
function movementFormProblems(v: MovementFormValues, available: string | null): Record<string, FieldProblem> {
  if (!v.product_id) return {};
  // The exact decimal typed: compared with what is available, and written in the reader's language ("disponibili 1.234,5").
  const quantity = decimalText(v.quantity);
  const m = {
    movement_type: v.movement_type,
    batch_number: v.batch_number.trim() || null,
    production_date: v.production_date || null,
    expiry_date: v.expiry_date || null,
    quantity: quantity ?? '0',
  };
  return movementProductProblems(m, v.product_id, quantity === null ? null : available);
}

/** Rules shown while typing: the same warehouse twice (the shared schema says it on save), more than is available. */
export function movementLiveProblems(
  v: MovementFormValues,
  available: string | null,
): Partial<Record<'destination_warehouse_id' | 'quantity', FieldProblem>> {
  const live: Partial<Record<'destination_warehouse_id' | 'quantity', FieldProblem>> = {};
  if (v.movement_type === 'T' && v.destination_warehouse_id && v.destination_warehouse_id === v.warehouse_id) {
    live.destination_warehouse_id = { key: 'sameWarehouse', params: {} };
  }
  const quantity = movementFormProblems(v, available).quantity;
  if (quantity) live.quantity = quantity;
  return live;
}

/**
 * The form's schema: its values become the API body, checked by the shared movement schema the server parses too, and,
 * side by side (so every message shows at once), by the product's rules with the stock `available()` at the time of the
 * check — in the same words as the server.
 */
export function movementFormSchema(available: () => string | null) {
  return movementFormValuesSchema.transform((v, ctx) => {
    const parsed = movementSchema.safeParse(movementBody(v));
    for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ ...issue, input: undefined } as Parameters<typeof ctx.addIssue>[0]);
    for (const [path, p] of Object.entries(movementFormProblems(v, available())))
      ctx.addIssue({ code: 'custom', path: [path], message: p.key, params: p.params });
    // With issues added the parse fails whatever is returned (zod's NEVER is the same: a value typed never).
    return parsed.success ? parsed.data : (undefined as never);
  });
}

/** A new movement: a load dated `day` (SPEC §5: the date defaults to today). */
export function newMovementValues(day: string): MovementFormValues {
  return {
    movement_type: 'C',
    movement_date: day,
    product_id: null,
    warehouse_id: '',
    destination_warehouse_id: '',
    batch_number: '',
    production_date: '',
    expiry_date: '',
    quantity: '',
    notes: '',
  };
}

/** The values of a movement being corrected; `product` null when it could not be read (deleted since). */
export function movementValuesOf(m: MovementView, product: Product | null): MovementFormValues {
  return {
    movement_type: m.movement_type,
    movement_date: parseDay(m.movement_date) ?? '',
    product_id: product,
    warehouse_id: String(m.warehouse_id),
    destination_warehouse_id: m.destination_warehouse_id ? String(m.destination_warehouse_id) : '',
    batch_number: m.batch_number ?? '',
    production_date: m.production_date ?? '',
    expiry_date: m.expiry_date ?? '',
    quantity: String(m.quantity),
    notes: m.notes ?? '',
  };
}

/** A batch and its dates: what another product, or a switch between a load and goods that leave, leaves empty. */
const NO_BATCH = { batch_number: '', production_date: '', expiry_date: '' };

/**
 * The values once the user changes the type, the product or the warehouse, with what that implies: another product, or a
 * switch between a load and goods that leave, empties the batch and its dates; another warehouse empties the batch of
 * goods that leave (it was one of that warehouse's).
 */
export function changeMovementValue<K extends 'movement_type' | 'product_id' | 'warehouse_id'>(
  v: MovementFormValues,
  field: K,
  value: MovementFormValues[K],
): MovementFormValues {
  const next = { ...v, [field]: value };
  const switched = field === 'movement_type' && (value === 'C') !== (v.movement_type === 'C');
  if (field === 'product_id' || switched) return { ...next, ...NO_BATCH };
  return field === 'warehouse_id' && v.movement_type !== 'C' ? { ...next, batch_number: '' } : next;
}

/** A load's batch as typed: a batch already in stock (`known`) keeps its dates — the server refuses other ones. */
export function movementWithLoadBatch(
  v: MovementFormValues,
  batch: string,
  known?: { production_date: string | null; expiry_date: string | null },
): MovementFormValues {
  const p = v.product_id;
  return {
    ...v,
    batch_number: batch,
    production_date: p?.has_production_date && known?.production_date ? known.production_date : v.production_date,
    expiry_date: p?.has_expiry_date && known?.expiry_date ? known.expiry_date : v.expiry_date,
  };
}

/**
 * A scan (issue 27): its product, and its batch; for a load also the dates the product manages and the quantity the
 * label carries. Goods that leave keep the quantity the user types.
 */
export function movementWithScan(v: MovementFormValues, found: BarcodeLookup): MovementFormValues {
  const p = found.product;
  const next = p.id === v.product_id?.id ? { ...v } : changeMovementValue(v, 'product_id', p);
  if (found.batch_number && p.has_batch) next.batch_number = found.batch_number;
  if (v.movement_type !== 'C') return next;
  if (found.production_date && p.has_production_date) next.production_date = found.production_date;
  if (found.expiry_date && p.has_expiry_date) next.expiry_date = found.expiry_date;
  if (found.quantity) next.quantity = found.quantity;
  return next;
}
