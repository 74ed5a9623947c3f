/**
 * GTIN check digits (GS1 General Specifications §7.9.1): EAN-8, UPC-A (12), EAN-13 and GTIN-14. The last digit is
 * chosen so that the digits, weighted 3, 1, 3, 1… from the right (the check digit itself weighs 1), add up to a multiple
 * of 10. One rule for the product schema (the form and the server's 400), the barcode lookup and the scan input.
 *
 *   gtinCheckDigit('800123456789')  // 7: EAN-13 8001234567897
 *   isValidGtin('8001234567897')    // true
 *   gtinProblem('8001234567890')    // 'gtinCheckDigit'
 *   barcodeKey('8001234567897')     // '08001234567897' (GTIN-14: how a GS1 (01) carries it)
 */

/** Lengths a GTIN may have: EAN-8, UPC-A, EAN-13, GTIN-14. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

const DIGITS = /^\d+$/;

/** The check digit that completes `body` (the GTIN without its last digit, digits only). */
export function gtinCheckDigit(body: string): number {
  if (!DIGITS.test(body)) throw new RangeError(`not digits: ${body}`);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // The digit next to the check digit weighs 3, then 1, 3, 1… going left.
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** `body` with its check digit appended. */
export function withCheckDigit(body: string): string {
  return `${body}${gtinCheckDigit(body)}`;
}

export type GtinProblem = 'gtinFormat' | 'gtinCheckDigit';

/** Why `code` is not a GTIN (digits only, 8, 12, 13 or 14 of them, the last one the check digit), or null when it is one. */
export function gtinProblem(code: string): GtinProblem | null {
  if (!DIGITS.test(code) || !(GTIN_LENGTHS as readonly number[]).includes(code.length)) return 'gtinFormat';
  return gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48 ? null : 'gtinCheckDigit';
}

export function isValidGtin(code: string): boolean {
  return gtinProblem(code) === null;
}

/**
 * The key a barcode is looked up and kept unique by: a code of 8 to 14 digits is a GTIN, written as GTIN-14 (zeros in
 * front), so EAN-13 `8001234567897`, its GS1 form `(01)08001234567897` and a UPC-A read as EAN-13 meet; any other code
 * (a supplier's own) is itself. The database has the same function (`barcode_key`, migration 020) for its unique index.
 */
export function barcodeKey(code: string): string {
  return /^\d{8,14}$/.test(code) ? code.padStart(14, '0') : code;
}
