import { ensureAdmin, passwordBox } from '../src/auth/bootstrap';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});
// Each case starts from "no user yet" (cheaper than a new database per case).
beforeEach(async () => {
  await t.db.exec('DELETE FROM activity_log; DELETE FROM sessions; DELETE FROM users;');
});

describe('first start', () => {
  it('creates admin with a generated password, once; the password signs in', async () => {
    const first = await ensureAdmin(t.db);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await ensureAdmin(t.db)).toEqual({ created: false });

    const { rows } = await t.db.query<{ username: string; name: string; role: string; is_active: boolean }>(
      'SELECT username, name, role, is_active FROM users',
    );
    expect(rows).toEqual([{ username: 'admin', name: 'Amministratore', role: 'admin', is_active: true }]);
    const token = await t.login('admin', first.generatedPassword!);
    expect(token).toBeTruthy();
  });

  it('uses ADMIN_PASSWORD when given, and prints nothing', async () => {
    expect(await ensureAdmin(t.db, 'from-env-Pass1')).toEqual({ created: true });
    await expect(t.login('admin', 'from-env-Pass1')).resolves.toBeTruthy();
  });

  it('does nothing when users exist', async () => {
    await t.createUser('direction');
    expect(await ensureAdmin(t.db, 'x')).toEqual({ created: false });
    const { rows } = await t.db.query("SELECT 1 FROM users WHERE username = 'admin'");
    expect(rows).toHaveLength(0);
  });

  it('two starts at once create one admin', async () => {
    const both = await Promise.all([ensureAdmin(t.db, 'p1-secret'), ensureAdmin(t.db, 'p2-secret')]);
    expect(both.filter((b) => b.created)).toHaveLength(1);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(rows[0].n).toBe(1);
  });

  it('boxes the generated password', () => {
    const box = passwordBox('abc123');
    expect(box.split('\n')[0]).toMatch(/^╔═+╗$/);
    expect(box).toContain('password: abc123');
    const widths = new Set(box.split('\n').map((l) => [...l].length));
    expect(widths.size).toBe(1);
  });
});
