#!/usr/bin/env node
// `npm run restore -- <file> [--force]`: see usage below and README "Backup and restore".
const { loadBackup, parseArgs, resolve, dataDir, databaseUrl, main } = require('./backup-cli');

const USAGE = `Usage: npm run restore -- <file> [--force]

With DATABASE_URL set: pg_restore --clean --if-exists --no-owner of <file> (a .dump of npm run backup)
  into that database, in one transaction (a failed restore changes nothing).
Without it: replaces the embedded database in DATA_DIR (default ./data) by <file> (a .tar.gz of
  npm run backup). Stop the server first. A data directory that is not empty is refused unless --force
  (its content is deleted).
PG_BIN: the directory of pg_dump/pg_restore (default: the newest /usr/lib/postgresql/<major>/bin, else PATH).`;

main(async () => {
  const args = parseArgs(process.argv.slice(2), USAGE);
  if (!args.file) {
    console.error(`Which backup? Give its file.\n\n${USAGE}`);
    process.exit(2);
  }
  const b = loadBackup();
  const url = databaseUrl();
  const file = resolve(args.file);
  if (url) await b.restorePostgres(url, file);
  else await b.restorePglite(dataDir(), file, { force: args.force });
  console.log(`Restored ${file} into ${url ? 'the database at DATABASE_URL' : dataDir()}. Start the server: it applies newer migrations.`);
});
