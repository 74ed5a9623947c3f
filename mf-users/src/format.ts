import { formatDate, toDate } from '@wms/shared-ui';

/** A translate function of the users namespace (useTranslation(NS).t). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy HH:mm in the browser's time zone, or '' without a valid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value ?? null);
  return date ? `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}
