import { DISPLAY_DECIMALS, formatDecimal, unitLabel, type DisplayKind, type Language } from '@wms/shared-api/core';
import { currentLanguage } from '../i18n/instance';

/**
 * The one formatter family of the portal (issue 21): exact (computed on the decimal's digits by shared-api's
 * rules/decimal.ts, never through a float) and in the user's language — it: "1.234,5", fr: "1 234,5" (U+202F, as Intl
 * writes it). Every screen, print and label uses these; CSV files use `csvDecimal` (no grouping, decimal comma).
 * Each function takes the language last (default: the portal's current language).
 */
export interface DecimalsOptions {
  minDecimals?: number;
  maxDecimals?: number;
}

export const DEFAULT_CURRENCY = 'EUR';

/** A decimal with `minDecimals`–`maxDecimals` decimals (default 2–5), grouped; '' for a missing or non-numeric value. */
export function formatNumber(
  value: number | string | null | undefined,
  { minDecimals = 2, maxDecimals }: DecimalsOptions = {},
  lang: Language = currentLanguage(),
): string {
  const max = maxDecimals ?? Math.max(5, minDecimals);
  const shown = formatDecimal(value, lang, { minDecimals: Math.min(minDecimals, max), maxDecimals: max });
  return /\d/.test(shown) ? shown : '';
}

/** A kind of number with its display decimals (SPEC §9): quantity 0–3, amount 2, unit price 2–4, price 2–5. */
export function formatKind(value: number | string | null | undefined, kind: DisplayKind, lang: Language = currentLanguage()): string {
  const { min, max } = DISPLAY_DECIMALS[kind];
  return formatNumber(value, { minDecimals: min, maxDecimals: max }, lang);
}

/** A whole count ("1.234" / "1 234"): list totals, numbers of rows. */
export function formatCount(value: number | string | null | undefined, lang: Language = currentLanguage()): string {
  return formatNumber(value, { minDecimals: 0, maxDecimals: 0 }, lang);
}

/** The label of a unit code in the user's language ('piece' → 'pz' / 'pce'); never the raw code for a known unit. */
export function formatUnit(code: string | null | undefined, lang: Language = currentLanguage(), form: 'short' | 'long' = 'short'): string {
  return unitLabel(code, lang, form);
}

/** A quantity (0–3 decimals), followed by its unit's label when given: "1.234,5 kg", "12 pz". */
export function formatQuantity(
  value: number | string | null | undefined,
  unit?: string | null,
  lang: Language = currentLanguage(),
): string {
  const n = formatKind(value, 'quantity', lang);
  const u = formatUnit(unit, lang);
  return n && u ? `${n}\u00a0${u}` : n;
}

/** Money with the currency: "1.234,50 €" (euro as €, other currencies by their code: "12,00 USD"). */
export function formatCurrency(
  value: number | string | null | undefined,
  currency: string = DEFAULT_CURRENCY,
  options: DecimalsOptions = {},
  lang: Language = currentLanguage(),
): string {
  const n = formatNumber(value, options, lang);
  if (!n) return '';
  const code = (currency || DEFAULT_CURRENCY).toUpperCase();
  return `${n}\u00a0${code === DEFAULT_CURRENCY ? '€' : code}`;
}

/** An amount or total with its currency, 2 decimals (SPEC §9). */
export function formatAmount(value: number | string | null | undefined, currency?: string, lang: Language = currentLanguage()): string {
  const { min, max } = DISPLAY_DECIMALS.amount;
  return formatCurrency(value, currency, { minDecimals: min, maxDecimals: max }, lang);
}

/** An order line's unit price with its currency, 2–4 decimals (SPEC §9). */
export function formatUnitPrice(value: number | string | null | undefined, currency?: string, lang: Language = currentLanguage()): string {
  const { min, max } = DISPLAY_DECIMALS.unitPrice;
  return formatCurrency(value, currency, { minDecimals: min, maxDecimals: max }, lang);
}

/** A supplier price with its currency, 2–5 decimals (SPEC §9). */
export function formatPrice(value: number | string | null | undefined, currency?: string, lang: Language = currentLanguage()): string {
  const { min, max } = DISPLAY_DECIMALS.price;
  return formatCurrency(value, currency, { minDecimals: min, maxDecimals: max }, lang);
}
