import type { FastifyServerOptions } from 'fastify';

/**
 * What the log may carry, decided here and nowhere else (issue 13 §3): never the parameters of a database query, a
 * password, a password hash or a token.
 *
 * - Requests are logged as method, path (the query string dropped) and address: no header, no body.
 * - Errors are logged through `safeError`: the parameters a driver attaches to a failed query (PGlite's `params`), the
 *   row PostgreSQL quotes in `detail` ("Failing row contains (…, scrypt$…)") and `where` are dropped, and the quoted values
 *   of data-exception messages (`invalid input syntax for type integer: "…"`) are masked.
 * - `redact` censors the same keys wherever a log call puts them by hand, as a net under the serializers.
 * buildApp applies this to whatever logger options it is given, so tests that capture the log check the real setting.
 */
export const REDACTED = '[redacted]';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'password',
  'password_hash',
  'token',
  'params',
  'body',
  '*.password',
  '*.password_hash',
  '*.token',
  '*.params',
  '*.body',
  'err.detail',
  'err.where',
  'err.parameters',
  'err.queryOptions',
];

/** Driver fields that can quote values of a query; dropped from every logged error (and its causes). */
const VALUE_FIELDS = ['params', 'parameters', 'queryOptions', 'detail', 'where', 'hint', 'internalQuery'] as const;

/** PostgreSQL error classes whose messages quote the offending input (22: data exception). */
function quotesInput(sqlState: unknown): boolean {
  return typeof sqlState === 'string' && sqlState.startsWith('22');
}

type Serialized = Record<string, unknown> & { message?: string; code?: unknown; cause?: unknown };

function scrub(e: Serialized, depth: number): Serialized {
  for (const f of VALUE_FIELDS) delete e[f];
  if (typeof e.message === 'string' && quotesInput(e.code)) e.message = e.message.replace(/"[^"]*"/g, `"${REDACTED}"`);
  if (typeof e.stack === 'string' && quotesInput(e.code)) e.stack = e.stack.replace(/"[^"]*"/g, `"${REDACTED}"`);
  if (e.cause && typeof e.cause === 'object' && depth < 5) e.cause = scrub(e.cause as Serialized, depth + 1);
  return e;
}

/** An error as plain data (type, message, stack, own fields, cause), like pino's serializer. */
function plain(err: object, depth: number): Serialized {
  const e = err as Error & Record<string, unknown>;
  const out: Serialized = { type: e.constructor?.name ?? 'Error', message: e.message, stack: e.stack };
  for (const [k, v] of Object.entries(e)) if (v !== undefined && typeof v !== 'function' && !(k in out)) out[k] = v;
  if (e.cause && typeof e.cause === 'object' && depth < 5) out.cause = plain(e.cause, depth + 1);
  return out;
}

/** The log's error serializer: the error minus anything that can quote query values. */
export function safeError(err: unknown): unknown {
  if (!err || typeof err !== 'object') return err;
  return scrub(plain(err, 0), 0);
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  hostname?: string;
  id?: string;
}

/** A request as the log shows it: method, path without the query string, address. */
export function safeRequest(req: LoggedRequest): Record<string, unknown> {
  return { method: req.method, path: req.url.split('?')[0], remoteAddress: req.ip, reqId: req.id };
}

/** `logger` options with the redaction above applied (false / undefined stay off). */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { ...(base.serializers ?? {}), err: safeError as never, error: safeError as never, req: safeRequest as never },
  };
}
