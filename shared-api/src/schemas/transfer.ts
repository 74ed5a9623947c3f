import { z } from 'zod';
import { compareDecimals, isDecimalString, QUANTITY_DECIMALS, registerValidationMessages, type FieldProblem } from '@wms/shared-api/core';
import { decimal, decimalView, id, listQuery, MAX_LONG_TEXT, MAX_TEXT, optionalText, queryDay, queryId, requiredDay } from './common';
import { MAX_BATCH_LENGTH, MAX_MOVEMENT_QUANTITY, quantityField } from './movement';
import { addProblems } from './problems';

/**
 * Transfers between warehouses (issue 26): the body of POST / PUT /transfers, of ship and receive, and the answers — parsed
 * by the transfer screens and by the server alike. A transfer is a document: draft → in_transit (shipped: the goods are
 * in the system's transit location) → received | partially_received; a draft can be cancelled, a shipment not yet
 * received reversed (goods back to the source).
 */
export const TRANSFER_STATUSES = ['draft', 'in_transit', 'received', 'partially_received', 'cancelled', 'reversed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * Why a line arrived short: `returned` goes back to the source warehouse (a transfer back), `damaged` and `lost` are
 * written off from transit (an unload with the reason in its notes).
 */
export const SHORTFALL_REASONS = ['damaged', 'lost', 'returned'] as const;
export type ShortfallReason = (typeof SHORTFALL_REASONS)[number];

export const MAX_TRANSFER_LINES = 200;
export const MAX_PACKAGES = 100_000;
/** Gross weight in kg, 3 decimals. */
export const MAX_GROSS_WEIGHT = 1_000_000_000;

export const transferValidationMessages = registerValidationMessages({
  it: {
    transferNoLines: 'Aggiungi almeno una riga al trasferimento',
    transferDuplicateLine: 'Prodotto e lotto già presenti in un’altra riga',
    transferReasonRequired: 'Indica il motivo della differenza',
    transferAboveShipped: 'Quantità superiore a quella spedita ({{shipped}})',
    transferUnknownLine: 'Riga non appartenente a questo trasferimento',
  },
  fr: {
    transferNoLines: 'Ajoutez au moins une ligne au transfert',
    transferDuplicateLine: 'Produit et lot déjà présents sur une autre ligne',
    transferReasonRequired: 'Indiquez le motif de l’écart',
    transferAboveShipped: 'Quantité supérieure à la quantité expédiée ({{shipped}})',
    transferUnknownLine: 'Ligne n’appartenant pas à ce transfert',
  },
});

export const transferLineSchema = z.object({
  product_id: id,
  batch_number: optionalText(MAX_BATCH_LENGTH),
  quantity: quantityField,
});

/** POST /transfers and PUT /transfers/{id} (a draft). */
export const transferSchema = z
  .object({
    from_warehouse_id: id,
    to_warehouse_id: id,
    transfer_date: requiredDay,
    lines: z
      .array(transferLineSchema, { error: (iss) => (iss.input == null ? 'transferNoLines' : 'invalidType') })
      .min(1, { error: 'transferNoLines' })
      .max(MAX_TRANSFER_LINES, { error: 'tooLong' }),
    carrier: optionalText(MAX_TEXT),
    packages: z
      .preprocess(
        // A form's text field holds a whole number: read it as the number (blank: none), so a negative or too large one
        // gets its own words, as a number sent as JSON does.
        (v) => (typeof v === 'string' ? (v.trim() === '' ? null : /^-?\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v) : v),
        z
          .number({ error: 'invalidType' })
          .int({ error: 'invalidType' })
          .min(0, { error: 'notNegative' })
          .max(MAX_PACKAGES, { error: 'tooLarge' })
          .nullish(),
      )
      .transform((v) => v ?? null),
    gross_weight: z
      .preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        decimal({ decimals: QUANTITY_DECIMALS, max: MAX_GROSS_WEIGHT, min: 'notNegative' }).optional(),
      )
      .transform((v) => v ?? null),
    notes: optionalText(MAX_LONG_TEXT),
  })
  .superRefine((t, ctx) => {
    if (t.to_warehouse_id === t.from_warehouse_id) {
      ctx.addIssue({ code: 'custom', path: ['to_warehouse_id'], message: 'sameWarehouse' });
    }
    const seen = new Set<string>();
    t.lines.forEach((l, i) => {
      const key = `${l.product_id}\u0000${l.batch_number ?? ''}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'batch_number'], message: 'transferDuplicateLine' });
      seen.add(key);
    });
  });
export type TransferBody = z.input<typeof transferSchema>;
export type TransferFields = z.output<typeof transferSchema>;

/** POST /transfers/{id}/ship: `receive: true` ships and receives in one transaction (sites under one roof). */
export const transferShipSchema = z.preprocess((v) => v ?? {}, z.object({ receive: z.boolean({ error: 'invalidType' }).default(false) }));

/** A received quantity: 0 up to what was shipped. */
const receivedQuantity = decimal({ decimals: QUANTITY_DECIMALS, max: MAX_MOVEMENT_QUANTITY, min: 'notNegative' });

export const transferReceiveLineSchema = z.object({
  line_id: id,
  quantity: receivedQuantity,
  reason: z
    .enum(SHORTFALL_REASONS, { error: 'invalidOption' })
    .nullish()
    .transform((v) => v ?? null),
});

/** POST /transfers/{id}/receive: without lines everything shipped arrived; a listed line short of its quantity needs a reason. */
export const transferReceiveSchema = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      lines: z.array(transferReceiveLineSchema, { error: 'invalidType' }).max(MAX_TRANSFER_LINES, { error: 'tooLong' }).optional(),
    })
    .superRefine((r, ctx) => {
      const seen = new Set<number>();
      (r.lines ?? []).forEach((l, i) => {
        if (seen.has(l.line_id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'line_id'], message: 'transferDuplicateLine' });
        seen.add(l.line_id);
      });
    }),
);
export type TransferReceiveBody = z.input<typeof transferReceiveSchema>;
export type TransferReceiveFields = z.output<typeof transferReceiveSchema>;

/**
 * What arrived against what was shipped, one rule for the receive form and the server: a line of the transfer, not above
 * its shipped quantity, short of it only with a reason. Paths are the body's (`lines.2.reason`); a quantity that is not
 * a number yet is the schema's to word.
 */
export function transferArrivalProblems(
  shipped: ReadonlyArray<{ id: number; quantity: string }>,
  lines: ReadonlyArray<{ line_id: number; quantity: string; reason?: string | null }>,
): Record<string, FieldProblem> {
  const byId = new Map(shipped.map((l) => [l.id, l]));
  const problems: Record<string, FieldProblem> = {};
  lines.forEach((r, i) => {
    const line = byId.get(r.line_id);
    if (!line) problems[`lines.${i}.line_id`] = { key: 'transferUnknownLine', params: {} };
    else if (!isDecimalString(r.quantity)) return;
    else if (compareDecimals(r.quantity, line.quantity) > 0)
      problems[`lines.${i}.quantity`] = { key: 'transferAboveShipped', params: { shipped: line.quantity } };
    else if (compareDecimals(r.quantity, line.quantity) < 0 && !r.reason)
      problems[`lines.${i}.reason`] = { key: 'transferReasonRequired', params: {} };
  });
  return problems;
}

/** The receive form of a shipped transfer: a line each (what arrived, why it is short), checked as the server does. */
export function transferReceiveFormSchema(shipped: ReadonlyArray<{ id: number; quantity: string }>) {
  return z
    .object({ lines: z.array(transferReceiveLineSchema) })
    .superRefine((r, ctx) => addProblems(ctx, [], transferArrivalProblems(shipped, r.lines)));
}

// ---------------------------------------------------------------------------------------------------------------- views

export const transferLineViewSchema = z.object({
  id: z.number(),
  line_no: z.number(),
  product_id: z.number(),
  product_code: z.string(),
  product_description: z.string(),
  unit_of_measure: z.string().nullable(),
  batch_number: z.string().nullable(),
  quantity: decimalView,
  production_date: z.string().nullable().describe('yyyy-MM-dd, the stock’s, set when shipped'),
  expiry_date: z.string().nullable().describe('yyyy-MM-dd, the stock’s, set when shipped'),
  received_quantity: decimalView.nullable(),
  shortfall_reason: z.enum(SHORTFALL_REASONS).nullable(),
});
export type TransferLine = z.infer<typeof transferLineViewSchema>;

const transferHead = {
  id: z.number(),
  number: z.string().describe('TR-yyyy-nnnnn'),
  status: z.enum(TRANSFER_STATUSES),
  from_warehouse_id: z.number(),
  from_warehouse_name: z.string(),
  to_warehouse_id: z.number(),
  to_warehouse_name: z.string(),
  transfer_date: z.string().describe('yyyy-MM-dd'),
  carrier: z.string().nullable(),
  packages: z.number().nullable(),
  gross_weight: decimalView.nullable().describe('kg'),
  notes: z.string().nullable(),
  shipped_at: z.string().nullable(),
  received_at: z.string().nullable(),
  closed_at: z.string().nullable().describe('when cancelled or reversed'),
  created_by: z.string().nullable().describe('username'),
  created_at: z.string(),
};

export const transferViewSchema = z.object({ ...transferHead, lines: z.array(transferLineViewSchema) });
export type Transfer = z.infer<typeof transferViewSchema>;

export const transferListRowSchema = z.object({
  ...transferHead,
  line_count: z.number(),
  total_quantity: decimalView.describe('Σ over every line, whatever its unit: kept for older clients; show `quantities`'),
  quantities: z
    .array(z.object({ unit_of_measure: z.string().nullable(), quantity: decimalView }))
    .describe('Σ quantity per unit of measure, first line first (quantities of different units are never added)'),
});
export type TransferListRow = z.infer<typeof transferListRowSchema>;

export const TRANSFER_SORTS = ['date', 'number', 'status'] as const;

export const transferListQuery = listQuery(TRANSFER_SORTS, {
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TRANSFER_STATUSES, { error: 'invalidOption' }).optional()),
  warehouse_id: queryId.describe('from or to this warehouse'),
  from_warehouse_id: queryId,
  to_warehouse_id: queryId,
  date_from: queryDay,
  date_to: queryDay,
});
export type TransferListQuery = z.input<typeof transferListQuery>;
