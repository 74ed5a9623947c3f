/**
 * The one exactly-once mechanism (src/http/idempotency.ts) on a real database: PostgreSQL when DATABASE_URL is set (a pool
 * of real connections, so the 50 same-key requests really race), else PGlite.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idempotencyFingerprint,
  idempotentReply,
  IDEMPOTENCY_KEY_MAX_AGE_HOURS,
  pruneIdempotencyKeys,
  runIdempotent,
  scheduleIdempotencyKeyPruning,
  type IdempotencyContext,
} from '../../src/http/idempotency';
import { AppError } from '../../src/http/errors';
import Fastify from 'fastify';
import { buildApp } from '../../src/app';
import type { Db, Queryable } from '../../src/db';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(60_000);

/** A throw-away write: one activity row per posting; fails on demand. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/idem-probe', { schema: { body: z.object({ n: z.number(), fail: z.boolean().optional() }) } }, async (request, reply) =>
    idempotentReply(app.db, request, reply, 'test.probe', async (q) => {
      // Hold the transaction a moment so concurrent requests really overlap.
      if (app.db.kind === 'pg') await q.query('SELECT pg_sleep(0.02)');
      const { rows } = await q.query<{ id: number }>(
        `INSERT INTO activity_log (user_id, action, entity_type, details) VALUES ($1, 'create', 'idem_probe', $2) RETURNING id`,
        [request.user.id, String(request.body.n)],
      );
      if (request.body.fail) throw new AppError(409, 'PROBE_REFUSED', { it: 'rifiutato', fr: 'refusé' });
      return { status: 201, body: { id: rows[0].id, n: request.body.n } };
    }),
  );
};

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp({ domains: [{ name: 'probe', routes: probeRoutes }] });
  ({ headers } = await t.signIn('sales'));
});
afterAll(async () => {
  await t.close();
});

const postings = async () =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM activity_log WHERE entity_type = 'idem_probe'`)).rows[0].n;
const post = (key: string | undefined, payload: unknown, h = headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/idem-probe',
    headers: key === undefined ? h : { ...h, 'idempotency-key': key },
    payload: payload as object,
  });

it('50 parallel submits of the same key: one posting, every caller the same status and id', async () => {
  const before = await postings();
  const answers = await Promise.all(Array.from({ length: 50 }, () => post('race-key-1', { n: 1 })));
  expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
  const ids = new Set(answers.map((r) => r.json().id));
  expect(ids.size).toBe(1);
  expect(await postings()).toBe(before + 1);
  expect(answers.filter((r) => r.headers['idempotency-replayed'] === 'true')).toHaveLength(49);
});

it('a repeated key replays the same status and body; the same key with another body is refused (422), nothing written', async () => {
  const first = await post('k-2', { n: 2 });
  const again = await post('k-2', { n: 2 });
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.body).toBe(first.body);
  const count = await postings();
  const other = await post('k-2', { n: 3 });
  expect(other.statusCode).toBe(422);
  expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  expect(other.json().error).toMatch(/Idempotency-Key/);
  expect(await postings()).toBe(count);
});

it('keys belong to one user: another user with the same key gets a posting of its own', async () => {
  const other = await t.signIn('sales');
  const a = await post('shared-key', { n: 4 });
  const b = await post('shared-key', { n: 4 }, other.headers);
  expect(a.statusCode).toBe(201);
  expect(b.statusCode).toBe(201);
  expect(b.json().id).not.toBe(a.json().id);
});

it('a refused write keeps nothing: the same key may be retried and then posts once', async () => {
  const count = await postings();
  const refused = await post('k-fail', { n: 5, fail: true });
  expect(refused.statusCode).toBe(409);
  expect(await postings()).toBe(count);
  const retried = await post('k-fail', { n: 5, fail: true });
  expect(retried.statusCode).toBe(409);
  // The retry is another request (another fingerprint) under the same key: allowed because the refusal stored nothing.
  const fixed = await post('k-fail-2', { n: 5 });
  expect(fixed.statusCode).toBe(201);
  expect(await postings()).toBe(count + 1);
});

it('concurrent same-key requests where the first is refused: the next one proceeds instead of replaying a refusal', async () => {
  const count = await postings();
  const answers = await Promise.all([post('k-mixed', { n: 6, fail: true }), post('k-mixed', { n: 6, fail: true })]);
  expect(answers.map((r) => r.statusCode)).toEqual([409, 409]);
  expect(await postings()).toBe(count);
});

it.each([
  ['empty', ''],
  ['too long', 'x'.repeat(201)],
  ['not printable', 'abc\u00e9'],
])('an invalid Idempotency-Key (%s) is a 400 and writes nothing', async (_label, key) => {
  const count = await postings();
  const res = await post(key, { n: 7 });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
  expect(await postings()).toBe(count);
});

it('200 printable characters is a valid key; without a key every submit posts', async () => {
  expect((await post('~'.repeat(200), { n: 8 })).statusCode).toBe(201);
  const count = await postings();
  await post(undefined, { n: 9 });
  await post(undefined, { n: 9 });
  expect(await postings()).toBe(count + 2);
});

it('runIdempotent directly: fingerprint ignores key order; prune forgets old keys', async () => {
  const user = await t.createUser('sales');
  const ctx = (body: unknown): IdempotencyContext => ({
    scope: 'test.direct',
    userId: user.id,
    key: 'direct',
    fingerprint: idempotencyFingerprint('post', '/x?y=1', body),
  });
  let writes = 0;
  const write = async () => ({ status: 201, body: { writes: ++writes } });
  const a = await runIdempotent(t.db, ctx({ a: 1, b: [1, { c: 2, d: 3 }] }), write);
  const b = await runIdempotent(t.db, ctx({ b: [1, { d: 3, c: 2 }], a: 1 }), write);
  expect(a).toEqual({ status: 201, body: { writes: 1 }, replayed: false });
  expect(b).toEqual({ status: 201, body: { writes: 1 }, replayed: true });
  await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '8 days' WHERE scope = 'test.direct'`);
  expect(await pruneIdempotencyKeys(t.db)).toBe(1);
  expect((await runIdempotent(t.db, ctx({ a: 1 }), write)).body).toEqual({ writes: 2 });
});

it("keys live 24 h: the server prunes older ones on an unref'd timer that stops when the app closes", async () => {
  expect(IDEMPOTENCY_KEY_MAX_AGE_HOURS).toBe(24);
  const user = await t.createUser('sales');
  const key = (name: string, age: string) =>
    t.db.query(
      `INSERT INTO idempotency_keys (scope, user_id, key, fingerprint, status_code, body, created_at)
       VALUES ('test.prune', $1, $2, 'f', 201, 'null', now() - $3::interval)`,
      [user.id, name, age],
    );
  await key('old', '25 hours');
  await key('recent', '23 hours');
  const keys = async () =>
    (await t.db.query<{ key: string }>(`SELECT key FROM idempotency_keys WHERE scope = 'test.prune' ORDER BY key`)).rows.map((r) => r.key);

  // Count the prunes through the real database.
  let prunes = 0;
  const counting = (q: Queryable): Queryable => ({
    ...q,
    query: ((sql: string, params?: unknown[]) => {
      if (sql.startsWith('DELETE FROM idempotency_keys')) prunes += 1;
      return q.query(sql, params);
    }) as Queryable['query'],
  });
  // The prune runs inside the job's transaction (db/jobs.ts: under its advisory lock).
  const db: Db = { ...t.db, tx: ((fn: (q: Queryable) => Promise<unknown>) => t.db.tx((q) => fn(counting(q)))) as Db['tx'] };
  const app = Fastify();
  const unrefs = jest.spyOn(global, 'setInterval');
  scheduleIdempotencyKeyPruning(app, db, { firstDelayMs: 5, intervalMs: 20 });
  await app.ready();
  for (let i = 0; i < 100 && prunes < 3; i++) await new Promise((r) => setTimeout(r, 20));
  expect(prunes).toBeGreaterThanOrEqual(3); // the first prune, then every interval
  expect(await keys()).toEqual(['recent']);
  const interval = unrefs.mock.results.at(-1)?.value as NodeJS.Timeout;
  unrefs.mockRestore();
  expect(interval).toBeDefined();
  expect(interval.hasRef()).toBe(false); // never keeps the process alive

  await app.close();
  const after = prunes;
  await new Promise((r) => setTimeout(r, 100));
  expect(prunes).toBe(after); // stopped with the app
});

it('every app schedules the pruning (buildApp), a minute after start; closing the app cancels it', async () => {
  const timeouts = jest.spyOn(global, 'setTimeout');
  const other = await buildApp({ db: t.db });
  const first = timeouts.mock.calls.findIndex(([, ms]) => ms === 60_000);
  const timer = timeouts.mock.results[first]?.value as NodeJS.Timeout & { _destroyed?: boolean };
  timeouts.mockRestore();
  expect(first).toBeGreaterThanOrEqual(0);
  expect(timer.hasRef()).toBe(false);
  await other.close();
  expect(timer._destroyed).toBe(true);
});
