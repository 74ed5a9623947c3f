const pad = (n: number) => String(n).padStart(2, '0');

const DAY_FIRST = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads a date the server or a form may hand over: Date, epoch ms, ISO text, or dd/MM/yyyy text. */
export function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return toDate(new Date(value));
  const text = value.trim();
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return calendarDate(parseInt(dayFirst[3], 10), parseInt(dayFirst[2], 10), parseInt(dayFirst[1], 10));
  // A bare ISO date is a calendar day, not UTC midnight: reading it as local avoids showing the day before.
  const isoDate = ISO_DATE_ONLY.exec(text);
  if (isoDate) return calendarDate(parseInt(isoDate[1], 10), parseInt(isoDate[2], 10), parseInt(isoDate[3], 10));
  return toDate(new Date(text));
}

function calendarDate(year: number, month: number, day: number): Date | null {
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** dd/MM/yyyy (SPEC §9), or '' when there is no valid date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` : '';
}

/** dd/MM/yyyy HH:mm in the browser's time zone (an instant: a login, an activity, a count's snapshot), or ''. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}
