import { useSyncExternalStore } from 'react';
import { getToken, getUser, onSessionChange, USER_KEY, type SessionUser } from '@wms/shared-api/core';

export interface Session {
  token: string | null;
  user: SessionUser | null;
  /** Token and user both stored (SPEC §4 Session). */
  signedIn: boolean;
}

const SIGNED_OUT: Session = { token: null, user: null, signedIn: false };
let cached: { key: string; session: Session } = { key: '', session: SIGNED_OUT };

function rawUser(): string | null {
  try {
    return window.localStorage.getItem(USER_KEY);
  } catch {
    return null;
  }
}

// useSyncExternalStore needs the same object while nothing changed: rebuild it only when storage differs.
function snapshot(): Session {
  const token = getToken();
  const key = `${token ?? ''}\u0000${rawUser() ?? ''}`;
  if (key !== cached.key) {
    const user = getUser();
    cached = { key, session: token || user ? { token, user, signedIn: !!token && !!user } : SIGNED_OUT };
  }
  return cached.session;
}

function subscribe(listener: () => void): () => void {
  const unsubscribe = onSessionChange(listener);
  // Signing out in another tab changes storage there; follow it here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === 'token' || e.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored session, re-rendering on sign-in, sign-out and 401. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, snapshot, () => SIGNED_OUT);
}
