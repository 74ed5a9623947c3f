import { apiBase, DEFAULT_TIMEOUT_MS } from './config';
import { clearSession, getToken } from './session';
import type { ApiErrorBody, Language } from './types';
import { DEFAULT_LANGUAGE } from './types';

/**
 * The one API client of the portal: a small wrapper over the browser's `fetch` (issue 12: axios was 19 KB of the first
 * page). Its surface is the part of axios the portal used, so call sites read the same shapes: a response is
 * `{ data, status, headers }` (header names in lower case), a failed call rejects with an `ApiError` carrying
 * `response.{status, data, headers}` (non-2xx) or a `code` (`ECONNABORTED` timeout, `ERR_NETWORK`, `ERR_CANCELED`).
 */

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

export type QueryValue = string | number | boolean | Date | null | undefined;

export interface RequestConfig {
  /** Query string; null/undefined values are left out, arrays repeat the key. */
  params?: Record<string, QueryValue | QueryValue[]>;
  headers?: Record<string, string>;
  /** Milliseconds before the call is aborted (default DEFAULT_TIMEOUT_MS); 0 = none. */
  timeout?: number;
  signal?: AbortSignal;
  /** How the body of a successful answer is read; default: JSON when it parses, else text. */
  responseType?: 'json' | 'text' | 'blob' | 'arraybuffer';
  /** Request body (for `delete`, whose signature has no body argument). */
  data?: unknown;
}

/**
 * Exactly-once writes (receipts, sales, transfers, counts, replenishment): one fresh key per user action, sent as
 * `Idempotency-Key` with `idempotent(key)`; the server replays the first answer for a repeated key
 * (server/src/http/idempotency.ts). Keep the key while the action is retried (a timeout), make a new one for the next action.
 */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The request options that carry an idempotency key: `api.post(path, body, idempotent(key))`. */
export function idempotent(key: string, config: RequestConfig = {}): RequestConfig {
  return { ...config, headers: { ...config.headers, 'Idempotency-Key': key } };
}

export interface ApiResponse<T = unknown> {
  data: T;
  status: number;
  /** Response headers by lower-case name. */
  headers: Record<string, string>;
}

export type ApiErrorCode = 'ERR_BAD_RESPONSE' | 'ERR_BAD_REQUEST' | 'ECONNABORTED' | 'ERR_NETWORK' | 'ERR_CANCELED';

/** A failed call: the server's answer (`response`, non-2xx) or why there was none (`code`). */
export class ApiError<T = unknown> extends Error {
  readonly isApiError = true;
  constructor(
    message: string,
    readonly code: ApiErrorCode,
    readonly config: { method: string; url: string },
    readonly response?: ApiResponse<T>,
  ) {
    super(message);
    this.name = code === 'ERR_CANCELED' ? 'CanceledError' : 'ApiError';
  }
}

/** True for a failed call of the client (also for a plain object shaped like one, as tests build them). */
export function isApiError(error: unknown): error is ApiError {
  return !!error && typeof error === 'object' && (error as { isApiError?: unknown }).isApiError === true;
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

function signOutHere(): void {
  clearSession();
  unauthorizedHandler();
}

function queryString(params: RequestConfig['params']): string {
  if (!params) return '';
  const q = new URLSearchParams();
  const put = (key: string, v: QueryValue) => {
    if (v === null || v === undefined) return;
    q.append(key, v instanceof Date ? v.toISOString() : String(v));
  };
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) value.forEach((v) => put(key, v));
    else put(key, value);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

function fullUrl(base: string, url: string, params: RequestConfig['params']): string {
  const joined = /^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const withQuery = joined + queryString(params);
  // Resolved against the page, so it also works where fetch needs an absolute URL (Node, jsdom).
  return typeof location !== 'undefined' && location.href ? new URL(withQuery, location.href).href : withQuery;
}

/** JSON for plain objects and arrays; strings, FormData, Blob, URLSearchParams… as they are. */
function encodeBody(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined) return undefined;
  const raw =
    typeof data === 'string' ||
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer;
  if (raw) return data as BodyInit;
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

async function readBody(res: Response, type: RequestConfig['responseType']): Promise<unknown> {
  if (type === 'blob') return res.blob();
  if (type === 'arraybuffer') return res.arrayBuffer();
  const text = await res.text();
  if (type === 'text' || !text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => (out[name.toLowerCase()] = value));
  return out;
}

export interface ApiClient {
  readonly defaults: { baseURL: string; timeout: number };
  request<T = unknown>(method: string, url: string, config?: RequestConfig): Promise<ApiResponse<T>>;
  get<T = unknown>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>;
  delete<T = unknown>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>;
}

/**
 * Edits never overwrite unseen what someone else saved (server/src/http/versions.ts): the ETag of the last read of a
 * record is sent back as If-Match when the same address is written, and the edit's own ETag replaces it. A 412
 * RECORD_CHANGED then says, in the user's words, that someone saved it first. Per tab; the newest reads are kept.
 */
const versions = new Map<string, string>();

function create(): ApiClient {
  const defaults = { baseURL: apiBase(), timeout: DEFAULT_TIMEOUT_MS };

  async function request<T>(method: string, url: string, config: RequestConfig = {}): Promise<ApiResponse<T>> {
    const where = { method, url };
    const headers = new Headers(config.headers);
    headers.set('Accept', 'application/json, text/plain, */*');
    headers.set('Accept-Language', currentLanguage());
    if (!isPublic(url)) {
      const token = getToken();
      if (!token) {
        signOutHere();
        throw new MissingTokenError();
      }
      headers.set('Authorization', `Bearer ${token}`);
    }
    const body = encodeBody(config.data, headers);
    const version = config.params ? undefined : versions.get(url);
    if (method === 'PUT' && version && !headers.has('If-Match')) headers.set('If-Match', version);

    // One controller aborts on the caller's signal or on the timeout; `timedOut` tells which.
    const controller = new AbortController();
    const timeout = config.timeout ?? defaults.timeout;
    let timedOut = false;
    const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
    const cancel = () => controller.abort();
    if (config.signal?.aborted) controller.abort();
    else config.signal?.addEventListener('abort', cancel);

    let res: Response;
    let data: unknown;
    try {
      res = await fetch(fullUrl(defaults.baseURL, url, config.params), { method, headers, body, signal: controller.signal });
      // Error answers are read as JSON/text whatever the responseType, so `apiError` finds the server's `{error, code}`.
      data = await readBody(res, res.ok ? config.responseType : 'json');
    } catch (cause) {
      if (timedOut) throw new ApiError(`timeout of ${timeout}ms exceeded`, 'ECONNABORTED', where);
      if (controller.signal.aborted) throw new ApiError('canceled', 'ERR_CANCELED', where);
      throw new ApiError(cause instanceof Error ? cause.message : 'Network Error', 'ERR_NETWORK', where);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      config.signal?.removeEventListener('abort', cancel);
    }

    const response: ApiResponse<T> = { data: data as T, status: res.status, headers: headerRecord(res.headers) };
    const etag = response.headers.etag;
    if (res.ok && etag && (method === 'GET' || method === 'PUT') && !config.params) {
      versions.delete(url);
      versions.set(url, etag);
      if (versions.size > 200) versions.delete(versions.keys().next().value as string);
    }
    if (res.ok) return response;
    if (res.status === 401 && !isPublic(url)) signOutHere();
    const code = res.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST';
    throw new ApiError(`Request failed with status code ${res.status}`, code, where, response);
  }

  return {
    defaults,
    request,
    get: (url, config) => request('GET', url, config),
    delete: (url, config) => request('DELETE', url, config),
    post: (url, data, config) => request('POST', url, { ...config, data }),
    put: (url, data, config) => request('PUT', url, { ...config, data }),
    patch: (url, data, config) => request('PATCH', url, { ...config, data }),
  };
}

/** The one API client of the portal. Shared as a singleton through Module Federation. */
export const api: ApiClient = create();

/** The server's `{error, code}` of a failed call, if it sent one. */
export function apiError(error: unknown): ApiErrorBody | null {
  if (!isApiError(error)) return null;
  const data = error.response?.data as ApiErrorBody | undefined;
  return data && typeof data.error === 'string' ? data : null;
}

/** HTTP status of a failed call (undefined for network errors and timeouts). */
export function apiStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.response?.status : undefined;
}

/** True when the call was aborted by its timeout (SPEC §8: "La richiesta ha impiegato troppo tempo"). */
export function isTimeout(error: unknown): boolean {
  return isApiError(error) && (error.code === 'ECONNABORTED' || (error.code as string) === 'ETIMEDOUT');
}
