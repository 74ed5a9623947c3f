import { z } from 'zod';
import { PRICE_DECIMALS, PRICE_STATUSES } from '@wms/shared-api/core';
import { decimal, decimalView, id, parseDay } from './common';
import { CURRENCIES } from './product';

/**
 * Supplier prices (SPEC §3, §5, §9): the body of POST / PUT /prices, parsed by the price form and by the server alike.
 * created_by / modified_by, if sent, are ignored (the server takes the author from the session). Dates travel as
 * 'yyyy-MM-dd' (dd/MM/yyyy is accepted too); the price as a decimal string, exact, up to 5 decimals.
 */
/** The form's input step (SPEC §5, §9). */
export const PRICE_STEP = 0.01;
/** Largest amount a price or an order line accepts (kept far from the columns' limits). */
export const MAX_AMOUNT = 1_000_000_000;

/** 'required' when missing, the caller's key otherwise. */
const need = (iss: { input?: unknown }) => (iss.input == null ? 'required' : 'invalidType');

/**
 * An exact decimal typed or sent as a number or a string ("2,5" or "2.5"), as a canonical decimal string: at most
 * `decimals` digits after the point (more is refused, never rounded), greater than zero, at most MAX_AMOUNT.
 */
export function decimalField(decimals: number, opts: { positive?: boolean; max?: number } = {}) {
  const { positive = true, max = MAX_AMOUNT } = opts;
  return decimal({ decimals, max, min: positive ? 'positive' : 'notNegative' });
}

/** A calendar day ('yyyy-MM-dd' or dd/MM/yyyy) as 'yyyy-MM-dd'. */
export const dayField = z
  .string({ error: need })
  .trim()
  .min(1, { error: 'required' })
  .transform((v, ctx) => {
    const day = parseDay(v);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'invalidDate' });
      return z.NEVER;
    }
    return day;
  });

/** An optional day: missing, null or '' is null. */
export const optionalDayField = z
  .string({ error: 'invalidDate' })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const day = parseDay(v);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'invalidDate' });
      return z.NEVER;
    }
    return day;
  });

/** Who sells what for how much: the fields every price body shares (the price form, "price from today"). */
export const priceAmountFields = {
  supplier_id: id,
  product_id: id,
  price: decimalField(PRICE_DECIMALS),
  /** Missing: the product's currency. */
  currency: z
    .preprocess((v) => (v === '' ? null : v), z.enum(CURRENCIES, { error: 'invalidOption' }).nullish())
    .transform((v) => v ?? null),
};

export const priceSchema = z
  .object({
    ...priceAmountFields,
    start_date: dayField,
    end_date: optionalDayField,
  })
  .superRefine((p, ctx) => {
    if (p.end_date && p.start_date && p.end_date < p.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'endBeforeStart' });
    }
  });
/** What the form sends. */
export type PriceBody = z.input<typeof priceSchema>;
/** After parsing: price as canonical decimal string, days as 'yyyy-MM-dd', end_date null when open. */
export type PriceFields = z.output<typeof priceSchema>;

/** A price as the API returns it. `price` is an exact decimal string (5 decimals as stored, e.g. "2.50000"). */
export const priceViewSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_code: z.string(),
  product_name: z.string().nullable(),
  product_description: z.string(),
  supplier_id: z.number(),
  supplier_name: z.string(),
  price: decimalView,
  currency: z.enum(CURRENCIES),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(PRICE_STATUSES).describe('priceStatus() on the company day (Europe/Rome)'),
  created_by: z.string().nullable().describe('username'),
  modified_by: z.string().nullable().describe('username'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Price = z.infer<typeof priceViewSchema>;

/** GET /prices/counts: the list's counters over the whole filtered list (SPEC §2). */
export const priceCountsSchema = z.object({
  total: z.number().int().describe('how many prices (a count)'),
  active: z.number().int(),
  inactive: z.number().int(),
  upcoming: z.number().int(),
});
export type PriceCounts = z.infer<typeof priceCountsSchema>;

/** GET /prices/in-force: the price in force for a product and supplier on a day, or null. */
export const priceInForceSchema = z.object({
  price_id: z.number(),
  product_id: z.number(),
  supplier_id: z.number(),
  price: decimalView,
  currency: z.enum(CURRENCIES),
  start_date: z.string(),
  end_date: z.string().nullable(),
});
export type PriceInForce = z.infer<typeof priceInForceSchema>;

/** Columns GET /prices sorts by (`sort`), with `order` asc | desc. Without `sort`: newest start date first. */
export const PRICE_SORTS = [
  'product_code',
  'product_name',
  'supplier_name',
  'price',
  'currency',
  'start_date',
  'end_date',
  'status',
] as const;
export type PriceSort = (typeof PRICE_SORTS)[number];

/** The empty form: start date today (SPEC §9), no end date. */
export function emptyPrice(today: string): PriceBody {
  return { supplier_id: '', product_id: '', price: '', currency: 'EUR', start_date: today, end_date: null };
}

/** The editable fields of a price read from the API. */
export function priceBodyOf(p: Price): PriceBody {
  return {
    supplier_id: p.supplier_id,
    product_id: p.product_id,
    price: p.price,
    currency: p.currency,
    start_date: p.start_date,
    end_date: p.end_date,
  };
}
