import {
  compareDecimals,
  decimalText,
  divideDecimals,
  readDecimal,
  roundDecimal,
  sumDecimals,
  type DecimalProblem,
  type Language,
} from '@wms/shared-api/core';

/**
 * Exchange rates the user enters on the valuation screen (SPEC §9: an exchange-rate text per EUR): "1 EUR = r units of
 * currency", remembered per user in this browser as exact decimal text ('1.0825'). The grand total in EUR is computed
 * only when every currency present has a rate — never a silent conversion — with shared-api's exact decimals, rounded
 * to the cent. No arithmetic of its own: reading is readDecimal, the sums and divisions are rules/decimal.ts.
 */
export type Rates = Record<string, string>;

/** Digits a rate may have after the decimal mark. */
export const RATE_DECIMALS = 10;
/** Decimals of the grand total (an amount: SPEC §9). */
const TOTAL_DECIMALS = 2;

const key = (username: string) => `wms.reports.exchangeRates.${username}`;

/** A stored rate: canonical decimal text above zero, else null. */
function storedRate(value: unknown): string | null {
  // Older versions stored the text as typed ('1,0825', '1.0825': one mark, no grouping): decimalText reads both alike.
  const text = typeof value === 'string' ? decimalText(value) : null;
  return text !== null && compareDecimals(text, 0) > 0 ? text : null;
}

/** The user's remembered rates (canonical decimal text per currency). */
export function loadRates(username: string | undefined): Rates {
  if (!username) return {};
  try {
    const raw = JSON.parse(localStorage.getItem(key(username)) ?? '{}') as unknown;
    if (!raw || typeof raw !== 'object') return {};
    const rates: Rates = {};
    for (const [currency, value] of Object.entries(raw)) {
      const rate = storedRate(value);
      if (rate !== null) rates[currency] = rate;
    }
    return rates;
  } catch {
    return {};
  }
}

export function saveRates(username: string | undefined, rates: Rates): void {
  if (username) localStorage.setItem(key(username), JSON.stringify(rates));
}

export type RateRead = { ok: true; value: string } | { ok: false; problem: DecimalProblem | 'notPositive' };

/**
 * A rate as the user types it in `lang` (it '1,0825', fr '10,9', a thousands group too: it '1.234,5', fr '1 234,5'):
 * exact canonical text ('' for blank), or why it is not one (readDecimal's problems; zero is notPositive).
 */
export function readRate(text: string | undefined, lang: Language): RateRead {
  const read = readDecimal(text ?? '', lang, RATE_DECIMALS);
  if (!read.ok || read.value === '') return read;
  return compareDecimals(read.value, 0) > 0 ? read : { ok: false, problem: 'notPositive' };
}

/** A usable rate in `lang`, or null (blank, unreadable, zero). */
export function parseRate(text: string | undefined, lang: Language): string | null {
  const read = readRate(text, lang);
  return read.ok && read.value !== '' ? read.value : null;
}

/**
 * Σ totals converted to EUR (value ÷ rate, EUR as is), exactly: each conversion at RATE_DECIMALS decimals, the sum rounded
 * half away from zero to the cent ('200.01'); null when a non-EUR currency has no rate. `rates` are canonical decimals.
 */
export function grandTotalEur(totals: { currency: string; value: string }[], rates: Rates): string | null {
  const inEur: string[] = [];
  for (const t of totals) {
    if (t.currency === 'EUR') {
      inEur.push(t.value);
      continue;
    }
    const rate = storedRate(rates[t.currency]);
    if (rate === null) return null;
    inEur.push(divideDecimals(t.value, rate, RATE_DECIMALS));
  }
  return roundDecimal(sumDecimals(inEur), TOTAL_DECIMALS);
}
