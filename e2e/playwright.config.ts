import { defineConfig } from '@playwright/test';
import path from 'node:path';

// End-to-end tests drive Debian's Chromium against the real portal (server/dist serving the built shell and remotes).
// Build first (`npm run build`); the config starts the server on its own port with a fresh database.
const PORT = Number(process.env.E2E_PORT ?? 8180);
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'E2e-Admin-Password-1';
const root = path.resolve(__dirname, '..');
// One data folder per port, so two runs in one checkout (E2E_PORT) never share an embedded database.
const dataDir = path.join(__dirname, 'artifacts', `data-${PORT}`);
/**
 * The server's remotes.json (issue 24): a copy of the repository's, made when the server starts, so a spec that publishes and
 * rolls back a release with scripts/remote-release.js (REMOTES_FILE) never edits the checked-in file, nor that of a run on
 * another port (E2E_PORT) in the same checkout. Releases (labels unique to the run) go to the repository's releases/
 * (ignored by git), which must exist when the server starts to be served at /releases/.
 */
export const REMOTES_FILE = path.join(__dirname, 'artifacts', `remotes.${PORT}.json`);
export const RELEASES_DIR = path.join(root, 'releases');

/**
 * Specs that change what the others read — the company's header (company, transfers: each prints its own name), the live
 * remotes (remote-contract takes a bad release live) — or that read what every spec writes — the whole company's alert
 * counts (dashboard), the admin's activity log newest first (users) — run one at a time, after the rest. Every other
 * spec makes and reads its own data (names with a per-run suffix), so those run in parallel workers (E2E_WORKERS,
 * default 2: the CI machine has two cores; at 4 the axe walk of every route outgrew its time), each file's tests in order
 * in one worker. One spec alone: `npx playwright test tests/x.spec.ts --no-deps` (else a shared-state spec brings the
 * whole own-data project first).
 */
const SHARED_STATE = /[/\\](company|transfers|remote-contract|dashboard|users)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  // Two minutes a test: on a loaded two-core CI machine (2026-12-07) a count on a tablet took 59 s, the camera dialogs 56 s
  // and a role's walk 49 s — within a 60 s limit by a second. A hang still fails, at two minutes.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'own-data', testIgnore: SHARED_STATE },
    { name: 'shared-state', testMatch: SHARED_STATE, dependencies: ['own-data'], workers: 1 },
  ],
  retries: 0,
  outputDir: './artifacts/results',
  reporter: [['list'], ['json', { outputFile: path.join(__dirname, 'artifacts', 'results.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'it-IT',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // A fresh embedded database each run unless E2E_DATABASE_URL points at a PostgreSQL.
    command: `rm -rf "${dataDir}" && mkdir -p "${RELEASES_DIR}" "${path.dirname(REMOTES_FILE)}" && cp remotes.json "${REMOTES_FILE}" && node server/dist/main.js`,
    cwd: root,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      REMOTES_FILE,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
