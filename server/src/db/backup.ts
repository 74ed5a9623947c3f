/**
 * Backup and restore (`npm run backup`, `npm run restore`, scripts/backup.js and scripts/restore.js wrap these).
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump -Fc` to a file; `pg_restore --clean --if-exists --no-owner` into a database.
 * - Embedded PGlite (DATA_DIR): a `.tar.gz` of the data directory in PGlite's own `dumpDataDir` format, taken with the server
 *   stopped; restore unpacks it (through PGlite's `loadDataDir`) beside the data directory, then swaps it in.
 *
 * PostgreSQL's client tools must be of the server's major version or newer: `PG_BIN` (a directory) when set, else the newest
 * `/usr/lib/postgresql/<major>/bin` (Debian's packages, as CI installs them), else whatever `pg_dump` is on PATH.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createPgliteDb, dumpPgliteDataDir } from './pglite';

export class BackupError extends Error {}

/** `wms-20261125T135600Z`: a UTC timestamp that sorts and is valid in every file system. */
export function backupStamp(now = new Date()): string {
  return `wms-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')}`;
}

/** Default file of a backup: `backups/wms-<UTC timestamp>.dump` (PostgreSQL) or `.tar.gz` (PGlite), under `baseDir`. */
export function defaultBackupFile(kind: 'pg' | 'pglite', baseDir: string, now = new Date()): string {
  return path.join(baseDir, 'backups', `${backupStamp(now)}${kind === 'pg' ? '.dump' : '.tar.gz'}`);
}

/** The path of a PostgreSQL client program (pg_dump, pg_restore, psql), see the module's comment. */
export function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql', env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN) return path.join(env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((d) => /^\d+$/.test(d) && fs.existsSync(path.join(root, d, 'bin', name)))
        .sort((a, b) => parseInt(b, 10) - parseInt(a, 10))
    : [];
  return majors.length > 0 ? path.join(root, majors[0], 'bin', name) : name;
}

/** Runs a program; resolves when it exits 0, rejects with its error output otherwise. */
export function run(cmd: string, args: string[], opts: { stdin?: string } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: [opts.stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 20_000) stderr += d.toString();
    });
    child.on('error', (err) => reject(new BackupError(`cannot run ${cmd}: ${err.message} (set PG_BIN to PostgreSQL's bin directory)`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(cmd)} failed (exit ${code}):\n${stderr.trim()}`));
    });
    if (opts.stdin && child.stdin) child.stdin.end(opts.stdin);
  });
}

/** `pg_dump -Fc` of the database at `databaseUrl` into `file` (written beside it first, renamed when complete). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<string> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${databaseUrl}`]);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return file;
}

/**
 * `pg_restore --clean --if-exists --no-owner` of `file` into the database at `databaseUrl`, in one transaction: a restore
 * that fails changes nothing. The objects of the backup are replaced; anything else in the database is left alone.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`no such backup file: ${file}`);
  await run(pgTool('pg_restore'), ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${databaseUrl}`, file]);
}

/** PGlite keeps `postmaster.pid` in its data directory while it is open (removed on a clean close). */
function openMarker(dataDir: string): string | null {
  const pid = path.join(dataDir, 'postmaster.pid');
  return fs.existsSync(pid) ? pid : null;
}

function refuseIfOpen(dataDir: string, force: boolean): void {
  const marker = openMarker(dataDir);
  if (marker && !force) {
    throw new BackupError(
      `The embedded database in ${dataDir} is open (${marker} exists): stop the server first. PGlite allows one process ` +
        'per data directory, and a copy taken while it writes is not consistent. If no server is running, an earlier one ' +
        'stopped abruptly: start and stop it once, or pass --force.',
    );
  }
}

/** A `.tar.gz` of the embedded database in `dataDir` (PGlite's dumpDataDir format); the server must be stopped. */
export async function backupPglite(dataDir: string, file: string, opts: { force?: boolean } = {}): Promise<string> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`no embedded database in ${dataDir}`);
  refuseIfOpen(dataDir, opts.force ?? false);
  const db = await createPgliteDb(dataDir);
  let tar: Uint8Array;
  try {
    tar = await dumpPgliteDataDir(db);
  } finally {
    await db.close();
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, zlib.gzipSync(tar));
  fs.renameSync(partial, file);
  return file;
}

/**
 * Replaces the embedded database in `dataDir` by the backup in `file`. Refuses a data directory that is not empty unless
 * `force` (its old content is then deleted), and one that is open. The backup is unpacked and opened beside the data
 * directory first, so a broken file leaves the data directory as it was.
 */
export async function restorePglite(dataDir: string, file: string, opts: { force?: boolean } = {}): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`no such backup file: ${file}`);
  const target = path.resolve(dataDir);
  const notEmpty = fs.existsSync(target) && fs.readdirSync(target).length > 0;
  if (notEmpty) {
    refuseIfOpen(target, opts.force ?? false);
    if (!opts.force) {
      throw new BackupError(`${target} is not empty: pass --force to replace the database in it (its content is deleted).`);
    }
  }
  let tar: Uint8Array = fs.readFileSync(file);
  if (tar[0] === 0x1f && tar[1] === 0x8b) tar = zlib.gunzipSync(tar);
  const staging = `${target}.restoring-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const db = await createPgliteDb(staging, { loadDataDir: tar });
    try {
      await db.query('SELECT 1');
    } finally {
      await db.close();
    }
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}
