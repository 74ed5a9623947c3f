/** Italian number formatting used across the portal (SPEC §9): "1.234,5" style, 2 to 5 decimals by default. */
export interface DecimalsOptions {
  minDecimals?: number;
  maxDecimals?: number;
}

const LOCALE = 'it-IT';
export const DEFAULT_CURRENCY = 'EUR';

/** Decimals to show; a minimum above the maximum is lowered to it rather than throwing. */
function decimals({ minDecimals = 2, maxDecimals }: DecimalsOptions): { min: number; max: number } {
  const max = maxDecimals ?? Math.max(5, minDecimals);
  return { min: Math.min(minDecimals, max), max };
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value); // numeric columns arrive as text from PostgreSQL
  return Number.isFinite(n) ? n : null;
}

/** it-IT number (always grouped: 1.234,50) with `minDecimals`–`maxDecimals` decimals (default 2–5); '' for a missing or non-numeric value. */
export function formatNumber(value: number | string | null | undefined, options: DecimalsOptions = {}): string {
  const n = toNumber(value);
  if (n === null) return '';
  const { min, max } = decimals(options);
  return new Intl.NumberFormat(LOCALE, { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: true }).format(n);
}

/** it-IT money, e.g. "1.234,50 €"; an unknown currency code is written after the number. */
export function formatCurrency(
  value: number | string | null | undefined,
  currency: string = DEFAULT_CURRENCY,
  options: DecimalsOptions = {},
): string {
  const n = toNumber(value);
  if (n === null) return '';
  const { min, max } = decimals(options);
  const code = (currency || DEFAULT_CURRENCY).toUpperCase();
  try {
    return new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: code,
      // The euro as €; other currencies by code (it-IT would write CNY as "CN¥" but USD as "USD").
      currencyDisplay: code === DEFAULT_CURRENCY ? 'symbol' : 'code',
      // it-IT leaves 4-digit numbers ungrouped by default; invoices and lists here always write 1.234,50.
      useGrouping: true,
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    }).format(n);
  } catch {
    return `${formatNumber(n, { minDecimals: min, maxDecimals: max })} ${code}`;
  }
}
