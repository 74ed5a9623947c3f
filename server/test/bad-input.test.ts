/**
 * Bad input never gets a 500: every operation of the OpenAPI document is called with hostile path parameters, query
 * strings and bodies, as admin (who passes every permission check, so validation and the handlers are reached). Each answer
 * must be a 4xx (or a 2xx where the input happens to be acceptable) with the `{error, code}` body of every refusal.
 */
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('admin'));
});
afterAll(() => t.close());

const HOSTILE_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999999', "1'; DROP TABLE users; --", '%00', '1-manual-x'];
const HOSTILE_QUERIES = [
  'limit=-1&offset=abc',
  'limit=99999999999&offset=-5',
  'sort=;DROP&order=sideways',
  `q=${encodeURIComponent("%' OR 1=1 --")}&code=${'x'.repeat(5000)}`,
  'date_from=31/02/2025&date_to=not-a-date&type=Z-Q',
  'warehouse_id=abc&product_id=-3&include_zero=maybe&active=perhaps',
];
const HOSTILE_BODIES: unknown[] = [
  [],
  'just a string',
  42,
  null,
  { id: 'x', code: { nested: true }, name: ['a'], quantity: 'lots', movement_date: '99/99/9999', role: 'root' },
  { code: 'x'.repeat(10_000), description: 'y'.repeat(10_000), username: 'z'.repeat(10_000), password: 1 },
  { quantity: 1e308, price: -0.0000001, warehouse_id: 2 ** 63, product_id: 1.5, is_active: 'yes', status: 'deleted' },
];

interface Operation {
  method: string;
  path: string;
}

async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      if (['get', 'post', 'put', 'delete', 'patch'].includes(method)) ops.push({ method: method.toUpperCase(), path });
    }
  }
  return ops;
}

function expectRefusalShape(status: number, body: string, what: string): void {
  if (status < 500 && status >= 400) {
    const json = JSON.parse(body) as { error?: unknown; code?: unknown };
    if (typeof json.error !== 'string' || typeof json.code !== 'string') throw new Error(`${what}: ${status} without {error, code}: ${body.slice(0, 200)}`);
  }
  if (status >= 500) throw new Error(`${what}: ${status} ${body.slice(0, 300)}`);
}

it('the OpenAPI document lists the API of every module', async () => {
  const paths = (await operations()).map((o) => `${o.method} ${o.path}`);
  for (const expected of ['POST /api/auth/login', 'GET /api/products', 'POST /api/stock-movements', 'DELETE /api/users/{id}', 'GET /api/stock']) {
    expect(paths).toContain(expected);
  }
});

it('no operation answers 5xx to hostile ids, queries or bodies', async () => {
  const ops = await operations();
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  let calls = 0;
  for (const op of ops) {
    // Signing out would end the session and turn every later call into a 401, testing nothing.
    if (op.path.includes('/docs') || op.path === '/api/auth/logout') continue;
    const hasParams = /\{[^}]+\}/.test(op.path);
    const urls = hasParams ? HOSTILE_IDS.map((v) => op.path.replace(/\{[^}]+\}/g, encodeURIComponent(v))) : [op.path];
    for (const url of urls) {
      const variants: { url: string; payload?: unknown }[] =
        op.method === 'GET'
          ? HOSTILE_QUERIES.map((qs) => ({ url: `${url}?${qs}` }))
          : HOSTILE_BODIES.map((payload) => ({ url, payload }));
      for (const v of variants) {
        calls += 1;
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: v.url,
          headers: { ...headers, ...(v.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(v.payload !== undefined ? { payload: JSON.stringify(v.payload) } : {}),
        });
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        try {
          expectRefusalShape(res.statusCode, res.body, `${op.method} ${v.url.slice(0, 120)} ${JSON.stringify(v.payload)?.slice(0, 80) ?? ''}`);
        } catch (err) {
          failures.push((err as Error).message);
        }
      }
    }
  }
  expect(calls).toBeGreaterThan(200);
  expect(failures).toEqual([]);
  // The calls reached validation and the handlers (not a wall of 401s).
  expect(statuses[401] ?? 0).toBe(0);
  expect(statuses[400]).toBeGreaterThan(calls / 2);
});

it('the session survives the barrage (hostile deletes and updates were refused)', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  expect(res.statusCode).toBe(200);
});
