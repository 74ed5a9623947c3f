/**
 * /metrics (issue 23): Prometheus text with the request histogram per route pattern and status, postings per movement
 * type counted only when committed, idempotent replays and sign-in throttle refusals; the token on the main port, the
 * separate METRICS_PORT; 404 when neither is configured.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotentReply } from '../../src/http/idempotency';
import { postMovement } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { makeProduct, makeUserId, makeWarehouse } from '../stock/fixtures';

jest.setTimeout(60_000);

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/metrics-probe', { schema: { body: z.object({ n: z.number() }) } }, async (request, reply) =>
    idempotentReply(app.db, request, reply, 'test.metrics', async () => ({ status: 201, body: { n: request.body.n } })),
  );
};

const TOKEN = 'metrics-token-for-tests';
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({
    config: { metricsToken: TOKEN, metricsPort: 0, metricsHost: '127.0.0.1' },
    domains: [{ name: 'probe', routes: probeRoutes }],
    now: () => 1_700_000_000_000, // the throttle's clock stands still: the 6th failure is refused
  });
});
afterAll(async () => {
  await t.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
};
/** The value of one sample line, 0 when absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

it('counts requests by route pattern, method and status, postings by type after commit, replays and throttle refusals', async () => {
  const before = await scrape();
  const { headers } = await t.signIn('admin');
  const p = await makeProduct(t.db);
  const w = await makeWarehouse(t.db);

  // Requests: a route with a parameter is counted under its pattern, not the raw URL.
  for (const id of [999_001, 999_002]) {
    expect((await t.app.inject({ method: 'GET', url: `/api/sales/${id}`, headers })).statusCode).toBe(404);
  }
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

  // A load through the API, and one rolled back after posting: only the first is counted.
  const load = await t.app.inject({
    method: 'POST',
    url: '/api/stock-movements',
    headers,
    payload: { movement_type: 'C', movement_date: '01/03/2025', product_id: p.id, warehouse_id: w.id, quantity: 5 },
  });
  expect(load.statusCode).toBe(201);
  const actor = { id: await makeUserId(t.db) };
  await expect(
    t.db.tx(async (q) => {
      await postMovement(q, { movementType: 'S', productId: p.id, warehouseId: w.id, quantity: 1, movementDate: '2025-03-02' }, actor);
      throw new Error('undone');
    }),
  ).rejects.toThrow('undone');

  // An exactly-once write sent twice: one replay.
  const idem = { ...headers, 'idempotency-key': 'metrics-key-1' };
  expect((await t.app.inject({ method: 'POST', url: '/api/metrics-probe', headers: idem, payload: { n: 1 } })).statusCode).toBe(201);
  const again = await t.app.inject({ method: 'POST', url: '/api/metrics-probe', headers: idem, payload: { n: 1 } });
  expect(again.headers['idempotency-replayed']).toBe('true');

  // Six wrong passwords for one user from one address: five free failures, then 429 TOO_MANY_ATTEMPTS.
  const user = await t.createUser('warehouse');
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'wrong-guess' },
    });
    statuses.push(res.statusCode);
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

  const after = await scrape();
  const delta = (series: string) => sample(after, series) - sample(before, series);
  expect(delta('wms_http_request_duration_seconds_count{route="/api/sales/:id",method="GET",status_code="404"}')).toBe(2);
  expect(after).not.toContain('999001');
  expect(delta('wms_http_request_duration_seconds_count{route="/api/health",method="GET",status_code="200"}')).toBe(1);
  expect(delta('wms_http_request_duration_seconds_count{route="/api/stock-movements",method="POST",status_code="201"}')).toBe(1);
  expect(after).toMatch(/wms_http_request_duration_seconds_bucket\{le="0.005",route="\/api\/health",method="GET",status_code="200"\}/);
  expect(delta('wms_stock_postings_total{movement_type="C",operation="post"}')).toBe(1);
  expect(delta('wms_stock_postings_total{movement_type="S",operation="post"}')).toBe(0);
  expect(delta('wms_idempotent_replays_total{scope="test.metrics"}')).toBe(1);
  expect(delta('wms_sign_in_throttled_total{code="TOO_MANY_ATTEMPTS"}')).toBe(1);
  // The database's use: the pool on PostgreSQL, the worker's queue on PGlite.
  expect(after).toMatch(t.db.kind === 'pg' ? /^wms_db_pool_connections \d+$/m : /^wms_db_pending_calls \d+$/m);
});

it('without the token: 401; with a wrong one: 401', async () => {
  const none = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(none.statusCode).toBe(401);
  expect(none.json()).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED' });
  const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
  expect(wrong.statusCode).toBe(401);
});

it('METRICS_PORT: a server of its own on 127.0.0.1, the token required there too', async () => {
  const port = t.app.metrics?.port();
  expect(port).toBeGreaterThan(0);
  const base = `http://127.0.0.1:${port}`;
  expect((await fetch(`${base}/metrics`)).status).toBe(401);
  const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(ok.status).toBe(200);
  expect(await ok.text()).toContain('wms_stock_postings_total');
  expect((await fetch(`${base}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
});

it('without METRICS_TOKEN or METRICS_PORT there is no /metrics (404)', async () => {
  const plain = await makeTestApp();
  try {
    expect(plain.app.metrics).toBeNull();
    const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  } finally {
    await plain.close();
  }
});

it('counts the remote failures browsers report (POST /api/client-events) by kind and remote', async () => {
  const { headers } = await t.signIn('sales');
  const before = await scrape();
  const report = (remote: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client-events',
      headers,
      payload: {
        kind: 'remoteIncompatible',
        remote,
        manifestUrl: `/releases/${remote}/2.0.0/mf-manifest.json`,
        buildVersion: '2.0.0',
        problems: [{ package: '@wms/shared-ui', required: '^2.0.0', provided: '1.0.0', needs: 'newer' }],
      },
    });
  expect((await report('operations')).statusCode).toBe(201);
  expect((await report('not-a-remote')).statusCode).toBe(201);
  const refused = await t.app.inject({ method: 'POST', url: '/api/client-events', headers, payload: { kind: 'nonsense' } });
  expect(refused.statusCode).toBe(400);
  const after = await scrape();
  const delta = (series: string) => sample(after, series) - sample(before, series);
  expect(delta('wms_client_remote_failures_total{kind="remoteIncompatible",remote="operations"}')).toBe(1);
  expect(delta('wms_client_remote_failures_total{kind="remoteIncompatible",remote="other"}')).toBe(1);
  expect(after).not.toContain('not-a-remote');
});
