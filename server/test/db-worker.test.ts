// The embedded database runs in a worker thread (server/src/db/pglite.ts). These tests pin what that must not change:
// the event loop stays free during a long query, transactions own the database until they end, errors keep their SQLSTATE.
import { createPgliteDb } from '../src/db/pglite';
import { isUniqueViolation, type Db } from '../src/db';

let db: Db;
beforeAll(async () => {
  db = await createPgliteDb();
  await db.exec('CREATE TABLE t (id int PRIMARY KEY, v text)');
}, 180_000); // starting PGlite (compiling its WASM) takes tens of seconds on a loaded machine
afterAll(async () => {
  await db.close();
});

describe('PGlite in a worker thread', () => {
  it('the event loop keeps running while a long query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await db.query('SELECT count(*) FROM generate_series(1, 1000000) g, LATERAL (SELECT md5(g::text)) m');
    } finally {
      clearInterval(timer);
    }
    // In-process PGlite blocks the loop for the whole query: the interval could not fire even once.
    expect(ticks).toBeGreaterThan(1);
  });

  it('values keep the conventions (int8 → number, numeric → string, date → string, timestamptz → Date)', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      "SELECT 5::int8 AS i, 1.50::numeric AS n, '2025-03-10'::date AS d, now() AS ts",
    );
    expect(rows[0]).toEqual({ i: 5, n: '1.50', d: '2025-03-10', ts: expect.any(Date) });
  });

  it('a transaction owns the database until it ends: others wait and then see only committed data', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = db.tx(async (q) => {
      await q.query("INSERT INTO t VALUES (1, 'a')");
      await gate;
      await q.query("UPDATE t SET v = 'b' WHERE id = 1");
    });
    await new Promise((r) => setTimeout(r, 50));
    let outside: string | undefined;
    const read = db.query<{ v: string }>('SELECT v FROM t WHERE id = 1').then((r) => (outside = r.rows[0]?.v));
    await new Promise((r) => setTimeout(r, 50));
    expect(outside).toBeUndefined(); // still waiting for the transaction
    release();
    await tx;
    await read;
    expect(outside).toBe('b');
  });

  it('a throw inside tx rolls back, and the database is usable afterwards', async () => {
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO t VALUES (2, 'x')");
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await db.query('SELECT 1 FROM t WHERE id = 2')).rowCount).toBe(0);
  });

  it('database errors keep their SQLSTATE and constraint (409s rely on them)', async () => {
    const err = await db.query("INSERT INTO t VALUES (1, 'dup')").catch((e: unknown) => e);
    expect(isUniqueViolation(err, 't_pkey')).toBe(true);
    expect((err as Error).message).toMatch(/duplicate key/);
    const inTx = await db.tx((q) => q.query("INSERT INTO t VALUES (1, 'dup')")).catch((e: unknown) => e);
    expect(isUniqueViolation(inTx)).toBe(true);
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
  });

  it('transactions started together run one after the other, each complete', async () => {
    await db.exec('CREATE TABLE c (n int NOT NULL); INSERT INTO c VALUES (0)');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.tx(async (q) => {
          const { rows } = await q.query<{ n: number }>('SELECT n FROM c');
          await q.query('UPDATE c SET n = $1', [rows[0].n + 1]);
        }),
      ),
    );
    expect((await db.query('SELECT n FROM c')).rows).toEqual([{ n: 20 }]);
  });
});
