import {
  apiError,
  compareDecimals,
  isDecimalString,
  isLineLocked,
  type GoodsReceiptBody,
  type ReceiptOrder,
  type ReceiptOrderItem,
  type ReceiptBatchBody,
} from '@wms/shared-api';

/**
 * The detail screen's form values: the SPEC §7 body holding every line of the order, in its order (quantities exact
 * decimal strings from NumberField, '' when nothing arrives now; batches as the body sends them). shared-api's
 * receiptDraftSchema checks them with the server's rules and words; the body sent keeps the lines with a quantity.
 */
export interface ReceiptLine {
  order_item_id: number;
  product_id: number;
  quantity: string;
  warehouse_id: number | null;
  batches: ReceiptBatchBody[];
}

export interface ReceiptDraft {
  document_number: string;
  document_date: string;
  order_id: number;
  items: ReceiptLine[];
}

export const draftOf = (order: ReceiptOrder): ReceiptDraft => ({
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
});

export const itemLocked = (i: ReceiptOrderItem) =>
  isLineLocked({ quantity: i.ordered_quantity, received_quantity: i.received_quantity, completed: i.completed });
/** Nothing left to receive (every line received or marked completed): the screen opens read-only. */
export const orderDone = (o: ReceiptOrder) => o.status === 'fullyReceived' || o.items.every(itemLocked);

/** A quantity typed in a NumberField (an exact decimal string, '' when empty) that is more than zero. */
export const isPositiveQuantity = (text: string) => isDecimalString(text) && compareDecimals(text, 0) > 0;

/** The body of one save: every open line with a quantity (SPEC: one delivery note, all or nothing). */
export function receiptBody(order: ReceiptOrder, d: ReceiptDraft) {
  const open = new Set(order.items.filter((i) => !itemLocked(i)).map((i) => i.id));
  return { ...d, items: d.items.filter((l) => open.has(l.order_item_id) && isPositiveQuantity(l.quantity)) } satisfies GoodsReceiptBody;
}

/** A 400's field paths name the body's lines ('items.0.warehouse_id'); the form's name the order's ('items.1.…'). */
export function withFormPaths(err: unknown, body: GoodsReceiptBody, order: ReceiptOrder): unknown {
  const data = apiError(err);
  const lineOf = (n: string) => order.items.findIndex((i) => i.id === body.items?.[parseInt(n, 10)]?.order_item_id);
  if (data?.fields) {
    data.fields = Object.fromEntries(
      Object.entries(data.fields).map(([path, text]) => [path.replace(/^items\.(\d+)/, (_m, n: string) => `items.${lineOf(n)}`), text]),
    );
  }
  return err;
}
