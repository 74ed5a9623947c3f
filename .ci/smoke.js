#!/usr/bin/env node
// The newcomer's path: `npm start` with the embedded database in a fresh DATA_DIR must serve the portal and let admin in.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const port = 8190;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-smoke-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'Smoke-Admin-1', DATABASE_URL: '' };
delete env.DATABASE_URL;
const child = spawn('npm', ['start'], { cwd: path.resolve(__dirname, '..'), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
  }
  const passed = checks.filter((c) => c.ok).length;
  console.log(JSON.stringify({ passed, failed: checks.length - passed, checks }, null, 2));
  process.exit(checks.length - passed ? 1 : 0);
})();
