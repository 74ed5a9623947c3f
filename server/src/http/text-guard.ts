import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequestValidationError } from './validation';

/**
 * Texts PostgreSQL cannot store, or could store only by changing them, never reach a query: a NUL character (U+0000) or a
 * lone UTF-16 surrogate (a JSON escape such as "\ud800" with no partner, which would be saved as U+FFFD) anywhere in a
 * query string, a path parameter or a JSON body (values and keys) is a 400 VALIDATION naming the field, before validation
 * and handlers. The shared text schemas (common.ts requiredText, optionalText, queryText) refuse the other control
 * characters with the same words, field by field; this guard covers every string, also those of routes that forgot.
 */
// eslint-disable-next-line no-control-regex -- matching the control character is the point
const NUL = /\u0000/;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The shared validation key (shared-api validation/messages.ts) of a string PostgreSQL cannot store as it is, or null. */
function unstorable(s: string): 'controlChars' | 'brokenUnicode' | null {
  return NUL.test(s) ? 'controlChars' : LONE_SURROGATE.test(s) ? 'brokenUnicode' : null;
}

export interface UnstorableText {
  path: (string | number)[];
  key: 'controlChars' | 'brokenUnicode';
}

/** One value still to look at, with a link to its parent: paths are built only for what is found. */
interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, last?: string): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) path.unshift(v.key);
  return path;
}

/**
 * The strings of `value` (values and keys) that PostgreSQL cannot store as they are, at most `max`, with their paths
 * (["items", 0, "note"]). Walked with an explicit stack, not recursion: however deep the value, no stack overflow (bodies
 * are also limited in depth before this runs, json-parser.ts).
 */
export function unstorableTexts(value: unknown, max = 10): UnstorableText[] {
  const found: UnstorableText[] = [];
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && found.length < max) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      const key = unstorable(v);
      if (key) found.push({ path: pathOf(visit), key });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push({ value: v[i], key: i, parent: visit });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [k, item] = entries[i];
        const key = unstorable(k);
        if (key) found.push({ path: pathOf(visit, k), key });
        stack.push({ value: item, key: k, parent: visit });
      }
    }
  }
  return found.slice(0, max);
}

/**
 * Throws a 400 VALIDATION (key `controlChars` or `brokenUnicode`, worded like every schema failure, in the caller's
 * language) when `value`, one part of the request, holds an unstorable text.
 */
export function assertStorableText(value: unknown, part: 'body' | 'querystring' | 'params'): void {
  const found = unstorableTexts(value);
  if (found.length === 0) return;
  const issues = found.map(({ path, key }) => ({ code: 'custom' as const, path, message: key, input: undefined }));
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
