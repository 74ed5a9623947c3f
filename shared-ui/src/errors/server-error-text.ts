import { apiError } from '@wms/shared-api/core';

/**
 * The human message a failed call carried: the server's `error` field (every non-2xx answer, issue 2), else a
 * `message` field (older sign-in answers). Null when the call failed without one (network error, timeout…), so the
 * caller can show its own fallback text.
 */
export function serverErrorText(error: unknown): string | null {
  const body = apiError(error);
  if (body?.error) return body.error;
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
    const message = (data as { message: string }).message.trim();
    return message || null;
  }
  return null;
}
