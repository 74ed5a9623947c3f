import { companyToday } from '@wms/shared-api/core';

/**
 * Calendar days as Italian and French users write them: dd/MM/yyyy whatever the browser's locale. Values travel as ISO
 * 'yyyy-MM-dd' strings ('' for none); a day that does not exist (31/02/2026) is a problem, never moved to another day.
 */
export type DayParse = { ok: true; value: string } | { ok: false; problem: 'invalidDate' };

const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ddMMyyyy, digits only. */
const DIGITS = /^(\d{2})(\d{2})(\d{4})$/;
const pad = (n: number) => String(n).padStart(2, '0');
const toInt = (digits: string) => parseInt(digits, 10);

/** The ISO day of a real calendar date, or null (31/02, month 13, years outside 1900–2999). */
export function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * True when `text` is written as a day (dd/MM/yyyy, its variants, or ISO) whatever its numbers: a text that reads as no
 * day then names a day that does not exist (31/02/2027), not a wrong format.
 */
export function writtenAsDay(text: string): boolean {
  const t = text.trim();
  return ISO.test(t) || TYPED.test(t) || DIGITS.test(t);
}

/**
 * Reads a typed day: '' → '' (empty), '05/03/2026', '5/3/2026', '05.03.2026', '05-03-2026' → '2026-03-05'; '05032026'
 * (digits only) too. An ISO '2026-03-05' (a pasted value) is accepted as it is. Anything else is 'invalidDate'.
 */
export function parseDayInput(text: string): DayParse {
  const t = text.trim();
  if (t === '') return { ok: true, value: '' };
  const iso = ISO.exec(t);
  const typed = TYPED.exec(t) ?? DIGITS.exec(t);
  const value = iso
    ? isoDay(toInt(iso[1]), toInt(iso[2]), toInt(iso[3]))
    : typed
      ? isoDay(toInt(typed[3]), toInt(typed[2]), toInt(typed[1]))
      : null;
  return value ? { ok: true, value } : { ok: false, problem: 'invalidDate' };
}

/** 'yyyy-MM-dd' (or a longer ISO timestamp's day) → 'dd/MM/yyyy'; anything else is returned as is. */
export function displayDay(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** Local Date of an ISO day (for the calendar), or undefined. */
export function dayToDate(value: string | null | undefined): Date | undefined {
  const m = value ? ISO.exec(value) : null;
  return m ? new Date(toInt(m[1]), toInt(m[2]) - 1, toInt(m[3])) : undefined;
}

/** ISO day of a local Date (what the calendar hands back). */
export function dateToDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today as an ISO day: the company's day (Europe/Rome, shared-api's `companyToday`), whatever the browser's time zone. */
export function today(): string {
  return companyToday();
}
