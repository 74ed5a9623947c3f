/**
 * Issue 13 §5: browser security headers on every answer — the API, the web app, refusals — with a CSP that allows this
 * origin and the remotes' origins from remotes.json, nothing else, and no inline script.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(180_000);

let t: TestApp;
let webRoot: string;
let remotesFile: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-headers-'));
  fs.mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>WMS</title><script src="/main.js"></script>');
  remotesFile = path.join(webRoot, 'remotes.json');
  fs.writeFileSync(
    remotesFile,
    JSON.stringify({
      registry: '/mf/registry/mf-manifest.json',
      reports: 'https://reports.example.com:8443/mf/reports/mf-manifest.json',
      users: 'https://reports.example.com:8443/other/users/mf-manifest.json',
    }),
  );
  t = await makeTestApp({ serveWeb: true, config: { webRoot, remotesFile } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

const page = () => t.app.inject({ method: 'GET', url: '/anagrafica/prodotti', headers: { accept: 'text/html' } });

describe('security headers', () => {
  it.each([
    ['the web app (SPA route)', () => page()],
    ['an API answer', () => t.app.inject({ method: 'GET', url: '/api/health' })],
    ['a 401', () => t.app.inject({ method: 'GET', url: '/api/users' })],
    ['a 404', () => t.app.inject({ method: 'GET', url: '/api/nope' })],
  ])('%s: no framing, no sniffing, no referrer', async (_label, call) => {
    const res = await call();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('CSP: this origin and the remotes’ origins from remotes.json, nothing else; no inline script, no eval', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    const p = csp(res.headers['content-security-policy']);
    const remote = 'https://reports.example.com:8443';
    expect(p['default-src']).toEqual(["'self'"]);
    expect(p['script-src']).toEqual(["'self'", remote]);
    expect(p['connect-src']).toEqual(["'self'", remote]);
    expect(p['style-src']).toEqual(["'self'", "'unsafe-inline'", remote]);
    expect(p['img-src']).toEqual(["'self'", 'data:', remote]);
    expect(p['font-src']).toEqual(["'self'", 'data:', remote]);
    expect(p['object-src']).toEqual(["'none'"]);
    expect(p['base-uri']).toEqual(["'self'"]);
    for (const sources of Object.values(p)) expect(sources).not.toContain('*');
    expect(p['script-src']).not.toContain("'unsafe-inline'");
    expect(p['script-src']).not.toContain("'unsafe-eval'");
  });

  it('follows remotes.json when a remote is released elsewhere or rolled back', async () => {
    const before = fs.readFileSync(remotesFile, 'utf8');
    try {
      fs.writeFileSync(remotesFile, JSON.stringify({ registry: 'http://10.0.0.5:9001/mf-manifest.json' }));
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(remotesFile, later, later);
      expect(csp((await page()).headers['content-security-policy'])['script-src']).toEqual(["'self'", 'http://10.0.0.5:9001']);
    } finally {
      fs.writeFileSync(remotesFile, before);
      const later = new Date(Date.now() + 10_000);
      fs.utimesSync(remotesFile, later, later);
    }
    expect(csp((await page()).headers['content-security-policy'])['script-src']).toEqual(["'self'", 'https://reports.example.com:8443']);
  });

  it('API answers carry the policy of data, not of a page: nothing loads, nothing frames, no page-only headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    for (const h of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
      expect(res.headers[h]).toBeUndefined();
    }
    // A page under /api/ (the OpenAPI viewer, opened by a browser) gets the page's policy.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
    expect(csp(docs.headers['content-security-policy'])['script-src']).toEqual(["'self'", 'https://reports.example.com:8443']);
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
