/**
 * `npm run seed:demo`: loads the demo company into the database the server uses — DATABASE_URL when set, else the embedded
 * PGlite in DATA_DIR (default ./data of the directory npm was started from, like `npm start`). Idempotent.
 *
 * PGlite allows one process per data directory: stop the server first (or start it with SEED_DEMO=1 instead).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../db';
import { seedDemo } from './seed-demo';

/** True when a WMS server with an embedded database answers on this port: it may hold our data directory open. */
async function embeddedServerRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok && ((await res.json()) as { db?: string }).db === 'pglite';
  } catch {
    return false;
  }
}

/** PGlite keeps a postmaster.pid in its directory while open (removed on a clean close): someone has it open. */
function dataDirOpen(dataDir: string): string | null {
  const pid = path.join(dataDir, 'postmaster.pid');
  return fs.existsSync(pid) ? pid : null;
}

async function main(): Promise<void> {
  // npm runs workspace scripts in the workspace; resolve DATA_DIR where the command was typed, as `npm start` does.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  if (!config.databaseUrl && (await embeddedServerRunning(config.port))) {
    console.error(
      `A WMS server with an embedded database is running on port ${config.port}. PGlite allows one process per data ` +
        'directory: stop the server and run this again, or start it with SEED_DEMO=1 npm start.',
    );
    process.exit(1);
  }
  const openFile = config.databaseUrl ? null : dataDirOpen(config.dataDir);
  if (openFile) {
    console.error(
      `The embedded database in ${config.dataDir} is open in another process (${openFile} exists). Stop the server and ` +
        'run this again, or start it with SEED_DEMO=1 npm start. If no server is running, an earlier one stopped ' +
        `abruptly: start and stop it once (or delete ${openFile}).`,
    );
    process.exit(1);
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const added = await seedDemo(db);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(
      `Demo data in ${where}: added ${added.warehouses} warehouses, ${added.suppliers} suppliers, ${added.customers} customers, ` +
        `${added.products} products${Object.values(added).every((n) => n === 0) ? ' (already loaded)' : ''}.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error('Demo data failed:', err);
  process.exit(1);
});
