import { buildApp, type App } from '../../src/app';
import { CLIENT_EVENTS_MAX, CLIENT_EVENTS_WINDOW_MS } from '../../src/client-events/rate';
import { pruneClientEvents } from '../../src/client-events/sql';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(60_000);

let now = Date.UTC(2026, 10, 25, 16, 0, 0);
let t: TestApp;
/** A second app server on the same database (several servers share one database in production). */
let other: App;

beforeAll(async () => {
  t = await makeTestApp({ now: () => now });
  other = await buildApp({ db: t.db, now: () => now });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const event = (o: Record<string, unknown> = {}) => ({
  kind: 'remoteIncompatible',
  remote: 'operations',
  manifestUrl: '/releases/operations/2.0.0-abc/mf-manifest.json',
  buildVersion: '2.0.0',
  problems: [{ package: '@wms/shared-ui', required: '^2.0.0', provided: '1.0.0', needs: 'newer' }],
  ...o,
});

async function count(): Promise<number> {
  const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM client_events');
  return Number(rows[0].n);
}

describe('POST /api/client-events', () => {
  it('records what a signed-in user of any role reports, naming the remote and the user', async () => {
    const { headers, user } = await t.signIn('warehouse');
    const res = await t.app.inject({ method: 'POST', url: '/api/client-events', headers, payload: event() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'remoteIncompatible',
      remote: 'operations',
      buildVersion: '2.0.0',
      username: user.username,
      problems: [{ package: '@wms/shared-ui', required: '^2.0.0', provided: '1.0.0', needs: 'newer' }],
    });
  });

  it('refuses bad input with a 400 in the caller language and records nothing; no session is a 401', async () => {
    const { headers } = await t.signIn('sales');
    const before = await count();
    for (const payload of [
      event({ kind: 'whatever' }),
      event({ remote: '../etc' }),
      event({ problems: [] }),
      event({ problems: [{ package: 'x', required: '^1', provided: '1.0.0', needs: 'sideways' }] }),
      event({ manifestUrl: 'x'.repeat(501) }),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client-events',
        headers: { ...headers, 'accept-language': 'fr' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: expect.stringMatching(/^Données non valides/) });
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/client-events', payload: event() });
    expect(anonymous.statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('is rate limited per user in the database: two app servers together allow what one allows', async () => {
    const { headers } = await t.signIn('orders');
    const before = await count();
    const servers = [t.app, other];
    const answers = await Promise.all(
      Array.from({ length: CLIENT_EVENTS_MAX + 6 }, (_, i) =>
        servers[i % 2].inject({ method: 'POST', url: '/api/client-events', headers, payload: event({ remote: 'reports' }) }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(CLIENT_EVENTS_MAX);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0].json()).toMatchObject({ code: 'TOO_MANY_CLIENT_EVENTS', error: expect.stringMatching(/^Troppe segnalazioni/) });
    expect(await count()).toBe(before + CLIENT_EVENTS_MAX);

    // another user is not limited by this one; the window ends and the user may report again
    const second = await t.signIn('orders');
    expect((await t.app.inject({ method: 'POST', url: '/api/client-events', headers: second.headers, payload: event() })).statusCode).toBe(
      201,
    );
    now += CLIENT_EVENTS_WINDOW_MS + 1;
    expect((await other.inject({ method: 'POST', url: '/api/client-events', headers, payload: event() })).statusCode).toBe(201);
  });
});

describe('GET /api/client-events', () => {
  it('admins read them newest first, each naming the remote; one remote on request; others get 403', async () => {
    const { headers } = await t.signIn('admin');
    await t.app.inject({ method: 'POST', url: '/api/client-events', headers, payload: event({ remote: 'users', buildVersion: 'newest' }) });
    const res = await t.app.inject({ method: 'GET', url: '/api/client-events?limit=3', headers });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; remote: string; buildVersion: string }[];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ remote: 'users', buildVersion: 'newest' });
    expect(rows[0].id).toBeGreaterThan(rows[1].id);
    expect(Number(res.headers['x-total-count'])).toBe(await count());

    const one = await t.app.inject({ method: 'GET', url: '/api/client-events?remote=users', headers });
    expect((one.json() as { remote: string }[]).every((e) => e.remote === 'users')).toBe(true);

    const warehouse = await t.signIn('warehouse');
    expect((await t.app.inject({ method: 'GET', url: '/api/client-events', headers: warehouse.headers })).statusCode).toBe(403);
  });
});

describe('pruning (once a day, once across app servers)', () => {
  it('deletes the events older than 90 days and the ended rate windows, keeps the rest', async () => {
    const { headers } = await t.signIn('admin');
    await t.app.inject({ method: 'POST', url: '/api/client-events', headers, payload: event({ buildVersion: 'kept' }) });
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO client_events (kind, remote, manifest_url, build_version, problems, created_at)
       VALUES ('remoteIncompatible', 'operations', '/x/mf-manifest.json', 'old', '[]'::jsonb, to_timestamp($1::bigint / 1000.0) - interval '91 days')
       RETURNING id::int AS id`,
      [now],
    );
    const before = await count();
    const pruned = await t.db.tx((q) => pruneClientEvents(q, now + CLIENT_EVENTS_WINDOW_MS + 1));
    expect(pruned).toBeGreaterThanOrEqual(2); // the old event + at least the admin's ended rate window
    expect(await count()).toBe(before - 1);
    expect((await t.db.query('SELECT 1 FROM client_events WHERE id = $1', [rows[0].id])).rows).toHaveLength(0);
    expect((await t.db.query(`SELECT 1 FROM client_events WHERE build_version = 'kept'`)).rows).toHaveLength(1);
    expect((await t.db.query('SELECT count(*)::int AS n FROM client_event_rate')).rows[0]).toEqual({ n: 0 });
  });
});
