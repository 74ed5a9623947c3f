#!/usr/bin/env node
// JavaScript on the wire per page of the built portal, measured in Chromium: /login, / signed in, and the first screen of
// every section (each remote's base path, read from webpack/federation.js, so a new section is measured without editing
// this file). Sizes are brotli bytes as the server sends them (a file the server does not send compressed is counted at
// its brotli size and flagged). Budgets (issue 12): a page ≤ 180 KB, a section ≤ +40 KB beyond / signed in.
//
//   node scripts/page-weight.js                 # starts the built server (embedded DB in a temp dir) on PORT or 8241
//   node scripts/page-weight.js --url http://127.0.0.1:8241 --password <admin password>
//   node scripts/page-weight.js --budget        # exit 1 when a page is over budget (CI)
//   node scripts/page-weight.js --budget --page-kb 240 --section-kb 40   # another ceiling than the goals
//   node scripts/page-weight.js --json out.json # also write the figures as JSON (bench/portal.ts reads them)
const { spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { REMOTES } = require('../webpack/federation');

const KB = 1024;
// Goals of issue 12; CI may pass a looser ceiling (--page-kb/--section-kb) so a regression fails before the goal is met.
const GOAL = { page: 180 * KB, section: 40 * KB };
const root = path.resolve(__dirname, '..');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = process.argv[i + 1];
  return v === undefined || v.startsWith('--') ? true : v;
}

/** The body of `url` as the server sends it to a browser that accepts brotli: { bytes, encoding }. */
function wireSize(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'] || 'identity';
          if (encoding === 'br') return resolve({ bytes: body.length, encoding });
          const plain = encoding === 'gzip' ? zlib.gunzipSync(body) : body;
          const br = zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
          resolve({ bytes: br.length, encoding });
        });
      })
      .on('error', reject);
  });
}

async function startServer(port, password) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-weight-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log.slice(-2000)}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        return { base, stop: () => (child.kill('SIGTERM'), fs.rmSync(dataDir, { recursive: true, force: true })) };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start:\n${log.slice(-2000)}`);
}

/** Every script (and stylesheet) a fresh browser context fetches to show `url`, until the network is idle. */
async function load(browser, url, session, ready) {
  const context = await browser.newContext();
  if (session) {
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
  }
  const page = await context.newPage();
  const files = new Map();
  const unusedPreloads = [];
  page.on('console', (m) => {
    if (/preloaded using link preload but not used/.test(m.text())) unusedPreloads.push(m.text());
  });
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') files.set(res.url(), type);
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120000 });
  if (ready) await page.waitForSelector(ready, { timeout: 60000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  const finalPath = new URL(page.url()).pathname;
  // index.html's preload hints (webpack/preload-first-page.js): Chromium warns about a preloaded file the page did not use
  // within 3 s of its load event (a stale or wrong hint, downloaded for nothing).
  // A file loaded without a hint in the markup was found late, by the script that asked for it (webpack removes a chunk's
  // <script> once it ran, so a hinted chunk is matched by its preload link).
  const inHtml = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel=preload], script[src], link[rel=stylesheet]')].map((e) => e.href || e.src),
  );
  await page.waitForTimeout(3500);
  const preload = {
    hinted: await page.locator('link[rel=preload]').count(),
    unused: unusedPreloads.map((m) => /(\S+\.(?:js|css))/.exec(m)?.[1] ?? m),
    late: [...files.keys()].filter((u) => !inHtml.includes(u)),
  };
  await context.close();
  return { files, finalPath, preload };
}

async function weigh(files) {
  let js = 0;
  let css = 0;
  const uncompressed = [];
  const list = [];
  for (const [url, type] of files) {
    const { bytes, encoding } = await wireSize(url);
    if (encoding !== 'br') uncompressed.push(`${new URL(url).pathname} (${encoding})`);
    if (type === 'script') js += bytes;
    else css += bytes;
    list.push({ path: new URL(url).pathname, type, bytes });
  }
  return { js, css, uncompressed, files: list };
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;

async function main() {
  const { chromium } = require('playwright-core');
  const BUDGET = { page: Number(arg('page-kb', GOAL.page / KB)) * KB, section: Number(arg('section-kb', GOAL.section / KB)) * KB };
  const password = arg('password', process.env.ADMIN_PASSWORD || 'Weight-Admin-1');
  let server;
  let base = arg('url');
  if (typeof base !== 'string') {
    server = await startServer(Number(arg('port', process.env.PORT || 8241)), password);
    base = server.base;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const results = [];
  let failed = false;
  try {
    const login = await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      })
    ).json();
    if (!login.token) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
    const session = { token: login.token, user: login.user };

    const signIn = await load(browser, `${base}/login`, null, 'form');
    const home = await load(browser, `${base}/`, session, 'main, nav');
    // A preloaded file the page never runs is downloaded for nothing (a stale or wrong hint): fails the budget too.
    for (const [name, p] of [
      ['/login', signIn.preload],
      ['/ (signed in)', home.preload],
    ]) {
      const unused = p.unused.map((u) => new URL(u).pathname);
      const late = p.late.map((u) => new URL(u).pathname);
      console.log(
        `${name.padEnd(36)} preload hints ${p.hinted}${unused.length ? `, never used: ${unused.join(', ')}` : ', all used'}` +
          `${late.length ? `; loaded without a hint: ${late.join(', ')}` : ''}`,
      );
      if (unused.length) failed = true;
    }
    const pages = [
      { page: '/login', ...(await weigh(signIn.files)), budget: BUDGET.page },
      { page: '/ (signed in)', ...(await weigh(home.files)), budget: BUDGET.page },
    ];
    for (const [name, { basePath }] of Object.entries(REMOTES)) {
      const section = await load(browser, `${base}${basePath}`, session, 'main');
      const extra = new Map([...section.files].filter(([u]) => !home.files.has(u)));
      const w = await weigh(extra);
      const total = await weigh(section.files);
      pages.push({ page: `${basePath} (${name}) beyond /`, ...w, total: total.js, budget: BUDGET.section, landed: section.finalPath });
    }
    for (const p of pages) {
      const over = p.js > p.budget;
      if (over) failed = true;
      results.push(p);
      const note = p.uncompressed.length ? `  not brotli: ${p.uncompressed.join(', ')}` : '';
      const total = p.total !== undefined ? ` (page total ${kb(p.total)})` : '';
      console.log(
        `${p.page.padEnd(36)} JS ${kb(p.js).padStart(9)} / budget ${kb(p.budget).padStart(8)} ${over ? 'OVER' : 'ok  '}` +
          `  CSS ${kb(p.css)}${total}${note}`,
      );
    }
  } finally {
    await browser.close();
    if (server) server.stop();
  }
  const out = arg('json');
  if (typeof out === 'string') fs.writeFileSync(out, JSON.stringify({ goal: GOAL, budget: BUDGET, pages: results }, null, 2));
  if (failed && arg('budget')) {
    console.error('page weight: over budget');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
