import fs from 'node:fs';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Browser security headers on every answer (issue 13 §5), through @fastify/helmet:
 * - Content-Security-Policy: scripts, styles, fonts, images and fetches only from this origin and the origins of the
 *   remotes listed in remotes.json (read again when the file changes, like the /remotes.json route); no inline script,
 *   no eval, no plugin, no <base> elsewhere, forms post here only, and `frame-ancestors 'none'`.
 *   Styles allow 'unsafe-inline' because the web apps' CSS is injected as <style> elements (style-loader); inline
 *   scripts, which is what an injected token thief needs, stay refused.
 * - X-Frame-Options: DENY (older browsers), X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer,
 *   Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Resource-Policy: same-site (remotes may live on a sibling port).
 */

interface Cached {
  mtimeMs: number;
  origins: string[];
}
let cache: { file: string; value: Cached } | null = null;

/** The distinct origins of the absolute URLs in remotes.json (relative ones are this origin: 'self'). */
export function remoteOrigins(remotesFile: string): string[] {
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(remotesFile).mtimeMs;
  } catch {
    return [];
  }
  if (cache && cache.file === remotesFile && cache.value.mtimeMs === mtimeMs) return cache.value.origins;
  const origins = new Set<string>();
  try {
    const map = JSON.parse(fs.readFileSync(remotesFile, 'utf8')) as Record<string, unknown>;
    for (const url of Object.values(map)) {
      if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) continue;
      try {
        origins.add(new URL(url).origin);
      } catch {
        // not a URL: the shell cannot load it either
      }
    }
  } catch {
    return [];
  }
  cache = { file: remotesFile, value: { mtimeMs, origins: [...origins].sort() } };
  return cache.value.origins;
}

export async function registerSecurityHeaders(app: FastifyInstance, remotesFile: string): Promise<void> {
  const withRemotes =
    (...own: string[]) =>
    () =>
      [...own, ...remoteOrigins(remotesFile)].join(' ');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [withRemotes("'self'")],
        styleSrc: [withRemotes("'self'", "'unsafe-inline'")],
        imgSrc: [withRemotes("'self'", 'data:')],
        fontSrc: [withRemotes("'self'", 'data:')],
        connectSrc: [withRemotes("'self'")],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Served over plain HTTP on a LAN as often as behind TLS: HSTS belongs to the TLS-terminating proxy.
    strictTransportSecurity: false,
  });
}
