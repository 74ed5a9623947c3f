/**
 * Issue 13 §1, no privilege escalation: only an admin may create, edit (password included), delete, promote to or demote
 * from admin; nobody changes their own role. Every role × every user-management operation, with the escalations a
 * `direction` user could do before (its own role to admin, creating an admin, resetting an admin's password and signing
 * in as them). A refusal is a translated 403 and changes nothing.
 */
import { ROLES, type Role } from '@wms/shared-api';
import { makeTestApp, type TestApp, type TestUser } from '../helpers';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

let n = 0;
const fresh = () => `mx_${++n}_${Math.random().toString(36).slice(2, 7)}`;

async function snapshot(): Promise<string> {
  const u = await t.db.query('SELECT id, username, name, role, password_hash, is_active, deleted_at FROM users ORDER BY id');
  const a = await t.db.query('SELECT count(*)::int AS n FROM activity_log');
  const s = await t.db.query('SELECT id, revoked_at FROM sessions ORDER BY id');
  return JSON.stringify([u.rows, a.rows, s.rows]);
}

interface Actor {
  user: TestUser;
  headers: Record<string, string>;
}

/** One operation: what it does for `actor`, and who may do it. */
interface Operation {
  name: string;
  /** Roles for which it succeeds; every other role gets 403 with `code`. */
  allowed: Role[];
  /** The 403 code for a role that holds the users permission (admin, direction) but may not do this. */
  code: string;
  run(actor: Actor): Promise<{ statusCode: number; json(): unknown }>;
}

const body = (u: TestUser, over: Record<string, unknown> = {}) => ({ username: u.username, name: u.name, role: u.role, ...over });

const OPERATIONS: Operation[] = [
  {
    name: 'create a sales user',
    allowed: ['admin', 'direction'],
    code: 'FORBIDDEN',
    run: (a) => call('POST', '/users', a.headers, { username: fresh(), name: 'Nuovo', password: 'Ok-password-77', role: 'sales' }),
  },
  {
    name: 'create an admin',
    allowed: ['admin'],
    code: 'ADMIN_ONLY',
    run: (a) => call('POST', '/users', a.headers, { username: fresh(), name: 'Nuovo', password: 'Ok-password-77', role: 'admin' }),
  },
  {
    name: 'change an orders user to warehouse',
    allowed: ['admin', 'direction'],
    code: 'FORBIDDEN',
    run: async (a) => {
      const u = await t.createUser('orders');
      return call('PUT', `/users/${u.id}`, a.headers, body(u, { role: 'warehouse' }));
    },
  },
  {
    name: 'promote a sales user to admin',
    allowed: ['admin'],
    code: 'ADMIN_ONLY',
    run: async (a) => {
      const u = await t.createUser('sales');
      return call('PUT', `/users/${u.id}`, a.headers, body(u, { role: 'admin' }));
    },
  },
  {
    name: 'demote an admin to sales',
    allowed: ['admin'],
    code: 'ADMIN_ONLY',
    run: async (a) => {
      const u = await t.createUser('admin');
      return call('PUT', `/users/${u.id}`, a.headers, body(u, { role: 'sales' }));
    },
  },
  {
    name: 'rename an admin',
    allowed: ['admin'],
    code: 'ADMIN_ONLY',
    run: async (a) => {
      const u = await t.createUser('admin');
      return call('PUT', `/users/${u.id}`, a.headers, body(u, { name: 'Altro nome' }));
    },
  },
  {
    name: "set an admin's password",
    allowed: ['admin'],
    code: 'ADMIN_ONLY',
    run: async (a) => {
      const u = await t.createUser('admin');
      return call('PUT', `/users/${u.id}`, a.headers, body(u, { password: 'Taken-over-77' }));
    },
  },
  {
    name: 'deactivate an admin',
    allowed: ['admin'],
    code: 'ADMIN_ONLY',
    run: async (a) => {
      const u = await t.createUser('admin');
      return call('PUT', `/users/${u.id}`, a.headers, body(u, { is_active: false }));
    },
  },
  {
    name: 'delete an admin',
    allowed: ['admin'],
    code: 'ADMIN_ONLY',
    run: async (a) => call('DELETE', `/users/${(await t.createUser('admin')).id}`, a.headers),
  },
  {
    name: 'delete a warehouse user',
    allowed: ['admin', 'direction'],
    code: 'FORBIDDEN',
    run: async (a) => call('DELETE', `/users/${(await t.createUser('warehouse')).id}`, a.headers),
  },
  {
    name: 'change their own name and password (same role)',
    allowed: ['admin', 'direction'],
    code: 'FORBIDDEN',
    run: (a) => call('PUT', `/users/${a.user.id}`, a.headers, body(a.user, { name: 'Me stesso', password: 'Own-password-77' })),
  },
  {
    name: 'change their own role to admin',
    allowed: ['admin'], // an admin "changing" to admin changes nothing
    code: 'SELF_ROLE',
    run: (a) => call('PUT', `/users/${a.user.id}`, a.headers, body(a.user, { role: 'admin' })),
  },
  {
    name: 'change their own role to sales',
    allowed: [],
    code: 'SELF_ROLE',
    run: (a) => call('PUT', `/users/${a.user.id}`, a.headers, body(a.user, { role: a.user.role === 'sales' ? 'orders' : 'sales' })),
  },
];

describe('role × user-management operation', () => {
  // A spare admin, so that "last admin" never decides an outcome here.
  beforeAll(async () => {
    await t.createUser('admin');
  });

  for (const role of ROLES) {
    describe(role, () => {
      let actor: Actor;
      beforeAll(async () => {
        actor = await t.signIn(role);
      });
      it.each(OPERATIONS.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
        const before = await snapshot();
        const res = await op.run(actor);
        const ok = op.allowed.includes(role);
        if (ok) {
          expect([200, 201]).toContain(res.statusCode);
          return;
        }
        expect(res.statusCode).toBe(403);
        const expectedCode = role === 'admin' || role === 'direction' ? op.code : 'FORBIDDEN';
        expect((res.json() as { code: string }).code).toBe(expectedCode);
        // Nothing written: the rows that existed are unchanged (the operation's own set-up may only have added a target).
        const [usersBefore, logBefore, sessionsBefore] = JSON.parse(before) as [unknown[], unknown, unknown];
        const [usersAfter, logAfter, sessionsAfter] = JSON.parse(await snapshot()) as [unknown[], unknown, unknown];
        expect(usersAfter.slice(0, usersBefore.length)).toEqual(usersBefore);
        expect(logAfter).toEqual(logBefore);
        expect(sessionsAfter).toEqual(sessionsBefore);
      });
    });
  }
});

describe('the escalations of the probe, one by one', () => {
  it('a direction user cannot make itself admin (403 SELF_ROLE, translated) and stays direction', async () => {
    const d = await t.signIn('direction');
    const res = await call('PUT', `/users/${d.user.id}`, d.headers, body(d.user, { role: 'admin' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Non puoi cambiare il tuo stesso ruolo: chiedi a un amministratore', code: 'SELF_ROLE' });
    const fr = await call('PUT', `/users/${d.user.id}`, { ...d.headers, 'accept-language': 'fr' }, body(d.user, { role: 'admin' }));
    expect(fr.json()).toEqual({ error: 'Vous ne pouvez pas changer votre propre rôle : demandez à un administrateur', code: 'SELF_ROLE' });
    const { rows } = await t.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [d.user.id]);
    expect(rows[0].role).toBe('direction');
  });

  it('a direction user cannot create an admin (403 ADMIN_ONLY, translated); no user is created', async () => {
    const d = await t.signIn('direction');
    const username = fresh();
    const res = await call(
      'POST',
      '/users',
      { ...d.headers, 'accept-language': 'fr' },
      { username, name: 'X', password: 'Ok-password-77', role: 'admin' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: "Seul un administrateur peut créer, modifier ou supprimer un administrateur, ou donner et retirer le rôle d'administrateur",
      code: 'ADMIN_ONLY',
    });
    const { rows } = await t.db.query('SELECT 1 FROM users WHERE username = $1', [username]);
    expect(rows).toHaveLength(0);
  });

  it("a direction user cannot reset an admin's password and sign in as them", async () => {
    const admin = await t.createUser('admin');
    const d = await t.signIn('direction');
    const res = await call('PUT', `/users/${admin.id}`, d.headers, body(admin, { password: 'Taken-over-77' }));
    expect(res.statusCode).toBe(403);
    await expect(t.login(admin.username, 'Taken-over-77')).rejects.toThrow(/401/);
    await expect(t.login(admin.username, admin.password)).resolves.toEqual(expect.any(String));
  });

  it('an admin still manages admins: creates, promotes, resets the password of and deletes another admin', async () => {
    const a = await t.signIn('admin');
    const created = await call('POST', '/users', a.headers, {
      username: fresh(),
      name: 'Nuovo admin',
      password: 'Ok-password-77',
      role: 'admin',
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    const u = created.json() as TestUser;
    expect(
      (await call('PUT', `/users/${id}`, a.headers, { username: u.username, name: u.name, role: 'admin', password: 'Reset-by-admin-7' }))
        .statusCode,
    ).toBe(200);
    await expect(t.login(u.username, 'Reset-by-admin-7')).resolves.toEqual(expect.any(String));
    expect((await call('DELETE', `/users/${id}`, a.headers)).statusCode).toBe(200);
  });
});
