import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequestValidationError } from './validation';

/**
 * Texts PostgreSQL cannot store never reach a query: a NUL character (U+0000) anywhere in a query string, a path
 * parameter or a JSON body (values and keys) is a 400 VALIDATION naming the field, before validation and handlers. The
 * shared text schemas (common.ts requiredText, optionalText, queryText) refuse the other control characters with the same
 * words, field by field; this guard covers every string, also those of routes that forgot.
 */
// eslint-disable-next-line no-control-regex -- matching the control character is the point
const UNSTORABLE = /\u0000/;

/** Paths (["items", 0, "note"]) of the strings in `value` that hold an unstorable character, at most `max`. */
export function unstorableTextPaths(value: unknown, max = 10): (string | number)[][] {
  const found: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]): void => {
    if (found.length >= max) return;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) found.push(path);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...path, i]));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) found.push([...path, k]);
        walk(item, [...path, k]);
      }
    }
  };
  walk(value, []);
  return found;
}

/**
 * Throws a 400 VALIDATION (key `controlChars`, worded like every schema failure, in the caller's language) when `value`,
 * one part of the request, holds an unstorable text.
 */
export function assertStorableText(value: unknown, part: 'body' | 'querystring' | 'params'): void {
  const paths = unstorableTextPaths(value);
  if (paths.length === 0) return;
  const issues = paths.map((path) => ({ code: 'custom' as const, path, message: 'controlChars', input: undefined }));
  throw new RequestValidationError(new z.ZodError(issues), part);
}

/** The onRequest check of query strings and path parameters (installed once for the whole server). */
export function installTextGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request on every answer of the server.
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    try {
      assertStorableText(request.query, 'querystring');
      assertStorableText(request.params, 'params');
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
