import type { FastifyInstance } from 'fastify';
import { assertStorableText } from './text-guard';

/**
 * The API speaks JSON only: Fastify's built-in text/plain parser is removed, so any other content type is a 415.
 *
 * JSON bodies, parsed by Fastify's own safe parser (it refuses __proto__ / constructor.prototype poisoning), except that an
 * empty body with a JSON content type counts as "no body": clients send DELETE and logout that way, and a route whose
 * schema needs a body then answers 400 VALIDATION rather than a parser error. A body holding a text PostgreSQL cannot
 * store (NUL) is refused here with 400 VALIDATION naming the field (text-guard.ts).
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
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
