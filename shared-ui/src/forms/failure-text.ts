import { apiStatus } from '@wms/shared-api/core';
import { serverErrorText } from '../errors/server-error-text';
import { i18n } from '../i18n/instance';

/**
 * What to tell the user about a failed call (SPEC §8): a refusal the server explained (a 4xx with its text, already in
 * the user's language — duplicate code, validation, not found, forbidden) as is; otherwise the translation of
 * `fallbackKey` ("namespace:key", e.g. 'registry:products.feedback.saveError'), or of `validationKey` for a 400 without
 * text.
 */
export function failureText(error: unknown, fallbackKey: string, validationKey = fallbackKey): string {
  const status = apiStatus(error);
  const text = serverErrorText(error);
  if (status !== undefined && status >= 400 && status < 500 && text) return text;
  return i18n.t(status === 400 ? validationKey : fallbackKey);
}

/**
 * The action that failed followed by the server's own reason when it gave one, in the user's language: "Errore
 * durante la creazione dell'utente: Il nome utente … è già in uso" (it), "… de l'utilisateur : …" (fr, a space before
 * the colon). `action` is already translated; without a reason (network error, timeout…) it stands alone.
 */
export function withReason(action: string, error: unknown): string {
  const reason = serverErrorText(error);
  return reason ? i18n.t('common:form.withReason', { action, reason }) : action;
}
