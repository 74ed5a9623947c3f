#!/usr/bin/env node
/**
 * Rolling restart behind nginx (issue 23), run by CI after the end-to-end tests:
 *   ROLLING_DATABASE_URL=postgres://… node scripts/rolling-restart-test.js [--port 8185] [--seconds 6]
 * Starts nginx (deploy/nginx, rendered into a temp dir, as a child process: no system service) in front of two app
 * servers (`node server/dist/main.js`, built beforehand) on one PostgreSQL database; 20 clients send mixed reads and sales
 * (each sale with its own Idempotency-Key, sent again with the same key after a connection error, as a real client does)
 * through nginx while each app server in turn gets SIGTERM, exits, is started again and becomes ready.
 * Passes when: no request failed (every answer 2xx), both servers exited 0, every acknowledged sale is in the database
 * exactly once (and nothing else was sold), the stock fell by exactly the sales, and ledgerMatchesBalances holds.
 * Prints a JSON report { passed, failed, checks, figures } (the format .ci/summary.js adds up); exit code 1 on a failure.
 * Before that, SIGTERM at process level (sigtermPhase). Ports: nginx on --port, the app servers on the three ports after it.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { render } = require('../deploy/nginx/render');

const ROOT = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const PROXY_PORT = Number(arg('port', process.env.ROLLING_PORT ?? 8185));
const LOAD_SECONDS_AFTER = Number(arg('seconds', 3));
const CLIENTS = 20;
/** nginx's fail_timeout (deploy/nginx/render.js default). */
const FAIL_TIMEOUT_S = 3;
const DATABASE_URL = process.env.ROLLING_DATABASE_URL ?? process.env.DATABASE_URL;
const ADMIN_PASSWORD = 'Rolling-Admin-Password-1';
const BASE = `http://127.0.0.1:${PROXY_PORT}`;
const INITIAL_STOCK = 1_000_000;
/** The built server (another folder for a copy: --server-dist). */
const SERVER_DIST = path.resolve(ROOT, arg('server-dist', 'server/dist'));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error(`[rolling ${new Date().toISOString().slice(11, 23)}]`, ...a);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-rolling-'));
const children = new Set();
const checks = [];
const figures = {};
function check(name, ok, detail) {
  checks.push(ok ? { name, ok } : { name, ok, error: detail });
  log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : `: ${detail}`}`);
}

function track(child, name) {
  let out = '';
  let head = '';
  child.upstreamErrors = 0;
  const keep = (d) => {
    // nginx: a connection to an app server refused or cut (each one retried on the other server, or a failure).
    child.upstreamErrors += (String(d).match(/\[error\].*(connect\(\) failed|prematurely closed|reset by peer)/g) ?? []).length;
    if (head.length < 3000) head += d;
    out = (out + d).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.add(child);
  child.exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  child.tail = () => `${name}:\n${head.slice(0, 3000)}\n…\n${out.slice(-3000)}`;
  return child;
}

// ------------------------------------------------------------------------------------------------------- processes

function startNginx() {
  const ports = [PROXY_PORT + 1, PROXY_PORT + 2];
  const files = render({
    out: tmp,
    webRoot: ROOT,
    upstreams: ports.map((p) => `127.0.0.1:${p}`),
    listen: `127.0.0.1:${PROXY_PORT}`,
    failTimeout: `${FAIL_TIMEOUT_S}s`,
    // As root (CI), the workers read the checkout as the same user (a clean clone may sit in a private directory).
    user: process.getuid?.() === 0 ? 'root' : undefined,
  });
  const test = spawnSync('nginx', ['-t', '-q', '-p', tmp, '-c', files.nginx], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  return track(spawn('nginx', ['-p', tmp, '-c', files.nginx], { stdio: ['ignore', 'pipe', 'pipe'] }), 'nginx');
}

function startApp(port, extraEnv = {}) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL,
    ADMIN_PASSWORD,
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DELAY_MS: '300',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  for (const k of ['SEED_DEMO', 'METRICS_PORT', 'METRICS_TOKEN', 'DATA_DIR']) delete env[k];
  const child = spawn(process.execPath, [path.join(SERVER_DIST, 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return track(child, `app :${port}`);
}

async function waitFor(url, what, child, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before it was ready\n${child.tail()}`);
    await sleep(100);
  }
  throw new Error(`${what} not ready after ${ms} ms${child ? `\n${child.tail()}` : ''}`);
}

// --------------------------------------------------------------------------------------------------------- clients

const stats = { requests: 0, reads: 0, writes: 0, replays: 0, clientRetries: 0, failures: [] };

/**
 * One request as a real client sends it: after a connection error (no answer at all) the same request again, with the
 * same Idempotency-Key for a write, up to 5 times. Any answer that is not 2xx is a failure.
 */
async function request(method, url, { token, body, key } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  for (let attempt = 1; ; attempt++) {
    let res;
    try {
      res = await fetch(`${BASE}${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      if (attempt < 5) {
        stats.clientRetries++;
        await sleep(100 * attempt);
        continue;
      }
      throw new Error(`${method} ${url}: no answer after ${attempt} tries (${err.cause?.code ?? err.message})`);
    }
    stats.requests++;
    const text = await res.text();
    if (res.status < 200 || res.status > 299) {
      const failure = `${method} ${url} → ${res.status} ${text.slice(0, 200)}`;
      stats.failures.push(failure);
      throw new Error(failure);
    }
    if (res.headers.get('idempotency-replayed') === 'true') stats.replays++;
    const type = res.headers.get('content-type') ?? '';
    return type.includes('json') ? JSON.parse(text) : text;
  }
}

async function client(n, ctx, stop) {
  let i = 0;
  while (!stop.now) {
    i++;
    const r = (n * 7 + i * 13) % 10;
    try {
      if (r < 4) {
        const key = `rolling-${process.pid}-${n}-${i}`;
        const sale = await request('POST', '/api/sales', {
          token: ctx.token,
          key,
          body: { product_id: ctx.productId, warehouse_id: ctx.warehouseId, quantity: '1', customer_id: ctx.customerId },
        });
        stats.writes++;
        ctx.acknowledged.set(key, sale.id);
      } else {
        const reads = [
          `/api/stock?product_id=${ctx.productId}`,
          '/api/sales?limit=20',
          '/api/products?limit=20',
          '/api/warehouses',
          '/remotes.json',
          '/api/auth/me',
        ];
        await request('GET', reads[r % reads.length], { token: ctx.token });
        stats.reads++;
      }
    } catch (err) {
      if (!stats.failures.includes(err.message)) stats.failures.push(err.message);
    }
  }
}

// ------------------------------------------------------------------------------------------------ SIGTERM, one process

/** Raw HTTP: a request whose body is sent in two parts (the second when the test says), so it is in flight at SIGTERM. */
function slowLogin(port) {
  const http = require('node:http');
  const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/login',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { answer, finish: () => req.end(body.slice(10)) };
}

/**
 * A server alone (no proxy) with SHUTDOWN_DELAY_MS=1500 gets SIGTERM while a sign-in is half sent: during the delay
 * /api/ready answers 503 SHUTTING_DOWN (the server still takes connections); after it, no new connection; the sign-in
 * in flight is answered 200; the process exits 0.
 */
async function sigtermPhase(port) {
  const app = startApp(port, { SHUTDOWN_DELAY_MS: '1500' });
  await waitFor(`http://127.0.0.1:${port}/api/ready`, `app :${port}`, app);
  const inFlight = slowLogin(port);
  await sleep(300);
  const t0 = Date.now();
  app.kill('SIGTERM');
  await sleep(300);
  const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(async (r) => ({ status: r.status, body: await r.json() }));
  check(
    'SIGTERM: /api/ready answers 503 SHUTTING_DOWN during SHUTDOWN_DELAY_MS',
    ready.status === 503 && ready.body.code === 'SHUTTING_DOWN',
    JSON.stringify(ready),
  );
  await sleep(Math.max(0, 1500 + 400 - (Date.now() - t0)));
  const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => `answered ${r.status}`,
    (err) => err.cause?.code ?? err.message,
  );
  check('SIGTERM: after the delay no new connection is taken', refused === 'ECONNREFUSED', refused);
  inFlight.finish();
  const answer = await inFlight.answer.catch((err) => ({ status: 0, text: String(err.message) }));
  check(
    'SIGTERM: the request in flight is answered',
    answer.status === 200 && typeof JSON.parse(answer.text).token === 'string',
    JSON.stringify(answer),
  );
  const exit = await app.exited;
  check('SIGTERM: the process exits 0', exit.code === 0, JSON.stringify(exit));
}

// --------------------------------------------------------------------------------------------- nginx's web answers

/** The built web app through nginx: pre-compressed twins, cache headers, hidden build files, the page from the app. */
async function webChecks() {
  const shellDist = path.join(ROOT, 'shell/dist');
  const hashed = fs.readdirSync(shellDist).find((f) => /\.[0-9a-f]{8,}\.js$/.test(f) && fs.existsSync(path.join(shellDist, `${f}.br`)));
  const head = async (url, headers = {}) => {
    const r = await fetch(`${BASE}${url}`, { headers });
    await r.arrayBuffer();
    return { status: r.status, h: (n) => r.headers.get(n) ?? '' };
  };
  if (hashed) {
    const br = await head(`/${hashed}`, { 'accept-encoding': 'br, gzip' });
    const expectBr = fs.existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so') ? 'br' : 'gzip';
    check(
      `nginx: a hashed file is sent pre-compressed (${expectBr}), immutable, Vary: Accept-Encoding`,
      br.status === 200 &&
        br.h('content-encoding') === expectBr &&
        br.h('cache-control').includes('immutable') &&
        /accept-encoding/i.test(br.h('vary')),
      `${br.status} ${br.h('content-encoding')} ${br.h('cache-control')} ${br.h('vary')}`,
    );
    const gz = await head(`/${hashed}`, { 'accept-encoding': 'gzip' });
    check('nginx: gzip for a browser without brotli', gz.h('content-encoding') === 'gzip', gz.h('content-encoding'));
  } else {
    check('nginx: shell/dist has a hashed .js with its .br twin', false, 'none found: build first');
  }
  const manifest = await head('/mf/registry/mf-manifest.json', { 'accept-encoding': 'gzip' });
  check(
    "nginx: a remote's mf-manifest.json is served no-cache",
    manifest.status === 200 && manifest.h('cache-control') === 'no-cache',
    `${manifest.status} ${manifest.h('cache-control')}`,
  );
  const map = fs.readdirSync(path.join(ROOT, 'mf-registry/dist')).find((f) => f.endsWith('.map'));
  if (map) {
    const hidden = await head(`/mf/registry/${map}`);
    check('nginx: source maps answer 404', hidden.status === 404, String(hidden.status));
  }
  const page = await head('/', { accept: 'text/html' });
  check(
    'nginx: the page comes from the app (no-cache, its Content-Security-Policy)',
    page.status === 200 && page.h('cache-control') === 'no-cache' && page.h('content-security-policy').includes("default-src 'self'"),
    `${page.status} ${page.h('cache-control')} ${page.h('content-security-policy').slice(0, 80)}`,
  );
  const deep = await head('/anagrafica/prodotti', { accept: 'text/html' });
  check('nginx: a deep link gets the page', deep.status === 200, String(deep.status));
  const metrics = await head('/metrics');
  check('nginx: /metrics is not passed on', metrics.status === 404, String(metrics.status));
}

// ------------------------------------------------------------------------------------------------------------ main

async function setUp() {
  const login = await request('POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
  const token = login.token;
  const tag = `${process.pid}-${Date.now()}`;
  const warehouse = await request('POST', '/api/warehouses', { token, body: { name: `Rolling ${tag}` } });
  const product = await request('POST', '/api/products', {
    token,
    body: { code: `ROLL-${tag}`, description: 'Rolling restart', category: 'Test', currency: 'EUR' },
  });
  const customer = await request('POST', '/api/customers', {
    token,
    body: {
      business_name: `Cliente ${tag}`,
      vat_number: 'IT00000000000',
      address: 'Via Roma 1',
      city: 'Milano',
      province: 'MI',
      zip_code: '20100',
      country: 'Italia',
      email: 'rolling@example.com',
      phone: '021234567',
    },
  });
  await request('POST', '/api/stock-movements', {
    token,
    body: {
      movement_type: 'C',
      movement_date: new Date().toISOString().slice(0, 10),
      product_id: product.id,
      warehouse_id: warehouse.id,
      quantity: String(INITIAL_STOCK),
    },
  });
  return { token, productId: product.id, warehouseId: warehouse.id, customerId: customer.id, acknowledged: new Map() };
}

let nginxTail = () => '';

async function verify(ctx, exits) {
  check(
    '0 failed requests',
    stats.failures.length === 0,
    `${stats.failures.length} distinct failures, e.g. ${stats.failures.slice(0, 3).join(' | ').replace(/\s+/g, ' ')}\n${nginxTail()}`,
  );
  check(
    'each app server exited 0 on SIGTERM',
    exits.every((e) => e.code === 0),
    JSON.stringify(exits),
  );
  check('sales were acknowledged during the restarts', ctx.acknowledged.size > 0, 'no sale');
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString: DATABASE_URL, max: 2 });
  try {
    const ids = [...ctx.acknowledged.values()];
    const sold = await pool.query('SELECT id FROM sales WHERE product_id = $1', [ctx.productId]);
    const inDb = new Set(sold.rows.map((r) => Number(r.id)));
    const missing = ids.filter((id) => !inDb.has(Number(id)));
    check('0 lost writes: every acknowledged sale is in the database', missing.length === 0, `missing ${missing.slice(0, 10)}`);
    check(
      'exactly once: one sale per acknowledged key, nothing more',
      new Set(ids).size === ids.length && sold.rows.length === ids.length,
      `${ids.length} acknowledged (${new Set(ids).size} distinct ids), ${sold.rows.length} in the database`,
    );
    const bal = await pool.query('SELECT coalesce(sum(quantity), 0)::text AS q FROM stock_balances WHERE product_id = $1', [ctx.productId]);
    const expected = INITIAL_STOCK - ids.length;
    check('the stock fell by exactly the sales', Number(bal.rows[0].q) === expected, `balance ${bal.rows[0].q}, expected ${expected}`);
    const { ledgerMatchesBalances } = require(path.join(SERVER_DIST, 'stock/invariants'));
    const inv = await ledgerMatchesBalances(pool);
    check(
      'ledger invariants hold (ledgerMatchesBalances)',
      inv.ok === true,
      JSON.stringify({ ...inv, movements: undefined }).slice(0, 500),
    );
  } finally {
    await pool.end();
  }
}

async function main() {
  if (!DATABASE_URL) throw new Error('ROLLING_DATABASE_URL (or DATABASE_URL) must name a PostgreSQL database');
  if (!fs.existsSync(path.join(SERVER_DIST, 'main.js'))) throw new Error(`${SERVER_DIST}/main.js missing: npm run build first`);
  if (spawnSync('nginx', ['-v']).error) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const ports = [PROXY_PORT + 1, PROXY_PORT + 2];
  const apps = [];
  // One after the other: the first applies the migrations.
  for (const port of ports) {
    apps.push(startApp(port));
    await waitFor(`http://127.0.0.1:${port}/api/ready`, `app :${port}`, apps.at(-1));
  }
  await sigtermPhase(PROXY_PORT + 3);
  const nginx = startNginx();
  nginxTail = nginx.tail;
  await waitFor(`${BASE}/api/health`, 'nginx', nginx, 10_000);
  await webChecks();
  const ctx = await setUp();
  const stop = { now: false };
  const t0 = Date.now();
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n, ctx, stop));
  await sleep(1500);
  const exits = [];
  const restarts = [];
  for (let i = 0; i < apps.length; i++) {
    const r0 = Date.now();
    apps[i].kill('SIGTERM');
    exits.push(await apps[i].exited);
    const down = Date.now() - r0;
    apps[i] = startApp(ports[i]);
    await waitFor(`http://127.0.0.1:${ports[i]}/api/ready`, `app :${ports[i]}`, apps[i]);
    restarts.push({ port: ports[i], exitMs: down, backMs: Date.now() - r0 });
    log(`app :${ports[i]} restarted (exit after ${down} ms, ready after ${Date.now() - r0} ms)`);
    // nginx's passive checks left the server alone for fail_timeout after its refusals: wait until nginx sends to it
    // again before stopping the next one (else nginx has no live server for a moment: 502). The README says the same.
    await sleep(FAIL_TIMEOUT_S * 1000 + 1000);
  }
  await sleep(LOAD_SECONDS_AFTER * 1000);
  stop.now = true;
  await Promise.all(clients);
  const seconds = (Date.now() - t0) / 1000;
  Object.assign(figures, {
    clients: CLIENTS,
    seconds,
    requests: stats.requests,
    reads: stats.reads,
    writes: stats.writes,
    requestsPerSecond: Math.round(stats.requests / seconds),
    idempotentReplays: stats.replays,
    clientRetriesAfterConnectionErrors: stats.clientRetries,
    restarts,
    nginxUpstreamErrorsRetried: nginx.upstreamErrors,
  });
  await verify(ctx, exits);
  for (const a of apps) a.kill('SIGTERM');
  nginx.kill('SIGQUIT');
  await Promise.all([...apps, nginx].map((c) => c.exited));
}

main()
  .catch((err) => check('rolling restart runs', false, err.stack ?? String(err)))
  .finally(() => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
    const passed = checks.filter((c) => c.ok).length;
    console.log(JSON.stringify({ passed, failed: checks.length - passed, checks, figures }, null, 2));
    process.exit(checks.length - passed > 0 || passed === 0 ? 1 : 0);
  });
