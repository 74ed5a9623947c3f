/**
 * Issue 13 §9: every refusal made by the framework — before any route runs — follows the `{error, code}` contract in the
 * caller's language: 404 route, 413 body too large, 415 media type, malformed JSON, malformed URL, and the ones Node's HTTP
 * parser makes on the raw socket (431 headers too large, 400 malformed request).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(180_000);

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

const FR = { 'accept-language': 'fr-FR,fr;q=0.9' };

describe('refusals before any route, through the app', () => {
  it.each([
    ['unknown route', { method: 'GET', url: '/api/nope' }, 404, 'NOT_FOUND', 'Ressource introuvable'],
    ['unknown method on a route', { method: 'PATCH', url: '/api/auth/login' }, 404, 'NOT_FOUND', 'Ressource introuvable'],
    [
      'malformed JSON',
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' },
      400,
      'BAD_JSON',
      "Requête non valide : le corps n'est pas un JSON valide",
    ],
    [
      'body over 1 MiB',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }),
      },
      413,
      'PAYLOAD_TOO_LARGE',
      'Requête trop volumineuse',
    ],
    [
      'another media type',
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Format de requête non pris en charge',
    ],
    ['malformed URL encoding', { method: 'GET', url: '/api/users/%E0%A4%A' }, 400, 'BAD_REQUEST', 'Requête non valide'],
  ] as const)('%s, in French', async (_label, req, status, code, error) => {
    const res = await t.app.inject({ ...req, headers: { ...('headers' in req ? req.headers : {}), ...FR } } as never);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error, code });
  });
});

/** Sends raw bytes and returns the raw answer (the server closes the connection after these refusals). */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (data += c));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

describe("refusals of Node's HTTP parser, on the socket", () => {
  it('headers over 16 KB → 431 HEADERS_TOO_LARGE as JSON, in the language the request asked for', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({ error: 'En-têtes de la requête trop volumineux', code: 'HEADERS_TOO_LARGE' });
  });

  it('a URL over 16 KB → 431, in Italian by default', async () => {
    const res = await raw(`GET /api/health?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ error: 'Intestazioni della richiesta troppo grandi', code: 'HEADERS_TOO_LARGE' });
  });

  it('a malformed request line → 400 BAD_REQUEST as JSON', async () => {
    const res = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'Richiesta non valida', code: 'BAD_REQUEST' });
  });
});
