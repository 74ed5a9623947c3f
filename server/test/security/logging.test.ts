/**
 * Issue 13 §3: the log never carries the parameters of a query, a password, a password hash or a token. The app is built
 * with a real pino logger at `trace` (everything it would ever write) into a buffer, then made to fail a query whose
 * parameters are secrets, to refuse a sign-in, to sign someone in and to serve a request with a bearer token.
 */
import { Writable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildApp, type App } from '../../src/app';
import { hashPassword } from '../../src/auth/password';
import { openTestDb, type TestDb } from '../helpers';

jest.setTimeout(180_000);

const PASSWORD = 'Very-secret-pass-41';
const GUESS = 'Wrong-guess-pass-97';
let hash: string;
let lines: string[] = [];
let app: App;
let tdb: TestDb;

const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

// Routes that fail the way a module's query could, with secrets as the query's parameters.
const probe: FastifyPluginAsyncZod = async (api) => {
  api.get('/probe/failing-query', { config: { public: true } }, async () => {
    // A programming error (undefined table, SQLSTATE 42P01): data errors (class 22) are 400s, this one is a 500.
    await api.db.query('SELECT boom FROM no_such_table WHERE $1::text <> $2::text', [hash, PASSWORD]);
    return {};
  });
  api.get('/probe/wrapped-data-error', { config: { public: true } }, async () => {
    try {
      await api.db.query('SELECT ($1::text)::int AS n', [PASSWORD]);
    } catch (cause) {
      throw new Error('saving the user failed', { cause });
    }
    return {};
  });
};

beforeAll(async () => {
  tdb = await openTestDb();
  app = await buildApp({ db: tdb.db, logger: { level: 'trace', stream: capture }, domains: [{ name: 'probe', routes: probe }] });
  hash = await hashPassword(PASSWORD);
  await tdb.db.query(`INSERT INTO users (username, name, role, password_hash) VALUES ('logged', 'Lo Gged', 'admin', $1)`, [hash]);
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});
beforeEach(() => {
  lines = [];
});

function expectNoSecret(extra: string[] = []) {
  const log = lines.join('');
  expect(log.length).toBeGreaterThan(0); // the log did write something
  for (const secret of [PASSWORD, GUESS, hash, hash.split('$').pop()!, ...extra]) expect(log).not.toContain(secret);
}

describe('the log carries no secret', () => {
  it('a failing query with a password and a hash as parameters: 500 logged, parameters not', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/failing-query' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Errore interno del server', code: 'INTERNAL' });
    expect(lines.join('')).toContain('unexpected error');
    expect(lines.join('')).toContain('no_such_table');
    expectNoSecret();
  });

  it('a data error quoting its input, wrapped by the caller: the quoted value is masked in the message and the cause', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/wrapped-data-error' });
    expect(res.statusCode).toBe(500);
    expect(lines.join('')).toContain('saving the user failed');
    expect(lines.join('')).toContain('invalid input syntax');
    expectNoSecret();
  });

  it('a failed sign-in and a successful one: neither password, the hash nor the token is logged', async () => {
    const refused = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'logged', password: GUESS } });
    expect(refused.statusCode).toBe(401);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/login?password=' + GUESS,
      payload: { username: 'logged', password: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().token as string;
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(lines.join('')).toContain('/api/auth/login');
    expectNoSecret([token]);
  });
});
