import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { memoAnswerOf } from '../http/reply-memo';

/** JSON (and other text) answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Answers up to this size are compressed in one synchronous call and sent with a Content-Length; larger ones (CSV
 * exports, big pages) stream through zlib on the thread pool. The plugin's own default on 2 cores is 8 KB, which sent a
 * 25 KB products page through a stream per request (a thread-pool job, a pipeline and a chunked answer: ~18 % of the
 * server's CPU under wrk); compressing 64 KB of JSON at the quality below takes ≈ 0.4 ms.
 */
export const SYNC_COMPRESS_LIMIT = 64 * 1024;

/**
 * Brotli quality for answers compressed per request. Measured on a 25 KB products page (issue 12): quality 2 → 2 635
 * bytes in 0.13 ms, 4 (the plugin's default) → 2 513 bytes in 0.31 ms, 11 (Node's default) → 2 183 bytes in 115 ms;
 * gzip level 6 → 2 520 bytes in 0.27 ms. The web files are pre-compressed at build time at the highest quality instead.
 */
export const DYNAMIC_BROTLI_QUALITY = 2;

const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY },
};

/**
 * Compresses API answers on the fly (brotli, else gzip, per Accept-Encoding) above COMPRESS_THRESHOLD, at a fast level;
 * the web files are pre-compressed at build time at the highest quality and sent as they are (see serve.ts), which this
 * plugin recognises by their Content-Encoding and leaves. Register before the routes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ENCODINGS,
    syncThreshold: SYNC_COMPRESS_LIMIT,
    brotliOptions: BROTLI_OPTIONS,
  });
  // Runs before the plugin's own onSend (instance hooks precede route hooks), which leaves an encoded answer as it is.
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, compressMemoAnswer(request, reply, payload) ?? payload);
  });
}

/**
 * A memo answer (http/reply-memo.ts: a cached list page) compressed once per encoding and reused, negotiated as the
 * plugin does (its own negotiator, `x-gzip` and `*` read as gzip); undefined when the plugin should decide as usual.
 */
function compressMemoAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Buffer | undefined {
  const answer = memoAnswerOf(reply);
  if (!answer || payload !== answer.body || answer.body.length < COMPRESS_THRESHOLD) return undefined;
  const accept = request.headers['accept-encoding'];
  if (!accept || request.headers['x-no-compression'] !== undefined || reply.getHeader('content-encoding')) return undefined;
  const encoding = negotiate(accept.toLowerCase().replace(/x-gzip|\*/g, 'gzip'), ENCODINGS);
  if (encoding !== 'br' && encoding !== 'gzip') return undefined;
  let buf = answer.encoded.get(encoding);
  if (!buf) {
    buf = encoding === 'br' ? brotliCompressSync(answer.body, BROTLI_OPTIONS) : gzipSync(answer.body);
    answer.encoded.set(encoding, buf);
  }
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('Vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('Vary', `${String(vary)}, accept-encoding`);
  reply.header('Content-Encoding', encoding);
  reply.header('Content-Length', buf.length);
  return buf;
}
