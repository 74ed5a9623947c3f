import { openTestDb, type TestDb } from './helpers';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.drop();
});

describe('value conventions (db/types.ts), identical on PGlite and PostgreSQL', () => {
  const sql = "SELECT 5::int8 AS i, 1.50::numeric AS n, '2025-03-10'::date AS d, now() AS ts, $1::date AS p";

  it('int8 → number, numeric → exact string, date → YYYY-MM-DD, timestamptz → Date', async () => {
    const { rows } = await t.db.query<Record<string, unknown>>(sql, ['2024-02-29']);
    expect(rows[0]).toEqual({ i: 5, n: '1.50', d: '2025-03-10', ts: expect.any(Date), p: '2024-02-29' });
  });

  it('the same inside a transaction', async () => {
    const rows = await t.db.tx(async (q) => (await q.query<Record<string, unknown>>(sql, ['2024-02-29'])).rows);
    expect(rows[0]).toMatchObject({ i: 5, n: '1.50', d: '2025-03-10', p: '2024-02-29' });
  });

  it('a throw inside tx rolls everything back', async () => {
    await expect(
      t.db.tx(async (q) => {
        await q.query("INSERT INTO users (username, name, role, password_hash) VALUES ('rolled', 'x', 'admin', 'x')");
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await t.db.query("SELECT 1 FROM users WHERE username = 'rolled'")).rowCount).toBe(0);
  });
});
