import type { FastifyInstance } from 'fastify';
import { AppError, common } from './errors';
import { assertStorableText } from './text-guard';

/**
 * Deepest nesting of arrays and objects a JSON body may have. The deepest form of the API (a goods receipt: body → items →
 * item → batches → batch) is 5 levels; 64 leaves room and keeps every walk over a body (the text guard, zod) shallow.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * True when the JSON text nests arrays / objects deeper than `limit`. A single pass over the characters, before any
 * parsing (brackets inside strings do not count), so a 2 000-level `[[[[…]]]]` is refused before anything walks it.
 * Malformed text is not judged here: the parser refuses it next.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/** The value of a JSON number's text as (digits, exponent), digits without leading or trailing zeros ('' for zero). */
function decimalParts(text: string): [string, number] {
  const m = /^-?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m) return [text, 0];
  const [, whole = '', fraction = '', exp = '0'] = m;
  const all = `${whole}${fraction}`.replace(/^0+/, '');
  const digits = all.replace(/0+$/, '');
  return [digits, Number(exp) - fraction.length + (all.length - digits.length)];
}

const NUMBER_OR_STRING = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * The first number written in the JSON text (outside strings) that JSON.parse would not read as written: more digits
 * than a double carries (1.00000000000000000000000001 would become 1) or beyond its range (1e400); null when every
 * number reads exactly. Exact decimals go as strings ("quantity": "1.5"); a number is taken as its shortest printing, so
 * 0.1 reads as 0.1. Malformed text is not judged here: the parser refuses it next.
 */
export function inexactJsonNumber(text: string): string | null {
  for (const [token] of text.matchAll(NUMBER_OR_STRING)) {
    if (token.startsWith('"')) continue;
    const read = Number(token);
    if (!Number.isFinite(read)) return token;
    const [digits, exp] = decimalParts(token);
    const [readDigits, readExp] = decimalParts(String(Math.abs(read)));
    if (digits !== readDigits || (digits !== '' && exp !== readExp)) return token;
  }
  return null;
}

/** Strict UTF-8: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. Strips a leading BOM. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The API speaks JSON only: Fastify's built-in text/plain parser is removed, so any other content type is a 415.
 *
 * JSON bodies, parsed by Fastify's own safe parser (it refuses __proto__ / constructor.prototype poisoning), after two
 * checks on the raw body: it must be valid UTF-8 (else 400 BAD_ENCODING — never decoded with U+FFFD in place of the bad
 * bytes), and nest at most MAX_JSON_DEPTH levels (else 400 JSON_TOO_DEEP, before anything walks it). Both refusals are
 * AppErrors: `{error, code}` in the caller's language, logged at info level like every refusal. An empty body with a
 * JSON content type counts as "no body": clients send DELETE and logout that way, and a route whose schema needs a body
 * then answers 400 VALIDATION rather than a parser error. A body holding a text PostgreSQL cannot store (NUL, a lone
 * surrogate escape such as "\ud800") is refused here with 400 VALIDATION naming the field (text-guard.ts). A number the
 * parser would round (inexactJsonNumber) is a 400 INEXACT_NUMBER: never stored other than as it was written.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      return done(new AppError(400, 'BAD_ENCODING', common.badEncoding));
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new AppError(400, 'JSON_TOO_DEEP', common.jsonTooDeep, { max: MAX_JSON_DEPTH }));
    }
    const inexact = inexactJsonNumber(text);
    if (inexact !== null) {
      const number = inexact.length > 40 ? `${inexact.slice(0, 40)}…` : inexact;
      return done(new AppError(400, 'INEXACT_NUMBER', common.inexactNumber, { number }));
    }
    parse(request, text, (err, body) => {
      if (err) return done(err);
      try {
        assertStorableText(body, 'body');
      } catch (refusal) {
        return done(refusal as Error);
      }
      done(null, body);
    });
  });
}
