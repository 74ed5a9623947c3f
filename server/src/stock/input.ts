import { MAX_BATCH_LENGTH, MAX_LONG_TEXT, MOVEMENT_SOURCES, MOVEMENT_TYPES, parseDay } from '@wms/shared-api';
import { AppError } from '../http/errors';
import { stockMessages as msg } from './messages';
import { movementQuantity, type Milli } from './quantity';
import type { MovementInput, MovementSource, MovementType } from './types';

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

function invalid(field: string, detail: string): AppError {
  return new AppError(400, 'VALIDATION', msg.validation, { details: `${field}: ${detail}` });
}

function isId(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

function day(field: string, value: string | null | undefined, required: boolean): string | null {
  if (value == null || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw invalid(field, 'required');
    return null;
  }
  const parsed = typeof value === 'string' ? parseDay(value) : null;
  if (!parsed) throw new AppError(400, 'INVALID_DATE', msg.invalidDate, { field });
  return parsed;
}

function text(field: string, value: string | null | undefined, max: number): string | null {
  if (value == null) return null;
  if (typeof value !== 'string') throw invalid(field, 'text expected');
  const t = value.trim();
  if (t.length > max) throw invalid(field, `max ${max}`);
  return t === '' ? null : t;
}

/**
 * The ledger's own guard: every caller (the movements API, goods receipt, sales) passes here, so a rule cannot be skipped
 * by a caller that forgot it. Throws a 400 AppError naming the problem.
 */
export function checkMovementInput(input: MovementInput): CheckedMovement {
  if (!(MOVEMENT_TYPES as readonly string[]).includes(input.movementType)) throw invalid('movement_type', String(input.movementType));
  const sourceType = input.sourceType ?? 'MAN';
  if (!(MOVEMENT_SOURCES as readonly string[]).includes(sourceType)) throw invalid('source_type', String(sourceType));
  const doc = input.sourceDocument ?? null;
  const sourceDocumentType = doc?.type ?? sourceType;
  if (!(MOVEMENT_SOURCES as readonly string[]).includes(sourceDocumentType))
    throw invalid('source_document.type', String(sourceDocumentType));
  if (doc?.id != null && !isId(doc.id)) throw invalid('source_document.id', String(doc.id));
  if (input.sourceLineId != null && !isId(input.sourceLineId)) throw invalid('source_line_id', String(input.sourceLineId));
  if (!isId(input.productId)) throw invalid('product_id', String(input.productId));
  if (!isId(input.warehouseId)) throw invalid('warehouse_id', String(input.warehouseId));

  let destinationWarehouseId: number | null = null;
  if (input.movementType === 'T') {
    if (input.destinationWarehouseId == null) throw new AppError(400, 'DESTINATION_REQUIRED', msg.destinationRequired);
    if (!isId(input.destinationWarehouseId)) throw invalid('destination_warehouse_id', String(input.destinationWarehouseId));
    if (input.destinationWarehouseId === input.warehouseId) throw new AppError(400, 'SAME_WAREHOUSE', msg.sameWarehouse);
    destinationWarehouseId = input.destinationWarehouseId;
  }

  const quantity = movementQuantity(input.quantity);
  if (quantity === null) throw new AppError(400, 'INVALID_QUANTITY', msg.invalidQuantity);

  const movementDate = day('movement_date', input.movementDate, true) as string;
  const productionDate = day('production_date', input.productionDate, false);
  const expiryDate = day('expiry_date', input.expiryDate, false);
  if (input.movementType === 'C' && productionDate && expiryDate && expiryDate < productionDate) {
    throw new AppError(400, 'EXPIRY_BEFORE_PRODUCTION', msg.expiryBeforeProduction);
  }

  return {
    movementType: input.movementType,
    sourceType,
    sourceDocumentType,
    sourceDocumentId: doc?.id ?? null,
    sourceDocumentNumber: text('source_document.number', doc?.number, 100),
    sourceLineId: input.sourceLineId ?? null,
    productId: input.productId,
    warehouseId: input.warehouseId,
    destinationWarehouseId,
    batchNumber: text('batch_number', input.batchNumber, MAX_BATCH_LENGTH) ?? '',
    productionDate,
    expiryDate,
    quantity,
    movementDate,
    notes: text('notes', input.notes, MAX_LONG_TEXT),
  };
}
