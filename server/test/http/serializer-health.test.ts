/**
 * Answers serialised by the route's response schema (http/serializer.ts: fast-json-stringify from the zod schema, no zod
 * parse per call) keep zod's contract: undeclared properties never leave, a missing required one is a 500, nullable and
 * nested arrays come out as declared. And /api/health trusts a database answer younger than a second, else probes (probes arriving together share one check).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HEALTH_FRESH_MS } from '../../src/http/health';
import { compiledWith } from '../../src/http/serializer';
import { makeTestApp, type TestApp } from '../helpers';

const item = z.object({ id: z.number().int(), code: z.string(), note: z.string().nullable(), tags: z.array(z.string()) });
const broken = z.object({ id: z.number().int(), code: z.string() });
const withTransform = z.object({ at: z.string().transform((s) => s.toUpperCase()) });

const probe: FastifyPluginAsyncZod = async (app) => {
  const schema = (response: z.ZodType) => ({ response: { 200: response } });
  app.get('/probe/ser/extra', { config: { public: true }, schema: schema(z.array(item)) }, async () => [
    { id: 1, code: 'A', note: null, tags: ['x'], password_hash: 'scrypt$secret' } as never,
  ]);
  app.get('/probe/ser/missing', { config: { public: true }, schema: schema(broken) }, async () => ({ id: 1 }) as never);
  app.get('/probe/ser/transform', { config: { public: true }, schema: schema(withTransform) }, async () => ({ at: 'abc' }));
};

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ domains: [{ name: 'probe', routes: probe }] });
});
afterAll(async () => {
  await t.close();
});

describe('response serialisation by schema', () => {
  it('writes only the declared properties (an extra column never leaks)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/ser/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 1, code: 'A', note: null, tags: ['x'] }]);
    expect(res.body).not.toMatch(/secret|password/);
  });

  it('a missing required property is a 500 JSON error, not a half answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/ser/missing' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/"id":1\b.*"code"/);
  });

  it('a schema JSON Schema cannot express keeps the zod serializer (transform applied)', async () => {
    expect(compiledWith(withTransform)).toBe('zod');
    expect(compiledWith(item)).toBe('fast-json-stringify');
    expect((await t.app.inject({ method: 'GET', url: '/api/probe/ser/transform' })).json()).toEqual({ at: 'ABC' });
  });

  it('the products list keeps its contract (array, X-Total-Count, ISO dates)', async () => {
    const { headers } = await t.signIn('warehouse');
    const res = await t.app.inject({ method: 'GET', url: '/api/products?limit=5', headers });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.headers['x-total-count']).toBe('0');
  });
});

describe('/api/health', () => {
  it('a database that answered within the last second needs no probe of its own', async () => {
    await t.db.query('SELECT 2'); // any statement of the server counts as an answer
    const spy = jest.spyOn(t.db, 'query');
    try {
      const all = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
      expect(all.every((r) => r.statusCode === 200)).toBe(true);
      expect(spy.mock.calls.filter(([sql]) => sql === 'SELECT 1')).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('without a recent answer, probes arriving together share one database check; later ones check again', async () => {
    const stale = jest.spyOn(t.db, 'answeredAt').mockReturnValue(performance.now() - HEALTH_FRESH_MS - 1);
    const spy = jest.spyOn(t.db, 'query');
    try {
      const all = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
      expect(all.every((r) => r.statusCode === 200)).toBe(true);
      const together = spy.mock.calls.filter(([sql]) => sql === 'SELECT 1').length;
      expect(together).toBeGreaterThanOrEqual(1);
      expect(together).toBeLessThan(20);
      await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(spy.mock.calls.filter(([sql]) => sql === 'SELECT 1').length).toBe(together + 1);
    } finally {
      spy.mockRestore();
      stale.mockRestore();
    }
  });

  it('a failing database answers 503 to every probe sharing the check, once its last answer is a second old', async () => {
    const stale = jest.spyOn(t.db, 'answeredAt').mockReturnValue(0);
    const spy = jest.spyOn(t.db, 'query').mockRejectedValue(new Error('down'));
    try {
      const all = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
      expect(all.map((r) => r.statusCode)).toEqual([503, 503, 503, 503, 503]);
    } finally {
      spy.mockRestore();
      stale.mockRestore();
    }
  });

  it('every engine reports when it last answered', async () => {
    const before = performance.now();
    await t.db.query('SELECT 1');
    expect(t.db.answeredAt!()).toBeGreaterThanOrEqual(before);
    await t.db.tx(async (q) => q.query('SELECT 1'));
    expect(t.db.answeredAt!()).toBeGreaterThanOrEqual(before);
  });
});
