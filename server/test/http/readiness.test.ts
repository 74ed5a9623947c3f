/**
 * GET /api/ready and graceful shutdown (issue 23): ready when the database answers and has every migration file; 503
 * SHUTTING_DOWN from the moment shutdown starts; a request in flight when close starts is answered normally, on a
 * connection closed after it, and the server takes no new connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(60_000);

/** A public route that answers only when the test releases it. */
let entered: () => void = () => undefined;
let release: () => void = () => undefined;
const slowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/test-slow', { config: { public: true } }, async () => {
    await new Promise<void>((resolve) => {
      release = resolve;
      entered();
    });
    return { done: true };
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ domains: [{ name: 'slow', routes: slowRoutes }] });
});
afterAll(async () => {
  await t.close();
});

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

/** GET over a real connection with keep-alive; resolves with status, headers and body. */
function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

it('is ready when every migration file is applied; 503 MIGRATIONS_PENDING before; the "all applied" answer is kept', async () => {
  const { rows } = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
  const last = rows[0].name;
  await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
  try {
    const pending = await ready();
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ error: expect.any(String), code: 'MIGRATIONS_PENDING' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200); // alive all the same
  } finally {
    await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last]);
  }
  const ok = await ready();
  expect(ok.statusCode).toBe(200);
  expect(ok.json()).toEqual({ status: 'ready', db: t.db.kind });
  // Cached once true: no second look at schema_migrations (a migration row never goes away in real life).
  await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
  try {
    expect((await ready()).statusCode).toBe(200);
  } finally {
    await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last]);
  }
});

it('shutdown: ready says 503 at once, the request in flight gets its answer, keep-alive ends, no new connection', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // A kept-alive connection that is idle when close starts, and one busy with a slow request.
  const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get(port, '/api/ready', idle)).status).toBe(200);

  const inside = new Promise<void>((resolve) => (entered = resolve));
  const slow = get(port, '/api/test-slow', agent);
  await inside;

  // What main.ts does on SIGTERM first: not ready, while still serving.
  t.app.readiness.shuttingDown = true;
  const refused = await ready();
  expect(refused.statusCode).toBe(503);
  expect(refused.json()).toEqual({ error: expect.any(String), code: 'SHUTTING_DOWN' });

  let closed = false;
  const closing = t.app.close().then(() => (closed = true));
  await new Promise((r) => setTimeout(r, 100));
  expect(closed).toBe(false); // waits for the request in flight
  // No new connection is accepted once close has started.
  await expect(get(port, '/api/health', new http.Agent({ keepAlive: false }))).rejects.toMatchObject({ code: 'ECONNREFUSED' });

  release();
  const answer = await slow;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toEqual({ done: true });
  expect(answer.headers.connection).toBe('close'); // the keep-alive connection ends after its request
  await closing;
  expect(closed).toBe(true);
  expect(t.app.readiness.shuttingDown).toBe(true);
  agent.destroy();
  idle.destroy();
});
