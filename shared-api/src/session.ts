import type { SessionUser } from './types';

/** Browser-storage keys of the session (SPEC §3 Session). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage disabled (privacy mode): behave as signed out
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function getUser(): SessionUser | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as SessionUser;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser): void {
  storage()?.setItem(TOKEN_KEY, token);
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_KEY);
  notify();
}

export function isSignedIn(): boolean {
  return getToken() !== null && getUser() !== null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets React views re-render when the session changes (sign-in, sign-out, 401). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  listeners.forEach((l) => l());
}
