import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from '../src/web/cache';
import { COMPRESS_THRESHOLD } from '../src/web/compress';
import { isPublicFile } from '../src/web/serve';
import { makeTestApp, type TestApp } from './helpers';

/** A built shell and remote as webpack writes them in production: every text file with its .br and .gz twins. */
const MAIN_JS = `console.log(${JSON.stringify('shell '.repeat(200))});`;
const INDEX = `<!doctype html><title>WMS</title><script src="/main.3f2a9c1d.js"></script>`;
function fakeWebRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-webz-'));
  const write = (rel: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  const withTwins = (rel: string, content: string) => {
    write(rel, content);
    write(`${rel}.br`, zlib.brotliCompressSync(content));
    write(`${rel}.gz`, zlib.gzipSync(content));
  };
  withTwins('shell/dist/index.html', INDEX);
  withTwins('shell/dist/main.3f2a9c1d.js', MAIN_JS);
  write('shell/dist/main.3f2a9c1d.js.map', '{"version":3}');
  withTwins('mf-registry/dist/remoteEntry.js', 'var registry;');
  withTwins('mf-registry/dist/main.a1b2c3d4.css', 'body{color:red}');
  write('mf-registry/dist/mf-stats.json', '{"stats":true}');
  write('mf-registry/dist/312.a1b2c3d4.js.map', '{"version":3}');
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
const decode = (res: { rawPayload: Buffer; headers: Record<string, unknown> }): string => {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (enc === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
};

describe('static files are sent pre-compressed', () => {
  it('brotli when accepted, with the file type and its cache header', async () => {
    const res = await get('/main.3f2a9c1d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBeLessThan(MAIN_JS.length / 5);
    expect(decode(res)).toBe(MAIN_JS);
  });

  it('gzip for a browser without brotli; identity for one without either', async () => {
    const gz = await get('/main.3f2a9c1d.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(MAIN_JS);
    const plain = await get('/main.3f2a9c1d.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(MAIN_JS);
  });

  it('entry points stay no-cache when compressed: index.html (also as SPA fallback) and remoteEntry.js', async () => {
    for (const [url, accept] of [
      ['/', 'text/html'],
      ['/anagrafica/prodotti', 'text/html'],
      ['/mf/registry/remoteEntry.js', '*/*'],
    ]) {
      const res = await get(url, { accept, 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe(NO_CACHE);
    }
    const index = await get('/', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(decode(index)).toBe(INDEX);
  });

  it('CSS files of a remote are served compressed and immutable', async () => {
    const res = await get('/mf/registry/main.a1b2c3d4.css', { 'accept-encoding': 'br' });
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('source maps and build stats stay on disk but are not served', async () => {
    for (const url of ['/main.3f2a9c1d.js.map', '/mf/registry/312.a1b2c3d4.js.map', '/mf/registry/mf-stats.json']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('API answers', () => {
  it(`JSON above ${COMPRESS_THRESHOLD} bytes is compressed (brotli, else gzip)`, async () => {
    const br = await get('/api/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(decode(br));
    expect(doc.openapi).toMatch(/^3\./);
    const gz = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gz))).toEqual(doc);
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(doc);
  });

  it('small JSON goes out as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
  });
});

describe('cache headers of compressed twins and public files', () => {
  it.each([
    ['main.3f2a9c1d.js.br', IMMUTABLE],
    ['main.3f2a9c1d.js.gz', IMMUTABLE],
    ['remoteEntry.js.br', NO_CACHE],
    ['index.html.gz', NO_CACHE],
    ['mf-manifest.json.br', NO_CACHE],
  ])('%s → %s', (file, expected) => expect(cacheControlFor(`/x/dist/${file}`)).toBe(expected));

  it.each([
    ['/main.3f2a9c1d.js', true],
    ['/mf-manifest.json', true],
    ['/remotes.json', true],
    ['/main.3f2a9c1d.js.map', false],
    ['/main.3f2a9c1d.js.map.br', false],
    ['/mf-stats.json', false],
    ['/stats.json', false],
    ['/mf-manifest-stats.json', false],
  ])('%s public: %s', (file, expected) => expect(isPublicFile(file)).toBe(expected));
});
