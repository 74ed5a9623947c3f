/**
 * Exact decimals for money and quantities (GUIDE: never binary floats). Values travel as canonical decimal strings
 * ("2.5", "12", "0.0001"); arithmetic runs on BigInt units of 10^-scale.
 */

/** Canonical text of a decimal typed or sent as a number or a string ("2,5" and "2.5" alike); null when it is not one. */
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

/** Digits after the point of a canonical decimal text. */
export function decimalPlaces(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** A decimal as integer units of 10^-scale (extra digits are cut; round first if that matters). */
export function toUnits(value: string | number, scale: number): bigint {
  const text = decimalText(value);
  if (text === null) throw new Error(`not a decimal: ${String(value)}`);
  const neg = text.startsWith('-');
  const [int, frac = ''] = (neg ? text.slice(1) : text).split('.');
  const units = BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
  return neg ? -units : units;
}

/** Integer units of 10^-scale back to a canonical decimal text. */
export function fromUnits(units: bigint, scale: number): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Divides by 10^drop, rounding half away from zero (PostgreSQL's round() on numeric). */
function roundUnits(units: bigint, drop: number): bigint {
  if (drop <= 0) return units;
  const div = 10n ** BigInt(drop);
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const q = abs / div + ((abs % div) * 2n >= div ? 1n : 0n);
  return neg ? -q : q;
}

/** `value` rounded to `scale` decimals, half away from zero. */
export function roundDecimal(value: string | number, scale: number): string {
  const text = decimalText(value);
  if (text === null) throw new Error(`not a decimal: ${String(value)}`);
  const places = Math.max(decimalPlaces(text), scale);
  return fromUnits(roundUnits(toUnits(text, places), places - scale), scale);
}

/** a × b rounded to `scale` decimals (half away from zero), exactly. */
export function multiplyDecimals(a: string | number, b: string | number, scale: number): string {
  const ta = decimalText(a);
  const tb = decimalText(b);
  if (ta === null || tb === null) throw new Error('not a decimal');
  const sa = decimalPlaces(ta);
  const sb = decimalPlaces(tb);
  const units = toUnits(ta, sa) * toUnits(tb, sb); // in units of 10^-(sa + sb)
  const drop = sa + sb - scale;
  // Fewer digits than asked (2.5 × 2.5 at 4 decimals): scale the units up instead of rounding.
  return fromUnits(drop >= 0 ? roundUnits(units, drop) : units * 10n ** BigInt(-drop), scale);
}

/** Σ values, exactly. */
export function sumDecimals(values: Array<string | number>): string {
  const texts = values.map((v) => {
    const t = decimalText(v);
    if (t === null) throw new Error(`not a decimal: ${String(v)}`);
    return t;
  });
  const scale = Math.max(0, ...texts.map(decimalPlaces));
  return fromUnits(
    texts.reduce((acc, t) => acc + toUnits(t, scale), 0n),
    scale,
  );
}

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compareDecimals(a: string | number, b: string | number): -1 | 0 | 1 {
  const ta = decimalText(a);
  const tb = decimalText(b);
  if (ta === null || tb === null) throw new Error('not a decimal');
  const scale = Math.max(decimalPlaces(ta), decimalPlaces(tb));
  const d = toUnits(ta, scale) - toUnits(tb, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** a − b, exactly. */
export function subtractDecimals(a: string | number, b: string | number): string {
  return sumDecimals([a, `-${decimalText(b)}`.replace('--', '')]);
}
