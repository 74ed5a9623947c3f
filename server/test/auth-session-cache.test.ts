/**
 * The short session cache behind authGuard (server/src/auth/sessions.ts): a busy page does not read the session from the
 * database on every call, yet sign-out, deactivation, deletion, a role / name / password change take effect on the very
 * next call — each test first warms the cache with a successful call, then checks the next one.
 */
import type { Queryable } from '../src/db';
import { SessionCache } from '../src/auth/sessions';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const products = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/products?limit=1', headers });

/** Signs a user in and makes two successful calls, so their session is in the cache. */
async function warm(role: Parameters<TestApp['signIn']>[0]) {
  const s = await t.signIn(role);
  expect((await me(s.headers)).statusCode).toBe(200);
  expect((await me(s.headers)).statusCode).toBe(200);
  return s;
}

describe('session cache', () => {
  it('is used: a session revoked behind the server’s back still answers until the cache is cleared', async () => {
    const { user, headers } = await warm('warehouse');
    await t.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [user.id]);
    expect((await me(headers)).statusCode).toBe(200); // from the cache: no database read
    t.app.sessions.clear();
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('sign-out ends the session at once: the next call is 401', async () => {
    const { headers } = await warm('orders');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await products(headers)).statusCode).toBe(401);
  });

  describe('changes made through /api/users take effect on the next call', () => {
    let admin: Awaited<ReturnType<typeof t.signIn>>;
    beforeAll(async () => {
      admin = await t.signIn('admin');
    });
    const put = (id: number, body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: admin.headers, payload: body });

    it('deactivation → 401', async () => {
      const { user, headers } = await warm('sales');
      expect((await put(user.id, { username: user.username, name: user.name, role: 'sales', is_active: false })).statusCode).toBe(200);
      expect((await me(headers)).statusCode).toBe(401);
    });

    it('deletion → 401', async () => {
      const { user, headers } = await warm('warehouse');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: admin.headers })).statusCode).toBe(200);
      expect((await me(headers)).statusCode).toBe(401);
    });

    it('password change → 401', async () => {
      const { user, headers } = await warm('warehouse');
      const body = { username: user.username, name: user.name, role: 'warehouse', password: 'Another-pass-42' };
      expect((await put(user.id, body)).statusCode).toBe(200);
      expect((await me(headers)).statusCode).toBe(401);
    });

    it('role change applies on the next call: the old session ends (401), a new sign-in has the new role', async () => {
      const { user, headers } = await warm('direction');
      expect((await t.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(200);
      expect((await put(user.id, { username: user.username, name: user.name, role: 'warehouse' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(401);
      const fresh = t.bearer(await t.login(user.username, user.password));
      expect((await me(fresh)).json().role).toBe('warehouse');
      expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: fresh })).statusCode).toBe(403);
    });

    it('a name change shows on the next call of the same session (no stale cached user)', async () => {
      const { user, headers } = await warm('sales');
      expect((await put(user.id, { username: user.username, name: 'Nuovo Nome', role: 'sales' })).statusCode).toBe(200);
      const res = await me(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe('Nuovo Nome');
    });

    it('a refused change (last admin, 409) leaves every session as it was', async () => {
      const { headers } = await warm('sales');
      const res = await put(admin.user.id, { username: admin.user.username, name: admin.user.name, role: 'admin', is_active: false });
      expect(res.statusCode).toBe(409);
      expect((await me(headers)).statusCode).toBe(200);
      expect((await me(admin.headers)).statusCode).toBe(200);
    });
  });
});

describe('SessionCache (unit)', () => {
  const token = 'A'.repeat(43);
  const row = { session_id: 7, id: 3, username: 'u', name: 'U', role: 'sales', stale: false, expires_at: new Date(Date.now() + 3_600_000) };

  /** A fake database whose answers the test releases one by one, counting the reads. */
  function fakeDb() {
    const pending: Array<() => void> = [];
    let reads = 0;
    const q: Queryable = {
      async query<T>() {
        reads += 1;
        await new Promise<void>((resolve) => pending.push(resolve));
        return { rows: [row] as unknown as T[], rowCount: 1 };
      },
      exec: async () => undefined,
    };
    return { q, release: () => pending.shift()!(), reads: () => reads, waiting: () => pending.length };
  }
  const tick = () => new Promise((r) => setImmediate(r));

  it('a read that raced a forget does not store its (possibly old) answer', async () => {
    const cache = new SessionCache(60_000);
    const db = fakeDb();
    const first = cache.find(db.q, token, 12);
    await tick();
    cache.forgetUser(3); // e.g. the user was deactivated and committed while the guard was reading
    db.release();
    expect((await first)?.user.id).toBe(3);
    expect(cache.size).toBe(0);
    const second = cache.find(db.q, token, 12);
    await tick();
    expect(db.reads()).toBe(2); // asked the database again
    db.release();
    await second;
    expect(cache.size).toBe(1);
    const third = await cache.find(db.q, token, 12); // now from the cache
    expect(third?.sessionId).toBe(7);
    expect(db.reads()).toBe(2);
  });

  it('requests that miss together share one database read (single flight); a forget starts a fresh one', async () => {
    const cache = new SessionCache(60_000);
    const db = fakeDb();
    const together = Array.from({ length: 20 }, () => cache.find(db.q, token, 12));
    await tick();
    expect(db.reads()).toBe(1);
    cache.forgetSession(7); // e.g. a sign-out committed while the shared read was running
    const after = cache.find(db.q, token, 12);
    await tick();
    expect(db.reads()).toBe(2); // did not join the read that started before the forget
    db.release();
    db.release();
    expect((await Promise.all(together)).every((s) => s?.sessionId === 7)).toBe(true);
    expect((await after)?.sessionId).toBe(7);
  });

  it('suspended (listener down) it remembers nothing; resumed it starts empty; an announcement forgets what it names', async () => {
    const cache = new SessionCache(60_000);
    const db = fakeDb();
    const load = async () => {
      const p = cache.find(db.q, token, 12);
      await tick();
      if (db.waiting()) db.release();
      return p;
    };
    await load();
    expect(cache.size).toBe(1);
    cache.suspend();
    expect(cache.size).toBe(0);
    await load();
    await load();
    expect(db.reads()).toBe(3); // every call read the database
    expect(cache.size).toBe(0);
    cache.resume();
    await load();
    expect(cache.size).toBe(1);
    cache.heard('u:4'); // another user
    expect(cache.size).toBe(1);
    cache.heard('s:7');
    expect(cache.size).toBe(0);
    await load();
    cache.heard('u:3');
    expect(cache.size).toBe(0);
    await load();
    cache.heard('something else');
    expect(cache.size).toBe(0);
  });

  it('an entry lives at most its TTL and never past the session’s expiry', async () => {
    let now = Date.now();
    const cache = new SessionCache(5_000, () => now);
    const db = fakeDb();
    const load = async () => {
      const p = cache.find(db.q, token, 12);
      await tick();
      if (db.waiting()) db.release();
      return p;
    };
    await load();
    expect(db.reads()).toBe(1);
    now += 4_000;
    await load();
    expect(db.reads()).toBe(1);
    now += 2_000;
    await load();
    expect(db.reads()).toBe(2);
    row.expires_at = new Date(now + 1_000);
    cache.clear();
    await load();
    now += 1_500; // past the session's expiry, well within the TTL
    await load();
    expect(db.reads()).toBe(4);
  });
});
