import { z } from 'zod';
import { decimalView, flag, MAX_TEXT, optionalId, optionalText, requiredText } from './common';
import { registerValidationMessages, UNIT_CODES } from '@wms/shared-api/core';
import { barcodeKey, gtinProblem } from '../rules/gtin';

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

/**
 * Barcodes (issue 27): the product's `barcode` is its GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14, check digit verified:
 * rules/gtin.ts); `extra_barcodes` are any other codes it is scanned by (suppliers' codes). Every one is unique among
 * live products — the database decides (migration 020), a clash is 409 BARCODE_TAKEN.
 */
export const productValidationMessages = registerValidationMessages({
  it: {
    gtinFormat: 'Il codice a barre deve essere un GTIN di 8, 12, 13 o 14 cifre (EAN-8, UPC-A, EAN-13, GTIN-14)',
    gtinCheckDigit: "Codice a barre non valido: la cifra di controllo (l'ultima) non corrisponde",
    barcodeRepeated: 'Codice a barre ripetuto: {{code}}',
    tooManyBarcodes: 'Al massimo {{max}} codici a barre aggiuntivi',
  },
  fr: {
    gtinFormat: 'Le code-barres doit être un GTIN de 8, 12, 13 ou 14 chiffres (EAN-8, UPC-A, EAN-13, GTIN-14)',
    gtinCheckDigit: 'Code-barres non valide : le chiffre de contrôle (le dernier) ne correspond pas',
    barcodeRepeated: 'Code-barres répété : {{code}}',
    tooManyBarcodes: '{{max}} codes-barres supplémentaires au maximum',
  },
});
export const MAX_BARCODE_LENGTH = 100;
export const MAX_EXTRA_BARCODES = 20;

/** The product's GTIN: optional; when given, a GTIN with a right check digit. */
const gtin = optionalText(MAX_BARCODE_LENGTH).superRefine((v, ctx) => {
  const problem = v === null ? null : gtinProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Extra barcodes: any codes (no control characters), none twice (GTINs compared as GTIN-14). Absent = unchanged. */
const extraBarcodes = z
  .array(requiredText(MAX_BARCODE_LENGTH), { error: 'invalidType' })
  .max(MAX_EXTRA_BARCODES, { error: 'tooManyBarcodes' })
  .superRefine((codes, ctx) => {
    const seen = new Set<string>();
    codes.forEach((code, i) => {
      const key = barcodeKey(code);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'barcodeRepeated', path: [i], params: { code } });
      seen.add(key);
    });
  })
  .optional();

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
  barcode: gtin,
  extra_barcodes: extraBarcodes,
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
  extra_barcodes: z.array(z.string()).optional().describe('one product (GET /products/{id} and writes); not in lists'),
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
    extra_barcodes: [],
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
    extra_barcodes: p.extra_barcodes ?? [],
    currency,
    status,
    has_bom,
    is_semi_finished,
    has_batch,
    has_expiry_date,
    has_production_date,
  };
}

/**
 * GET /barcodes/{code}: what a scan says — the product it names (by its code, GTIN or an extra barcode; GS1 (01), (02)
 * or (240)) and what the GS1 string carries besides: batch (10), expiry (17, else best before 15), production (11), and
 * the quantity ((310n) kg, (311n) m, (315n) l, (30)/(37) pieces) as exact decimal text.
 */
export const barcodeLookupSchema = z.object({
  product: productViewSchema,
  batch_number: z.string().optional(),
  expiry_date: z.string().optional().describe('yyyy-MM-dd'),
  production_date: z.string().optional().describe('yyyy-MM-dd'),
  quantity: decimalView.optional(),
});
export type BarcodeLookup = z.infer<typeof barcodeLookupSchema>;
