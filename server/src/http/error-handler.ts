import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, common, pickLang, render, type Bilingual } from './errors';
import { requestLang } from './lang';
import { RequestValidationError, validationBody } from './validation';

export interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

/** Fastify's own refusals of malformed requests, worded for people. */
const FRAMEWORK: Record<string, { status: number; code: string; message: Bilingual }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_JSON', message: common.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_JSON', message: common.badJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: common.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: common.unsupportedMedia },
};

/**
 * PostgreSQL errors that mean "the input clashes with the data", not "the server is broken": every data exception
 * (SQLSTATE class 22: bad text, number out of range, invalid date, NUL in text…) is a 400, every integrity violation
 * (class 23) a 409 — except a missing value or a failed CHECK, which are bad input (400). Modules should check these cases
 * themselves with a precise message; this is the safety net that keeps bad input from ever becoming a 500.
 */
function databaseRefusal(sqlstate: string): { status: number; code: string; message: Bilingual } | undefined {
  if (sqlstate.startsWith('22') || sqlstate === '23502' || sqlstate === '23514') {
    return { status: 400, code: 'VALIDATION', message: common.badRequest };
  }
  if (sqlstate.startsWith('23')) return { status: 409, code: 'CONFLICT', message: common.conflict };
  return undefined;
}

function isDatabaseError(err: unknown): err is Error & { code: string } {
  const e = err as { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

/** Status and JSON body for any error thrown while handling a request. */
export function describeError(err: unknown, request: FastifyRequest): { status: number; body: ErrorBody; unexpected: boolean } {
  const lang = requestLang(request);
  if (err instanceof AppError) {
    const body: ErrorBody = { error: render(err.bilingual, lang, err.params), code: err.code };
    if (err.fields) body.fields = err.fields;
    return { status: err.statusCode, body, unexpected: false };
  }
  if (err instanceof RequestValidationError) {
    return { status: 400, body: validationBody(err.zodError, lang), unexpected: false };
  }
  const fe = err as Partial<FastifyError>;
  const known = (fe.code && FRAMEWORK[fe.code]) || (isDatabaseError(err) ? databaseRefusal(err.code) : undefined);
  if (known) return { status: known.status, body: { error: render(known.message, lang), code: known.code }, unexpected: false };
  // Any other refusal Fastify or a plugin marks as the client's fault (bad URL, bad content length, …).
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const code = fe.statusCode === 404 ? 'NOT_FOUND' : fe.statusCode === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST';
    const message = fe.statusCode === 404 ? common.routeNotFound : fe.statusCode === 429 ? common.tooManyRequests : common.badRequest;
    return { status: fe.statusCode, body: { error: render(message, lang), code }, unexpected: false };
  }
  return { status: 500, body: { error: render(common.internal, lang), code: 'INTERNAL' }, unexpected: true };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, unexpected } = describeError(err, request);
    if (unexpected) request.log.error({ err }, 'unexpected error');
    else if (status >= 500) request.log.warn({ err }, body.code);
    else request.log.info({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });
}

/** The 404 of an unknown route, as JSON like every other refusal. */
export function notFoundBody(request: FastifyRequest): ErrorBody {
  return { error: render(common.routeNotFound, requestLang(request)), code: 'NOT_FOUND' };
}

/** Refusals made by Node's HTTP parser before Fastify sees a request (no route, no request object). */
const CLIENT_ERRORS: Record<string, { status: number; code: string; message: Bilingual }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: { it: 'Intestazioni della richiesta troppo grandi', fr: 'En-têtes de la requête trop volumineux' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: { it: 'La richiesta ha impiegato troppo tempo. Riprova.', fr: 'La requête a pris trop de temps. Réessayez.' },
  },
};

/** The Accept-Language line of a raw request head, when the parser kept what it had read (err.rawPacket). */
function rawAcceptLanguage(raw: unknown): string | undefined {
  if (!Buffer.isBuffer(raw)) return undefined;
  const head = raw.subarray(0, 64 * 1024).toString('latin1');
  return /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(head)?.[1];
}

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refuses (headers over 16 KB → 431, a head that never
 * finishes → 408, anything malformed → 400) is answered like every other refusal, `{error, code}` in the caller's language
 * (read from the raw head when it got that far), then the connection is closed.
 */
export function answerClientError(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const known = (err.code && CLIENT_ERRORS[err.code]) || { status: 400, code: 'BAD_REQUEST', message: common.badRequest };
  const body = JSON.stringify({ error: render(known.message, pickLang(rawAcceptLanguage(err.rawPacket))), code: known.code });
  socket.end(
    `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
