import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON (and other text) answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses API answers on the fly (brotli, else gzip, per Accept-Encoding) above COMPRESS_THRESHOLD. Brotli quality 4
 * (the plugin's default): close to gzip's speed, smaller output; the web files are pre-compressed at build time at the
 * highest quality and sent as they are (see serve.ts), which this plugin recognises by their Content-Encoding and leaves.
 * Register before the routes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
}
