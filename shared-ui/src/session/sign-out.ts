import { api, clearSession } from '@wms/shared-api/core';

/** Short: signing out must not hang on a slow server; the local session is cleared whatever happens. */
const LOGOUT_TIMEOUT_MS = 5000;

/** Revokes the session on the server (failure ignored), then clears the stored token and user. */
export async function signOut(): Promise<void> {
  try {
    await api.post('/auth/logout', undefined, { timeout: LOGOUT_TIMEOUT_MS });
  } catch {
    // already expired, offline or server down: signing out locally is what matters
  }
  clearSession();
}
