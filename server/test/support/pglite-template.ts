/**
 * PGlite test databases start from one migrated copy. A fresh embedded cluster costs initdb plus every migration — the
 * larger part of many server test files on PGlite (about 30 s of CPU at load 17 on 2 cores, against 8 s to load a copy).
 * Jest's globalSetup (server project, PGlite runs only) builds the copy once per set of migrations and PGlite version, in
 * the system's temporary directory; `openTestDb` (helpers.ts) loads it, then `openDb` still runs any migration it lacks.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dumpPgliteDataDir, openDb } from '../../src/db';

const MIGRATIONS = path.resolve(__dirname, '../../migrations');

/** Where the migrated copy lives: named by the migrations' content and PGlite's version, so a change builds a new one. */
export function templatePath(): string {
  const hash = crypto.createHash('sha256');
  hash.update(pgliteVersion());
  for (const name of fs.readdirSync(MIGRATIONS).sort()) {
    hash.update(name);
    hash.update(fs.readFileSync(path.join(MIGRATIONS, name)));
  }
  return path.join(os.tmpdir(), `wms-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** PGlite's version, from its package.json (not in the package's exports, so found beside its entry point). */
function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The migrated copy's bytes, or undefined when there is none (a test run without globalSetup opens a fresh cluster). */
export function readTemplate(): Uint8Array | undefined {
  try {
    return fs.readFileSync(templatePath());
  } catch {
    return undefined;
  }
}

export default async function buildTemplate(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const file = templatePath();
  if (fs.existsSync(file)) return;
  const db = await openDb({ inMemory: true });
  try {
    const bytes = await dumpPgliteDataDir(db);
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file); // atomic: a parallel run never reads half a file
  } finally {
    await db.close();
  }
}
