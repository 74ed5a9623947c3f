import { decimalText, roundDecimal } from '@wms/shared-api';
import { currentLanguage, formatDecimal } from '@wms/shared-ui';

/** A price for display (SPEC §9): at least 2, at most 5 decimals, in the user's language ("2,50", "1,12345"). */
export function showPrice(value: string | number | null | undefined): string {
  const text = value === null || value === undefined || value === '' ? null : decimalText(value);
  return text === null ? '' : formatDecimal(text, currentLanguage(), 2);
}

/** Exact decimal with up to `max` decimals and at least `min` ("3.5002" → "3,5002"; order totals: min = max = 2). */
export function showDecimal(value: string | number | null | undefined, min = 0, max = 5): string {
  const text = value === null || value === undefined || value === '' ? null : decimalText(value);
  return text === null ? '' : formatDecimal(decimalText(roundDecimal(text, max)) ?? text, currentLanguage(), min);
}
