#!/usr/bin/env node
// The newcomer's path: `npm start` with the embedded database in a fresh DATA_DIR must serve the portal and let admin in.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const port = 8190;
const root = path.resolve(__dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-smoke-'));
// A team's release: the reports remote published as a kept release, into a copy of remotes.json.
const remotesFile = path.join(dataDir, 'remotes.json');
fs.copyFileSync(path.join(root, 'remotes.json'), remotesFile);
const label = `smoke-${process.pid}`;
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'Smoke-Admin-1', REMOTES_FILE: remotesFile };
delete env.DATABASE_URL;
require('child_process').execFileSync('node', ['scripts/remote-release.js', 'publish', 'reports', label], { cwd: root, env });
const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let log = '';
child.stdout.on('data', (d) => (log += d));
child.stderr.on('data', (d) => (log += d));

const checks = [];
async function check(name, fn) {
  try {
    await fn();
    checks.push({ name, ok: true });
  } catch (err) {
    checks.push({ name, ok: false, error: String(err && err.message) });
  }
}
const base = `http://127.0.0.1:${port}`;

async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start:\n' + log.slice(-3000));
}

(async () => {
  try {
    await waitUp();
    await check('start prints the URL', async () => {
      if (!log.includes(`localhost:${port}`)) throw new Error('no URL in output');
    });
    await check('home page is the shell', async () => {
      const r = await fetch(`${base}/`);
      const html = await r.text();
      if (!r.ok || !/<div id="?root/.test(html)) throw new Error(`status ${r.status}: ${html.slice(0, 200)}`);
      if (!/no-cache/.test(r.headers.get('cache-control') || '')) throw new Error('index.html must be no-cache');
    });
    await check('deep link falls back to the shell', async () => {
      const r = await fetch(`${base}/anagrafica/prodotti`, { headers: { accept: 'text/html' } });
      if (!r.ok) throw new Error(`status ${r.status}`);
    });
    await check('remotes.json lists four remotes whose manifests load', async () => {
      const remotes = await (await fetch(`${base}/remotes.json`)).json();
      const names = Object.keys(remotes).sort().join(',');
      if (names !== 'operations,registry,reports,users') throw new Error(names);
      for (const url of Object.values(remotes)) {
        const r = await fetch(new URL(url, base));
        if (!r.ok) throw new Error(`${url}: ${r.status}`);
      }
    });
    await check('a published release of one remote is served, and rolling back is one command', async () => {
      let remotes = await (await fetch(`${base}/remotes.json`)).json();
      if (remotes.reports !== `/releases/reports/${label}/mf-manifest.json`) throw new Error(remotes.reports);
      const manifest = await (await fetch(new URL(remotes.reports, base))).json();
      const entry = await fetch(new URL(`/releases/reports/${label}/${manifest.metaData.remoteEntry.name}`, base));
      if (!entry.ok) throw new Error(`remoteEntry ${entry.status}`);
      require('child_process').execFileSync('node', ['scripts/remote-release.js', 'rollback', 'reports', 'dev'], { cwd: root, env });
      remotes = await (await fetch(`${base}/remotes.json`)).json();
      if (remotes.reports !== '/mf/reports/mf-manifest.json') throw new Error(`after rollback: ${remotes.reports}`);
    });
    await check('remote-release.js status: every remote in use fits the shell; publish refuses a build for the next kit', async () => {
      const { execFileSync } = require('child_process');
      const out = execFileSync('node', ['scripts/remote-release.js', 'status'], { cwd: root, env }).toString();
      if ((out.match(/fits: {5}yes/g) || []).length !== 4) throw new Error(out);
      // issue 24: a release built against @wms/shared-ui 2.x (a checked-in manifest) is refused, remotes.json untouched
      const before = fs.readFileSync(remotesFile, 'utf8');
      const fixture = path.join(root, 'e2e', 'fixtures', 'operations-next-kit');
      let refused = false;
      try {
        execFileSync('node', ['scripts/remote-release.js', 'publish', 'operations', `${label}-next`, '--from', fixture], {
          cwd: root,
          env,
          stdio: 'pipe',
        });
      } catch {
        refused = true;
      }
      if (!refused || fs.readFileSync(remotesFile, 'utf8') !== before) throw new Error('publish accepted an incompatible build');
    });
    await check('admin signs in with ADMIN_PASSWORD', async () => {
      const r = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Smoke-Admin-1' }),
      });
      const body = await r.json();
      if (r.status !== 200 || !body.token || body.user.role !== 'admin') throw new Error(JSON.stringify(body));
    });
  } catch (err) {
    checks.push({ name: 'server starts', ok: false, error: String(err.message) });
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM'); // npm and the server it started
    } catch {}
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.join(root, 'releases', 'reports', label), { recursive: true, force: true });
  }
  const passed = checks.filter((c) => c.ok).length;
  console.log(JSON.stringify({ passed, failed: checks.length - passed, checks }, null, 2));
  process.exit(checks.length - passed ? 1 : 0);
})();
