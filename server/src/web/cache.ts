import path from 'node:path';

/**
 * Cache-Control for the web files (STACK.md): entry points that name other files must be revalidated on every load so a
 * release or a rollback (a new remotes.json / mf-manifest.json) takes effect at once; content-hashed files never change
 * under their name and are cached for a year.
 */
export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const ENTRY_POINTS = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
const CONTENT_HASH = /\.[0-9a-f]{8,}\./i;

/** A pre-compressed twin (x.js.br, x.js.gz) is cached like the file it stands for. */
const COMPRESSED_TWIN = /\.(br|gz)$/;

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(COMPRESSED_TWIN, '');
  if (ENTRY_POINTS.has(name) || name.endsWith('.html')) return NO_CACHE;
  if (CONTENT_HASH.test(name)) return IMMUTABLE;
  return NO_CACHE;
}
