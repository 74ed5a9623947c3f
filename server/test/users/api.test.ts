import { ROLES, type Role } from '@wms/shared-api';
import { makeTestApp, type TestApp } from '../helpers';

// Cold runs compile the app and start a database in beforeAll; the project-level testTimeout is not applied from the root.
jest.setTimeout(60_000);

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const newUser = (over: Record<string, unknown> = {}) => ({
  username: `user_${Math.random().toString(36).slice(2, 10)}`,
  name: 'Ugo Utente',
  password: 'Pallet-truck-123',
  role: 'sales',
  is_active: true,
  ...over,
});

/** Everything users-related, to prove a refused request wrote nothing. */
async function snapshot(): Promise<string> {
  const u = await t.db.query('SELECT * FROM users ORDER BY id');
  const a = await t.db.query('SELECT count(*)::int AS n FROM activity_log');
  const s = await t.db.query('SELECT id, revoked_at FROM sessions ORDER BY id');
  return JSON.stringify([u.rows, a.rows, s.rows]);
}

describe('role matrix: admin and direction only', () => {
  const ALLOWED: Role[] = ['admin', 'direction'];

  it.each(ROLES.map((r) => [r]))('%s', async (role) => {
    const { headers } = await t.signIn(role);
    const target = await t.createUser('warehouse');
    const allowed = ALLOWED.includes(role);
    const before = allowed ? '' : await snapshot();

    const list = await call('GET', '/users', headers);
    const one = await call('GET', `/users/${target.id}`, headers);
    const activities = await call('GET', `/users/${target.id}/activities`, headers);
    const created = await call('POST', '/users', headers, newUser());
    const updated = await call('PUT', `/users/${target.id}`, headers, { username: target.username, name: 'Nuovo nome', role: 'orders' });
    const other = await t.createUser('warehouse');
    const deleted = await call('DELETE', `/users/${other.id}`, headers);

    const statuses = [list, one, activities, created, updated, deleted].map((r) => r.statusCode);
    if (allowed) {
      expect(statuses).toEqual([200, 200, 200, 201, 200, 200]);
    } else {
      expect(statuses).toEqual([403, 403, 403, 403, 403, 403]);
      expect(list.json()).toEqual({ error: 'Non hai i permessi per questa operazione', code: 'FORBIDDEN' });
      // createUser(other) wrote one row since the snapshot: compare without it.
      await t.db.query('DELETE FROM users WHERE id = $1', [other.id]);
      expect(await snapshot()).toBe(before);
    }
  });

  it('without a token every users call is a 401', async () => {
    for (const [method, url] of [
      ['GET', '/users'],
      ['GET', '/users/1'],
      ['GET', '/users/1/activities'],
      ['POST', '/users'],
      ['PUT', '/users/1'],
      ['DELETE', '/users/1'],
    ] as const) {
      const res = await call(method, url, {}, method === 'POST' || method === 'PUT' ? newUser() : undefined);
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('create, read, update, delete', () => {
  it('POST creates with the fields of SPEC §3, no secret in the answer, and logs who did it', async () => {
    const body = newUser({ username: 'Carla.Rossi', name: '  Carla Rossi ', role: 'orders', created_by: 999 });
    const res = await call('POST', '/users', admin.headers, body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'Carla.Rossi',
      name: 'Carla Rossi',
      role: 'orders',
      is_active: true,
      is_online: false,
      last_login: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const { rows } = await t.db.query<{ created_by: number; password_hash: string }>(
      'SELECT created_by, password_hash FROM users WHERE id = $1',
      [user.id],
    );
    expect(rows[0].created_by).toBe(admin.user.id);
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
    const log = await t.db.query<{ user_id: number; action: string; entity_type: string; entity_id: string; details: string }>(
      `SELECT user_id, action, entity_type, entity_id, details FROM activity_log WHERE entity_type = 'user' AND entity_id = $1`,
      [String(user.id)],
    );
    expect(log.rows).toEqual([
      {
        user_id: admin.user.id,
        action: 'create',
        entity_type: 'user',
        entity_id: String(user.id),
        details: expect.stringContaining('Carla.Rossi'),
      },
    ]);
    expect(log.rows[0].details).not.toMatch(/password|Pallet-truck-123/i);
    // The new user can sign in with the password given.
    await expect(t.login('carla.rossi', 'Pallet-truck-123')).resolves.toEqual(expect.any(String));
  });

  it('POST applies the SPEC §5 defaults: role warehouse, active', async () => {
    const res = await call('POST', '/users', admin.headers, { username: 'defaults_user', name: 'Default', password: 'Pallet-truck-123' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'warehouse', is_active: true });
  });

  it('GET /users lists live users by username with X-Total-Count; deleted ones are gone', async () => {
    const gone = await t.createUser('sales', { deleted: true });
    const res = await call('GET', '/users', admin.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; username: string }[];
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL');
    expect(res.headers['x-total-count']).toBe(String(rows[0].n));
    expect(list).toHaveLength(rows[0].n);
    expect(list.map((u) => u.id)).not.toContain(gone.id);
    const names = list.map((u) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    const page = await call('GET', '/users?limit=2&offset=1', admin.headers);
    expect(page.json().map((u: { id: number }) => u.id)).toEqual(list.slice(1, 3).map((u) => u.id));
    expect(page.headers['x-total-count']).toBe(String(rows[0].n));
  });

  it('GET /users/:id answers one user; unknown or deleted → 404 with a clear message; malformed id → 400', async () => {
    const u = await t.createUser('orders', { name: 'Oreste' });
    const one = await call('GET', `/users/${u.id}`, admin.headers);
    expect(one.json()).toMatchObject({ id: u.id, username: u.username, name: 'Oreste', role: 'orders', is_active: true });
    expect((await call('GET', '/users/999999', admin.headers)).json()).toEqual({ error: 'Utente non trovato', code: 'USER_NOT_FOUND' });
    const gone = await t.createUser('sales', { deleted: true });
    expect((await call('GET', `/users/${gone.id}`, admin.headers)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect((await call('GET', `/users/${bad}`, admin.headers)).statusCode).toBe(400);
    }
  });

  it('PUT changes the fields; a blank password keeps the current one; logs what changed', async () => {
    const u = await t.createUser('warehouse', { name: 'Walter' });
    const res = await call('PUT', `/users/${u.id}`, admin.headers, {
      username: u.username,
      name: 'Walter Bianchi',
      password: '',
      role: 'orders',
      is_active: true,
      modified_by: 'someone',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, name: 'Walter Bianchi', role: 'orders' });
    await expect(t.login(u.username, u.password)).resolves.toEqual(expect.any(String));
    const { rows } = await t.db.query<{ details: string; user_id: number }>(
      `SELECT user_id, details FROM activity_log WHERE action = 'update' AND entity_type = 'user' AND entity_id = $1`,
      [String(u.id)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(admin.user.id);
    expect(JSON.parse(rows[0].details)).toEqual({ username: u.username, name: 'Walter → Walter Bianchi', role: 'warehouse → orders' });
  });

  it('PUT with a new password: the old one stops working, the new one works; the log says only "credentials: changed"', async () => {
    const u = await t.createUser('sales');
    const res = await call('PUT', `/users/${u.id}`, admin.headers, {
      username: u.username,
      name: u.name,
      role: 'sales',
      password: 'Brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    await expect(t.login(u.username, u.password)).rejects.toThrow(/401/);
    await expect(t.login(u.username, 'Brand-new-pass')).resolves.toEqual(expect.any(String));
    const { rows } = await t.db.query<{ details: string }>(`SELECT details FROM activity_log WHERE action = 'update' AND entity_id = $1`, [
      String(u.id),
    ]);
    expect(JSON.parse(rows[0].details)).toEqual({ username: u.username, credentials: 'changed' });
    expect(rows[0].details).not.toContain('Brand-new-pass');
  });

  it('PUT without is_active keeps the state; PUT of an unknown user → 404', async () => {
    const u = await t.createUser('sales', { isActive: false });
    const res = await call('PUT', `/users/${u.id}`, admin.headers, { username: u.username, name: 'Still inactive', role: 'sales' });
    expect(res.json()).toMatchObject({ is_active: false, name: 'Still inactive' });
    const missing = await call('PUT', '/users/999999', admin.headers, { username: 'x_missing', name: 'x', role: 'sales' });
    expect(missing.statusCode).toBe(404);
  });

  it('DELETE is a soft delete: the row and its history stay, sign-in stops, the username is free again', async () => {
    const u = await t.createUser('orders');
    const token = await t.login(u.username, u.password);
    const res = await call('DELETE', `/users/${u.id}`, admin.headers, { deleted_by: 'ignored' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Utente eliminato', id: u.id });
    const { rows } = await t.db.query<{ deleted_at: Date | null; deleted_by: number }>(
      'SELECT deleted_at, deleted_by FROM users WHERE id = $1',
      [u.id],
    );
    expect(rows[0].deleted_at).toBeInstanceOf(Date);
    expect(rows[0].deleted_by).toBe(admin.user.id);
    // Their own history (the sign-in) is still there and readable.
    const history = await call('GET', `/users/${u.id}/activities`, admin.headers);
    expect(history.statusCode).toBe(200);
    expect(history.json().map((a: { action: string }) => a.action)).toContain('login');
    await expect(t.login(u.username, u.password)).rejects.toThrow(/401/);
    expect((await call('GET', '/auth/me', t.bearer(token))).statusCode).toBe(401);
    expect((await call('DELETE', `/users/${u.id}`, admin.headers)).statusCode).toBe(404);
    const again = await call('POST', '/users', admin.headers, newUser({ username: u.username }));
    expect(again.statusCode).toBe(201);
    const log = await t.db.query(`SELECT 1 FROM activity_log WHERE action = 'delete' AND entity_type = 'user' AND entity_id = $1`, [
      String(u.id),
    ]);
    expect(log.rows).toHaveLength(1);
  });
});

describe('username unique among live users, in any letter case', () => {
  it.each([
    ['same case', (n: string) => n],
    ['other case', (n: string) => n.toUpperCase()],
    ['surrounding spaces', (n: string) => `  ${n} `],
  ])('POST with a taken username (%s) → 409 USERNAME_TAKEN, nothing written', async (_label, variant) => {
    const existing = await t.createUser('sales', { username: `taken_${Math.random().toString(36).slice(2, 8)}` });
    const before = await snapshot();
    const res = await call('POST', '/users', admin.headers, newUser({ username: variant(existing.username) }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('USERNAME_TAKEN');
    expect(res.json().error).toMatch(/è già in uso/);
    expect(await snapshot()).toBe(before);
  });

  it('PUT renaming onto another user → 409, in French too; keeping your own name in another case is fine', async () => {
    const a = await t.createUser('sales', { username: 'alpha_user' });
    const b = await t.createUser('sales', { username: 'beta_user' });
    const res = await call(
      'PUT',
      `/users/${b.id}`,
      { ...admin.headers, 'accept-language': 'fr' },
      { username: 'ALPHA_user', name: 'B', role: 'sales' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: "Le nom d'utilisateur « ALPHA_user » est déjà utilisé : choisissez-en un autre",
      code: 'USERNAME_TAKEN',
    });
    const self = await call('PUT', `/users/${a.id}`, admin.headers, { username: 'Alpha_User', name: 'A', role: 'sales' });
    expect(self.statusCode).toBe(200);
    expect(self.json().username).toBe('Alpha_User');
  });

  it('two simultaneous creations of one username: exactly one wins, the other is a 409', async () => {
    const results = await Promise.all([
      call('POST', '/users', admin.headers, newUser({ username: 'race_name' })),
      call('POST', '/users', admin.headers, newUser({ username: 'RACE_NAME' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const { rows } = await t.db.query(`SELECT 1 FROM users WHERE lower(username) = 'race_name' AND deleted_at IS NULL`);
    expect(rows).toHaveLength(1);
  });
});

describe('bad input → 400 with a clear message, nothing changed', () => {
  const long = 'x'.repeat(10_000);
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing username', { username: undefined }, 'username', 'Il nome utente è obbligatorio'],
    ['blank username', { username: '   ' }, 'username', 'Il nome utente è obbligatorio'],
    [
      'username with spaces',
      { username: 'mario rossi' },
      'username',
      'Il nome utente può contenere solo lettere, cifre e i caratteri . _ - @ (niente spazi)',
    ],
    ['username a number', { username: 42 }, 'username', 'Valore non valido'],
    ['10 000-char username', { username: long }, 'username', 'Testo troppo lungo (massimo 50 caratteri)'],
    ['missing name', { name: undefined }, 'name', 'Campo obbligatorio'],
    ['name an object', { name: { first: 'a' } }, 'name', 'Valore non valido'],
    ['10 000-char name', { name: long }, 'name', 'Testo troppo lungo (massimo 100 caratteri)'],
    ['missing password', { password: undefined }, 'password', 'La password è obbligatoria'],
    ['blank password', { password: '        ' }, 'password', 'La password è obbligatoria'],
    ['short password', { password: 'short' }, 'password', 'La password deve contenere almeno 8 caratteri'],
    ['password a number', { password: 12345678 }, 'password', 'Valore non valido'],
    ['10 000-char password', { password: long }, 'password', 'Testo troppo lungo (massimo 200 caratteri)'],
    ['unknown role', { role: 'superuser' }, 'role', 'Valore non ammesso'],
    ['10 000-char role', { role: long }, 'role', 'Valore non ammesso'],
    ['role a number', { role: 1 }, 'role', 'Valore non ammesso'],
    ['is_active a string', { is_active: 'yes' }, 'is_active', 'Valore non valido'],
    ['is_active a number', { is_active: 1 }, 'is_active', 'Valore non valido'],
  ];

  it.each(cases)('POST: %s', async (_label, change, field, message) => {
    const before = await snapshot();
    const res = await call('POST', '/users', admin.headers, newUser(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
    expect(await snapshot()).toBe(before);
  });

  it.each(cases.filter(([label]) => !/missing password|blank password/.test(label)))('PUT: %s', async (_label, change, field, message) => {
    const u = await t.createUser('sales');
    const before = await snapshot();
    const res = await call('PUT', `/users/${u.id}`, admin.headers, {
      username: u.username,
      name: u.name,
      role: 'sales',
      is_active: true,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
    expect(await snapshot()).toBe(before);
  });

  it('a body that is not an object, or not JSON, is refused and writes nothing', async () => {
    const before = await snapshot();
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(notJson.statusCode).toBe(400);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...admin.headers, 'content-type': 'text/plain' },
      payload: 'username=x',
    });
    expect(form.statusCode).toBe(415);
    expect(await snapshot()).toBe(before);
  });

  it('says it in French when asked', async () => {
    const res = await call('POST', '/users', { ...admin.headers, 'accept-language': 'fr' }, newUser({ password: 'short' }));
    expect(res.json().fields).toEqual({ password: 'Le mot de passe doit contenir au moins 8 caractères' });
  });

  it('bad paging parameters → 400', async () => {
    for (const qs of ['limit=0', 'limit=1001', 'limit=abc', 'offset=-1']) {
      expect((await call('GET', `/users?${qs}`, admin.headers)).statusCode).toBe(400);
      expect((await call('GET', `/users/${admin.user.id}/activities?${qs}`, admin.headers)).statusCode).toBe(400);
    }
  });
});

describe('no secret in any answer', () => {
  it('no users answer carries a password, a hash or a token hash', async () => {
    const u = await t.createUser('sales', { password: 'Visible-secret-1' });
    await t.login(u.username, u.password);
    const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [u.id]);
    const hash = rows[0].password_hash;
    const { rows: sessions } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');

    const created = await call('POST', '/users', admin.headers, newUser({ password: 'Another-secret-2' }));
    const createdId = created.json().id as number;
    const answers = [
      created,
      await call('GET', '/users', admin.headers),
      await call('GET', `/users/${u.id}`, admin.headers),
      await call('GET', `/users/${u.id}/activities`, admin.headers),
      await call('GET', `/users/${createdId}/activities`, admin.headers),
      await call('GET', `/users/${admin.user.id}/activities?limit=1000`, admin.headers),
      await call('PUT', `/users/${u.id}`, admin.headers, {
        username: u.username,
        name: u.name,
        role: 'sales',
        password: 'Changed-secret-3',
      }),
      await call('POST', '/users', admin.headers, newUser({ password: 'short' })),
      await call('POST', '/users', admin.headers, newUser({ username: u.username, password: 'Taken-secret-4' })),
      await call('DELETE', `/users/${createdId}`, admin.headers),
    ];
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const text = res.body;
      JSON.parse(text); // every answer is JSON
      expect(text).not.toMatch(/password_hash|scrypt\$|Visible-secret-1|Another-secret-2|Changed-secret-3|Taken-secret-4/);
      expect(text).not.toContain(hash);
      for (const s of sessions) expect(text).not.toContain(s.token_hash);
      // No field of any answer is named like a password (a 400's `fields` may name the field "password", never its value).
      const keys = JSON.stringify(JSON.parse(text), (k, v) => (k && /password/i.test(k) && k !== 'password' ? 'LEAK' : v));
      expect(keys).not.toContain('LEAK');
    }
    // Success answers have no password field at all.
    for (const res of answers.filter((r) => r.statusCode < 300)) expect(res.body).not.toMatch(/password/i);
    // The activity log itself never stores a password.
    const log = await t.db.query('SELECT details FROM activity_log');
    expect(JSON.stringify(log.rows)).not.toMatch(/secret-\d/);
  });
});
