import { apiError, apiStatus } from '@wms/shared-api';

/**
 * How a failed call is worded (SPEC §8): a refusal the server explained (4xx with its `error` text, already in the user's
 * language — duplicate code, validation, not found, forbidden) is shown as is; otherwise the screen's own sentence.
 * `validation` is what a 400 without text says ("Errore di validazione" for products).
 */
export function failureText(err: unknown, fallback: string, validation = fallback): string {
  const status = apiStatus(err);
  const text = apiError(err)?.error;
  if (status !== undefined && status >= 400 && status < 500 && text) return text;
  return status === 400 ? validation : fallback;
}

/** The stable error code of a refusal (e.g. WAREHOUSE_NOT_EMPTY), when the server sent one. */
export function failureCode(err: unknown): string | undefined {
  return apiError(err)?.code;
}
