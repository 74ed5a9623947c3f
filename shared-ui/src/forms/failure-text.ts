import { i18n } from '../i18n/instance';
import { serverErrorText } from '../errors/server-error-text';

/**
 * What to tell the user about a failed call: the server's own message when it sent one (already in their language),
 * else the translation of `fallbackKey` ("namespace:key", e.g. 'registry:products.feedback.saveError').
 */
export function failureText(error: unknown, fallbackKey: string, params?: Record<string, unknown>): string {
  return serverErrorText(error) ?? i18n.t(fallbackKey, params);
}
