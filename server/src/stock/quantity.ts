import { MAX_MOVEMENT_QUANTITY, QUANTITY_DECIMALS } from '@wms/shared-api';

/**
 * Quantities inside the server are integer thousandths held in a bigint ("milli"): netting a reversal against a correction
 * or comparing with what is available stays exact, with no float in sight. They cross to SQL as decimal text and come back
 * from numeric columns as text (db/types.ts), so no value is ever rounded on the way.
 */
export type Milli = bigint;

const SCALE = 10n ** BigInt(QUANTITY_DECIMALS);
const DECIMAL = new RegExp(`^(\\d{1,12})(?:\\.(\\d{1,${QUANTITY_DECIMALS}}))?$`);
const MAX_MILLI = BigInt(MAX_MOVEMENT_QUANTITY) * SCALE;

/** Text like "12", "12.5", "0.001" (also a numeric column's "12.500") → milli; null when not such a text. */
export function decimalToMilli(text: string): Milli | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(QUANTITY_DECIMALS, '0');
  return BigInt(m[1]) * SCALE + BigInt(frac);
}

/**
 * A movement quantity as given by a caller (JSON number or decimal text) → milli, or null unless it is > 0, at most
 * MAX_MOVEMENT_QUANTITY and has at most QUANTITY_DECIMALS decimals. A number is read through its shortest exact
 * printing, so 0.30000000000000004 is refused rather than rounded to 0.3.
 */
export function movementQuantity(value: number | string): Milli | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return null;
  }
  const milli = decimalToMilli(text);
  if (milli === null || milli <= 0n || milli > MAX_MILLI) return null;
  return milli;
}

/** milli → "12.500" (a SQL numeric parameter). Negative values keep their sign. */
export function milliToDecimal(milli: Milli): string {
  const sign = milli < 0n ? '-' : '';
  const abs = milli < 0n ? -milli : milli;
  return `${sign}${abs / SCALE}.${String(abs % SCALE).padStart(QUANTITY_DECIMALS, '0')}`;
}

/** milli → JSON number (exact to 3 decimals: quantities stay far below 2^53 thousandths). */
export function milliToNumber(milli: Milli): number {
  return Number(milliToDecimal(milli));
}

/** A numeric column's text → JSON number. */
export function numericToNumber(text: string): number {
  return Number(text);
}

/** milli → "12,5" for messages: comma decimals in both Italian and French, no trailing zeros. */
export function formatMilli(milli: Milli): string {
  const text = milliToDecimal(milli).replace(/\.?0+$/, '');
  return text.replace('.', ',');
}
