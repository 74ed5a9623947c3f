#!/usr/bin/env node
// `npm run backup [-- <file>] [-- --force]`: see usage below and README "Backup and restore".
const { loadBackup, parseArgs, resolve, dataDir, databaseUrl, cwd, main } = require('./backup-cli');

const USAGE = `Usage: npm run backup [-- <file>] [-- --force]

With DATABASE_URL set: pg_dump -Fc of that database into <file>
  (default backups/wms-<UTC timestamp>.dump).
Without it: a copy of the embedded database in DATA_DIR (default ./data) as a .tar.gz
  (default backups/wms-<UTC timestamp>.tar.gz). Stop the server first: the copy is refused while the
  data directory is open; --force takes it anyway (only when no server runs and an earlier one crashed).
PG_BIN: the directory of pg_dump/pg_restore (default: the newest /usr/lib/postgresql/<major>/bin, else PATH).`;

main(async () => {
  const args = parseArgs(process.argv.slice(2), USAGE);
  const b = loadBackup();
  const url = databaseUrl();
  const file = args.file ? resolve(args.file) : b.defaultBackupFile(url ? 'pg' : 'pglite', cwd);
  if (url) await b.backupPostgres(url, file);
  else await b.backupPglite(dataDir(), file, { force: args.force });
  console.log(`Backup written: ${file}`);
});
