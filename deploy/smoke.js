#!/usr/bin/env node
/**
 * The image's recipe tested without the image (issue 23), run by CI after deploy/build.sh:
 *   node deploy/smoke.js <tree deploy/build.sh made> [--port 8184]
 * Starts <tree>/deploy/start.sh (embedded database in a temp DATA_DIR, as the Dockerfile's CMD would), then checks what
 * the container's HEALTHCHECK and a first user would: /api/health, /api/ready, the page and a remote's manifest, admin
 * signs in; that the tree holds no development dependency; and that SIGTERM ends it with exit code 0.
 * Prints { passed, failed, checks } (the format .ci/summary.js adds up); exit code 1 on a failure.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const tree = path.resolve(process.argv[2] ?? '');
const portArg = process.argv.indexOf('--port');
const port = Number(portArg > 0 ? process.argv[portArg + 1] : 8184);
const base = `http://127.0.0.1:${port}`;
const password = 'Image-Smoke-Admin-1';
const checks = [];
const check = (name, ok, detail) => checks.push(ok ? { name, ok: true } : { name, ok: false, error: String(detail) });

async function main() {
  if (!fs.existsSync(path.join(tree, 'deploy/start.sh'))) throw new Error(`${tree}: not a tree made by deploy/build.sh`);
  const dev = ['typescript', 'jest', 'webpack', 'eslint', 'tsx', '@playwright/test', 'react'].filter((d) =>
    fs.existsSync(path.join(tree, 'node_modules', d)),
  );
  check('production dependencies only (no typescript, jest, webpack, eslint, tsx, playwright, react)', dev.length === 0, dev);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-image-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: password };
  delete env.DATABASE_URL;
  const child = spawn(path.join(tree, 'deploy/start.sh'), [], { cwd: os.tmpdir(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  try {
    let ready = false;
    for (let i = 0; i < 240 && !ready && child.exitCode === null; i++) {
      ready = await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 500));
    }
    check('start.sh serves: /api/ready 200 (database reachable, migrations applied)', ready, log.slice(-2000));
    if (!ready) return;
    const health = await fetch(`${base}/api/health`);
    check('HEALTHCHECK /api/health 200', health.ok, health.status);
    const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    check('the page is served', page.ok && /<div id="?root/.test(await page.text()), page.status);
    const manifest = await fetch(`${base}/mf/operations/mf-manifest.json`);
    check("a remote's manifest is served", manifest.ok, manifest.status);
    const map = await fetch(`${base}/main.js.map`);
    check('no source map in the tree', map.status === 404, map.status);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    check('admin signs in', login.ok && typeof (await login.json()).token === 'string', login.status);
  } finally {
    child.kill('SIGTERM');
    const exit = await Promise.race([exited, new Promise((r) => setTimeout(() => r({ code: 'timeout' }), 30_000))]);
    check('SIGTERM: exit code 0', exit.code === 0, JSON.stringify(exit));
    if (exit.code === 'timeout') child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .catch((err) => check('image smoke test runs', false, err.stack ?? err))
  .finally(() => {
    const passed = checks.filter((c) => c.ok).length;
    console.log(JSON.stringify({ passed, failed: checks.length - passed, checks }, null, 2));
    process.exit(checks.length - passed > 0 || passed === 0 ? 1 : 0);
  });
