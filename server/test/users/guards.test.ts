/**
 * Nobody is locked out (self-delete, self-deactivation, last active admin), sessions end when access changes, and the
 * online flag follows live sessions. The admin count matters: each test starts with no user at all (one database for
 * the file, its users, sessions, sign-in throttle and activity log emptied before each test — a fresh database per
 * test cost 2.4 s each on PostgreSQL, 5 s on PGlite).
 */
import { ONLINE_MINUTES } from '@wms/shared-api';
import { makeTestApp, type TestApp } from '../helpers';

// Cold runs compile the app and start a database in beforeAll; the project-level testTimeout is not applied from the root.
jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.query('TRUNCATE sessions, sign_in_throttle, activity_log');
  await t.db.query('DELETE FROM users');
  expect(await activeAdmins()).toBe(0);
});

const put = (id: number, headers: Record<string, string>, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload: body });
const del = (id: number, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.bearer(token) });

async function activeAdmins(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND is_active AND deleted_at IS NULL`,
  );
  return rows[0].n;
}

async function userRow(id: number) {
  const { rows } = await t.db.query<{ role: string; is_active: boolean; deleted_at: Date | null }>(
    'SELECT role, is_active, deleted_at FROM users WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('nobody is locked out', () => {
  it('deleting yourself → 409 SELF_DELETE with a clear message, in Italian and French', async () => {
    const a = await t.signIn('admin');
    await t.createUser('admin'); // another admin exists: the refusal is about yourself, not the count
    const res = await del(a.user.id, a.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Non puoi eliminare il tuo stesso utente: chiedi a un altro amministratore', code: 'SELF_DELETE' });
    const fr = await del(a.user.id, { ...a.headers, 'accept-language': 'fr' });
    expect(fr.json().error).toBe('Vous ne pouvez pas supprimer votre propre compte : demandez à un autre administrateur');
    expect((await userRow(a.user.id)).deleted_at).toBeNull();
  });

  it('a direction user cannot delete or deactivate themselves either', async () => {
    await t.createUser('admin');
    const d = await t.signIn('direction');
    expect((await del(d.user.id, d.headers)).json().code).toBe('SELF_DELETE');
    const res = await put(d.user.id, d.headers, { username: d.user.username, name: d.user.name, role: 'direction', is_active: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Non puoi disattivare il tuo stesso utente: chiedi a un altro amministratore',
      code: 'SELF_DEACTIVATE',
    });
    expect((await userRow(d.user.id)).is_active).toBe(true);
  });

  describe('the last active admin', () => {
    // Only an admin touches admins (server/test/security/user-management.test.ts): a direction user gets 403 before the
    // last-admin rule is even asked, and an admin cannot delete, deactivate or re-role themselves.
    it('cannot be deleted or deactivated by a direction user → 403 ADMIN_ONLY, nothing changes', async () => {
      const lastAdmin = await t.createUser('admin');
      const d = await t.signIn('direction');
      const res = await del(lastAdmin.id, d.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ADMIN_ONLY');
      const off = await put(lastAdmin.id, d.headers, {
        username: lastAdmin.username,
        name: lastAdmin.name,
        role: 'admin',
        is_active: false,
      });
      expect(off.statusCode).toBe(403);
      expect(await userRow(lastAdmin.id)).toMatchObject({ is_active: true, deleted_at: null });
    });

    it('cannot change their own role → 403 SELF_ROLE, in French too', async () => {
      const a = await t.signIn('admin');
      const res = await put(
        a.user.id,
        { ...a.headers, 'accept-language': 'fr' },
        { username: a.user.username, name: a.user.name, role: 'direction' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'Vous ne pouvez pas changer votre propre rôle : demandez à un administrateur',
        code: 'SELF_ROLE',
      });
      expect((await userRow(a.user.id)).role).toBe('admin');
    });

    it('with two active admins, one may be demoted, deactivated or deleted — then the other is the last', async () => {
      const a = await t.signIn('admin');
      const b = await t.createUser('admin');
      const c = await t.createUser('admin');
      expect((await put(b.id, a.headers, { username: b.username, name: b.name, role: 'orders' })).statusCode).toBe(200);
      expect((await put(c.id, a.headers, { username: c.username, name: c.name, role: 'admin', is_active: false })).statusCode).toBe(200);
      expect(await activeAdmins()).toBe(1);
      // Reactivating and promoting are always allowed.
      expect((await put(c.id, a.headers, { username: c.username, name: c.name, role: 'admin', is_active: true })).statusCode).toBe(200);
      expect((await del(c.id, a.headers)).statusCode).toBe(200);
      expect((await put(a.user.id, a.headers, { username: a.user.username, name: a.user.name, role: 'sales' })).json().code).toBe(
        'SELF_ROLE',
      );
      expect(await activeAdmins()).toBe(1);
    });

    it('race: two admins demoting / deleting each other at the same moment — at most one succeeds, one admin remains', async () => {
      for (let round = 0; round < 3; round += 1) {
        await t.db.query(`UPDATE users SET role = 'sales' WHERE role = 'admin'`);
        const a = await t.signIn('admin');
        const b = await t.signIn('admin');
        const results = await Promise.all([
          put(b.user.id, a.headers, { username: b.user.username, name: b.user.name, role: 'admin', is_active: false }),
          del(a.user.id, b.headers),
        ]);
        const codes = results.map((r) => r.statusCode);
        expect(codes.filter((c) => c === 200)).toHaveLength(1);
        expect(await activeAdmins()).toBe(1);
        const ok = results.find((r) => r.statusCode !== 200)!;
        // The loser is refused as the last admin, or — when it lost its own access first — as unauthorised.
        expect([409, 401]).toContain(ok.statusCode);
      }
    });

    it('two direction users deactivating two different admins at once — both refused (403), both stay active', async () => {
      const a1 = await t.createUser('admin');
      const a2 = await t.createUser('admin');
      const d1 = await t.signIn('direction');
      const d2 = await t.signIn('direction');
      const results = await Promise.all([
        put(a1.id, d1.headers, { username: a1.username, name: a1.name, role: 'admin', is_active: false }),
        put(a2.id, d2.headers, { username: a2.username, name: a2.name, role: 'admin', is_active: false }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([403, 403]);
      expect(await activeAdmins()).toBe(2);
    });
  });
});

describe('sessions end when access changes', () => {
  it('deactivation: every session of the user ends at once (next call 401), and sign-in is refused', async () => {
    const a = await t.signIn('admin');
    const u = await t.createUser('warehouse');
    const t1 = await t.login(u.username, u.password);
    const t2 = await t.login(u.username, u.password);
    expect((await me(t1)).statusCode).toBe(200);
    const res = await put(u.id, a.headers, { username: u.username, name: u.name, role: 'warehouse', is_active: false });
    expect(res.json()).toMatchObject({ is_active: false, is_online: false });
    expect((await me(t1)).statusCode).toBe(401);
    expect((await me(t2)).statusCode).toBe(401);
    const { rows } = await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [u.id]);
    expect(rows).toHaveLength(0);
    await expect(t.login(u.username, u.password)).rejects.toThrow(/401/);
    // Reactivated: the old tokens stay dead, a new sign-in works.
    await put(u.id, a.headers, { username: u.username, name: u.name, role: 'warehouse', is_active: true });
    expect((await me(t1)).statusCode).toBe(401);
    await expect(t.login(u.username, u.password)).resolves.toEqual(expect.any(String));
  });

  it('password change by an admin: every session of the user ends; the log counts them', async () => {
    const a = await t.signIn('admin');
    const u = await t.createUser('sales');
    const t1 = await t.login(u.username, u.password);
    await put(u.id, a.headers, { username: u.username, name: u.name, role: 'sales', password: 'Fresh-password-9' });
    expect((await me(t1)).statusCode).toBe(401);
    expect((await me(a.token)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ details: string }>(`SELECT details FROM activity_log WHERE action = 'update' AND entity_id = $1`, [
      String(u.id),
    ]);
    expect(JSON.parse(rows[0].details)).toMatchObject({ credentials: 'changed', sessions_ended: 1 });
  });

  it('changing your own password keeps the session you did it from and ends your other ones', async () => {
    const a = await t.signIn('admin');
    const other = await t.login(a.user.username, a.user.password);
    const res = await put(a.user.id, a.headers, {
      username: a.user.username,
      name: a.user.name,
      role: 'admin',
      password: 'My-new-password',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(a.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('a role change ends the sessions too (the browser must pick up the new menus); a name change does not', async () => {
    const a = await t.signIn('admin');
    const u = await t.createUser('sales');
    const t1 = await t.login(u.username, u.password);
    await put(u.id, a.headers, { username: u.username, name: 'Nuovo Nome', role: 'sales' });
    expect((await me(t1)).statusCode).toBe(200);
    await put(u.id, a.headers, { username: u.username, name: 'Nuovo Nome', role: 'orders' });
    expect((await me(t1)).statusCode).toBe(401);
  });

  it('deletion ends every session', async () => {
    const a = await t.signIn('admin');
    const u = await t.createUser('orders');
    const t1 = await t.login(u.username, u.password);
    await del(u.id, a.headers);
    expect((await me(t1)).statusCode).toBe(401);
    const { rows } = await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [u.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('online and last sign-in', () => {
  const onlineOf = async (headers: Record<string, string>, id: number) => {
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers });
    return (list.json() as { id: number; is_online: boolean; last_login: string | null }[]).find((u) => u.id === id)!;
  };

  it(`online = a live session used within ${ONLINE_MINUTES} minutes; sign-out, idleness and expiry make it offline`, async () => {
    const a = await t.signIn('admin');
    const u = await t.createUser('warehouse');
    expect(await onlineOf(a.headers, u.id)).toMatchObject({ is_online: false, last_login: null });

    const token = await t.login(u.username, u.password);
    const after = await onlineOf(a.headers, u.id);
    expect(after.is_online).toBe(true);
    expect(new Date(after.last_login!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${u.id}`, headers: a.headers })).json().is_online).toBe(true);

    // Idle for longer than the window: offline, although the session is still valid.
    await t.db.query(`UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2) WHERE user_id = $1`, [u.id, ONLINE_MINUTES + 1]);
    expect((await onlineOf(a.headers, u.id)).is_online).toBe(false);
    // Any call with the session counts as use again.
    expect((await me(token)).statusCode).toBe(200);
    expect((await onlineOf(a.headers, u.id)).is_online).toBe(true);

    // Expired.
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [u.id]);
    expect((await onlineOf(a.headers, u.id)).is_online).toBe(false);

    // Signed out.
    const t2 = await t.login(u.username, u.password);
    expect((await onlineOf(a.headers, u.id)).is_online).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.bearer(t2) });
    const last = await onlineOf(a.headers, u.id);
    expect(last.is_online).toBe(false);
    expect(last.last_login).not.toBeNull(); // last sign-in is kept
  });
});
