import type { Role } from './permissions';

/** The signed-in user as stored in the browser (SPEC §3 Session). */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  role: Role;
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
  message: string;
}

/** Every non-2xx answer of the server. `error` is in the caller's language, `code` is stable. */
export interface ApiErrorBody {
  error: string;
  code: string;
  /** Field-level problems of a 400, when the request body failed its schema. */
  fields?: Record<string, string>;
}

export type Language = 'it' | 'fr';
export const LANGUAGES: readonly Language[] = ['it', 'fr'];
export const DEFAULT_LANGUAGE: Language = 'it';
