import {
  apiError,
  compareDecimals,
  goodsReceiptSchema,
  isDecimalString,
  isLineLocked,
  needsBatches,
  receiptFieldProblems,
  receiptItemProblems,
  receiptValidationMessage,
  type GoodsReceiptBody,
  type ReceiptOrder,
  type ReceiptOrderItem,
} from '@wms/shared-api';

/**
 * The detail screen's state and its checks: what the user typed per item (quantities as exact decimal strings from
 * NumberField, days as ISO from DateField), turned into the SPEC §7 body and checked with the shared schema and
 * receiptItemProblems — the very rules and words of the server.
 */
export interface BatchDraft {
  batch_number: string;
  quantity: string;
  production_date: string;
  expiry_date: string;
}

export interface ItemDraft {
  quantity: string;
  warehouse_id: number | null;
  batches: BatchDraft[];
}

export interface ReceiptDraft {
  document_number: string;
  document_date: string;
  items: Record<number, ItemDraft>;
}

export const emptyBatch = (): BatchDraft => ({ batch_number: '', quantity: '', production_date: '', expiry_date: '' });

export function initialDraft(order: ReceiptOrder): ReceiptDraft {
  const items: Record<number, ItemDraft> = {};
  for (const i of order.items) items[i.id] = { quantity: '', warehouse_id: i.current_warehouse_id, batches: [] };
  return { document_number: '', document_date: '', items };
}

const flagsOf = (i: ReceiptOrderItem) => ({
  has_batches: i.has_batches,
  has_expiry: i.has_expiry,
  has_production_date: i.has_production_date,
});

export const itemNeedsBatches = (i: ReceiptOrderItem) => needsBatches(flagsOf(i));
export const itemLocked = (i: ReceiptOrderItem) =>
  isLineLocked({ quantity: i.ordered_quantity, received_quantity: i.received_quantity, completed: i.completed });
/** Nothing left to receive (every line received or marked completed): the screen opens read-only. */
export const orderDone = (o: ReceiptOrder) => o.status === 'fullyReceived' || o.items.every(itemLocked);

/** A quantity typed in a NumberField (an exact decimal string, '' when empty) that is more than zero. */
export const isPositiveQuantity = (text: string) => isDecimalString(text) && compareDecimals(text, 0) > 0;

export function batchBody(b: BatchDraft) {
  return {
    batch_number: b.batch_number.trim() || null,
    quantity: b.quantity,
    production_date: b.production_date || null,
    expiry_date: b.expiry_date || null,
  };
}

/** The body of one save: every editable item with a quantity (SPEC: one delivery note, all or nothing). */
export function receiptBody(order: ReceiptOrder, d: ReceiptDraft) {
  return {
    document_number: d.document_number,
    document_date: d.document_date,
    order_id: order.id,
    items: order.items
      .filter((i) => !itemLocked(i) && isPositiveQuantity(d.items[i.id]?.quantity ?? ''))
      .map((i) => {
        const draft = d.items[i.id];
        return {
          order_item_id: i.id,
          product_id: i.product_id,
          quantity: draft.quantity,
          warehouse_id: draft.warehouse_id,
          batches: itemNeedsBatches(i) ? draft.batches.map(batchBody) : [],
        };
      }),
  } satisfies GoodsReceiptBody;
}

/** Turns a body's path ('items.0.batches') into the screen's key ('item.12.batches'). */
function screenKey(body: GoodsReceiptBody, path: string): string {
  const m = /^items\.(\d+)\.?(.*)$/.exec(path);
  return m ? `item.${body.items?.[parseInt(m[1], 10)]?.order_item_id}${m[2] ? `.${m[2]}` : ''}` : path;
}

/** A refused save in the form's places: the server's field texts by their controls, its sentence in the form's box ('_'). */
export function serverProblems(body: GoodsReceiptBody, err: unknown, sentence: string): Record<string, string> {
  const out: Record<string, string> = { _: sentence };
  for (const [path, text] of Object.entries(apiError(err)?.fields ?? {})) out[screenKey(body, path)] = text;
  return out;
}

/**
 * Field → message for the whole form, in `lang`. Paths use item ids ('item.12.quantity', 'item.12.batches') so the
 * table can show each message by its control; '_' and 'items' are form-level messages.
 */
export function receiptProblems(order: ReceiptOrder, d: ReceiptDraft, lang: 'it' | 'fr'): Record<string, string> {
  const body = receiptBody(order, d);
  const out: Record<string, string> = {};
  const parsed = goodsReceiptSchema.safeParse(body);
  if (!parsed.success) {
    for (const [path, p] of Object.entries(receiptFieldProblems(parsed.error)))
      out[screenKey(body, path)] = receiptValidationMessage(lang, p.key, p.params);
  }
  for (const item of body.items) {
    const line = order.items.find((i) => i.id === item.order_item_id) as ReceiptOrderItem;
    const problems = receiptItemProblems(
      {
        quantity: item.quantity,
        batches: item.batches,
      },
      flagsOf(line),
    );
    for (const [path, p] of Object.entries(problems)) {
      const key = `item.${line.id}.${path}`;
      if (!out[key]) out[key] = receiptValidationMessage(lang, p.key, p.params);
    }
  }
  return out;
}

/** Problems of one item's batches alone (the dialog's Save stays disabled while there are any). */
export function batchProblems(item: ReceiptOrderItem, quantity: string, batches: BatchDraft[], lang: 'it' | 'fr'): Record<string, string> {
  const order = { id: 0, items: [item] } as unknown as ReceiptOrder;
  const all = receiptProblems(
    order,
    { document_number: 'x', document_date: '2000-01-01', items: { [item.id]: { quantity, warehouse_id: 1, batches } } },
    lang,
  );
  const out: Record<string, string> = {};
  const prefix = `item.${item.id}.batches`;
  for (const [k, v] of Object.entries(all)) if (k.startsWith(prefix)) out[k.slice(`item.${item.id}.`.length)] = v;
  return out;
}
