// Shared by scripts/backup.js and scripts/restore.js: argument parsing and loading server/src/db/backup.ts — through tsx
// (a dev dependency, so no build is needed) or, where only production dependencies are installed, the built
// server/dist/db/backup.js.
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');

function loadBackup() {
  let tsx = null;
  try {
    tsx = require('tsx/cjs/api');
  } catch {
    tsx = null;
  }
  if (tsx) {
    // register(), not tsx.require(): the latter tags resolved paths with ?namespace=…, which the PGlite worker cannot load.
    tsx.register();
    return require(path.join(root, 'server/src/db/backup.ts'));
  }
  const built = path.join(root, 'server/dist/db/backup.js');
  if (!fs.existsSync(built)) throw new Error('neither tsx nor a built server (npm run build) is installed');
  return require(built);
}

/** `--force`, `--help` and at most one path; paths are read from where the command was typed (npm sets INIT_CWD). */
function parseArgs(argv, usage) {
  const args = { force: false, file: null };
  for (const a of argv) {
    if (a === '--help' || a === '-h') {
      console.log(usage);
      process.exit(0);
    } else if (a === '--force') args.force = true;
    else if (a.startsWith('-') || args.file) {
      console.error(`Unexpected argument: ${a}\n\n${usage}`);
      process.exit(2);
    } else args.file = a;
  }
  return args;
}

/** Where the user typed the command: paths and DATA_DIR are relative to it, as for `npm start`. */
const cwd = process.env.INIT_CWD || process.cwd();
const resolve = (p) => path.resolve(cwd, p);
const dataDir = () => resolve(process.env.DATA_DIR || './data');
const databaseUrl = () => (process.env.DATABASE_URL || '').trim() || null;

function main(fn) {
  fn().catch((err) => {
    console.error(err && err.message ? err.message : err);
    process.exit(1);
  });
}

module.exports = { loadBackup, parseArgs, resolve, dataDir, databaseUrl, cwd, main };
