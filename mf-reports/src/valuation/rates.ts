/**
 * Exchange rates the user enters on the valuation screen (SPEC §9: an exchange-rate text per EUR): "1 EUR = r units of
 * currency", remembered per user in this browser. The grand total in EUR is computed only when every currency present has
 * a rate — never a silent conversion — with exact decimals (BigInt), rounded to the cent.
 */
export type Rates = Record<string, string>;

const key = (username: string) => `wms.reports.exchangeRates.${username}`;

export function loadRates(username: string | undefined): Rates {
  if (!username) return {};
  try {
    const raw = JSON.parse(localStorage.getItem(key(username)) ?? '{}') as unknown;
    return raw && typeof raw === 'object'
      ? (Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string')) as Rates)
      : {};
  } catch {
    return {};
  }
}

export function saveRates(username: string | undefined, rates: Rates): void {
  if (username) localStorage.setItem(key(username), JSON.stringify(rates));
}

const SCALE = 10;

/** Decimal text ("1,0825" or "1.0825") → units of 10^-SCALE; null unless a number > 0. */
export function parseRate(text: string | undefined): bigint | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,10}))?\s*$/.exec(text ?? '');
  if (!m) return null;
  const units = BigInt(m[1]) * 10n ** BigInt(SCALE) + BigInt((m[2] ?? '').padEnd(SCALE, '0'));
  return units > 0n ? units : null;
}

function toUnits(text: string): bigint {
  const neg = text.startsWith('-');
  const [i, f = ''] = (neg ? text.slice(1) : text).split('.');
  const u = BigInt(i || '0') * 10n ** BigInt(SCALE) + BigInt(f.padEnd(SCALE, '0').slice(0, SCALE));
  return neg ? -u : u;
}

/**
 * Σ totals converted to EUR (value / rate; EUR as is), as decimal text rounded half away from zero to 2 decimals; null
 * when a non-EUR currency has no valid rate.
 */
export function grandTotalEur(totals: { currency: string; value: string }[], rates: Rates): string | null {
  let sum = 0n; // units of 10^-SCALE EUR
  for (const t of totals) {
    const v = toUnits(t.value);
    if (t.currency === 'EUR') {
      sum += v;
      continue;
    }
    const r = parseRate(rates[t.currency]);
    if (r === null) return null;
    sum += (v * 10n ** BigInt(SCALE)) / r;
  }
  const cents = 10n ** BigInt(SCALE - 2);
  const neg = sum < 0n;
  const abs = neg ? -sum : sum;
  const rounded = abs / cents + ((abs % cents) * 2n >= cents ? 1n : 0n);
  const s = rounded.toString().padStart(3, '0');
  return `${neg && rounded > 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}
