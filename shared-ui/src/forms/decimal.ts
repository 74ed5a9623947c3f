import type { Language } from '@wms/shared-api';

/**
 * Exact decimals typed by Italian and French users. The comma is the decimal mark (a point is accepted too); nothing is
 * ever rounded or guessed: text that cannot be read exactly is a problem, never a number. Values travel as decimal
 * strings ("2.5"), never as binary floats.
 */

/** Digits after the mark a field allows (the database scales: numeric(15,3) quantities, (15,4) unit prices, (15,5) prices). */
export const QUANTITY_DECIMALS = 3;
export const UNIT_PRICE_DECIMALS = 4;
export const PRICE_DECIMALS = 5;

export type DecimalProblem = 'invalidNumber' | 'tooManyDecimals';
export type DecimalParse = { ok: true; value: string } | { ok: false; problem: DecimalProblem };

const TYPED = /^(-)?(\d*)(?:[.,](\d*))?$/;

/**
 * Reads what the user typed into a number field: '' → '' (empty), '2,5' or '2.5' → '2.5', ',5' → '0.5', '007' → '7'.
 * Refused: two marks ('2,5,1', '1.234,5'), letters, spaces inside, a lone mark, more than `decimals` digits after the mark.
 */
export function parseDecimal(text: string, decimals: number): DecimalParse {
  const t = text.trim();
  if (t === '') return { ok: true, value: '' };
  const m = TYPED.exec(t);
  if (!m) return { ok: false, problem: 'invalidNumber' };
  const [, minus, whole = '', fraction = ''] = m;
  if (whole === '' && fraction === '') return { ok: false, problem: 'invalidNumber' };
  const frac = fraction.replace(/0+$/, '');
  if (frac.length > decimals) return { ok: false, problem: 'tooManyDecimals' };
  const int = whole.replace(/^0+(?=\d)/, '') || '0';
  const body = frac ? `${int}.${frac}` : int;
  return { ok: true, value: minus && body !== '0' ? `-${body}` : body };
}

/** True for the canonical decimal strings parseDecimal produces (and the API answers): '2.5', '-0.125', '10'. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
}

const MARK: Record<Language, string> = { it: ',', fr: ',' };
/** Thousands separator shown on blur: Italian writes 1.234,5; French 1 234,5 (narrow no-break space, as Intl does). */
const GROUP: Record<Language, string> = { it: '.', fr: '\u202f' };

/** A decimal string as the user edits it: the language's mark, no grouping ('2.5' → '2,5'). Anything else is returned as is. */
export function editDecimal(value: string | number | null | undefined, lang: Language): string {
  if (value === null || value === undefined) return '';
  const v = String(value);
  return isDecimalString(v) ? v.replace('.', MARK[lang]) : v;
}

/**
 * A decimal string as shown outside editing: grouped thousands and the language's mark, every digit kept
 * ('1234.5' → '1.234,5' in Italian, '1 234,5' in French; at least `minDecimals` digits after the mark). Works on the
 * digits, not on a float, so no precision is lost.
 */
export function formatDecimal(value: string | number | null | undefined, lang: Language, minDecimals = 0): string {
  if (value === null || value === undefined || value === '') return '';
  const v = String(value);
  if (!isDecimalString(v)) return v;
  const negative = v.startsWith('-');
  const [int, frac = ''] = (negative ? v.slice(1) : v).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[lang]);
  const fraction = frac.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${grouped}${fraction ? MARK[lang] + fraction : ''}`;
}
