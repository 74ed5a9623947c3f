import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from '../src/web/cache';
import { makeTestApp, type TestApp } from './helpers';

/** A fake repository root with built shell and one built remote (registry); the other remotes are not built. */
function fakeWebRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-web-'));
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>WMS</title>');
  write('shell/dist/main.3f2a9c1d4e5b.js', 'console.log("shell")');
  write('shell/dist/favicon.ico', 'icon');
  write('mf-registry/dist/mf-manifest.json', '{"name":"registry"}');
  write('mf-registry/dist/remoteEntry.js', 'var registry;');
  write('mf-registry/dist/312.a1b2c3d4e5f6a7b8.js', 'chunk');
  write('mf-registry/dist/styles.css', 'body{}');
  write('releases/registry/1.0.0/mf-manifest.json', '{"name":"registry","old":true}');
  write('remotes.json', '{"registry":"/mf/registry/mf-manifest.json"}');
  return root;
}

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = fakeWebRoot();
  t = await makeTestApp({ serveWeb: true, config: { webRoot: root, remotesFile: path.join(root, 'remotes.json') } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app serving', () => {
  it('/ → shell index.html, no-cache', async () => {
    const res = await get('/', html);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>WMS</title>');
    expect(res.headers['cache-control']).toBe(NO_CACHE);
  });

  it('client-side routes fall back to index.html for browser navigations', async () => {
    const res = await get('/anagrafica/prodotti/12', html);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe(NO_CACHE);
  });

  it('a missing file that is not a navigation → 404 JSON (no HTML fallback)', async () => {
    const res = await get('/missing.js', { accept: '*/*' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('/api paths never fall back to the shell', async () => {
    const res = await get('/api/unknown', html);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Risorsa non trovata', code: 'NOT_FOUND' });
  });

  it('hashed files are immutable for a year', async () => {
    const res = await get('/main.3f2a9c1d4e5b.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    const chunk = await get('/mf/registry/312.a1b2c3d4e5f6a7b8.js');
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('/favicon.ico is served', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('icon');
  });

  it('/mf/<name>/ serves the remote; manifest and remoteEntry are no-cache', async () => {
    const manifest = await get('/mf/registry/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'registry' });
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    const entry = await get('/mf/registry/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
    const css = await get('/mf/registry/styles.css');
    expect(css.headers['cache-control']).toBe(NO_CACHE);
  });

  it('an unbuilt remote answers 404 JSON, and the server still runs', async () => {
    const res = await get('/mf/users/mf-manifest.json');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const nav = await get('/mf/users/', html);
    expect(nav.statusCode).toBe(404);
  });

  it('/releases/ serves kept builds for rollback', async () => {
    const res = await get('/releases/registry/1.0.0/mf-manifest.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'registry', old: true });
    expect(res.headers['cache-control']).toBe(NO_CACHE);
  });

  it('/remotes.json is read on every request (edit it to release or roll back), no-cache', async () => {
    const first = await get('/remotes.json');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(NO_CACHE);
    expect(first.json()).toEqual({ registry: '/mf/registry/mf-manifest.json' });
    fs.writeFileSync(path.join(root, 'remotes.json'), '{"registry":"/releases/registry/1.0.0/mf-manifest.json"}');
    expect((await get('/remotes.json')).json()).toEqual({ registry: '/releases/registry/1.0.0/mf-manifest.json' });
  });

  it('path traversal out of a dist folder is refused', async () => {
    fs.writeFileSync(path.join(root, 'secret.txt'), 'SECRET');
    for (const url of ['/mf/registry/%2e%2e/%2e%2e/secret.txt', '/mf/registry/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('SECRET');
    }
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['index.html', NO_CACHE],
    ['page.html', NO_CACHE],
    ['remotes.json', NO_CACHE],
    ['mf-manifest.json', NO_CACHE],
    ['remoteEntry.js', NO_CACHE],
    ['main.3f2a9c1d.js', IMMUTABLE],
    ['vendors.0123456789abcdef0123.css', IMMUTABLE],
    ['logo.png', NO_CACHE],
    ['app.js', NO_CACHE],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(`/x/dist/${file}`)).toBe(expected);
  });
});
