/**
 * Issue 13 §4, a fair sign-in throttle:
 * - one counter per user as the database matches the name (letter-case variants share it);
 * - at most 30 failed sign-ins per address in 15 minutes, then 429 with the time to wait on every sign-in from that
 *   address — the rest of the API and other addresses unaffected;
 * - growing delays per (address, user) instead of a lock of the account anyone could trigger;
 * - counters in the database, shared by every app server on it (issue 23): 30 failures split across two servers are
 *   throttled as on one.
 */
import { buildApp } from '../../src/app';
import { ADDRESS_MAX_FAILURES, delayAfter, FREE_FAILURES, MAX_DELAY_MS, WINDOW_MS } from '../../src/auth/throttle';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(180_000);

let t: TestApp;
/** When set, the app's clock stands still at this time (tests of the delays step it instead of sleeping). */
let frozenAt: number | null = null;
beforeAll(async () => {
  t = await makeTestApp({ now: () => frozenAt ?? Date.now() });
});
afterAll(async () => {
  await t.close();
});

let lastAddress = 0;
/** A fresh client address for each test, so their counters never meet. */
const newAddress = () => `10.13.0.${++lastAddress}`;

const login = (address: string, username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, headers, payload: { username, password } });

describe('one counter per user as the database matches the name', () => {
  it('letter-case variants that sign in the same user share its counter (mimi, MIMI, mİmi, Mimi)', async () => {
    const u = await t.createUser('sales', { username: 'mimi' });
    const ip = newAddress();
    const variants = ['MIMI', 'mİmi', 'Mimi', 'mImI', 'mimi'];
    // Which variants the database takes for this user (İ depends on the database's locale).
    const same: string[] = [];
    for (const v of variants) {
      const { rows } = await t.db.query<{ same: boolean }>('SELECT lower($1::text) = lower($2::text) AS same', [v, u.username]);
      if (rows[0].same) same.push(v);
    }
    expect(same).toEqual(expect.arrayContaining(['MIMI', 'Mimi', 'mImI', 'mimi']));
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await login(ip, same[i % same.length], 'wrong-password')).statusCode).toBe(401);
    }
    // Every spelling the database would sign in as mimi now waits — the right password included.
    for (const v of same) {
      const res = await login(ip, v, u.password);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
    }
  });
});

describe('per address: at most 30 failed sign-ins in 15 minutes', () => {
  it('30 usernames sprayed from one address, then every sign-in from it gets 429 with the time to wait; the API and other addresses go on', async () => {
    const ip = newAddress();
    const victim = await t.createUser('orders');
    const signedIn = await t.signIn('warehouse');
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
      expect((await login(ip, `sprayed_${i}`, 'Summer-2024')).statusCode).toBe(401);
    }
    const refused = await login(ip, victim.username, victim.password, { 'accept-language': 'fr' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Trop de tentatives de connexion échouées depuis cette adresse : réessayez dans 15 minutes',
      code: 'TOO_MANY_ATTEMPTS_FROM_ADDRESS',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_MS / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    const it = await login(ip, 'sprayed_0', 'x');
    expect(it.json().error).toMatch(/^Troppi tentativi di accesso non riusciti da questo indirizzo: riprova tra \d+ minuti$/);

    // The rest of the API from that address is not limited.
    for (let i = 0; i < 3; i++) {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: ip, headers: signedIn.headers });
      expect(me.statusCode).toBe(200);
    }
    // Another address signs in.
    expect((await login(newAddress(), victim.username, victim.password)).statusCode).toBe(200);
  });

  it('successful sign-ins do not count: 29 failures, many successes, the 30th failure still answered', async () => {
    const ip = newAddress();
    const u = await t.createUser('sales');
    for (let i = 0; i < ADDRESS_MAX_FAILURES - 1; i++) expect((await login(ip, `nobody_${i}`, 'x-x-x-x-x')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(ip, u.username, u.password)).statusCode).toBe(200);
    expect((await login(ip, 'nobody_last', 'x-x-x-x-x')).statusCode).toBe(401);
    expect((await login(ip, u.username, u.password)).statusCode).toBe(429);
  });
});

describe('growing delays per (address, user), never a lock of the account', () => {
  it('five wrong guesses from one address do not lock the user out from another', async () => {
    const u = await t.createUser('admin');
    const attacker = newAddress();
    for (let i = 0; i < FREE_FAILURES + 1; i++) await login(attacker, u.username, `guess-${i}`);
    expect((await login(attacker, u.username, u.password)).statusCode).toBe(429);
    expect((await login(newAddress(), u.username, u.password)).statusCode).toBe(200);
  });

  it('after the free failures each attempt waits longer: 1 s, then 2 s', async () => {
    // The throttle's clock stands still and is stepped: a wrong password costs one scrypt, which on a loaded machine
    // took over a second of real time and made a sleeping test see 1 s left of a 2 s delay.
    frozenAt = Date.now();
    try {
      const u = await t.createUser('sales');
      const ip = newAddress();
      for (let i = 0; i < FREE_FAILURES; i++) expect((await login(ip, u.username, 'wrong-pass')).statusCode).toBe(401);
      const first = await login(ip, u.username, 'wrong-pass');
      expect(first.statusCode).toBe(429);
      expect(first.headers['retry-after']).toBe('1');
      expect(first.json().error).toBe('Troppi tentativi di accesso non riusciti per questo utente: riprova tra 1 secondo');
      frozenAt += 999;
      expect((await login(ip, u.username, u.password)).statusCode).toBe(429);
      frozenAt += 1;
      expect((await login(ip, u.username, 'wrong-pass')).statusCode).toBe(401);
      const second = await login(ip, u.username, u.password);
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBe('2');
      frozenAt += 1500;
      expect((await login(ip, u.username, u.password)).headers['retry-after']).toBe('1');
      frozenAt += 500;
      expect((await login(ip, u.username, u.password)).statusCode).toBe(200);
      // A success clears the pair: the next failure is free again.
      expect((await login(ip, u.username, 'wrong-pass')).statusCode).toBe(401);
    } finally {
      frozenAt = null;
    }
  });

  it('the delay doubles up to 15 minutes', () => {
    expect([0, 1, FREE_FAILURES - 1].map(delayAfter)).toEqual([0, 0, 0]);
    expect(delayAfter(FREE_FAILURES)).toBe(1000);
    expect(delayAfter(FREE_FAILURES + 3)).toBe(8000);
    expect(delayAfter(FREE_FAILURES + 40)).toBe(MAX_DELAY_MS);
  });
});

describe('shared by every app server on the database (issue 23)', () => {
  it('30 failures split across two servers close the address on both, as on one; the pair delay holds on the other server', async () => {
    const other = await buildApp({ db: t.db, now: () => frozenAt ?? Date.now() });
    try {
      const ip = newAddress();
      const servers = [t.app, other];
      const attempt = (i: number, username: string, password: string) =>
        servers[i % 2].inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username, password } });
      // Unknown names: no pair reaches its delay, only the address counts.
      for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) expect((await attempt(i, `nobody${i}`, 'wrong-pass')).statusCode).toBe(401);
      for (const i of [0, 1]) {
        const res = await attempt(i, 'nobody-else', 'wrong-pass');
        expect(res.statusCode).toBe(429);
        expect(res.json().code).toBe('TOO_MANY_ATTEMPTS_FROM_ADDRESS');
      }

      const u = await t.createUser('sales');
      const ip2 = newAddress();
      const pair = (i: number, password: string) =>
        servers[i % 2].inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip2, payload: { username: u.username, password } });
      for (let i = 0; i < FREE_FAILURES; i++) expect((await pair(i, 'wrong-pass')).statusCode).toBe(401);
      for (const i of [0, 1]) {
        const res = await pair(i, u.password);
        expect(res.statusCode).toBe(429);
        expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
      }
    } finally {
      await other.close();
    }
  });

  it('parallel guesses on two servers meet the limit together: of 40 at once, at most 30 are evaluated', async () => {
    const other = await buildApp({ db: t.db });
    try {
      const ip = newAddress();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: ip,
            payload: { username: `ghost${i}`, password: 'wrong-pass' },
          }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBe(ADDRESS_MAX_FAILURES);
      expect(statuses.filter((s) => s === 429).length).toBe(40 - ADDRESS_MAX_FAILURES);
    } finally {
      await other.close();
    }
  });

  it('counters whose time is over are dropped from the table', async () => {
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_throttle WHERE expires_ms <= $1', [
      Date.now() - 2 * WINDOW_MS,
    ]);
    expect(rows[0].n).toBe(0);
  });
});
