/**
 * The company's calendar day. The company works in Italy: "today" is the day in Europe/Rome, not the UTC day (between
 * 00:00 and 01:00/02:00 Italian time the UTC day is still yesterday). Every "today" of the portal — price status, default
 * dates of forms, the order number's year — comes from here, on the server and in the browser alike.
 */
export const COMPANY_TIME_ZONE = 'Europe/Rome';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The company's day at instant `at` as 'yyyy-MM-dd'. */
export function companyDay(at: Date = new Date()): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today in the company's time zone, 'yyyy-MM-dd'. */
export function companyToday(): string {
  return companyDay(new Date());
}

/** 'yyyy-MM-dd' plus `days` (negative goes back), calendar arithmetic with no time zone involved. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
