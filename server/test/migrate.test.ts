import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../src/db';
import { openTestDb, type TestDb } from './helpers';

// Each migration runs in its own transaction (issue 23): a failing file leaves the ones before it applied and recorded,
// is itself all or nothing, and the next start resumes from it.
let t: TestDb;
let dir: string;
beforeAll(async () => {
  t = await openTestDb();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-migrate-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.drop();
});

it('applies each file in its own transaction; a failure keeps the earlier files and nothing of itself', async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const table = `mig_probe_${suffix}`;
  fs.writeFileSync(path.join(dir, `900_${suffix}_a.sql`), `CREATE TABLE ${table} (n int); INSERT INTO ${table} VALUES (1);`);
  fs.writeFileSync(path.join(dir, `901_${suffix}_b.sql`), `INSERT INTO ${table} VALUES (2); SELECT 1/0;`);
  await expect(migrate(t.db, dir)).rejects.toThrow();
  const names = async () =>
    (await t.db.query<{ name: string }>(`SELECT name FROM schema_migrations WHERE name LIKE $1 ORDER BY name`, [`%${suffix}%`])).rows.map(
      (r) => r.name,
    );
  expect(await names()).toEqual([`900_${suffix}_a.sql`]);
  expect((await t.db.query<{ n: number }>(`SELECT n FROM ${table} ORDER BY n`)).rows.map((r) => r.n)).toEqual([1]);

  // Fixed, the next start applies only what is missing.
  fs.writeFileSync(path.join(dir, `901_${suffix}_b.sql`), `INSERT INTO ${table} VALUES (2);`);
  expect(await migrate(t.db, dir)).toEqual([`901_${suffix}_b.sql`]);
  expect(await migrate(t.db, dir)).toEqual([]);
  expect((await t.db.query<{ n: number }>(`SELECT n FROM ${table} ORDER BY n`)).rows.map((r) => r.n)).toEqual([1, 2]);
});
