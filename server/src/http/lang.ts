import type { FastifyRequest } from 'fastify';
import { pickLang, type Lang } from './errors';

/** The caller's language (Accept-Language it|fr, default it): errors and messages are answered in it. */
export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  return pickLang(Array.isArray(header) ? header.join(',') : header);
}
