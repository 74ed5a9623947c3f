import { z } from 'zod';
import { flag, MAX_TEXT, optionalId, optionalText, requiredText } from './common';
import { UNIT_CODES } from '@wms/shared-api/core';

/**
 * Products (SPEC §3, §5): the body of POST / PUT /products, parsed by the product form and by the server alike. Fields the
 * client adds (created_by, modified_by, deleted_at, deleted_by) are not part of it and are dropped: the server takes the
 * author from the session.
 */
export const UNITS = UNIT_CODES;
export type Unit = (typeof UNITS)[number];
export const CURRENCIES = ['EUR', 'USD', 'MAD', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY_CODE: Currency = 'EUR';
export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const MAX_PRODUCT_CODE = 50;

/** 'required' when missing, 'invalidOption' when not one of `values`; '' counts as missing. */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: (iss) => (iss.input == null ? 'required' : 'invalidOption') }));

export const productSchema = z.object({
  code: requiredText(MAX_PRODUCT_CODE),
  name: optionalText(MAX_TEXT),
  description: requiredText(MAX_TEXT),
  category: requiredText(MAX_TEXT),
  supplier_id: optionalId,
  unit_of_measure: z
    .preprocess((v) => (v === '' ? null : v), z.enum(UNITS, { error: 'invalidOption' }).nullish())
    .transform((v) => v ?? null),
  barcode: optionalText(100),
  currency: choice(CURRENCIES),
  has_bom: flag(),
  is_semi_finished: flag(),
  has_batch: flag(),
  has_expiry_date: flag(),
  has_production_date: flag(),
  status: z.enum(PRODUCT_STATUSES, { error: 'invalidOption' }).default('active'),
});
/** What the form sends. */
export type ProductBody = z.input<typeof productSchema>;
/** After parsing: trimmed texts, blanks as null, flags as booleans. */
export type ProductFields = z.output<typeof productSchema>;

/** PUT /products/{id}/status (archive / activate). modified_by, if sent, is ignored. */
export const productStatusSchema = z.object({ status: choice(PRODUCT_STATUSES) });

/** A product as the API returns it (GET /products, /products/{id}, and every write). */
export const productViewSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string().nullable(),
  description: z.string(),
  category: z.string(),
  supplier_id: z.number().nullable(),
  supplier_name: z.string().nullable(),
  unit_of_measure: z.enum(UNITS).nullable(),
  barcode: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  has_bom: z.boolean(),
  is_semi_finished: z.boolean(),
  has_batch: z.boolean(),
  has_expiry_date: z.boolean(),
  has_production_date: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  created_by: z.string().nullable().describe('username'),
  modified_by: z.string().nullable().describe('username'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productViewSchema>;

/** Columns GET /products sorts by (`sort`), with `order` asc | desc. Without `sort`: newest first. */
export const PRODUCT_SORTS = ['code', 'description', 'category', 'supplier_name', 'unit_of_measure', 'status'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The empty form: currency EUR (SPEC §9), every flag off, active. */
export function emptyProduct(): ProductBody {
  return {
    code: '',
    name: null,
    description: '',
    category: '',
    supplier_id: null,
    unit_of_measure: null,
    barcode: null,
    currency: DEFAULT_CURRENCY_CODE,
    has_bom: false,
    is_semi_finished: false,
    has_batch: false,
    has_expiry_date: false,
    has_production_date: false,
    status: 'active',
  };
}

/** The editable fields of a product read from the API (edit and duplicate modes start from these). */
export function productBodyOf(p: Product): ProductBody {
  const { code, name, description, category, supplier_id, unit_of_measure, barcode, currency, status } = p;
  const { has_bom, is_semi_finished, has_batch, has_expiry_date, has_production_date } = p;
  return {
    code,
    name,
    description,
    category,
    supplier_id,
    unit_of_measure,
    barcode,
    currency,
    status,
    has_bom,
    is_semi_finished,
    has_batch,
    has_expiry_date,
    has_production_date,
  };
}
