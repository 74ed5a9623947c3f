import { companyToday } from './company-day';

/**
 * Price status (SPEC §4), the one rule the server, the price list and the price form use: upcoming if the start date is
 * after today, inactive if an end date exists and is before today, otherwise active. "Today" is the company's day
 * (Europe/Rome). Both days of a price's window are included: a price ending today is still active today.
 */
export const PRICE_STATUSES = ['active', 'inactive', 'upcoming'] as const;
export type PriceStatus = (typeof PRICE_STATUSES)[number];

export interface PriceWindow {
  /** 'yyyy-MM-dd' */
  start_date: string;
  /** 'yyyy-MM-dd', or null/undefined for an open end. */
  end_date?: string | null;
}

export function priceStatus(p: PriceWindow, today: string = companyToday()): PriceStatus {
  if (p.start_date > today) return 'upcoming';
  if (p.end_date && p.end_date < today) return 'inactive';
  return 'active';
}

/** True when the price's window contains `day` (the price is "in force" that day). */
export function priceCovers(p: PriceWindow, day: string): boolean {
  return p.start_date <= day && (!p.end_date || p.end_date >= day);
}

/** True when two windows share at least one day (open ends run for ever). */
export function windowsOverlap(a: PriceWindow, b: PriceWindow): boolean {
  return (!a.end_date || a.end_date >= b.start_date) && (!b.end_date || b.end_date >= a.start_date);
}
