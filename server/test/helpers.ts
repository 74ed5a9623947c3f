/**
 * Test kit for every server module: a fresh database per test file (PGlite in memory, or a private schema of the
 * PostgreSQL at DATABASE_URL, dropped at close), the app on top of it, and users to sign in with.
 *
 *   const t = await makeTestApp();                      // in beforeAll
 *   const { headers } = await t.signIn('warehouse');    // a user of that role, signed in
 *   const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
 *   await t.close();                                    // in afterAll
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '@wms/shared-api';
import { buildApp, type App } from '../src/app';
import { hashPassword } from '../src/auth/password';
import type { AuthUser } from '../src/auth/types';
import type { Config } from '../src/config';
import { openDb, type Db } from '../src/db';
import type { Domain } from '../src/domains';
import { checkAnswersAgainstDocument } from './support/openapi-answers';
import { readTemplate } from './support/pglite-template';

export interface TestDb {
  db: Db;
  /** Closes the database; on PostgreSQL drops the test's schema first. */
  drop(): Promise<void>;
}

/** A migrated, empty database of its own: PostgreSQL (unique schema) when DATABASE_URL is set, else PGlite in memory. */
export async function openTestDb(): Promise<TestDb> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const db = await openDb({ inMemory: true, loadDataDir: readTemplate() });
    return { db, drop: () => db.close() };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const db = await openDb({ databaseUrl, schema });
  return {
    db,
    async drop() {
      try {
        await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await db.close();
      }
    },
  };
}

export interface TestUser extends AuthUser {
  password: string;
}

export interface CreateUserOptions {
  username?: string;
  password?: string;
  name?: string;
  isActive?: boolean;
  /** Soft-deleted (deleted_at set). */
  deleted?: boolean;
}

export interface TestAppOptions {
  /** Extra domain plugins, e.g. a throw-away route to test a guard. */
  domains?: Domain[];
  serveWeb?: boolean;
  config?: Partial<Config>;
  /** The app's clock (BuildAppOptions.now). */
  now?: () => number;
}

export interface TestApp {
  app: App;
  db: Db;
  /** Inserts a user straight into the database (default role warehouse, unique username, password 'Secret-pass-1'). */
  createUser(role?: Role, opts?: CreateUserOptions): Promise<TestUser>;
  /** POST /api/auth/login; returns the token, or throws with the status and body when sign-in fails. */
  login(username: string, password: string): Promise<string>;
  /** A new user of `role` (default admin), signed in: its token and ready-made request headers. */
  signIn(role?: Role, opts?: CreateUserOptions): Promise<{ user: TestUser; token: string; headers: Record<string, string> }>;
  /** `{ authorization: 'Bearer <token>' }`. */
  bearer(token: string): Record<string, string>;
  close(): Promise<void>;
}

let counter = 0;

const DEFAULT_PASSWORD = 'Secret-pass-1';
/**
 * The default password's hash, made once per test file and shared by the users given no password of their own: a scrypt
 * hash costs 50–80 ms on CI's machine and the suites create hundreds of fixture users. A user given a password gets its own
 * salted hash (auth.test.ts checks that two users with one password get two hashes); sign-in always verifies for real.
 */
let defaultHash: Promise<string> | undefined;
const hashOf = (password: string | undefined) =>
  password === undefined ? (defaultHash ??= hashPassword(DEFAULT_PASSWORD)) : hashPassword(password);

export async function makeTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const { db, drop } = await openTestDb();
  const app = await buildApp({ db, domains: opts.domains, serveWeb: opts.serveWeb, config: opts.config, now: opts.now });
  // Every answer a test sees is checked against the OpenAPI document (issue 29): a drift fails that test.
  checkAnswersAgainstDocument(app);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function createUser(role: Role = 'warehouse', o: CreateUserOptions = {}): Promise<TestUser> {
    counter += 1;
    const username = o.username ?? `${role}_${counter}`;
    const password = o.password ?? DEFAULT_PASSWORD;
    const name = o.name ?? `Test ${role} ${counter}`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (username, name, role, password_hash, is_active, deleted_at)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END) RETURNING id`,
      [username, name, role, await hashOf(o.password), o.isActive ?? true, o.deleted ?? false],
    );
    return { id: rows[0].id, username, name, role, password };
  }

  async function login(username: string, password: string): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { token: string }).token;
  }

  async function signIn(role: Role = 'admin', o: CreateUserOptions = {}) {
    const user = await createUser(role, o);
    const token = await login(user.username, user.password);
    return { user, token, headers: bearer(token) };
  }

  return {
    app,
    db,
    createUser,
    login,
    signIn,
    bearer,
    async close() {
      await app.close();
      await drop();
    },
  };
}
