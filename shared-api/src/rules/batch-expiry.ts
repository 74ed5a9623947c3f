/**
 * THE rule for "expired" (one function imported by the server, the screens and the reports): a batch is good through the
 * end of its expiry day in the company's time zone (Europe/Rome), and expired from the next midnight there. A batch
 * without an expiry date never expires.
 *
 *   isBatchExpired('2025-03-10', new Date('2025-03-10T22:59:59Z'))  // false: 23:59:59 in Rome, still the 10th
 *   isBatchExpired('2025-03-10', new Date('2025-03-10T23:00:00Z'))  // true: the 11th has begun in Rome
 *   isExpiringWithin('2025-04-01', 30, now)                          // not expired, and expires within 30 days
 *
 * Expiry dates are calendar days 'yyyy-MM-dd' (as the API sends them); a longer ISO text is cut to its day.
 */

import { companyDay } from './company-day';

// The company's calendar day lives once, in ./company-day (companyDay, companyToday).

function dayNumber(isoDay: string): number {
  const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number);
  return Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** Whole days from the company's today to the expiry day: 0 on the expiry day itself, negative once expired; null without expiry. */
export function daysToExpiry(expiryDate: string | null | undefined, now: Date = new Date()): number | null {
  if (!expiryDate) return null;
  return dayNumber(expiryDate) - dayNumber(companyDay(now));
}

/** True once the expiry day is over in Europe/Rome. No expiry date: never expired. */
export function isBatchExpired(expiryDate: string | null | undefined, now: Date = new Date()): boolean {
  const days = daysToExpiry(expiryDate, now);
  return days !== null && days < 0;
}

/** Not expired yet, but the expiry day falls within the next `days` days (today counts: 0 ≤ days to expiry ≤ days). */
export function isExpiringWithin(expiryDate: string | null | undefined, days: number, now: Date = new Date()): boolean {
  const left = daysToExpiry(expiryDate, now);
  return left !== null && left >= 0 && left <= days;
}

/** The reports' "expiring soon" window (SPEC leaves it open; the product owner's 30 days). */
export const EXPIRING_SOON_DAYS = 30;

export type ExpiryState = 'none' | 'good' | 'expiring' | 'expired';

/** One word for a batch's state, for badges: expired, expiring (within `soonDays`), good, or none (no expiry date). */
export function expiryState(expiryDate: string | null | undefined, now: Date = new Date(), soonDays = EXPIRING_SOON_DAYS): ExpiryState {
  const left = daysToExpiry(expiryDate, now);
  if (left === null) return 'none';
  if (left < 0) return 'expired';
  return left <= soonDays ? 'expiring' : 'good';
}

/** A stock row as FEFO sees it. */
export interface FefoBatch {
  batch_number: string | null;
  expiry_date: string | null;
  /** The batch's first receipt (or production) day, 'yyyy-MM-dd' or a timestamp; older goes first among equal expiries. */
  received_at?: string | null;
}

/**
 * FEFO (first expired, first out): earliest expiry first, batches without expiry last; among equal expiries the oldest
 * receipt first, then the batch number. Returns a new array.
 */
export function sortFefo<T extends FefoBatch>(rows: readonly T[]): T[] {
  const key = (v: string | null | undefined) => v ?? '\uffff';
  return [...rows].sort(
    (a, b) =>
      key(a.expiry_date).localeCompare(key(b.expiry_date)) ||
      key(a.received_at).localeCompare(key(b.received_at)) ||
      (a.batch_number ?? '').localeCompare(b.batch_number ?? ''),
  );
}

/** The batch a form preselects: the first non-expired one in FEFO order (rows assumed FEFO-sorted), or undefined. */
export function firstSellable<T extends FefoBatch>(rows: readonly T[], now: Date = new Date()): T | undefined {
  return rows.find((r) => !isBatchExpired(r.expiry_date, now));
}
