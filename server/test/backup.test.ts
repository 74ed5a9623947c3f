/**
 * Backup and restore (issue 23): data built by the real code (demo seeder: products, purchase orders, receipts, sales, so
 * movements through the ledger), backed up with the functions `npm run backup` / `npm run restore` wrap, restored into a
 * fresh database; every table has the same rows and the stock invariants hold.
 *
 * PostgreSQL (DATABASE_URL): whole databases of their own (CREATE DATABASE, dropped afterwards), as the scripts work on a
 * whole database — not the per-file schema of the other tests. PGlite: data directories in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../src/db';
import { backupPglite, backupPostgres, BackupError, defaultBackupFile, restorePglite, restorePostgres } from '../src/db/backup';
import { seedDemo } from '../src/seed/seed-demo';
import { ledgerMatchesBalances, postMovementTx } from '../src/stock/ledger';
import { createDatabase, dropDatabase, rowCounts } from './support/databases';
import { readTemplate } from './support/pglite-template';
import { makeProduct, makeUserId, makeWarehouse } from './stock/fixtures';

jest.setTimeout(180_000);

const baseUrl = process.env.DATABASE_URL;
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-backup-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The demo company plus a load, an unload and a transfer posted through the ledger. */
async function buildData(db: Db): Promise<void> {
  await seedDemo(db);
  const actor = { id: await makeUserId(db, 'admin') };
  const p = await makeProduct(db);
  const a = await makeWarehouse(db);
  const b = await makeWarehouse(db);
  const day = { movementDate: '2026-01-15', productId: p.id };
  await postMovementTx(db, { ...day, movementType: 'C', warehouseId: a.id, quantity: '12.5' }, actor);
  await postMovementTx(db, { ...day, movementType: 'S', warehouseId: a.id, quantity: 2 }, actor);
  await postMovementTx(db, { ...day, movementType: 'T', warehouseId: a.id, destinationWarehouseId: b.id, quantity: 4 }, actor);
}

async function snapshot(db: Db) {
  const check = await ledgerMatchesBalances(db);
  expect(check.mismatches).toEqual([]);
  expect(check.ok).toBe(true);
  return { counts: await rowCounts(db), movements: check.movements, balances: check.balances };
}

it('names a default backup by its UTC time', () => {
  const at = new Date('2026-11-25T13:56:07.123Z');
  expect(defaultBackupFile('pg', '/srv', at)).toBe('/srv/backups/wms-20261125T135607Z.dump');
  expect(defaultBackupFile('pglite', '/srv', at)).toBe('/srv/backups/wms-20261125T135607Z.tar.gz');
});

(baseUrl ? describe : describe.skip)('PostgreSQL: pg_dump -Fc, pg_restore into a fresh database', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const name of made) await dropDatabase(baseUrl as string, name);
  });

  it('restores every row, and the invariants hold', async () => {
    const src = await createDatabase(baseUrl as string, 'bk_src');
    made.push(src.name);
    const dst = await createDatabase(baseUrl as string, 'bk_dst');
    made.push(dst.name);

    const db = await openDb({ databaseUrl: src.url });
    let before;
    try {
      await buildData(db);
      before = await snapshot(db);
    } finally {
      await db.close();
    }
    expect(before.movements).toBeGreaterThan(3);
    expect(before.counts.products).toBeGreaterThan(10);

    const file = path.join(dir, 'pg', 'wms.dump');
    await backupPostgres(src.url, file);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    await restorePostgres(dst.url, file);
    // Restoring again over the restored database (--clean --if-exists) replaces, never doubles.
    await restorePostgres(dst.url, file);

    const restored = await openDb({ databaseUrl: dst.url });
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('fails with pg_restore’s words on a file that is no backup', async () => {
    const bad = path.join(dir, 'not-a-dump');
    fs.writeFileSync(bad, 'hello');
    await expect(restorePostgres(baseUrl as string, bad)).rejects.toThrow(/pg_restore failed/);
  });
});

describe('embedded PGlite: a .tar.gz of the data directory', () => {
  it('restores every row into an empty data directory, refuses a non-empty one without force, and one that is open', async () => {
    const source = path.join(dir, 'lite-src');
    const db = await openDb({ dataDir: source, loadDataDir: readTemplate() });
    let before;
    try {
      await buildData(db);
      before = await snapshot(db);
      // Open: refused (PGlite keeps postmaster.pid while open), before anything is read.
      await expect(backupPglite(source, path.join(dir, 'open.tar.gz'))).rejects.toThrow(/stop the server first/);
    } finally {
      await db.close();
    }

    const file = path.join(dir, 'lite', 'wms.tar.gz');
    await backupPglite(source, file);
    expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const target = path.join(dir, 'lite-dst');
    await restorePglite(target, file);
    await expect(restorePglite(target, file)).rejects.toThrow(BackupError);
    await expect(restorePglite(target, file)).rejects.toThrow(/not empty: pass --force/);
    await restorePglite(target, file, { force: true });
    expect(fs.readdirSync(dir).filter((f) => f.includes('.restoring-'))).toEqual([]);

    const restored = await openDb({ dataDir: target });
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  });
});
