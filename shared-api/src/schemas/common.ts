import { z } from 'zod';
import { compareDecimals, DECIMAL_PATTERN, decimalPlaces, decimalText } from '@wms/shared-api/core';

/**
 * The building blocks of every schema (forms and server alike): texts, ids, days, decimals, flags and the list query.
 * Each rule names a message key (validation/messages.ts), so the form and the server's 400 say the same words.
 */

// No `new Function` probe: the portal's CSP refuses eval, and Chromium reports even a caught attempt as a violation.
z.config({ jitless: true });

/** Longest free text a field accepts; longer input is a 400, never a truncation or a 500. */
export const MAX_TEXT = 255;
export const MAX_LONG_TEXT = 2000;

/** Missing (undefined or null) is "required"; present but of another type (a number, an object) is "invalid value". */
export const missingOrInvalid = (issue: { input?: unknown }) => (issue.input == null ? 'required' : 'invalidType');

// ------------------------------------------------------------------------------------------------------------------ text

/**
 * Characters no text of the API may hold: NUL (PostgreSQL cannot store it in text) and the other C0 controls and DEL,
 * except tab, line feed and carriage return (notes have lines).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when `text` holds a character no field may store (CONTROL_CHARS). */
export function hasControlChars(text: string): boolean {
  return CONTROL_CHARS.test(text);
}

/** Any text: trimmed, at most `max` characters, no control characters. */
const text = (max: number, error: (issue: { input?: unknown }) => string) =>
  z
    .string({ error })
    .trim()
    .max(max, { error: 'tooLong' })
    .refine((v) => !hasControlChars(v), { error: 'controlChars' });

/** A required, trimmed text. */
export const requiredText = (max = MAX_TEXT) => text(max, missingOrInvalid).min(1, { error: 'required' });

/** An optional text: missing, null or blank all become null. */
export const optionalText = (max = MAX_TEXT) =>
  text(max, () => 'invalidType')
    .nullish()
    .transform((v) => (v ? v : null));

// ------------------------------------------------------------------------------------------------------------ integers

/** Strict decimal digits: no sign, space, point, exponent or hex ("0x10", " 1", "1e0", "+1" are not integers here). */
const DIGITS = /^\d{1,16}$/;

/** A text of digits as a number; '' as "missing"; anything else unchanged (the number schema then refuses it). */
const digitsToNumber = (v: unknown) => (typeof v !== 'string' ? v : v === '' ? undefined : DIGITS.test(v) ? Number(v) : v);

/**
 * A database id: a positive safe integer, given as a JSON number or, in a path, a query or a select's value, as strict
 * decimal digits. Missing is "required", anything else "invalid value".
 */
export const id = z.preprocess(
  digitsToNumber,
  z
    .number({ error: missingOrInvalid })
    .int({ error: 'invalidType' })
    .positive({ error: 'invalidType' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'invalidType' }),
);

/** An id that may be absent: missing, null or '' (a select left empty) become null. */
export const optionalId = z.preprocess((v) => (v === '' ? null : v), id.nullish()).transform((v) => v ?? null);

/** A query-string id filter: absent or blank is no filter (undefined). */
export const queryId = z.preprocess((v) => (v === '' ? undefined : v), id.optional());

/** A whole number in [min, max] given as strict digits (paging); absent or blank takes `fallback`. */
export const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: 'invalidType' })
      .int({ error: 'invalidType' })
      // Out of range says the range ("Il valore deve essere almeno 1", "Valore troppo grande (massimo 1.000)").
      .min(min, { error: 'belowMinimum' })
      .max(max, { error: 'tooLarge' })
      .default(fallback),
  );

// ---------------------------------------------------------------------------------------------------------------- days

/**
 * A calendar day typed as dd/MM/yyyy (how the portal shows and sends dates) or yyyy-MM-dd (ISO), as 'yyyy-MM-dd'; null
 * when it is not a real day (31/02/2025) or not a date at all.
 */
export function parseDay(input: string): string | null {
  const t = input.trim();
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (!m) return null;
  const [d, mo, y] = t.includes('/') ? [+m[1], +m[2], +m[3]] : [+m[3], +m[2], +m[1]];
  if (y < 1900 || y > 2999) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

const toDay = (v: string, ctx: z.RefinementCtx) => {
  const d = parseDay(v);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: 'invalidDate' });
    return z.NEVER;
  }
  return d;
};

/** A required day (dd/MM/yyyy or yyyy-MM-dd) → 'yyyy-MM-dd'. */
export const requiredDay = z
  .string({ error: (iss) => (iss.input == null ? 'required' : 'invalidDate') })
  .trim()
  .min(1, { error: 'required' })
  .transform(toDay);

/** An optional day: missing, null or blank → null; otherwise like requiredDay. */
export const optionalDay = z
  .string({ error: 'invalidDate' })
  .trim()
  .nullish()
  .transform((v, ctx) => (v ? toDay(v, ctx) : null));

/** A query-string day filter: absent or blank is no filter (undefined). */
export const queryDay = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: 'invalidDate' })
    .optional()
    .transform((v, ctx) => (v === undefined ? undefined : toDay(v, ctx))),
);

// ------------------------------------------------------------------------------------------------------------ decimals

/**
 * The text branch of a decimal in a request. OpenAPI documents the API's syntax (DECIMAL_PATTERN, as in every answer:
 * issue 21's one syntax); the check itself is decimal()'s transform, so a refusal keeps the field's own message
 * (invalidType, tooManyDecimals…). The server also reads a decimal comma ("12,5"), a tolerance the document does not
 * promise; grouped text ("1.500,25") is refused.
 */
const decimalInputText = z.string().meta({ pattern: DECIMAL_PATTERN, description: 'exact decimal as text, e.g. "12.5"' });

export interface DecimalOptions {
  /** Digits allowed after the point (rules/decimal.ts SCALES: quantities 3, unit prices 4, prices 5). */
  decimals: number;
  /** Largest value accepted. */
  max: number;
  /** 'positive' (> 0, the default) or 'notNegative' (≥ 0), or a least value (inclusive, e.g. a sale's 1). */
  min?: 'positive' | 'notNegative' | { least: number };
  /** Message key of "too large" (default 'tooLarge', with {max}). */
  tooLargeKey?: string;
  /** One message key for every refusal but "required" (a sale's quantity has one sentence for all its rules). */
  oneKey?: string;
}

/**
 * An exact decimal (quantity, price, amount): a decimal string with a point or a comma ("2.5", "2,5"; never grouped —
 * what people type is read by readDecimal in the form first) or a JSON number exactly representable at the field's scale (read
 * through its shortest printing: 0.1 + 0.2 is refused, never rounded). Output: canonical decimal text ("2.5"), for numeric
 * columns and exact (bigint) arithmetic (rules/decimal.ts). Refusals: required, invalidType (not a number), positive /
 * notNegative / below {min}, tooManyDecimals {max}, tooLarge {max}.
 */
export const decimal = ({ decimals, max, min = 'positive', tooLargeKey = 'tooLarge', oneKey }: DecimalOptions) =>
  z
    .union([z.number(), decimalInputText], { error: (iss) => (iss.input == null ? 'required' : (oneKey ?? 'invalidType')) })
    .transform((v, ctx) => {
      const refuse = (message: string, params?: Record<string, number>) => {
        ctx.addIssue({ code: 'custom', message: oneKey ?? message, ...(params ? { params } : {}) });
        return z.NEVER;
      };
      if (typeof v === 'string' && v.trim() === '') {
        ctx.addIssue({ code: 'custom', message: 'required' });
        return z.NEVER;
      }
      const exact = decimalText(v);
      if (exact === null) return refuse('invalidType');
      if (decimalPlaces(exact) > decimals) return refuse('tooManyDecimals', { max: decimals });
      if (typeof min === 'object') {
        if (compareDecimals(exact, min.least) < 0) return refuse('belowMinimum', { min: min.least });
      } else if (min === 'positive' ? compareDecimals(exact, 0) <= 0 : compareDecimals(exact, 0) < 0) return refuse(min);
      if (compareDecimals(exact, max) > 0) return refuse(tooLargeKey, { max });
      return exact;
    });

/**
 * A decimal in an answer (quantities, prices, amounts, rates): exact text ('12.500', '0.00125'), never a JSON number.
 * OpenAPI: a string with DECIMAL_PATTERN.
 */
export const decimalView = z.string().regex(new RegExp(DECIMAL_PATTERN)).describe('exact decimal as text, e.g. "1234.5"');

// --------------------------------------------------------------------------------------------------------------- flags

/** A yes/no field: missing means `fallback`; anything but a boolean is refused. */
export const flag = (fallback = false) => z.boolean({ error: 'invalidType' }).default(fallback);

/** A yes/no query filter: true / false / 1 / 0; absent or blank is no filter (undefined). */
export const queryFlag = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .enum(['true', 'false', '1', '0'], { error: 'invalidOption' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
);

// -------------------------------------------------------------------------------------------------------- list queries

/** Every list is a page: `limit` (default 100, at most 1000) and `offset`; the total travels in X-Total-Count. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
export const MAX_OFFSET = 100_000_000;
/** Words of `q` beyond this many are ignored (each one is a scan condition). */
export const MAX_SEARCH_WORDS = 8;

/** `limit` and `offset` of a list, as strict whole numbers. */
export const pageQuery = (defaultLimit = DEFAULT_LIMIT) => ({
  limit: wholeNumber(1, MAX_LIMIT, defaultLimit),
  offset: wholeNumber(0, MAX_OFFSET, 0),
});

/** `sort` (one of `sorts`) and `order` (asc | desc; absent: the list's natural order). */
export const sortQuery = <S extends readonly [string, ...string[]]>(sorts: S) => ({
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(sorts, { error: 'invalidOption' }).optional()),
  order: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['asc', 'desc'], { error: 'invalidOption' }).optional()),
});

/** What a scanner types as the GS1 separator: ASCII 29, or U+241D ("GS" shown). */
const scanSeparators = (text: string) => text.split('\u001d').join(' ').split('\u241d').join(' ');

/**
 * A query-string text filter ("contains"): trimmed, blank is no filter (undefined), no control characters — except the
 * GS1 separator a barcode scanner types (ASCII 29, issue 27), read as a space so a scan into a search box is a search.
 */
export const queryText = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (scanSeparators(v).trim() === '' ? undefined : scanSeparators(v)) : v),
    text(max, () => 'invalidType').optional(),
  );

/**
 * The query of a searchable list: `q` (every word must match), `sort` / `order`, `limit` / `offset`, plus the list's own
 * filters (`extra`, built from queryId, queryDay, queryFlag, queryText).
 */
export function listQuery<S extends readonly [string, ...string[]], E extends z.ZodRawShape = Record<never, never>>(sorts: S, extra?: E) {
  return z.object({
    q: queryText(200).describe('Free text: every word must appear in some field'),
    ...sortQuery(sorts),
    ...pageQuery(),
    ...(extra ?? ({} as E)),
  });
}
