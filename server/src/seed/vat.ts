/**
 * Italian VAT numbers (partita IVA): 11 digits, the last a check digit over the first ten (Luhn-like: digits in odd
 * positions add up as they are, digits in even positions are doubled, minus 9 when above 9).
 */
export function italianVatCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new Error(`ten digits expected, got "${first10}"`);
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(first10[i]);
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** The full 11-digit number for a 10-digit base. */
export function italianVat(first10: string): string {
  return first10 + italianVatCheckDigit(first10);
}

export function isValidItalianVat(vat: string): boolean {
  return /^\d{11}$/.test(vat) && italianVatCheckDigit(vat.slice(0, 10)) === Number(vat[10]);
}
