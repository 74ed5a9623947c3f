import { z } from 'zod';
import {
  movementProductProblems,
  movementSchema,
  MOVEMENT_SOURCES,
  optionalId,
  optionalText,
  type MovementProductFlags,
} from '@wms/shared-api';
import { invalidFields, RequestValidationError } from '../http/validation';
import { toMilli, type Milli } from './quantity';
import type { MovementInput, MovementSource, MovementType } from './types';

/**
 * The ledger's own guard, with the movement form's rules and words: every caller (the movements API, goods receipt, sales,
 * seeders) passes here, so a rule cannot be skipped by a caller that forgot it, and a refusal is the very 400 the server's
 * standard validator gives for the form's body (`VALIDATION` with `fields`, worded by shared-api's validation table).
 * There is no second rule set: the rules are shared-api's `movementSchema` and `movementProductProblems`.
 */

/** A MovementInput checked for everything that needs no database: types, quantity, dates, the transfer's warehouses. */
export interface CheckedMovement {
  movementType: MovementType;
  sourceType: MovementSource;
  sourceDocumentType: MovementSource;
  sourceDocumentId: number | null;
  sourceDocumentNumber: string | null;
  sourceLineId: number | null;
  productId: number;
  warehouseId: number;
  destinationWarehouseId: number | null;
  batchNumber: string;
  productionDate: string | null;
  expiryDate: string | null;
  quantity: Milli;
  movementDate: string;
  notes: string | null;
}

/** Where the movement comes from: the ledger's fields beyond the form's (built from the common pieces). */
const source = z.enum(MOVEMENT_SOURCES, { error: 'invalidOption' });
const originSchema = z.object({
  source_type: source,
  source_document_type: source,
  source_document_id: optionalId,
  source_document_number: optionalText(100),
  source_line_id: optionalId,
});

/** Checks a MovementInput with the form's schema (and the origin fields); throws the standard 400 when it fails. */
export function checkMovementInput(input: MovementInput): CheckedMovement {
  const sourceType = input.sourceType ?? 'MAN';
  const doc = input.sourceDocument ?? null;
  const fields = movementSchema.safeParse({
    movement_type: input.movementType,
    movement_date: input.movementDate,
    product_id: input.productId,
    warehouse_id: input.warehouseId,
    destination_warehouse_id: input.destinationWarehouseId,
    quantity: input.quantity,
    batch_number: input.batchNumber,
    production_date: input.productionDate,
    expiry_date: input.expiryDate,
    notes: input.notes,
  });
  const origin = originSchema.safeParse({
    source_type: sourceType,
    source_document_type: doc?.type ?? sourceType,
    source_document_id: doc?.id,
    source_document_number: doc?.number,
    source_line_id: input.sourceLineId,
  });
  if (!fields.success || !origin.success) {
    throw new RequestValidationError(new z.ZodError([...(fields.error?.issues ?? []), ...(origin.error?.issues ?? [])]), 'movement');
  }
  const m = fields.data;
  const o = origin.data;
  return {
    movementType: m.movement_type,
    sourceType: o.source_type,
    sourceDocumentType: o.source_document_type,
    sourceDocumentId: o.source_document_id,
    sourceDocumentNumber: o.source_document_number,
    sourceLineId: o.source_line_id,
    productId: m.product_id,
    warehouseId: m.warehouse_id,
    destinationWarehouseId: m.destination_warehouse_id,
    batchNumber: m.batch_number ?? '',
    productionDate: m.production_date,
    expiryDate: m.expiry_date,
    // The schema accepted it (> 0, ≤ 3 decimals, ≤ the maximum) and gave its canonical text: its exact thousandths.
    quantity: toMilli(m.quantity),
    movementDate: m.movement_date,
    notes: m.notes,
  };
}

/** The form's product rules (batch; a load's production and expiry dates); throws the standard 400 when one fails. */
export function checkAgainstProduct(m: CheckedMovement, product: MovementProductFlags): void {
  const problems = movementProductProblems(
    {
      movement_type: m.movementType,
      batch_number: m.batchNumber || null,
      production_date: m.productionDate,
      expiry_date: m.expiryDate,
      quantity: '0',
    },
    product,
  );
  if (Object.keys(problems).length > 0) throw invalidFields(problems, 'movement');
}
