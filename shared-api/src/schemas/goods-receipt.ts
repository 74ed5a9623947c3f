import { z } from 'zod';
import {
  compareDecimals,
  decimalPlaces,
  isDecimalString,
  ITEM_STATUSES,
  ORDER_STATUSES,
  QUANTITY_DECIMALS,
  subtractDecimals,
  sumDecimals,
  toUnits,
  fieldMessages,
  fieldProblems,
  type FieldProblem,
  isBatchExpired,
  isLineLocked,
  registerValidationMessages,
  validationMessage,
} from '@wms/shared-api/core';
import { decimal, decimalView, hasControlChars, id, optionalId, optionalText, parseDay } from './common';
import { MAX_BATCH_LENGTH, MAX_MOVEMENT_QUANTITY } from './movement';
import { addProblems } from './problems';

/**
 * Goods receipt (SPEC §3 Goods receipt order / Receipt document, §5 Goods receipt, §7 POST /goods-receipts/receive): the
 * body the detail screen sends and the server parses, with the rules of §5 worded once in both languages. Rules that need
 * the product's flags (batches, expiry, production date) are in `receiptItemProblems`, used by the form, the batch dialog
 * and the server alike.
 */

/** SPEC §9: the batch quantities must sum to the received quantity within this much. */
export const RECEIPT_BATCH_TOLERANCE = 0.001;
/** The same tolerance in thousandths (quantities have at most 3 decimals, so their sums are exact there). */
const TOLERANCE_UNITS = 1n;
export const MAX_DOCUMENT_NUMBER = 50;
/** More lines than any delivery note has; a longer body is refused, never half-processed. */
export const MAX_RECEIPT_ITEMS = 500;
export const MAX_RECEIPT_BATCHES = 200;

/**
 * The receipt rules' words (SPEC §5, §8 Goods receipt), registered once in the one validation table: the detail screen,
 * the batch dialog and the server's 400 say the same sentence. Rules shared with movements (expiry and production date
 * required, expiry before production, quantity too large) and the shared ones (decimals, not negative) keep their words.
 */
export const receiptValidationMessages = registerValidationMessages({
  it: {
    documentNumberRequired: 'Il numero del documento di trasporto (DDT) è obbligatorio',
    documentDateRequired: 'La data del documento di trasporto (DDT) è obbligatoria',
    invalidDates: 'Data non valida: usa il formato gg/mm/aaaa',
    noItemsToSave: 'Inserisci una quantità ricevuta maggiore di zero per almeno un articolo',
    noChanges: 'Nessuna modifica da salvare',
    warehouseRequired: 'Seleziona il magazzino per ogni articolo ricevuto',
    batchesRequired: 'Questo articolo richiede almeno un lotto',
    batchNumberRequired: 'Il numero di lotto è obbligatorio',
    quantityMismatch: 'La somma dei lotti ({{batches}}) deve essere uguale alla quantità ricevuta ({{quantity}})',
    duplicateItem: "Lo stesso articolo dell'ordine compare due volte",
    duplicateBatch: 'Lo stesso lotto compare due volte',
  },
  fr: {
    documentNumberRequired: 'Le numéro du bon de livraison est obligatoire',
    documentDateRequired: 'La date du bon de livraison est obligatoire',
    invalidDates: 'Date non valide : utilisez le format jj/mm/aaaa',
    noItemsToSave: 'Saisissez une quantité reçue supérieure à zéro pour au moins un article',
    noChanges: 'Aucune modification à enregistrer',
    warehouseRequired: 'Sélectionnez un entrepôt pour chaque article reçu',
    batchesRequired: 'Cet article nécessite au moins un lot',
    batchNumberRequired: 'Le numéro de lot est obligatoire',
    quantityMismatch: 'La somme des lots ({{batches}}) doit être égale à la quantité reçue ({{quantity}})',
    duplicateItem: 'Le même article de la commande apparaît deux fois',
    duplicateBatch: 'Le même lot apparaît deux fois',
  },
});
export type ReceiptValidationKey = keyof (typeof receiptValidationMessages)['it'];

// ----------------------------------------------------------------------------------------------------------- quantities

/** Σ of quantities (decimal strings), exact (0.1 + 0.2 = 0.3); values that are not decimals count as nothing. */
export function sumQuantities(values: readonly string[]): string {
  return sumDecimals(values.filter(isDecimalString));
}

/** SPEC §5: the batches match the received quantity when their sum is within 0.001 of it (exact decimal arithmetic). */
export function batchesMatch(quantity: string, batchQuantities: readonly string[]): boolean {
  if (![quantity, ...batchQuantities].every((n) => isDecimalString(n) && decimalPlaces(n) <= QUANTITY_DECIMALS)) return false;
  const diff = toUnits(subtractDecimals(sumDecimals([...batchQuantities]), quantity), QUANTITY_DECIMALS);
  return diff >= -TOLERANCE_UNITS && diff <= TOLERANCE_UNITS;
}

/** The quantities of the mismatch message, as decimal strings (validationMessage writes them in the reader's language). */
function mismatchParams(quantity: string, batches: ReadonlyArray<{ quantity: string }>) {
  return { batches: sumQuantities(batches.map((b) => b.quantity)), quantity };
}

// --------------------------------------------------------------------------------------------------------------- fields

const day = (requiredKey: string) =>
  z
    .string({ error: (iss) => (iss.input == null ? requiredKey : 'invalidDates') })
    .trim()
    .min(1, { error: requiredKey })
    .transform((v, ctx) => {
      const d = parseDay(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: 'invalidDates' });
        return z.NEVER;
      }
      return d;
    });

const optionalDay = z
  .string({ error: 'invalidDates' })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const d = parseDay(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'invalidDates' });
      return z.NEVER;
    }
    return d;
  });

/** A received quantity: exact decimal text (or an exactly representable JSON number) → canonical text. */
const receivedQuantity = (min: 'positive' | 'notNegative') =>
  decimal({ decimals: QUANTITY_DECIMALS, max: MAX_MOVEMENT_QUANTITY, min, tooLargeKey: 'quantityTooLarge' });
const isPositive = (q: string) => compareDecimals(q, 0) > 0;

export const receiptBatchSchema = z
  .object({
    batch_number: optionalText(MAX_BATCH_LENGTH).transform((v) => v ?? ''),
    quantity: receivedQuantity('positive'),
    production_date: optionalDay,
    expiry_date: optionalDay,
  })
  .superRefine((b, ctx) => {
    if (b.production_date && b.expiry_date && b.expiry_date < b.production_date) {
      ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: 'expiryBeforeProduction' });
    }
  });

export const receiptItemSchema = z.object({
  order_item_id: id,
  /** Informational (SPEC §7 sends it); the server checks it names the order item's product. */
  product_id: id.optional(),
  /** What arrives now; 0 (or missing) means "nothing for this item" and the item is skipped. */
  quantity: z.preprocess((v) => (v == null || v === '' ? '0' : v), receivedQuantity('notNegative')),
  warehouse_id: optionalId,
  batches: z
    .array(receiptBatchSchema)
    .max(MAX_RECEIPT_BATCHES, { error: 'tooLong' })
    .nullish()
    .transform((v) => v ?? []),
});

const documentNumber = z
  .string({ error: (iss) => (iss.input == null ? 'documentNumberRequired' : 'invalidType') })
  .trim()
  .min(1, { error: 'documentNumberRequired' })
  .max(MAX_DOCUMENT_NUMBER, { error: 'tooLong' })
  .refine((v) => !hasControlChars(v), { error: 'controlChars' });

/**
 * SPEC §5 rules of a receipt's items that need no product (one line of the order once; a warehouse, batches summing to
 * the quantity and no batch twice on a received item), each by its index in `items`. Items with nothing received are
 * skipped: they are not part of the document.
 */
function checkReceivedItems(items: ReadonlyArray<z.output<typeof receiptItemSchema>>, ctx: z.RefinementCtx): void {
  const seen = new Set<number>();
  items.forEach((item, i) => {
    if (seen.has(item.order_item_id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'order_item_id'], message: 'duplicateItem' });
    seen.add(item.order_item_id);
    if (!isPositive(item.quantity)) return;
    if (item.warehouse_id == null) ctx.addIssue({ code: 'custom', path: ['items', i, 'warehouse_id'], message: 'warehouseRequired' });
    if (
      item.batches.length > 0 &&
      !batchesMatch(
        item.quantity,
        item.batches.map((b) => b.quantity),
      )
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['items', i, 'batches'],
        message: 'quantityMismatch',
        params: mismatchParams(item.quantity, item.batches),
      });
    }
    for (const j of repeatedBatches(item.batches)) {
      ctx.addIssue({ code: 'custom', path: ['items', i, 'batches', j, 'batch_number'], message: 'duplicateBatch' });
    }
  });
}

/** The batches whose number an earlier batch of the same item has already (ignoring case): SPEC §5, no batch twice. */
function repeatedBatches(batches: ReadonlyArray<{ batch_number: string }>): number[] {
  const seen = new Set<string>();
  return batches.flatMap((b, j) => {
    const number = b.batch_number.trim().toLowerCase();
    if (number && seen.has(number)) return [j];
    seen.add(number);
    return [];
  });
}

export const goodsReceiptSchema = z
  .object({
    document_number: documentNumber,
    document_date: day('documentDateRequired'),
    order_id: id,
    items: z
      .array(receiptItemSchema, { error: (iss) => (iss.input == null ? 'noChanges' : 'invalidType') })
      .max(MAX_RECEIPT_ITEMS, { error: 'tooLong' }),
    /**
     * true: the user confirmed batches whose expiry is before the receipt day (`expiredReceiptBatches`); without it such a
     * receipt is refused (400 EXPIRED_BATCH), with it accepted and the batches named in the activity log.
     */
    confirm_expired: z.boolean({ error: 'invalidType' }).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.items.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'noChanges' });
      return;
    }
    if (!r.items.some((i) => isPositive(i.quantity))) ctx.addIssue({ code: 'custom', path: ['items'], message: 'noItemsToSave' });
    checkReceivedItems(r.items, ctx);
  })
  // Items with nothing received are not part of the document.
  .transform((r) => ({ ...r, items: r.items.filter((i) => isPositive(i.quantity)) }));

/**
 * The batches already expired on the receipt day (rules/batch-expiry: a batch is good through its expiry day): they go in
 * only with `confirm_expired: true`. The screen asks with these before saving, the server refuses without the flag.
 */
export function expiredReceiptBatches<B extends { batch_number: string | null; expiry_date: string | null }>(
  items: ReadonlyArray<{ order_item_id: number; batches?: readonly B[] | null }>,
  receiptDay: string,
): Array<{ order_item_id: number; batch: B }> {
  const noon = new Date(`${receiptDay}T12:00:00Z`);
  return items.flatMap((i) =>
    (i.batches ?? []).filter((b) => isBatchExpired(b.expiry_date, noon)).map((batch) => ({ order_item_id: i.order_item_id, batch })),
  );
}

/** What the detail screen sends (SPEC §7). */
export type GoodsReceiptBody = z.input<typeof goodsReceiptSchema>;
/** After parsing: dates 'yyyy-MM-dd', only items with a quantity, batches as a list. */
export type GoodsReceiptFields = z.output<typeof goodsReceiptSchema>;
export type ReceiptItemFields = GoodsReceiptFields['items'][number];
export type ReceiptBatchFields = z.output<typeof receiptBatchSchema>;

/** PUT /goods-receipts/order-items/{itemId}/completed: the mark-as-completed toggle (SPEC §4). */
export const itemCompletionSchema = z.object({
  completed: z.boolean({ error: (iss) => (iss.input == null ? 'required' : 'invalidType') }),
});

// ------------------------------------------------------------------------------------------------------ product rules

/** The product flags the receipt rules depend on (SPEC §3 Goods receipt order item). */
export interface ReceiptProductFlags {
  has_batches: boolean;
  has_expiry: boolean;
  has_production_date: boolean;
  /**
   * The most the line may still receive (an order item's: ordered − received + tolerance). When given, receiptDraftSchema
   * refuses more at the line's quantity ('tooLarge', with the maximum), before its batches are asked for.
   */
  max_receivable_quantity?: string;
}

/** An item needs the batch dialog when its product manages batches or any of the dates a load then carries. */
export function needsBatches(p: ReceiptProductFlags): boolean {
  return p.has_batches || p.has_expiry || p.has_production_date;
}

/** A problem of one field: a registered message key and its parameters (the shared FieldProblem). */
export type ReceiptProblem = FieldProblem;

/**
 * SPEC §5 rules of one received item that need its product: at least one batch where batches (or dates) are managed,
 * a batch number where batches are, expiry / production date on every batch where the product manages them, and the
 * batch sum within 0.001 of the received quantity. Paths are relative to the item ('batches', 'batches.0.expiry_date').
 */
export function receiptItemProblems(
  item: {
    quantity: string;
    batches: ReadonlyArray<{ batch_number: string | null; quantity: string; production_date: string | null; expiry_date: string | null }>;
  },
  product: ReceiptProductFlags,
): Record<string, ReceiptProblem> {
  const out: Record<string, ReceiptProblem> = {};
  if (!isDecimalString(item.quantity) || !isPositive(item.quantity) || !needsBatches(product)) return out;
  if (item.batches.length === 0) {
    out.batches = { key: 'batchesRequired', params: {} };
    return out;
  }
  // A batch without a readable quantity says so on its own field; the sum is compared once every quantity can be read
  // (else "the sum (2) must equal the quantity received (2)" would stand beside an empty quantity).
  const quantities = item.batches.map((b) => b.quantity);
  if (quantities.every(isDecimalString) && !batchesMatch(item.quantity, quantities)) {
    out.batches = { key: 'quantityMismatch', params: mismatchParams(item.quantity, item.batches) };
  }
  item.batches.forEach((b, j) => {
    if (product.has_batches && !b.batch_number) out[`batches.${j}.batch_number`] = { key: 'batchNumberRequired', params: {} };
    if (product.has_expiry && !b.expiry_date) out[`batches.${j}.expiry_date`] = { key: 'expiryDateRequired', params: {} };
    if (product.has_production_date && !b.production_date) {
      out[`batches.${j}.production_date`] = { key: 'productionDateRequired', params: {} };
    }
  });
  return out;
}

// ------------------------------------------------------------------------------------------------------ the screen's form

/**
 * The receipt as the detail screen edits it (issue 22: one rule set, one wording, for the form and the server). `items`
 * holds every line of the order in its order, a blank quantity meaning "nothing now", and `lines[i]` is line i's product:
 * goodsReceiptSchema's rules plus receiptItemProblems (which the server checks once it has read the products) and the
 * line's maximum (the order's answer), each message on its line's index ('items.2.batches'). With no quantity anywhere the body the screen would send is empty:
 * "no changes", as the server says of an empty body.
 */
export function receiptDraftSchema(lines: readonly ReceiptProductFlags[]) {
  return z
    .object({
      document_number: documentNumber,
      document_date: day('documentDateRequired'),
      order_id: id,
      items: z.array(receiptItemSchema).max(MAX_RECEIPT_ITEMS, { error: 'tooLong' }),
    })
    .superRefine((r, ctx) => {
      if (!r.items.some((i) => isPositive(i.quantity))) {
        ctx.addIssue({ code: 'custom', path: ['items'], message: 'noChanges' });
        return;
      }
      checkReceivedItems(r.items, ctx);
      r.items.forEach((item, i) => lines[i] && addProblems(ctx, ['items', i], receiptItemProblems(item, lines[i])));
      r.items.forEach(({ quantity }, i) => {
        const max = lines[i]?.max_receivable_quantity;
        if (max !== undefined && isReceivedQuantity(quantity) && compareDecimals(quantity, max) > 0)
          ctx.addIssue({ code: 'custom', path: ['items', i, 'quantity'], message: 'tooLarge', params: { max } });
      });
    });
}

/** A line of the draft: the body's item with the quantity and its batches as typed ('' = nothing now, not given). */
export interface ReceiptDraftLine {
  order_item_id: number;
  product_id: number;
  quantity: string;
  warehouse_id: number | null;
  batches: ReceiptBatchDraft[];
}

/** What receiptDraftSchema reads: the delivery note and one line per order item, in the order's order. */
export interface ReceiptDraft {
  document_number: string;
  document_date: string;
  order_id: number;
  items: ReceiptDraftLine[];
}

/** A line that receives nothing more (SPEC §4): received in full or marked completed; its controls are disabled. */
export const receiptLineLocked = (i: Pick<ReceiptOrderItem, 'ordered_quantity' | 'received_quantity' | 'completed'>) =>
  isLineLocked({ quantity: i.ordered_quantity, received_quantity: i.received_quantity, completed: i.completed });

/** A quantity as typed (exact decimal text, '' when empty) that is more than zero: the line receives now. */
export const isReceivedQuantity = (text: string) => isDecimalString(text) && isPositive(text);

/** A new draft of `order`: no delivery note yet, every line with nothing received and its current warehouse. */
export function receiptDraftOf(order: Pick<ReceiptOrder, 'id' | 'items'>): ReceiptDraft {
  return {
    document_number: '',
    document_date: '',
    order_id: order.id,
    items: order.items.map((i) => ({
      order_item_id: i.id,
      product_id: i.product_id,
      quantity: '',
      warehouse_id: i.current_warehouse_id,
      batches: [],
    })),
  };
}

/** The body a draft sends (SPEC §7: one delivery note, all or nothing): the lines still open with a quantity above zero. */
export function receiptDraftBody(order: Pick<ReceiptOrder, 'items'>, draft: ReceiptDraft) {
  const open = new Set(order.items.filter((i) => !receiptLineLocked(i)).map((i) => i.id));
  return {
    ...draft,
    items: draft.items
      .filter((l) => open.has(l.order_item_id) && isReceivedQuantity(l.quantity))
      .map((l) => ({ ...l, batches: l.batches.map(receiptBatchBody) })),
  } satisfies GoodsReceiptBody;
}

/** A refusal's field paths name the body's lines ('items.0.warehouse_id'); the draft's name the order's ('items.1.…'). */
export function receiptDraftPaths(
  fields: Record<string, string>,
  body: { items: ReadonlyArray<{ order_item_id: number }> },
  draft: ReceiptDraft,
): Record<string, string> {
  const lineOf = (n: string) => draft.items.findIndex((l) => l.order_item_id === body.items[parseInt(n, 10)]?.order_item_id);
  return Object.fromEntries(
    Object.entries(fields).map(([path, text]) => [path.replace(/^items\.(\d+)/, (_m, n: string) => `items.${lineOf(n)}`), text]),
  );
}

/** A batch row of the batch dialog as typed: every field text, '' when empty (NumberField and DateField values). */
export interface ReceiptBatchDraft {
  batch_number: string;
  quantity: string;
  production_date: string;
  expiry_date: string;
}

const batchDraftSchema = z.object({ batch_number: z.string(), quantity: z.string(), production_date: z.string(), expiry_date: z.string() });

/**
 * The batch dialog of one line receiving `quantity` of `product` (SPEC §5): each row by the body's batch schema, then the
 * product's rules and the batch sum (receiptItemProblems) and no batch number twice — all of them at once, whatever row
 * is still incomplete, with the server's words ('batches' is the sum's message, 'batches.1.expiry_date' a row's).
 */
export function receiptBatchesSchema(product: ReceiptProductFlags, quantity: string) {
  return z.object({ batches: z.array(batchDraftSchema).max(MAX_RECEIPT_BATCHES, { error: 'tooLong' }) }).superRefine((v, ctx) => {
    v.batches.forEach((b, j) => {
      const parsed = receiptBatchSchema.safeParse(b);
      if (!parsed.success) addProblems(ctx, ['batches', j], fieldProblems(parsed.error));
    });
    addProblems(ctx, [], receiptItemProblems({ quantity, batches: v.batches }, product));
    for (const j of repeatedBatches(v.batches))
      ctx.addIssue({ code: 'custom', path: ['batches', j, 'batch_number'], message: 'duplicateBatch' });
  });
}

/** A batch row of the dialog as the body sends it: trimmed batch number, blanks as null. */
export function receiptBatchBody(b: ReceiptBatchDraft) {
  return {
    batch_number: b.batch_number.trim() || null,
    quantity: b.quantity,
    production_date: b.production_date || null,
    expiry_date: b.expiry_date || null,
  };
}

/**
 * The row a scanned label adds to the dialog's `rows` (issue 27): its batch, dates and quantity — else what is still
 * missing from the line's `quantity`. An untouched single row (no batch, no dates) is replaced rather than kept.
 */
export function addScannedBatch(
  rows: readonly ReceiptBatchDraft[],
  quantity: string,
  found: { batch_number?: string | null; quantity?: string | null; expiry_date?: string | null; production_date?: string | null },
): ReceiptBatchDraft[] {
  const blank = rows.length === 1 && !rows[0].batch_number && !rows[0].expiry_date && !rows[0].production_date;
  const kept = blank ? [] : rows;
  const missing = isDecimalString(quantity) ? subtractDecimals(quantity, sumQuantities(kept.map((b) => b.quantity))) : '';
  const row: ReceiptBatchDraft = {
    batch_number: found.batch_number ?? '',
    quantity: found.quantity ?? (missing && isPositive(missing) ? missing : ''),
    expiry_date: found.expiry_date ?? '',
    production_date: found.production_date ?? '',
  };
  return [...kept, row];
}

/**
 * The receipt of this order already made with this delivery note (DDT) number, spaces and case aside, and not reversed:
 * the same note again (a second tap, a second scan of the paper) would receive its goods twice, so the page asks first.
 */
export function receiptOfNote<R extends { document_number: string; reversed: boolean }>(
  order: { receipts: readonly R[] },
  documentNumber: string,
): R | undefined {
  const note = documentNumber.trim().toLowerCase();
  return order.receipts.find((r) => !r.reversed && r.document_number.trim().toLowerCase() === note);
}

/**
 * What a scan on the receipt page did: the order's lines after it and the line it found, or why it found none (with the
 * product's first line, to show it: its maximum, its status; null for a product not on the order).
 */
export type ReceiptScan =
  | { ok: true; items: ReceiptDraftLine[]; line: number; filled: boolean }
  | { ok: false; reason: 'notOnOrder' | 'nothingLeft'; line: number | null };

/**
 * A scan on the receipt page (issue 22: the dock scans each carton's label). It finds the first line of the scanned
 * product that can still receive — for a code that carries a quantity, the first that can still take it within the
 * order's maximum (ordered − received + tolerance). None: 'nothingLeft' (nothing, or less than this carton, is left to
 * receive), refused at the scan so the operator sets that carton aside then, not at Save. The quantity is added to the
 * line; on a line with batches or dates, to the batch too: the same batch again adds to that batch's row, another batch
 * gets a row of its own with the label's batch and dates. A code without a quantity (a product's own barcode) changes nothing
 * (`filled` false), and the page focuses the line's quantity. The batch rules stay the form's, at Save.
 */
export function receiptDraftWithScan(
  order: Pick<ReceiptOrder, 'items'>,
  lines: readonly ReceiptDraftLine[],
  found: { product: { id: number }; batch_number?: string; expiry_date?: string; production_date?: string; quantity?: string },
): ReceiptScan {
  const mine = order.items.flatMap((item, line) => (item.product_id === found.product.id ? [{ item, line }] : []));
  const open = mine.filter(({ item }) => !receiptLineLocked(item));
  const nothingLeft = { ok: false, reason: 'nothingLeft', line: mine[0]?.line ?? null } as const;
  if (!open.length) return mine.length ? nothingLeft : { ok: false, reason: 'notOnOrder', line: null };
  const added = found.quantity;
  if (!added || !isDecimalString(added)) return { ok: true, items: [...lines], line: open[0].line, filled: false };
  // A line's quantity with the carton on it, within the line's maximum: the form's own 'tooLarge' rule, asked at the scan.
  const withCarton = (line: number) => sumQuantities([lines[line].quantity, added]);
  const fits = open.find(({ item, line }) => compareDecimals(withCarton(line), item.max_receivable_quantity) <= 0);
  if (!fits) return nothingLeft;
  const { item, line } = fits;
  const batch = {
    batch_number: item.has_batches ? (found.batch_number ?? '') : '',
    expiry_date: item.has_expiry ? (found.expiry_date ?? '') : '',
    production_date: item.has_production_date ? (found.production_date ?? '') : '',
  };
  const { batches } = lines[line];
  // The same batch: its number where the product has batches, else its dates. A date the row lacks is the label's.
  const same = batches.findIndex((b) =>
    item.has_batches
      ? b.batch_number.trim() === batch.batch_number
      : b.expiry_date === batch.expiry_date && b.production_date === batch.production_date,
  );
  const more = (b: ReceiptBatchDraft) => ({
    quantity: sumQuantities([b.quantity, added]),
    expiry_date: b.expiry_date || batch.expiry_date,
    production_date: b.production_date || batch.production_date,
  });
  const nextBatches = !needsBatches(item)
    ? batches
    : same >= 0
      ? batches.map((b, j) => (j === same ? { ...b, ...more(b) } : b))
      : [...batches, { ...batch, quantity: added }];
  const items = lines.map((l, j) => (j === line ? { ...l, quantity: withCarton(line), batches: nextBatches } : l));
  return { ok: true, items, line, filled: true };
}

// ------------------------------------------------------------------------------------------------------------ wording

/** A receipt or shared validation key in words (the shared `validationMessage`: receipt keys are registered). */
export const receiptValidationMessage = validationMessage;

/** First problem per field path (the shared `fieldProblems`). */
export const receiptFieldProblems: (error: z.ZodError) => Record<string, ReceiptProblem> = fieldProblems;

/** Field path → message in one language (the shared `fieldMessages`). */
export const receiptFieldMessages = fieldMessages;

// ---------------------------------------------------------------------------------------------------------- API views

const dayText = z.string().nullable().describe('yyyy-MM-dd');

export const receiptBatchViewSchema = z.object({
  batch_number: z.string(),
  quantity: decimalView,
  production_date: dayText,
  expiry_date: dayText,
});

/** One receipt document as the API shows it (after a receive, in the order's history, for the labels). */
export const receiptDocumentSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  order_number: z.string(),
  supplier_name: z.string().nullable(),
  document_number: z.string(),
  document_date: z.string().describe('yyyy-MM-dd'),
  receipt_date: z.string().describe('yyyy-MM-dd'),
  created_by: z.string().nullable(),
  created_at: z.string(),
  reversed: z.boolean(),
  reversed_at: z.string().nullable(),
  reversed_by: z.string().nullable(),
  lines: z.array(
    z.object({
      id: z.number(),
      order_item_id: z.number(),
      product_id: z.number(),
      product_code: z.string(),
      product_description: z.string(),
      unit_of_measure: z.string().nullable(),
      warehouse_id: z.number(),
      warehouse_name: z.string(),
      quantity: decimalView,
      batches: z.array(receiptBatchViewSchema),
    }),
  ),
});

/** SPEC §3 Goods receipt order item, plus the mark-as-completed flag and the most the tolerance still lets in. */
export const receiptOrderItemSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  code: z.string(),
  description: z.string(),
  ordered_quantity: decimalView,
  received_quantity: decimalView,
  remaining_quantity: decimalView,
  /** The most this item may still receive (remaining plus the over-receipt tolerance). */
  max_receivable_quantity: decimalView,
  unit_of_measure: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  completed: z.boolean(),
  current_warehouse_id: z.number().nullable(),
  has_batches: z.boolean(),
  has_expiry: z.boolean(),
  has_production_date: z.boolean(),
  batches: z.array(receiptBatchViewSchema),
});

/**
 * An order's quantities per unit of measure (issue 21: quantities of different units are never added together), in the
 * order of the lines: [{unit_of_measure: 'kg', ordered: '2.500', received: '0.000'}, {unit_of_measure: 'piece', …}].
 */
export const unitQuantitiesSchema = z
  .array(z.object({ unit_of_measure: z.string().nullable(), ordered: decimalView, received: decimalView }))
  .describe('Σ ordered / received per unit of measure, first line first');

/** A total over the order's lines: their sum when they share one unit; null when units differ (see `quantities`). */
const singleUnitTotal = decimalView.nullable().describe('Σ over the lines when they all share one unit; null when units differ');

/** GET /goods-receipts/order-details/{orderId}: SPEC §3 Goods receipt order, its summary and its receipts. */
export const receiptOrderSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  order_date: z.string().describe('yyyy-MM-dd'),
  requested_arrival_date: z.string().nullable().describe('yyyy-MM-dd'),
  supplier_name: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(receiptOrderItemSchema),
  summary: z.object({
    ordered_quantity: singleUnitTotal,
    total_received: singleUnitTotal,
    quantities: unitQuantitiesSchema,
    last_receipt_date: z.string().nullable().describe('yyyy-MM-dd'),
    receipt_count: z.number(),
  }),
  receipts: z.array(receiptDocumentSchema),
});

/** GET /goods-receipts/orders: orders to receive (fully received ones only with show_all=true). */
export const receiptOrderRowSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  order_date: z.string().describe('yyyy-MM-dd'),
  requested_arrival_date: z.string().nullable().describe('yyyy-MM-dd'),
  supplier_name: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  item_count: z.number(),
  ordered_quantity: singleUnitTotal,
  received_quantity: singleUnitTotal,
  quantities: unitQuantitiesSchema,
});

/** GET /goods-receipts/item-history/{itemId}: SPEC §3 Receipt history. */
export const receiptHistorySchema = z.object({
  item_id: z.number(),
  order_id: z.number(),
  order_number: z.string(),
  product_code: z.string(),
  product_description: z.string(),
  unit_of_measure: z.string().nullable(),
  total_ordered: decimalView,
  total_received: decimalView,
  last_receipt_date: z.string().nullable().describe('yyyy-MM-dd'),
  receipt_count: z.number(),
  status: z.enum(ITEM_STATUSES),
  receipts: z.array(
    z.object({
      receipt_id: z.number(),
      ddt_number: z.string(),
      ddt_date: z.string().describe('yyyy-MM-dd'),
      receipt_date: z.string().describe('yyyy-MM-dd'),
      received_quantity: decimalView,
      /** Still to receive after this receipt (reversed receipts do not count). */
      remaining_quantity: decimalView,
      warehouse_name: z.string(),
      reversed: z.boolean(),
      batches: z.array(z.object({ batchNumber: z.string(), quantity: decimalView, productionDate: dayText, expiryDate: dayText })),
    }),
  ),
});

export type ReceiptBatchView = z.infer<typeof receiptBatchViewSchema>;
export type ReceiptDocument = z.infer<typeof receiptDocumentSchema>;
export type ReceiptOrderItem = z.infer<typeof receiptOrderItemSchema>;
export type ReceiptOrder = z.infer<typeof receiptOrderSchema>;
export type ReceiptOrderRow = z.infer<typeof receiptOrderRowSchema>;
export type ReceiptHistory = z.infer<typeof receiptHistorySchema>;
export type UnitQuantities = z.infer<typeof unitQuantitiesSchema>;
