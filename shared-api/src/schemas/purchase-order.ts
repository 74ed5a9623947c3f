import { z } from 'zod';
import {
  DISPLAY_DECIMALS,
  ITEM_STATUSES,
  LINE_TOTAL_DECIMALS,
  multiplyDecimals,
  ORDER_QUANTITY_DECIMALS,
  ORDER_STATUSES,
  compareDecimals,
  sumDecimals,
  UNIT_PRICE_DECIMALS,
} from '@wms/shared-api/core';
import { decimalView, id, MAX_LONG_TEXT, optionalText } from './common';
import { decimalField, dayField, optionalDayField } from './price';
import { CURRENCIES } from './product';

/**
 * Purchase orders (SPEC §3, §5, §7, §9): the body of POST / PUT /purchase-orders, parsed by the order form and by the
 * server alike. Totals, status, order number and currencies are never taken from a client: line totals are
 * quantity × unit price rounded to 4 decimals (lineTotal, the same rounding as the database's generated column), status is
 * derived from what was received (rules/order-status.ts).
 */
/** Order totals are shown with 2 decimals (SPEC §9); they are kept with 4. Scales: rules/decimal.ts (SCALES). */
export const ORDER_TOTAL_DISPLAY_DECIMALS = DISPLAY_DECIMALS.amount.max;
export const MAX_ORDER_ITEMS = 500;
/**
 * The most a line total, and the sum of an order's line totals, may be (the columns hold just under 10¹⁵): each line's
 * quantity and price may be up to 10⁹, their product not.
 */
const MAX_ORDER_TOTAL = 1_000_000_000_000;
/** Where a line's unit price came from: the price in force on the order date, typed by hand, or none found (0 offered). */
export const PRICE_SOURCES = ['price', 'manual', 'none'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const purchaseOrderItemSchema = z.object({
  /** An existing line's id (edit); missing for a new line. Ids of lines received against must be kept. */
  id: z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable()),
  product_id: id,
  quantity: decimalField(ORDER_QUANTITY_DECIMALS),
  unit_price: decimalField(UNIT_PRICE_DECIMALS),
  price_source: z.enum(PRICE_SOURCES, { error: 'invalidOption' }).default('manual'),
});

export const purchaseOrderSchema = z
  .object({
    order_date: dayField,
    requested_arrival_date: dayField,
    confirmed_arrival_date: optionalDayField,
    supplier_id: id,
    notes: optionalText(MAX_LONG_TEXT),
    items: z
      .array(purchaseOrderItemSchema, { error: (iss) => (iss.input == null ? 'noItems' : 'invalidType') })
      .min(1, { error: 'noItems' })
      .max(MAX_ORDER_ITEMS, { error: 'tooLong' }),
  })
  .superRefine((o, ctx) => {
    if (o.requested_arrival_date < o.order_date) {
      ctx.addIssue({ code: 'custom', path: ['requested_arrival_date'], message: 'arrivalBeforeOrder' });
    }
    if (o.confirmed_arrival_date && o.confirmed_arrival_date < o.order_date) {
      ctx.addIssue({ code: 'custom', path: ['confirmed_arrival_date'], message: 'arrivalBeforeOrder' });
    }
    const totals = o.items.map((i) => lineTotal(i.quantity, i.unit_price));
    const params = { max: MAX_ORDER_TOTAL };
    totals.forEach((total, i) => {
      if (compareDecimals(total, MAX_ORDER_TOTAL) > 0)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'unit_price'], message: 'lineTotalTooLarge', params });
    });
    if (totals.every((total) => compareDecimals(total, MAX_ORDER_TOTAL) <= 0) && compareDecimals(sumDecimals(totals), MAX_ORDER_TOTAL) > 0)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'orderTotalTooLarge', params });
  });
/** SPEC §8's line for an order the form refuses: its key in the validation catalogue. */
export type PurchaseOrderProblem = 'requiredFields' | 'invalidItems';
const ORDER_HEAD_REQUIRED = ['order_date', 'requested_arrival_date', 'supplier_id'];

/**
 * SPEC §8's one line above the order form's buttons for what `purchaseOrderSchema` refused (each field says its own
 * problem under it): a date or the supplier missing first (requiredFields), then a line's quantity or price
 * (invalidItems). None for no lines — the lines' own message is SPEC's noItems already, said once — nor for anything
 * else (an arrival before the order date is its field's alone).
 */
export function purchaseOrderProblem(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): PurchaseOrderProblem | null {
  const at = (i: (typeof issues)[number]) => String(i.path[0] ?? '');
  if (issues.some((i) => ORDER_HEAD_REQUIRED.includes(at(i)) && i.message === 'required')) return 'requiredFields';
  return issues.some((i) => at(i) === 'items' && i.path.length > 1) ? 'invalidItems' : null;
}

/** What the form sends (client totals, product names or a status, if sent, are ignored). */
export type PurchaseOrderBody = z.input<typeof purchaseOrderSchema>;
export type PurchaseOrderItemBody = z.input<typeof purchaseOrderItemSchema>;
/** After parsing: days 'yyyy-MM-dd', quantities and prices as canonical decimal strings. */
export type PurchaseOrderFields = z.output<typeof purchaseOrderSchema>;
export type PurchaseOrderItemFields = z.output<typeof purchaseOrderItemSchema>;

/** quantity × unit price rounded to 4 decimals, exactly (SPEC §5). */
export function lineTotal(quantity: string | number, unitPrice: string | number): string {
  return multiplyDecimals(quantity, unitPrice, LINE_TOTAL_DECIMALS);
}

/** Σ line totals per currency, in first-seen order: [{currency: 'EUR', amount: '12.5'}]. */
export function totalsByCurrency(
  lines: ReadonlyArray<{ currency: string; total: string | number }>,
): Array<{ currency: string; amount: string }> {
  const by = new Map<string, Array<string | number>>();
  for (const l of lines) by.set(l.currency, [...(by.get(l.currency) ?? []), l.total]);
  return [...by].map(([currency, totals]) => ({ currency, amount: sumDecimals(totals) }));
}

const currency = z.enum(CURRENCIES);

/** One order line as the API returns it. Quantities and money are exact decimal strings. */
export const purchaseOrderItemViewSchema = z.object({
  id: z.number(),
  line_no: z.number(),
  product_id: z.number(),
  product_code: z.string(),
  product_name: z.string().describe('the product name, else its description'),
  product_description: z.string(),
  unit_of_measure: z.string().nullable(),
  quantity: decimalView,
  unit_price: decimalView,
  total: decimalView,
  currency,
  price_source: z.enum(PRICE_SOURCES),
  received_quantity: decimalView,
  remaining_quantity: decimalView,
  completed: z.boolean(),
  status: z.enum(ITEM_STATUSES),
});
export type PurchaseOrderItem = z.infer<typeof purchaseOrderItemViewSchema>;

const orderFields = {
  id: z.number(),
  order_number: z.string(),
  order_date: z.string(),
  requested_arrival_date: z.string(),
  confirmed_arrival_date: z.string().nullable(),
  supplier_id: z.number(),
  supplier_name: z.string(),
  notes: z.string().nullable(),
  currency,
  status: z.enum(ORDER_STATUSES).describe('derived from the lines (orderStatus)'),
  total_amount: decimalView.describe('Σ line totals in the order currency (4 decimals)'),
  totals: z.array(z.object({ currency, amount: decimalView })).describe('Σ line totals per currency'),
  item_count: z.number(),
  created_by: z.string().nullable(),
  modified_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A row of GET /purchase-orders. */
export const purchaseOrderSummarySchema = z.object(orderFields);
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

/** GET /purchase-orders/{id} and every write: the order with its lines. */
export const purchaseOrderViewSchema = z.object({ ...orderFields, items: z.array(purchaseOrderItemViewSchema) });
export type PurchaseOrder = z.infer<typeof purchaseOrderViewSchema>;

/** Columns GET /purchase-orders sorts by. Without `sort`: newest order date first. */
export const PURCHASE_ORDER_SORTS = [
  'order_number',
  'order_date',
  'requested_arrival_date',
  'supplier_name',
  'status',
  'total_amount',
] as const;
export type PurchaseOrderSort = (typeof PURCHASE_ORDER_SORTS)[number];

/** The empty form: ordered today, no lines yet. */
export function emptyPurchaseOrder(today: string): PurchaseOrderBody {
  return { order_date: today, requested_arrival_date: today, confirmed_arrival_date: null, supplier_id: '', notes: null, items: [] };
}

/** The editable fields of an order read from the API. */
export function purchaseOrderBodyOf(o: PurchaseOrder): PurchaseOrderBody {
  return {
    order_date: o.order_date,
    requested_arrival_date: o.requested_arrival_date,
    confirmed_arrival_date: o.confirmed_arrival_date,
    supplier_id: o.supplier_id,
    notes: o.notes,
    items: o.items.map((i) => ({
      id: i.id,
      product_id: i.product_id,
      quantity: i.quantity,
      unit_price: i.unit_price,
      price_source: i.price_source,
    })),
  };
}
