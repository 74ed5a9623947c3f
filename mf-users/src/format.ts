import { formatDate, serverErrorText, toDate } from '@wms/shared-ui';

/** A translate function of the users namespace (useTranslation(NS).t). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy HH:mm in the browser's time zone, or '' without a valid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value ?? null);
  return date ? `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

/**
 * An activity's details as one line: JSON objects (what most modules log) become "key: value, key: value"; any other
 * text is shown as written.
 */
export function formatDetails(details: string | null | undefined): string {
  if (!details) return '';
  const text = details.trim();
  if (!text.startsWith('{')) return text;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return text;
    return Object.entries(parsed as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(', ');
  } catch {
    return text;
  }
}

/** A §8 failure message, followed by the server's own reason when it gave one ("… : il nome utente è già in uso"). */
export function failureText(t: Translate, key: string, error: unknown): string {
  const message = t(`feedback.${key}`);
  const reason = serverErrorText(error);
  return reason ? t('feedback.withReason', { message, reason }) : message;
}
