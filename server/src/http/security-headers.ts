import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Browser security headers on every answer (issue 13 §5), written by helmet:
 * - Content-Security-Policy: scripts, styles, fonts, images and fetches only from this origin and the origins of the
 *   remotes listed in remotes.json (read again when the file changes, like the /remotes.json route); no inline script,
 *   no eval, no plugin, no <base> elsewhere, forms post here only, and `frame-ancestors 'none'`.
 *   Styles allow 'unsafe-inline' because the web apps' CSS is injected as <style> elements (style-loader); inline
 *   scripts, which is what an injected token thief needs, stay refused.
 * - X-Frame-Options: DENY (older browsers), X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer,
 *   Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Resource-Policy: same-site (remotes may live on a sibling port).
 *
 *
 * API answers (a call under /api/ that is not a browser navigation) get the policy of a data answer instead, as OWASP's
 * REST guidance has it: `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` (JSON opened as a
 * document can load nothing and be framed by nobody), nosniff, X-Frame-Options: DENY, no referrer, CORP same-site —
 * without the headers that only govern documents (COOP, Origin-Agent-Cluster, the legacy X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection). A page under /api/ (the OpenAPI viewer)
 * gets the page headers.
 *
 * Speed (issue 12): the headers are the same for every answer of a kind, so helmet runs once per set of remote origins
 * and the hook copies the finished header values. (@fastify/helmet, used before, built a new helmet middleware —
 * re-parsing every CSP directive — on every request: ~7 % of the server's CPU under wrk.) The API set is 5 headers of
 * about 170 bytes instead of 11 of about 600.
 */

interface Cached {
  mtimeMs: number;
  origins: string[];
}
let cache: { file: string; value: Cached } | null = null;
/** No remotes file (or an unreadable one): one shared empty list, so the built headers are reused. */
const NONE: string[] = [];

/** The distinct origins of the absolute URLs in remotes.json (relative ones are this origin: 'self'). */
export function remoteOrigins(remotesFile: string): string[] {
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(remotesFile).mtimeMs;
  } catch {
    return NONE;
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
    return NONE;
  }
  cache = { file: remotesFile, value: { mtimeMs, origins: [...origins].sort() } };
  return cache.value.origins;
}

/** helmet's options for a given list of remote origins. */
function helmetOptions(remotes: string[]): Readonly<HelmetOptions> {
  const withRemotes = (...own: string[]) => [...own, ...remotes];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: withRemotes("'self'"),
        styleSrc: withRemotes("'self'", "'unsafe-inline'"),
        imgSrc: withRemotes("'self'", 'data:'),
        fontSrc: withRemotes("'self'", 'data:'),
        connectSrc: withRemotes("'self'"),
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
  };
}

/** helmet's options for API answers (see above): data, never a document. */
const API_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The header values helmet writes for these options (it only calls setHeader / removeHeader on the response). */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * How long other answers than a page (API calls, scripts, styles) reuse the headers before remotes.json is looked at
 * again. A page (a browser navigation) always looks: its CSP is the one that governs what the browser loads, and a remote
 * released or rolled back must count from the next page load. The others only carry the policy along, and a `stat` per
 * call was 9 % of the server's CPU on /api/health under wrk (issue 12).
 */
export const REMOTES_RECHECK_MS = 1000;

export async function registerSecurityHeaders(app: FastifyInstance, remotesFile: string): Promise<void> {
  let built: { origins: string[]; headers: Record<string, string>; checkedAt: number } | null = null;
  const current = (fresh: boolean): Record<string, string> => {
    const now = performance.now();
    if (built && !fresh && now - built.checkedAt < REMOTES_RECHECK_MS) return built.headers;
    const origins = remoteOrigins(remotesFile); // same array while remotes.json is unchanged
    if (built?.origins !== origins) built = { origins, headers: helmetHeaders(helmetOptions(origins)), checkedAt: now };
    built.checkedAt = now;
    return built.headers;
  };
  current(true); // a broken option fails at start-up, not on the first request
  const api = helmetHeaders(API_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    const page = isPageRequest(request);
    reply.headers(!page && request.url.startsWith('/api/') ? api : current(page));
    done();
  });
}

/** A browser asking for a page (navigation: it accepts HTML), as opposed to a script, a style or an API call. */
function isPageRequest(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
