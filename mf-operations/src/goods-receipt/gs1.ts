/**
 * The GS1-128 element string of a receipt label: (240) our product code, (11) production date, (17) expiry date (yyMMdd),
 * (10) batch. Dates first (fixed length), variable-length fields last; bwip-js adds the FNC1 separators.
 */

/** GS1 "character set 82": what an alphanumeric AI may carry. */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

export interface LabelData {
  productCode: string;
  batch: string | null;
  productionDate: string | null;
  expiryDate: string | null;
}

/** 'yyyy-MM-dd' → 'yyMMdd'. */
export function gs1Date(iso: string): string {
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
}

/** The bracketed element string for bwip-js ('(11)250101(17)261231(10)L1(240)P-1'); fields GS1 cannot carry are left out. */
export function gs1Text(d: LabelData): string {
  const parts: string[] = [];
  if (d.productionDate) parts.push(`(11)${gs1Date(d.productionDate)}`);
  if (d.expiryDate) parts.push(`(17)${gs1Date(d.expiryDate)}`);
  if (d.batch && d.batch.length <= 20 && CSET82.test(d.batch)) parts.push(`(10)${d.batch}`);
  if (d.productCode.length <= 30 && CSET82.test(d.productCode)) parts.push(`(240)${d.productCode}`);
  return parts.join('');
}

/** Reads what a scanner returns (AIs with GS separators, or bracketed) back into fields: for tests and checks. */
export function parseGs1(raw: string): Record<string, string> {
  const text = raw.replace(/^\]C1/, '').trim();
  const out: Record<string, string> = {};
  if (text.startsWith('(')) {
    for (const m of text.matchAll(/\((\d{2,4})\)([^(]*)/g)) out[m[1]] = m[2];
    return out;
  }
  const FIXED: Record<string, number> = { '01': 14, '11': 6, '17': 6 };
  let i = 0;
  while (i < text.length) {
    const ai = ['01', '11', '17', '10'].find((a) => text.startsWith(a, i)) ?? (text.startsWith('240', i) ? '240' : null);
    if (!ai) break;
    i += ai.length;
    const len = FIXED[ai];
    if (len) {
      out[ai] = text.slice(i, i + len);
      i += len;
    } else {
      const end = text.indexOf('\u001d', i);
      out[ai] = text.slice(i, end < 0 ? undefined : end);
      i = end < 0 ? text.length : end + 1;
    }
  }
  return out;
}
