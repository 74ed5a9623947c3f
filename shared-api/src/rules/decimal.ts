import type { Language } from '../types';

/**
 * THE exact-decimal module of the portal (issue 21): forms, server, ledger and reports all use this one. Money and
 * quantities are never binary floats: they travel as decimal strings ("2.5", "12.500", "0.0001") and arithmetic runs on
 * BigInt units of 10^-scale. Also here: each field's scale (declared once), the one rounding rule (half away from zero,
 * PostgreSQL's round(numeric)), how Italian and French users write numbers (readDecimal) and how they are shown
 * (formatDecimal / editDecimal / csvDecimal).
 */

// ------------------------------------------------------------------------------------------------------------ scales

/** Digits after the mark of each kind of decimal (SPEC §9; the database columns have the same scales). */
export const SCALES = {
  /** numeric(15,3): every quantity (stock, movements, orders, receipts, sales). */
  quantity: 3,
  /** numeric(15,4): an order line's unit price, line totals and order totals as kept. */
  unitPrice: 4,
  /** numeric(15,5): a supplier price. */
  price: 5,
} as const;
export type Scale = keyof typeof SCALES;

export const QUANTITY_DECIMALS = SCALES.quantity;
export const UNIT_PRICE_DECIMALS = SCALES.unitPrice;
export const PRICE_DECIMALS = SCALES.price;
/** Order quantities are ordinary quantities. */
export const ORDER_QUANTITY_DECIMALS = SCALES.quantity;
/** Line totals and prefilled unit prices are rounded to this many decimals (round4). */
export const LINE_TOTAL_DECIMALS = 4;

/** How many decimals each kind of number shows (SPEC §9): amounts 2, unit prices 2–4, prices 2–5, quantities 0–3. */
export const DISPLAY_DECIMALS = {
  quantity: { min: 0, max: SCALES.quantity },
  amount: { min: 2, max: 2 },
  unitPrice: { min: 2, max: SCALES.unitPrice },
  price: { min: 2, max: SCALES.price },
} as const;
export type DisplayKind = keyof typeof DISPLAY_DECIMALS;

/** The text shape of every decimal the API sends or accepts as a string (OpenAPI `pattern`). */
export const DECIMAL_PATTERN = '^-?\\d+(\\.\\d+)?$';
const DECIMAL_RE = new RegExp(DECIMAL_PATTERN);

// ------------------------------------------------------------------------------------------------------ canonical text

/**
 * Canonical text of a decimal sent to the API as a JSON number or a string with a point ("2.5"; a lone comma "2,5" is read
 * as the mark too); null when it is not one. A number is read through its shortest exact printing, so
 * 0.1 + 0.2 gives "0.30000000000000004" (then refused by the scale check), never a silent 0.3. Thousands separators are
 * not API syntax: what people type goes through readDecimal first.
 */
export function decimalText(input: unknown): string | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
    if (/e/i.test(text)) return null; // 1e-7 or 1e21: far outside any amount we keep
  } else if (typeof input === 'string') {
    text = input.trim().replace(',', '.');
  } else {
    return null;
  }
  const m = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text) ?? /^(-)?()\.(\d+)$/.exec(text);
  if (!m) return null;
  const int = (m[2] || '0').replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const sign = m[1] && (int !== '0' || frac) ? '-' : '';
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/** True for the decimal strings the API sends ('2.5', '-0.125', '10', '12.500'). */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_RE.test(value);
}

/** Digits after the point of a canonical decimal text. */
export function decimalPlaces(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function exact(value: string | number): string {
  const text = decimalText(value);
  if (text === null) throw new Error(`not a decimal: ${String(value)}`);
  return text;
}

/** A decimal as integer units of 10^-scale (extra digits are cut; round first if that matters). */
export function toUnits(value: string | number, scale: number): bigint {
  const text = exact(value);
  const neg = text.startsWith('-');
  const [int, frac = ''] = (neg ? text.slice(1) : text).split('.');
  const units = BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
  return neg ? -units : units;
}

/** Integer units of 10^-scale back to a canonical decimal text ('2.5'). */
export function fromUnits(units: bigint, scale: number): string {
  const fixed = fixedUnits(units, scale);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** Integer units of 10^-scale as text with exactly `scale` decimals ('2.500'): a numeric column's own writing. */
export function fixedUnits(units: bigint, scale: number): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale ? `.${digits.slice(digits.length - scale)}` : '';
  return `${neg ? '-' : ''}${int}${frac}`;
}

/** `value` written with exactly `scale` decimals ('2.5' at 3 → '2.500'), rounded half away from zero if it has more. */
export function toFixedDecimal(value: string | number, scale: number): string {
  return fixedUnits(toUnits(roundDecimal(value, scale), scale), scale);
}

// ---------------------------------------------------------------------------------------------------------- arithmetic

/** Divides by 10^drop, rounding half away from zero (PostgreSQL's round() on numeric). */
function roundUnits(units: bigint, drop: number): bigint {
  if (drop <= 0) return units;
  const div = 10n ** BigInt(drop);
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const q = abs / div + ((abs % div) * 2n >= div ? 1n : 0n);
  return neg ? -q : q;
}

/** `value` rounded to `scale` decimals, half away from zero (PostgreSQL's round(numeric, scale)). */
export function roundDecimal(value: string | number, scale: number): string {
  const text = exact(value);
  const places = Math.max(decimalPlaces(text), scale);
  return fromUnits(roundUnits(toUnits(text, places), places - scale), scale);
}

/**
 * THE rounding of line totals and prefilled unit prices (SPEC §9: 4 decimals, half away from zero). The database rounds
 * with round(x, 4) on numeric, the same rule (the test "client and SQL agree" proves it on half-way cases).
 */
export function round4(value: string | number): string {
  return roundDecimal(value, LINE_TOTAL_DECIMALS);
}

/** a × b rounded to `scale` decimals (half away from zero), exactly. */
export function multiplyDecimals(a: string | number, b: string | number, scale: number): string {
  const ta = exact(a);
  const tb = exact(b);
  const sa = decimalPlaces(ta);
  const sb = decimalPlaces(tb);
  const units = toUnits(ta, sa) * toUnits(tb, sb); // in units of 10^-(sa + sb)
  const drop = sa + sb - scale;
  // Fewer digits than asked (2.5 × 2.5 at 4 decimals): scale the units up instead of rounding.
  return fromUnits(drop >= 0 ? roundUnits(units, drop) : units * 10n ** BigInt(-drop), scale);
}

/** a ÷ b rounded to `scale` decimals (half away from zero), exactly; throws on b = 0. */
export function divideDecimals(a: string | number, b: string | number, scale: number): string {
  const ta = exact(a);
  const tb = exact(b);
  const s = Math.max(decimalPlaces(ta), decimalPlaces(tb));
  const ua = toUnits(ta, s);
  const ub = toUnits(tb, s);
  if (ub === 0n) throw new Error('division by zero');
  // (ua / ub) × 10^(scale + 1), then one digit rounded away.
  const neg = ua < 0n !== ub < 0n;
  const q = ((ua < 0n ? -ua : ua) * 10n ** BigInt(scale + 1)) / (ub < 0n ? -ub : ub);
  const r = roundUnits(q, 1);
  return fromUnits(neg ? -r : r, scale);
}

/** Σ values, exactly. */
export function sumDecimals(values: ReadonlyArray<string | number>): string {
  const texts = values.map(exact);
  const scale = Math.max(0, ...texts.map(decimalPlaces));
  return fromUnits(
    texts.reduce((acc, t) => acc + toUnits(t, scale), 0n),
    scale,
  );
}

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compareDecimals(a: string | number, b: string | number): -1 | 0 | 1 {
  const ta = exact(a);
  const tb = exact(b);
  const scale = Math.max(decimalPlaces(ta), decimalPlaces(tb));
  const d = toUnits(ta, scale) - toUnits(tb, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** a − b, exactly. */
export function subtractDecimals(a: string | number, b: string | number): string {
  return sumDecimals([a, negateDecimal(b)]);
}

/** −a, exactly. */
export function negateDecimal(a: string | number): string {
  const t = exact(a);
  return t === '0' ? t : t.startsWith('-') ? t.slice(1) : `-${t}`;
}

// ------------------------------------------------------------------------------------------- as people write numbers

/**
 * Why typed text is not a number: letters or signs (invalidNumber), thousands separators in the wrong places
 * (misplacedGroup: '1.50.0', '12.34,5'), two decimal marks (twoMarks: '2,5,1', '1,5.3'), a French '1.500' that could be
 * 1500 or 1,5 (ambiguousPoint), more digits after the mark than the field keeps (tooManyDecimals).
 */
export type DecimalProblem = 'invalidNumber' | 'misplacedGroup' | 'twoMarks' | 'ambiguousPoint' | 'tooManyDecimals';
export type DecimalRead = { ok: true; value: string } | { ok: false; problem: DecimalProblem };

/** The decimal mark and the thousands separator each language writes (fr: U+202F, as Intl does). */
export const NUMBER_MARKS: Record<Language, { decimal: string; group: string }> = {
  it: { decimal: ',', group: '.' },
  fr: { decimal: ',', group: '\u202f' },
};

/** Space, no-break space and narrow no-break space: French thousands separators (an Italian may type them too). */
const SPACE = /[ \u00a0\u202f]/;
const fail = (problem: DecimalProblem): DecimalRead => ({ ok: false, problem });

/** Integer digits grouped by threes with `sep` ('1.234.567'); the first group never starts with 0 ('0.500' is 0,5). */
function groupedBy(int: string, sep: 'point' | 'space'): boolean {
  return (sep === 'point' ? /^[1-9]\d{0,2}(\.\d{3})+$/ : /^[1-9]\d{0,2}([ \u00a0\u202f]\d{3})+$/).test(int);
}

/**
 * Reads a number as an Italian or a French user types it, exactly, into canonical text ('' for blank).
 * - Italian: comma = decimal mark, point = thousands separator: '1.500' = 1500, '12.345.678,9', '1.234,5'.
 * - French: comma = decimal mark, space / U+00A0 / U+202F = thousands separator: '1 234,5'.
 * - A point that can only be a decimal mark ('2.5', '1.50', '0.500': not a well-placed thousands group) is read as one.
 *   In French a point followed by exactly three digits ('1.500') is refused as ambiguous rather than guessed.
 * Nothing is rounded: more decimals than `scale` (after dropping trailing zeros) is tooManyDecimals.
 */
export function readDecimal(input: string, lang: Language, scale: number): DecimalRead {
  let s = input.trim();
  if (s === '') return { ok: true, value: '' };
  let negative = false;
  if (s.startsWith('-') || s.startsWith('\u2212')) {
    negative = true;
    s = s.slice(1);
  }
  if (!/^[\d., \u00a0\u202f]+$/.test(s) || !/\d/.test(s)) return fail('invalidNumber');
  const commas = s.split(',').length - 1;
  if (commas > 1) return fail('twoMarks');
  let int: string;
  let frac: string;
  if (commas === 1) {
    [int, frac] = s.split(',');
    if (frac.includes('.')) return fail('twoMarks');
  } else if (!s.includes('.')) {
    [int, frac] = [s, ''];
  } else if (s.split('.').length - 1 > 1 || (lang === 'it' && groupedBy(s, 'point'))) {
    [int, frac] = [s, '']; // points as thousands separators ('1.500', '12.345.678'), checked below
    if (lang === 'fr') return fail('misplacedGroup');
  } else {
    [int, frac] = s.split('.');
    if (lang === 'fr' && /^[1-9]\d{0,2}$/.test(int) && /^\d{3}$/.test(frac)) return fail('ambiguousPoint');
  }
  if (!/^\d*$/.test(frac)) return fail('misplacedGroup');
  if (!/^\d*$/.test(int)) {
    const ok = int.includes('.') ? lang === 'it' && !SPACE.test(int) && groupedBy(int, 'point') : groupedBy(int, 'space');
    if (!ok) return fail('misplacedGroup');
    int = int.replace(/[. \u00a0\u202f]/g, '');
  }
  const fraction = frac.replace(/0+$/, '');
  if (fraction.length > scale) return fail('tooManyDecimals');
  const whole = int.replace(/^0+(?=\d)/, '') || '0';
  const body = fraction ? `${whole}.${fraction}` : whole;
  return { ok: true, value: negative && body !== '0' ? `-${body}` : body };
}

export interface FormatDecimalOptions {
  /** Digits always shown after the mark (padded with zeros). Default 0. */
  minDecimals?: number;
  /** Digits at most; a value with more is rounded half away from zero. Default: every digit kept. */
  maxDecimals?: number;
  /** Thousands separators (default true; false for editing and CSV). */
  grouping?: boolean;
}

/**
 * A decimal as shown to people of `lang`, computed on the digits (never through a float): '1234.5' → '1.234,5' (it),
 * '1 234,5' (fr, U+202F). Always grouped, also four-digit numbers ('1.500': readDecimal reads it back as 1500), so what
 * a screen shows a field reads back as the same value. '' for null / undefined / ''; a text that is not a decimal is
 * returned as it is.
 */
export function formatDecimal(
  value: string | number | null | undefined,
  lang: Language,
  { minDecimals = 0, maxDecimals, grouping = true }: FormatDecimalOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  let text = decimalText(value);
  if (text === null || (typeof value === 'string' && !isDecimalString(value.trim()))) return String(value);
  if (maxDecimals !== undefined && decimalPlaces(text) > maxDecimals) text = roundDecimal(text, maxDecimals);
  const negative = text.startsWith('-');
  const [int, frac = ''] = (negative ? text.slice(1) : text).split('.');
  const marks = NUMBER_MARKS[lang] ?? NUMBER_MARKS.it;
  const grouped = grouping ? int.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group) : int;
  const min = maxDecimals !== undefined ? Math.min(minDecimals, maxDecimals) : minDecimals;
  const fraction = frac.padEnd(min, '0');
  return `${negative ? '-' : ''}${grouped}${fraction ? marks.decimal + fraction : ''}`;
}

/** A decimal as the user edits it: the language's mark, no grouping ('2.5' → '2,5'). */
export function editDecimal(value: string | number | null | undefined, lang: Language): string {
  return formatDecimal(value, lang, { grouping: false });
}

/** A decimal in the portal's CSV files (documented format: no grouping, decimal comma, every digit). */
export function csvDecimal(value: string | number | null | undefined): string {
  return formatDecimal(value, 'it', { grouping: false });
}
