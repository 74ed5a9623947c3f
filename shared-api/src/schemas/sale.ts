import { z } from 'zod';
import {
  compareDecimals,
  fieldMessages,
  isDecimalString,
  fieldProblems,
  type FieldProblem,
  QUANTITY_DECIMALS,
  validationMessage,
} from '@wms/shared-api/core';
import { decimal, decimalView, id, optionalText } from './common';
import { MAX_BATCH_LENGTH, MAX_MOVEMENT_QUANTITY } from './movement';

/**
 * Sales (SPEC §3 Sale, §5 Sale, §7 /sales, §8 Sales): the body of POST /sales and PUT /sales/{id}, parsed by the sale
 * form and by the server alike, the list's row, and every sale message in both languages. Rules that need the stock
 * (availability, expired batch) are checked again by the server under the ledger's locks.
 */
export const SALE_STATUSES = ['active', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** SPEC §9: sale quantity minimum 1, step 0.01. */
export const SALE_MIN_QUANTITY = 1;
export const SALE_QUANTITY_STEP = 0.01;

// The sale rules' words and the sale screens' sentences live in validation/sale-messages.ts (in the zod-free core, so
// the operations hub's i18n does not load the schemas): `saleValidationMessages`, `saleMessages`.

// --------------------------------------------------------------------------------------------------------------- fields

/**
 * ≥ 1 (SPEC §9), at most 3 decimals (the ledger's exactness), at most 1e9: exact decimal text ('2.5', as the form's
 * NumberField holds it) or an exactly representable JSON number as SPEC §7 sends it; anything else is the one "invalid
 * quantity" message. Output: canonical decimal text.
 */
const quantity = decimal({
  decimals: QUANTITY_DECIMALS,
  max: MAX_MOVEMENT_QUANTITY,
  min: { least: SALE_MIN_QUANTITY },
  oneKey: 'saleQuantity',
});

/**
 * POST /sales and PUT /sales/{id} (edit): SPEC §7 fields. `created_by` is accepted and ignored (the author is the session's
 * user); a blank batch means none (required by the server when the product manages batches).
 */
export const saleSchema = z.object({
  product_id: id,
  warehouse_id: id,
  batch_number: optionalText(MAX_BATCH_LENGTH),
  quantity,
  customer_id: id,
  created_by: z
    .unknown()
    .optional()
    .transform(() => undefined),
});
export type SaleBody = z.input<typeof saleSchema>;
export type SaleFields = z.output<typeof saleSchema>;

/** PUT /sales/{id}/status (SPEC §7, the older reading of cancel): only `cancelled` is a status a sale can move to. */
export const saleStatusSchema = z.object({
  status: z.literal('cancelled', { error: (iss) => (iss.input == null ? 'required' : 'onlyCancel') }),
});

/** Problems of the stock-dependent rules the form checks before the server does: quantity vs available, batch required. */
export function saleStockProblems(
  sale: { quantity: string | null | undefined; batch_number: string | null | undefined },
  product: { has_batch: boolean } | null,
  available: string | null,
): Record<string, SaleProblem> {
  const out: Record<string, SaleProblem> = {};
  if (product?.has_batch && !sale.batch_number) out.batch_number = { key: 'batchRequired', params: {} };
  if (available !== null && isDecimalString(sale.quantity) && compareDecimals(sale.quantity, available) > 0) {
    out.quantity = { key: 'aboveAvailability', params: { available } };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------- views

/** A row of GET /sales (SPEC §3 Sale): created_at as dd/MM/yyyy. */
export const saleViewSchema = z.object({
  id: z.number(),
  status: z.enum(SALE_STATUSES),
  product_id: z.number(),
  product_code: z.string(),
  product_description: z.string(),
  quantity: decimalView,
  unit_of_measure: z.string().nullable().describe("the product's unit code (m, kg, piece, l)"),
  batch_number: z.string().nullable(),
  expiry_date: z.string().nullable().describe('yyyy-MM-dd, the batch expiry when sold'),
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  created_at: z.string().describe('dd/MM/yyyy'),
  created_by: z.string().nullable(),
  movement_id: z.number().nullable(),
  replaces_id: z.number().nullable(),
  replaced_by_id: z.number().nullable(),
  cancelled_at: z.string().nullable().describe('dd/MM/yyyy'),
});
export type SaleView = z.infer<typeof saleViewSchema>;

/** A batch a sale may take from (GET /sales/stock/{productId}): FEFO-ordered, `expired` by the shared rule. */
export const saleStockRowSchema = z.object({
  product_id: z.number(),
  warehouse_id: z.number(),
  warehouse_name: z.string(),
  batch_number: z.string().nullable(),
  quantity: decimalView,
  unit_of_measure: z.string().nullable().describe("the product's unit code (m, kg, piece, l)"),
  expiry_date: z.string().nullable().describe('yyyy-MM-dd'),
  received_at: z.string().nullable().describe('yyyy-MM-dd, first load of this batch here'),
  expired: z.boolean(),
});
export type SaleStockRow = z.infer<typeof saleStockRowSchema>;

// ------------------------------------------------------------------------------------------------------------ wording

/** A problem of one field: a registered message key and its parameters (the shared FieldProblem). */
export type SaleProblem = FieldProblem;

/** First problem per field (the shared `fieldProblems`: sale keys are registered in the one table). */
export const saleFieldProblems: (error: z.ZodError) => Record<string, SaleProblem> = fieldProblems;

/** A sale or shared validation key in words (the shared `validationMessage`). */
export const saleMessage = validationMessage;

/** Field → message in one language (the shared `fieldMessages`). */
export const saleFieldMessages = fieldMessages;
