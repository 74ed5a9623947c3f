import type { MovementSource, MovementType } from '@wms/shared-api';

export type { MovementSource, MovementType };

/** Who posts a movement: the signed-in user (request.user fits), or null for the system. */
export interface Actor {
  id: number | null;
}

/** The document a movement comes from: a sale, a goods receipt (purchase order), or nothing (manual). */
export interface SourceDocument {
  type: MovementSource;
  id?: number | null;
  number?: string | null;
}

/**
 * One stock change as the ledger takes it — from the movements API, and later from goods receipt (C, source PO) and sales
 * (S, source SO). Dates are 'yyyy-MM-dd'. Batch and dates are kept only where the product manages them; for an unload or
 * a transfer the dates come from the stock being moved, never from the caller.
 */
export interface MovementInput {
  movementType: MovementType;
  /** Default 'MAN'. */
  sourceType?: MovementSource;
  sourceDocument?: SourceDocument | null;
  /**
   * The document line this movement comes from (like Tryton's origin): the receipt line or order item for goods
   * receipt, the sale (line) for sales; null for manual movements. Kept by reversals and corrections.
   */
  sourceLineId?: number | null;
  productId: number;
  /** The warehouse loaded (C) or taken from (S, T). */
  warehouseId: number;
  /** Transfers only (required there, ignored otherwise). */
  destinationWarehouseId?: number | null;
  batchNumber?: string | null;
  productionDate?: string | null;
  expiryDate?: string | null;
  /** > 0, at most 3 decimals, at most 1e9. Decimal text ("12.345") is taken exactly; a number through its printing. */
  quantity: number | string;
  movementDate: string;
  notes?: string | null;
}

/** A stock_movements row as the database returns it (numeric as text, dates as 'yyyy-MM-dd'). */
export interface MovementRecord {
  id: number;
  movement_type: MovementType;
  source_type: MovementSource;
  source_document_type: MovementSource | null;
  source_document_id: number | null;
  source_document_number: string | null;
  source_line_id: number | null;
  product_id: number;
  warehouse_id: number;
  destination_warehouse_id: number | null;
  batch_number: string;
  production_date: string | null;
  expiry_date: string | null;
  quantity: string;
  movement_date: string;
  notes: string | null;
  reverses_id: number | null;
  reversed_by_id: number | null;
  replaces_id: number | null;
  created_by: number | null;
  modified_by: number | null;
  created_at: Date;
}

/** The result of a correction: the reversal of the old row and the movement that replaces it. */
export interface Correction {
  reversal: MovementRecord;
  movement: MovementRecord;
}
