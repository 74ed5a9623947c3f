import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { apiBase, DEFAULT_TIMEOUT_MS } from './config';
import { clearSession, getToken } from './session';
import type { ApiErrorBody, Language } from './types';
import { DEFAULT_LANGUAGE } from './types';

/** Calls that work without a token. */
const PUBLIC_PATHS = ['/auth/login'];

/** Raised before a call leaves the browser when no session token is stored (SPEC §7). */
export class MissingTokenError extends Error {
  readonly code = 'MISSING_TOKEN';
  constructor() {
    super('Not signed in');
    this.name = 'MissingTokenError';
  }
}

let currentLanguage: () => Language = () => DEFAULT_LANGUAGE;
let unauthorizedHandler: () => void = () => {
  if (typeof window !== 'undefined') window.location.assign('/login');
};

/** The UI tells the client its language so the server answers errors in it (Accept-Language). */
export function setLanguageProvider(provider: () => Language): void {
  currentLanguage = provider;
}

/** The shell replaces the default full-page redirect with a router navigation. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

function isPublic(url: string | undefined): boolean {
  return !!url && PUBLIC_PATHS.some((p) => url === p || url.endsWith(p));
}

function attachAuth(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.headers.set('Accept-Language', currentLanguage());
  if (isPublic(config.url)) return config;
  const token = getToken();
  if (!token) throw new MissingTokenError();
  config.headers.set('Authorization', `Bearer ${token}`);
  return config;
}

function onError(error: unknown): Promise<never> {
  if (error instanceof MissingTokenError) {
    clearSession();
    unauthorizedHandler();
  } else if (axios.isAxiosError(error) && error.response?.status === 401 && !isPublic(error.config?.url)) {
    clearSession();
    unauthorizedHandler();
  }
  return Promise.reject(error);
}

function create(): AxiosInstance {
  const instance = axios.create({ baseURL: apiBase(), timeout: DEFAULT_TIMEOUT_MS });
  instance.interceptors.request.use(attachAuth);
  instance.interceptors.response.use((r) => r, onError);
  return instance;
}

/** The one API client of the portal. Shared as a singleton through Module Federation. */
export const api: AxiosInstance = create();

/** The server's `{error, code}` of a failed call, if it sent one. */
export function apiError(error: unknown): ApiErrorBody | null {
  if (!axios.isAxiosError(error)) return null;
  const data = (error as AxiosError<ApiErrorBody>).response?.data;
  return data && typeof data.error === 'string' ? data : null;
}

/** HTTP status of a failed call (undefined for network errors and timeouts). */
export function apiStatus(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}

/** True when the call was aborted by its timeout (SPEC §8: "La richiesta ha impiegato troppo tempo"). */
export function isTimeout(error: unknown): boolean {
  return axios.isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
}
