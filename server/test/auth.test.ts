import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (username: unknown, password: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers });

const INVALID = 'Nome utente o password non validi';

describe('POST /api/auth/login', () => {
  it('signs in: token, user without password, translated message; sets last_login', async () => {
    const u = await t.createUser('orders', { name: 'Olga Ordini' });
    const res = await login(u.username, u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: { id: u.id, username: u.username, name: 'Olga Ordini', role: 'orders' },
      message: 'Accesso effettuato',
    });
    expect(res.body).not.toMatch(/password|scrypt/i);
    const { rows } = await t.db.query<{ last_login: Date | null }>('SELECT last_login FROM users WHERE id = $1', [u.id]);
    expect(rows[0].last_login).toBeInstanceOf(Date);
  });

  it('answers the success message in French when asked', async () => {
    const u = await t.createUser('sales');
    const res = await login(u.username, u.password, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(res.json().message).toBe('Connexion réussie');
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const u = await t.createUser('sales', { username: 'MixedCase' });
    expect((await login('  mixedcase ', u.password)).statusCode).toBe(200);
  });

  it('stores only the SHA-256 of the token, never the token', async () => {
    const u = await t.createUser();
    const token = await t.login(u.username, u.password);
    const { rows } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [u.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(token);
    const all = await t.db.query('SELECT * FROM sessions');
    expect(JSON.stringify(all.rows)).not.toContain(token);
  });

  it('stores the password as a salted scrypt hash', async () => {
    const a = await t.createUser('admin', { password: 'same-password' });
    const b = await t.createUser('admin', { password: 'same-password' });
    const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id IN ($1, $2)', [a.id, b.id]);
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(rows[0].password_hash).not.toBe(rows[1].password_hash);
  });

  describe('refusals: one 401 and one message for every reason', () => {
    it.each([
      ['wrong password', async () => [(await t.createUser()).username, 'wrong-password']],
      ['unknown user', async () => ['nobody-here', 'whatever']],
      [
        'inactive user',
        async () => {
          const u = await t.createUser('admin', { isActive: false });
          return [u.username, u.password];
        },
      ],
      [
        'deleted user',
        async () => {
          const u = await t.createUser('admin', { deleted: true });
          return [u.username, u.password];
        },
      ],
    ])('%s → 401 INVALID_CREDENTIALS', async (_label, make) => {
      const [username, password] = await make();
      const res = await login(username, password);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: INVALID, code: 'INVALID_CREDENTIALS' });
    });

    it('says it in French too', async () => {
      const res = await login('nobody-here', 'x', { 'accept-language': 'fr' });
      expect(res.json()).toEqual({ error: "Nom d'utilisateur ou mot de passe incorrect", code: 'INVALID_CREDENTIALS' });
    });

    it('opens no session and logs no sign-in on failure', async () => {
      const u = await t.createUser();
      await login(u.username, 'wrong');
      const s = await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [u.id]);
      const a = await t.db.query("SELECT 1 FROM activity_log WHERE user_id = $1 AND action = 'login'", [u.id]);
      expect(s.rowCount + a.rowCount).toBe(0);
    });
  });

  describe('validation of the body (shared loginSchema)', () => {
    it('missing fields → 400 VALIDATION in Italian', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Dati non validi: username: Il nome utente è obbligatorio; password: La password è obbligatoria',
        code: 'VALIDATION',
        fields: { username: 'Il nome utente è obbligatorio', password: 'La password è obbligatoria' },
      });
    });

    it('wrong types → 400 VALIDATION in French with Accept-Language: fr, "not valid" (a value is there: never "required")', async () => {
      const res = await login(42, ['x'], { 'accept-language': 'fr' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION');
      expect(body.error).toMatch(/^Données non valides : /);
      expect(body.fields).toEqual({ username: 'Valeur non valide', password: 'Valeur non valide' });
    });

    it('blank username → 400, too long password → 400', async () => {
      expect((await login('   ', 'x')).json().fields).toEqual({ username: 'Il nome utente è obbligatorio' });
      const long = await login('someone', 'x'.repeat(201));
      expect(long.statusCode).toBe(400);
      expect(long.json().fields.password).toBe('Testo troppo lungo (massimo 200 caratteri)');
    });

    it('no body at all → 400 VALIDATION, not 500', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    });
  });

  it('slows one username down after 5 failures: 429 with Retry-After, even with the right password', async () => {
    const u = await t.createUser();
    for (let i = 0; i < 5; i++) expect((await login(u.username, `wrong-${i}`)).statusCode).toBe(401);
    const res = await login(u.username.toUpperCase(), u.password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: expect.stringContaining('Troppi tentativi'), code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1); // growing delays: server/test/security/throttle.test.ts
    // Another username is not affected.
    const other = await t.createUser();
    expect((await login(other.username, other.password)).statusCode).toBe(200);
  });

  it('a success clears earlier failures', async () => {
    const u = await t.createUser();
    for (let i = 0; i < 4; i++) await login(u.username, 'wrong');
    expect((await login(u.username, u.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(u.username, 'wrong');
    expect((await login(u.username, u.password)).statusCode).toBe(200);
  });
});

describe('session: me, logout, guard', () => {
  it('GET /api/auth/me returns the signed-in user', async () => {
    const { user, headers } = await t.signIn('direction');
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, username: user.username, name: user.name, role: 'direction' });
  });

  it('logout revokes the session: the next call is 401', async () => {
    const { headers } = await t.signIn('warehouse');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Disconnessione effettuata' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: 'Sessione non valida o scaduta: accedi di nuovo', code: 'UNAUTHORIZED' });
    // Logging out twice is refused like any call without a live session.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(401);
  });

  it('logout with a JSON content type and an empty body works (browsers and axios send that)', async () => {
    const { headers } = await t.signIn('sales');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('logging out one session leaves the user’s other sessions alive', async () => {
    const u = await t.createUser('admin');
    const a = await t.login(u.username, u.password);
    const b = await t.login(u.username, u.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.bearer(a) });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.bearer(b) })).statusCode).toBe(200);
  });

  it.each([
    ['no header', {}],
    ['garbage token', { authorization: 'Bearer not-a-token' }],
    ['well-formed unknown token', { authorization: `Bearer ${'A'.repeat(43)}` }],
    ['wrong scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
  ])('%s → 401 JSON UNAUTHORIZED', async (_label, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('answers 401 in French', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'accept-language': 'fr' } });
    expect(res.json().error).toBe('Session non valide ou expirée : reconnectez-vous');
  });

  it('a session dies with its user: deactivated or deleted → 401', async () => {
    const a = await t.signIn('admin');
    const b = await t.signIn('admin');
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [a.user.id]);
    await t.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [b.user.id]);
    for (const { headers } of [a, b]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    }
  });

  it('an expired session → 401', async () => {
    const { user, headers } = await t.signIn('admin');
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
  });

  it('sliding expiry: a session used after a minute is extended, a recent one is not rewritten', async () => {
    const { user, headers } = await t.signIn('admin');
    const read = async () =>
      (
        await t.db.query<{ last_seen_at: Date; expires_at: Date }>('SELECT last_seen_at, expires_at FROM sessions WHERE user_id = $1', [
          user.id,
        ])
      ).rows[0];
    const fresh = await read();
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect((await read()).last_seen_at.getTime()).toBe(fresh.last_seen_at.getTime());

    await t.db.query(
      "UPDATE sessions SET last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 hour' WHERE user_id = $1",
      [user.id],
    );
    t.app.sessions.clear(); // written behind the server's back: forget the cached session (as SESSION_CACHE_MS would)
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    const after = await read();
    const hoursLeft = (after.expires_at.getTime() - after.last_seen_at.getTime()) / 3_600_000;
    expect(hoursLeft).toBeCloseTo(12, 1);
  });
});

describe('activity log', () => {
  it('writes a row at sign-in and at sign-out', async () => {
    const { user, headers } = await t.signIn('orders');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    const { rows } = await t.db.query<{ action: string; entity_type: string; entity_id: string }>(
      'SELECT action, entity_type, entity_id FROM activity_log WHERE user_id = $1 ORDER BY id',
      [user.id],
    );
    expect(rows).toEqual([
      { action: 'login', entity_type: 'auth', entity_id: String(user.id) },
      { action: 'logout', entity_type: 'auth', entity_id: String(user.id) },
    ]);
  });
});
