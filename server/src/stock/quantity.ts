import { fixedUnits, QUANTITY_DECIMALS, toUnits } from '@wms/shared-api/core';

/**
 * Quantities inside the server are integer thousandths held in a bigint ("milli"): netting a reversal against a correction
 * or comparing with what is available stays exact, with no float in sight. They cross to SQL as decimal text and come back
 * from numeric columns as text (db/types.ts), so no value is ever rounded on the way. This file is only a name for the
 * quantity scale over shared-api's one exact-decimal module (rules/decimal.ts): no parsing or arithmetic of its own.
 */
export type Milli = bigint;

/** A decimal text (canonical '12.5' or a numeric column's '12.500') → thousandths; throws on anything else. */
export function toMilli(text: string): Milli {
  return toUnits(text, QUANTITY_DECIMALS);
}

/** Thousandths → '12.500': a numeric(15,3) column's own text, the way every quantity is answered (and a SQL parameter). */
export function milliToDecimal(milli: Milli): string {
  return fixedUnits(milli, QUANTITY_DECIMALS);
}

/** A quantity as every answer carries it: a numeric column's (or a sum's) text at the quantity scale, '12.500'. */
export function quantityView(text: string): string {
  return milliToDecimal(toMilli(text));
}
