import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { cacheControlFor, NO_CACHE } from './cache';

/** One row of the table of remotes (remotes.config.json at the repository root, issue 24). */
export interface RemoteRow {
  name: string;
  path: string;
  package: string;
  devPort: number;
  team: string;
}

/** The table of remotes, shared with webpack, the shell and the scripts (src/web and dist/web are both three levels down). */
export const REMOTES_TABLE_FILE = path.resolve(__dirname, '../../..', 'remotes.config.json');

export function readRemotesTable(file = REMOTES_TABLE_FILE): RemoteRow[] {
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { remotes: RemoteRow[] }).remotes;
}

/** The federated remotes: each `<package>/dist` (mf-<name>) is served under `/mf/<name>/`. */
export const REMOTES: readonly string[] = readRemotesTable().map((r) => r.name);

export interface WebLayout {
  shellDist: string;
  remotes: { name: string; prefix: string; dist: string }[];
  releases: string;
  remotesFile: string;
}

export function webLayout(config: Pick<Config, 'webRoot' | 'remotesFile'>): WebLayout {
  return {
    shellDist: path.join(config.webRoot, 'shell', 'dist'),
    remotes: readRemotesTable().map((r) => ({
      name: r.name,
      prefix: `/mf/${r.name}/`,
      dist: path.join(config.webRoot, r.package, 'dist'),
    })),
    releases: path.join(config.webRoot, 'releases'),
    remotesFile: config.remotesFile,
  };
}

function setCacheHeaders(res: SetHeadersResponse, filePath: string): void {
  res.setHeader('Cache-Control', cacheControlFor(filePath));
  // The same URL answers brotli, gzip or identity by Accept-Encoding: caches must key on it.
  res.setHeader('Vary', 'Accept-Encoding');
}

/**
 * Build artefacts that stay on disk but are not for browsers: source maps, build stats (mf-manifest-stats.json and the like), the
 * build stamp. They answer 404 like a missing file.
 */
const NOT_PUBLIC = /(\.map|stats\.json|\.build-stamp)(\.(br|gz))?$/;

export function isPublicFile(pathname: string): boolean {
  return !NOT_PUBLIC.test(pathname);
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Serves the built web app from the repository: the shell at `/`, each remote at `/mf/<name>/`, kept releases at
 * `/releases/` (so remotes.json can point a remote back at an older build), and `/remotes.json`, read on every request so
 * a release or rollback is just editing that file. A folder that is not built is skipped with a warning (its URLs answer 404).
 */
export async function registerWeb(app: FastifyInstance, layout: WebLayout): Promise<void> {
  const common = {
    cacheControl: false,
    setHeaders: setCacheHeaders,
    wildcard: true,
    serveDotFiles: false,
    // x.js.br / x.js.gz written at build time (webpack/app-config.js) are sent when the browser accepts them.
    preCompressed: true,
    allowedPath: isPublicFile,
  } as const;
  // The first registration decorates reply.sendFile (used by the SPA fallback); the others must not decorate again.
  let decorated = false;
  const mounts = [
    { prefix: '/', root: layout.shellDist, what: 'shell' },
    ...layout.remotes.map((r) => ({ prefix: r.prefix, root: r.dist, what: `remote "${r.name}"` })),
    { prefix: '/releases/', root: layout.releases, what: 'releases', optional: true },
  ];
  for (const m of mounts) {
    if (!isDirectory(m.root)) {
      if (!('optional' in m)) app.log.warn(`web: ${m.what} not built (${m.root} missing): ${m.prefix} answers 404`);
      continue;
    }
    await app.register(fastifyStatic, { ...common, root: m.root, prefix: m.prefix, decorateReply: !decorated });
    decorated = true;
  }

  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    let text: string;
    try {
      text = await fs.promises.readFile(layout.remotesFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return reply.callNotFound();
      throw err;
    }
    JSON.parse(text); // a broken file is the server's fault (500, logged), never passed on to every browser
    return reply.header('Cache-Control', NO_CACHE).type('application/json; charset=utf-8').send(text);
  });
}

const NOT_SPA = [/^\/api(\/|$)/, /^\/mf\//, /^\/releases\//];

/** A browser navigation to a client-side route (/anagrafica/prodotti/12): answered with the shell's index.html. */
export function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (NOT_SPA.some((re) => re.test(pathname))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** Sends the shell's index.html (no-cache) if the shell is built; false otherwise. */
export function sendSpaIndex(reply: FastifyReply, layout: WebLayout): boolean {
  if (!fs.existsSync(path.join(layout.shellDist, 'index.html'))) return false;
  reply.code(200).sendFile('index.html', layout.shellDist);
  return true;
}
