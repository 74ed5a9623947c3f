/**
 * The portal benchmark of issue 12: every figure beside its goal, ratios measured in the same run (the machine is shared,
 * so absolute numbers move; a ratio to a reference measured alternately with it moves much less).
 *
 *   npm run build                                   # the built portal is what is measured
 *   DATABASE_URL=postgres://wms:wms@127.0.0.1:5432/wms_perf npm run bench:portal
 *   npm run bench:portal -- --seconds 10 --rounds 3 --warmup 3 --skip pages,lighthouse,pg,writes,embedded
 *
 * Needs `wrk` (apt-get install wrk), `pgbench` (PostgreSQL client) and Chromium (/usr/bin/chromium or CHROME_PATH). Sections:
 *  - pages:    JS on the wire per page (scripts/page-weight.js, Chromium, brotli bytes) against the budgets;
 *  - lighthouse: Lighthouse desktop performance of /login and / signed in, median of --lighthouse-runs (3) cold runs;
 *  - pg:       products list (limit 50) and /api/health req/s as a share of a bare Fastify hello-world (same Fastify);
 *  - writes:   movement posting with 16 clients as a share of `pgbench -N -c 16` TPS, invariants checked afterwards;
 *  - embedded: PGlite — 50 clients on the products list while /api/health and a static file are timed alongside.
 * The 1M-movement filtered lists are measured by `npm run bench` (bench/run.ts, see bench/README.md).
 * Prints a table and writes bench/results/portal-<time>.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { openDb } from '../server/src/db';
import { ledgerMatchesBalances } from '../server/src/stock/ledger';
import { arg, numberArg } from './target';

const ROOT = path.resolve(__dirname, '..');
const SECONDS = numberArg('seconds', 8);
const ROUNDS = numberArg('rounds', 3);
/** Each API section first runs its load this long, unmeasured: the first round of a fresh server was always the slowest. */
const WARMUP_SECONDS = numberArg('warmup', 3);
const SKIP = new Set(arg('skip', '').split(',').filter(Boolean));
const PASSWORD = 'Bench-Portal-1';
const PORTS = { app: 8245, hello: 8246, embedded: 8247, lighthouse: 8248 };
const LIGHTHOUSE_RUNS = numberArg('lighthouse-runs', 3);
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const RESULTS = path.join(__dirname, 'results');

interface Row {
  figure: string;
  value: string;
  goal: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const raw: Record<string, unknown> = {};
function report(figure: string, value: string, goal: string, ok: boolean | null): void {
  rows.push({ figure, value, goal, ok });
  console.log(`  ${ok === null ? '·' : ok ? '✓' : '✗'} ${figure.padEnd(58)} ${value.padEnd(34)} goal ${goal}`);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

// ---------------------------------------------------------------------------------------------------------------- wrk

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Milliseconds from wrk's "12.34ms" / "850.00us" / "1.20s". */
function ms(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}

function parseWrk(out: string): WrkResult {
  const pct = (p: string) => ms(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const errs = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: pct('50'),
    p99: pct('99'),
    errors: Number(errs?.[1] ?? 0) + (sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}

function wrk(url: string, opts: { connections: number; seconds: number; token?: string; threads?: number }): Promise<WrkResult> {
  const args = [`-t${opts.threads ?? 2}`, `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', '--timeout', '10s'];
  if (opts.token) args.push('-H', `Authorization: Bearer ${opts.token}`);
  args.push('-H', 'Accept-Encoding: br, gzip', url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', () => resolve(parseWrk(out)));
  });
}

// ------------------------------------------------------------------------------------------------------------- servers

interface Server {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitHealthy(base: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log().slice(-3000)}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${log().slice(-3000)}`);
}

function stopper(child: ChildProcess, cleanup = () => undefined as void): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(cleanup());
      child.once('exit', () => resolve(cleanup()));
      child.kill('SIGTERM');
    });
}

/** The built server (server/dist/main.js) as `npm start` runs it, on PostgreSQL or an embedded database in a temp dir. */
async function startApp(port: number, databaseUrl?: string): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD };
  env.LOG_LEVEL = 'warn';
  env.SEED_DEMO = '1';
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child, () => log);
  return { base, child, stop: stopper(child, () => fs.rmSync(dataDir, { recursive: true, force: true })) };
}

/** The reference: a bare Fastify (the server's own version) answering {"hello":"world"}. */
async function startHello(port: number): Promise<Server> {
  const fastifyPath = require.resolve('fastify', { paths: [path.join(ROOT, 'server')] });
  const code = `const app = require(${JSON.stringify(fastifyPath)})();
app.get('/api/health', async () => ({ hello: 'world' }));
app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child, () => log);
  return { base, child, stop: stopper(child) };
}

async function signIn(base: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const body = (await r.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(body)}`);
  return body.token;
}

// ------------------------------------------------------------------------------------------------------------ sections

function pages(): void {
  console.log('\nFirst page (Chromium, JS on the wire, brotli)');
  const out = path.join(RESULTS, 'page-weight.json');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/page-weight.js'), '--json', out, '--port', String(PORTS.embedded)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const w = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    pages: { page: string; js: number; css: number; budget: number; total?: number }[];
  };
  raw.pages = w.pages;
  for (const p of w.pages) {
    const total = p.total !== undefined ? ` (page ${(p.total / 1024).toFixed(0)} KB)` : '';
    report(
      `JS ${p.page}`,
      `${(p.js / 1024).toFixed(1)} KB${total}`,
      `≤ ${p.page.includes('beyond') ? '+' : ''}${p.budget / 1024} KB`,
      p.js <= p.budget,
    );
  }
}

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  load: number;
}

/** One cold Lighthouse run (desktop preset) of `url`; `profile`: a Chromium profile to copy (it holds the session). */
function lighthouseRun(url: string, profile?: string): LighthouseRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-lighthouse-'));
  const out = path.join(dir, 'report.json');
  const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
  flags.push('--disable-sync', '--no-first-run');
  const args = [require.resolve('lighthouse/cli/index.js'), url, '--preset=desktop', '--output=json', `--output-path=${out}`];
  args.push('--quiet', '--only-categories=performance');
  if (profile) {
    // A copy per run: the session in localStorage, an empty HTTP cache (Lighthouse keeps both with --disable-storage-reset).
    const userDataDir = path.join(dir, 'profile');
    fs.cpSync(profile, userDataDir, { recursive: true });
    flags.push(`--user-data-dir=${userDataDir}`);
    args.push('--disable-storage-reset');
  }
  args.push(`--chrome-flags=${flags.join(' ')}`);
  try {
    execFileSync(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] });
    const lhr = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      finalDisplayedUrl: string;
      categories: { performance: { score: number } };
      audits: Record<string, { numericValue?: number }>;
    };
    // A lost session would measure the sign-in page under the name of the home page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse measured ${lhr.finalDisplayedUrl}, not ${url}`);
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: lhr.categories.performance.score,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      load: os.loadavg()[0],
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A Chromium profile whose localStorage holds the admin's session for `base` (what the shell reads: token, user). */
async function signedInProfile(base: string): Promise<string> {
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    })
  ).json()) as { token?: string; user?: unknown };
  if (!login.token) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate(
      (s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('user', JSON.stringify(s.user));
      },
      login as { token: string; user: unknown },
    );
  } finally {
    await context.close();
  }
  return profile;
}

async function lighthouse(): Promise<void> {
  console.log(`\nLighthouse desktop performance (lighthouse CLI, Chromium, ${LIGHTHOUSE_RUNS} cold runs per page, median)`);
  const app = await startApp(PORTS.lighthouse);
  let profile: string | undefined;
  try {
    profile = await signedInProfile(app.base);
    const pagesToRun = [
      { page: '/login', url: `${app.base}/login`, profile: undefined },
      { page: '/ signed in', url: `${app.base}/`, profile },
    ];
    const results: Record<string, LighthouseRun[]> = {};
    for (const p of pagesToRun) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const r = lighthouseRun(p.url, p.profile);
        runs.push(r);
        console.log(
          `    ${p.page} run ${i + 1}: ${r.score.toFixed(2)} (FCP ${(r.fcp / 1000).toFixed(2)} s, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}; load ${r.load.toFixed(1)})`,
        );
      }
      results[p.page] = runs;
      // The median run by score, so its timings are one run's (not medians of different runs).
      const mid = [...runs].sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)];
      report(
        `Lighthouse desktop performance ${p.page}`,
        `${mid.score.toFixed(2)} (${runs.map((r) => r.score.toFixed(2)).join(', ')}; LCP ${(mid.lcp / 1000).toFixed(2)} s, TBT ${mid.tbt.toFixed(0)} ms)`,
        '≥ 0.95',
        mid.score >= 0.95,
      );
    }
    raw.lighthouse = results;
  } finally {
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
    await app.stop();
  }
}

async function apiOnPostgres(databaseUrl: string): Promise<void> {
  console.log(`\nAPI on PostgreSQL: ${ROUNDS} rounds of ${SECONDS} s each, wrk -t2 -c50, alternating with a bare Fastify hello-world`);
  const app = await startApp(PORTS.app, databaseUrl);
  const hello = await startHello(PORTS.hello);
  try {
    const token = await signIn(app.base);
    // Warm-up, not measured: a fresh server prepares its statements and JITs its hot paths on every connection.
    await wrk(`${hello.base}/api/health`, { connections: 50, seconds: WARMUP_SECONDS });
    await wrk(`${app.base}/api/products?limit=50`, { connections: 50, seconds: WARMUP_SECONDS, token });
    await wrk(`${app.base}/api/health`, { connections: 50, seconds: WARMUP_SECONDS });
    const runs: { hello: WrkResult; list: WrkResult; health: WrkResult }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const h = await wrk(`${hello.base}/api/health`, { connections: 50, seconds: SECONDS });
      const list = await wrk(`${app.base}/api/products?limit=50`, { connections: 50, seconds: SECONDS, token });
      const health = await wrk(`${app.base}/api/health`, { connections: 50, seconds: SECONDS });
      runs.push({ hello: h, list, health });
      console.log(
        `    round ${i + 1}: hello ${h.rps.toFixed(0)} req/s · products ${list.rps.toFixed(0)} (p99 ${list.p99.toFixed(0)} ms, ${list.errors} errors) · health ${health.rps.toFixed(0)}`,
      );
    }
    raw.pg = runs;
    const listRatio = median(runs.map((r) => r.list.rps / r.hello.rps));
    const healthRatio = median(runs.map((r) => r.health.rps / r.hello.rps));
    const hr = median(runs.map((r) => r.hello.rps));
    report(
      'products list (limit 50) / hello-world req/s',
      `${(listRatio * 100).toFixed(1)} % (${median(runs.map((r) => r.list.rps)).toFixed(0)} / ${hr.toFixed(0)})`,
      '≥ 10 %',
      listRatio >= 0.1,
    );
    report(
      '/api/health / hello-world req/s',
      `${(healthRatio * 100).toFixed(1)} % (${median(runs.map((r) => r.health.rps)).toFixed(0)} / ${hr.toFixed(0)})`,
      '≥ 50 %',
      healthRatio >= 0.5,
    );
  } finally {
    await hello.stop();
    await app.stop();
  }
}

/** 16 clients posting loads as fast as answers come back, for `seconds`; returns posts per second. */
async function postMovements(
  base: string,
  token: string,
  seconds: number,
  productIds: number[],
  warehouseIds: number[],
): Promise<{ tps: number; status: Record<string, number> }> {
  const status: Record<string, number> = {};
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  const worker = async () => {
    while (performance.now() < deadline) {
      const r = await fetch(`${base}/api/stock-movements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          movement_type: 'C',
          movement_date: '15/06/2025',
          product_id: pick(productIds),
          warehouse_id: pick(warehouseIds),
          quantity: String(1 + Math.floor(Math.random() * 20)), // exact decimal text, as every client sends it
        }),
      });
      await r.arrayBuffer();
      status[r.status] = (status[r.status] ?? 0) + 1;
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return { tps: done / ((performance.now() - started) / 1000), status };
}

function pgbench(databaseUrl: string, seconds: number): number {
  const out = execFileSync('pgbench', ['-N', '-c', '16', '-j', '2', '-T', String(seconds), databaseUrl], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
}

async function writes(databaseUrl: string): Promise<void> {
  console.log(`\nWrites on PostgreSQL: ${ROUNDS} rounds, movement posting (16 clients) alternating with pgbench -N -c 16 (scale 10)`);
  execFileSync('pgbench', ['-i', '-s', '10', '-q', databaseUrl], { stdio: ['ignore', 'ignore', 'ignore'] });
  const app = await startApp(PORTS.app, databaseUrl);
  const db = await openDb({ databaseUrl });
  try {
    const token = await signIn(app.base);
    // Active products only: posting to an inactive one is a 409 PRODUCT_INACTIVE (2 of the demo's 32 were 6 % of posts).
    const products = (
      await db.query<{ id: number }>("SELECT id FROM products WHERE NOT has_batch AND status = 'active' AND deleted_at IS NULL LIMIT 500")
    ).rows.map((r) => r.id);
    const warehouses = (await db.query<{ id: number }>('SELECT id FROM warehouses WHERE is_active AND deleted_at IS NULL')).rows.map(
      (r) => r.id,
    );
    if (!products.length || !warehouses.length) throw new Error('no products or warehouses to post to (demo data missing)');
    await postMovements(app.base, token, WARMUP_SECONDS, products, warehouses); // warm-up, not measured
    const runs: { pgbench: number; posts: number; status: Record<string, number> }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const tps = pgbench(databaseUrl, SECONDS);
      const posts = await postMovements(app.base, token, SECONDS, products, warehouses);
      runs.push({ pgbench: tps, posts: posts.tps, status: posts.status });
      console.log(`    round ${i + 1}: pgbench ${tps.toFixed(0)} tps · posting ${posts.tps.toFixed(0)} /s ${JSON.stringify(posts.status)}`);
    }
    raw.writes = runs;
    const ratio = median(runs.map((r) => r.posts / r.pgbench));
    report(
      'movement posting ×16 / pgbench -N -c 16 TPS',
      `${(ratio * 100).toFixed(1)} % (${median(runs.map((r) => r.posts)).toFixed(0)} / ${median(runs.map((r) => r.pgbench)).toFixed(0)})`,
      '≥ 15 %',
      ratio >= 0.15,
    );
    const check = await ledgerMatchesBalances(db);
    raw.invariants = check;
    report(
      'invariants after posting (Σ ledger = balances, none negative)',
      JSON.stringify(check).slice(0, 34),
      'hold',
      Boolean((check as { ok?: boolean }).ok ?? true),
    );
  } finally {
    await db.close();
    await app.stop();
  }
}

async function embedded(): Promise<void> {
  console.log(
    `\nEmbedded database (PGlite): 50 clients on the products list for ${SECONDS} s; /api/health and a static file timed alongside (2 clients each)`,
  );
  const app = await startApp(PORTS.embedded);
  try {
    const token = await signIn(app.base);
    const index = await (await fetch(`${app.base}/`)).text();
    const script = /src="?([^" >]+\.js)/.exec(index)?.[1] ?? '/favicon.svg';
    await wrk(`${app.base}/api/products?limit=50`, { connections: 50, seconds: WARMUP_SECONDS, token }); // warm-up
    const [list, health, file] = await Promise.all([
      wrk(`${app.base}/api/products?limit=50`, { connections: 50, seconds: SECONDS, token }),
      wrk(`${app.base}/api/health`, { connections: 2, seconds: SECONDS, threads: 1 }),
      wrk(`${app.base}${script}`, { connections: 2, seconds: SECONDS, threads: 1 }),
    ]);
    raw.embedded = { list, health, file, script };
    report('PGlite: /api/health p99 under 50 list clients', `${health.p99.toFixed(1)} ms`, '< 100 ms', health.p99 < 100);
    report(`PGlite: static ${script} p99 under 50 list clients`, `${file.p99.toFixed(1)} ms`, '< 100 ms', file.p99 < 100);
    report(
      'PGlite: products list p99 with 50 clients',
      `${list.p99.toFixed(0)} ms (${list.rps.toFixed(0)} req/s)`,
      '< 1 s',
      list.p99 < 1000,
    );
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(RESULTS, { recursive: true });
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`Portal benchmark — ${os.cpus().length} CPUs, load average ${load} (a shared machine: read the ratios)`);
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!SKIP.has('pages')) pages();
  if (!SKIP.has('lighthouse')) await lighthouse();
  if (!SKIP.has('embedded')) await embedded();
  if (databaseUrl && !SKIP.has('pg')) await apiOnPostgres(databaseUrl);
  if (databaseUrl && !SKIP.has('writes')) await writes(databaseUrl);
  if (!databaseUrl) console.log('\n(DATABASE_URL not set: the PostgreSQL sections are skipped)');
  console.log('\n1M-movement filtered lists: `npm run bench:seed && npm run bench` (bench/run.ts, figures in bench/README.md).');
  const file = path.join(RESULTS, `portal-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ load_average: os.loadavg(), seconds: SECONDS, rounds: ROUNDS, rows, raw }, null, 2));
  console.log(`\n${rows.filter((r) => r.ok === false).length} of ${rows.length} figures miss their goal · ${path.relative(ROOT, file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
