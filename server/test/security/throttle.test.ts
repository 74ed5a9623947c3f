/**
 * Issue 13 §4, a fair sign-in throttle:
 * - one counter per user as the database matches the name (letter-case variants share it);
 * - at most 30 failed sign-ins per address in 15 minutes, then 429 with the time to wait on every sign-in from that
 *   address — the rest of the API and other addresses unaffected;
 * - growing delays per (address, user) instead of a lock of the account anyone could trigger;
 * - counters in the database, shared by every app server on it (issue 23): 30 failures split across two servers are
 *   throttled as on one;
 * - per account (issue 23): 60 guesses of one account from 60 addresses — at most 10 evaluated at full speed, the rest
 *   429 — while its owner still signs in from an address they signed in from before; an unknown name behaves the same.
 */
import { buildApp } from '../../src/app';
import {
  ACCOUNT_FREE_FAILURES,
  accountDelayAfter,
  ADDRESS_MAX_FAILURES,
  delayAfter,
  FREE_FAILURES,
  MAX_DELAY_MS,
  WINDOW_MS,
} from '../../src/auth/throttle';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(180_000);

let t: TestApp;
/** When set, the app's clock stands still at this time (tests of the delays step it instead of sleeping). */
let frozenAt: number | null = null;
/** The reverse proxy every request of the per-account tests comes through (TRUST_PROXY): X-Forwarded-For is the client. */
const PROXY = '10.99.0.1';
beforeAll(async () => {
  t = await makeTestApp({ now: () => frozenAt ?? Date.now(), config: { trustProxy: [PROXY] } });
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

describe('per account: guessing one account from many addresses (issue 23)', () => {
  let block = 0;
  /** `count` fresh client addresses behind the proxy, none used by another test. */
  const clients = (count: number) => {
    block += 1;
    return Array.from({ length: count }, (_, i) => `198.18.${block}.${i + 1}`);
  };
  const viaProxy = (client: string, username: string, password: string, lang = 'it') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': client, 'accept-language': lang },
      payload: { username, password },
    });

  /** 60 wrong guesses of `username`, each from its own address: the answers' status codes and the first 429's body. */
  async function guessFromSixtyAddresses(username: string) {
    const statuses: number[] = [];
    let firstRefusal: { error: string; code: string } | undefined;
    for (const client of clients(60)) {
      const res = await viaProxy(client, username, 'Wrong-guess-2024');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) firstRefusal ??= res.json();
    }
    return { statuses, firstRefusal };
  }

  it('10 free failures per window, then growing delays: 1 s, 2 s … at most 15 minutes', () => {
    expect(ACCOUNT_FREE_FAILURES).toBe(10);
    expect(accountDelayAfter(ACCOUNT_FREE_FAILURES - 1)).toBe(0);
    expect(accountDelayAfter(ACCOUNT_FREE_FAILURES)).toBe(1000);
    expect(accountDelayAfter(ACCOUNT_FREE_FAILURES + 1)).toBe(2000);
    expect(accountDelayAfter(ACCOUNT_FREE_FAILURES + 40)).toBe(MAX_DELAY_MS);
  });

  it('60 guesses from 60 addresses: 10 evaluated (401), 50 refused (429); the owner still signs in from an address used before', async () => {
    frozenAt = Date.now();
    try {
      const owner = await t.createUser('sales');
      const [home, elsewhere] = clients(2);
      expect((await viaProxy(home, owner.username, owner.password)).statusCode).toBe(200);

      const { statuses, firstRefusal } = await guessFromSixtyAddresses(owner.username);
      expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_FREE_FAILURES);
      expect(statuses.filter((s) => s === 429)).toHaveLength(60 - ACCOUNT_FREE_FAILURES);
      expect(statuses.slice(0, ACCOUNT_FREE_FAILURES).every((s) => s === 401)).toBe(true);
      expect(firstRefusal).toEqual({
        error:
          "Troppi tentativi di accesso non riusciti per questo utente da indirizzi diversi: riprova tra 1 secondo, oppure accedi da un indirizzo da cui hai già effettuato l'accesso",
        code: 'TOO_MANY_ATTEMPTS_ON_ACCOUNT',
      });

      // The owner, from the address they signed in from before: not slowed, even the right password on the first try.
      expect((await viaProxy(home, owner.username, owner.password)).statusCode).toBe(200);
      // From an address never used, the account waits like the guesser (in French too).
      const fr = await viaProxy(elsewhere, owner.username, owner.password, 'fr');
      expect(fr.statusCode).toBe(429);
      expect(fr.headers['retry-after']).toBe('1');
      expect(fr.json().error).toBe(
        'Trop de tentatives de connexion échouées pour cet utilisateur depuis différentes adresses : réessayez dans 1 seconde, ou connectez-vous depuis une adresse déjà utilisée',
      );
      // Once the delay is over, one more attempt is evaluated: the right password signs in, and that address is known now.
      frozenAt += 1000;
      expect((await viaProxy(elsewhere, owner.username, owner.password)).statusCode).toBe(200);
      expect((await viaProxy(elsewhere, owner.username, owner.password)).statusCode).toBe(200);
    } finally {
      frozenAt = null;
    }
  });

  it('an unknown name behaves the same: 10 evaluated, the same 429 (no user enumeration)', async () => {
    frozenAt = Date.now();
    try {
      const known = await t.createUser('orders');
      const real = await guessFromSixtyAddresses(known.username);
      const ghost = await guessFromSixtyAddresses(`nobody_${known.username}`);
      expect(ghost.statuses).toEqual(real.statuses);
      expect(ghost.firstRefusal).toEqual(real.firstRefusal);
    } finally {
      frozenAt = null;
    }
  });

  it('60 parallel guesses from 60 addresses: still at most 10 evaluated', async () => {
    frozenAt = Date.now();
    try {
      const u = await t.createUser('admin');
      const answers = await Promise.all(clients(60).map((client) => viaProxy(client, u.username, 'Wrong-guess-2024')));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_FREE_FAILURES);
      expect(statuses.filter((s) => s === 429)).toHaveLength(60 - ACCOUNT_FREE_FAILURES);
      expect(new Set(answers.filter((r) => r.statusCode === 429).map((r) => r.json().code))).toEqual(
        new Set(['TOO_MANY_ATTEMPTS_ON_ACCOUNT']),
      );
    } finally {
      frozenAt = null;
    }
  });

  it("a success from a new address gives its attempt back: the owner's own sign-ins never use up the account's budget", async () => {
    frozenAt = Date.now();
    try {
      const u = await t.createUser('sales');
      for (const client of clients(ACCOUNT_FREE_FAILURES + 5))
        expect((await viaProxy(client, u.username, u.password)).statusCode).toBe(200);
      const guesses = await guessFromSixtyAddresses(u.username);
      expect(guesses.statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_FREE_FAILURES);
    } finally {
      frozenAt = null;
    }
  });

  it('the known addresses go with the user (ON DELETE CASCADE)', async () => {
    const u = await t.createUser('sales');
    const [home] = clients(1);
    expect((await viaProxy(home, u.username, u.password)).statusCode).toBe(200);
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_known_addresses WHERE user_id = $1', [u.id])).rows[0].n;
    expect(await count()).toBe(1);
    await t.db.query('DELETE FROM activity_log WHERE user_id = $1', [u.id]);
    await t.db.query('DELETE FROM sessions WHERE user_id = $1', [u.id]);
    await t.db.query('DELETE FROM users WHERE id = $1', [u.id]);
    expect(await count()).toBe(0);
  });
});
