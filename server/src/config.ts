import path from 'node:path';

/** Everything the server reads from its environment, read once at start (main.ts) and passed down. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite under `dataDir` is used. */
  databaseUrl?: string;
  dataDir: string;
  /** Password of the `admin` user created at first start; when absent a strong one is generated and printed once. */
  adminPassword?: string;
  sessionTtlHours: number;
  logLevel: string;
  /** Repository root: where shell/dist, mf-<name>/dist, releases/ and remotes.json live. */
  webRoot: string;
  /** The remotes discovery file served at /remotes.json. */
  remotesFile: string;
  /** Goods receipt: how far (percent of the ordered quantity) an order item may be received beyond what was ordered. */
  receiptOverTolerancePercent: number;
  /**
   * Which proxies in front of the server are trusted to say who the client is (X-Forwarded-For): `false` (default, the
   * peer address is the client), `true` (any), a hop count, or addresses/CIDRs. The sign-in throttle and the activity log
   * read the client address from it, so behind a proxy it must be set, or every user shares the proxy's address.
   */
  trustProxy: boolean | number | string[];
  /** /metrics on the main port, for callers sending `Authorization: Bearer <this>` (metrics/plugin.ts). */
  metricsToken?: string;
  /** /metrics on a port of its own (bound to `metricsHost`); the token is required there too when set. */
  metricsPort?: number;
  metricsHost: string;
  /** SIGTERM: how long /api/ready answers 503 before the server stops taking connections (a balancer's time to notice). */
  shutdownDelayMs: number;
  /** Shutdown: in-flight requests get this long to finish before the process exits anyway (exit code 1). */
  shutdownTimeoutMs: number;
}

/** From src/ (tsx, jest) and from dist/ (node) alike, two levels up is the repository root. */
const REPO_ROOT = path.resolve(__dirname, '../..');

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return n;
}

function nonNegativeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number ≥ 0 (got "${raw}")`);
  return n;
}

function nonEmpty(raw: string | undefined): string | undefined {
  return raw !== undefined && raw.trim() !== '' ? raw : undefined;
}

/** TRUST_PROXY: unset/`false`, `true`, a hop count (`1`), or a comma-separated list of addresses/CIDRs. */
export function trustProxyFrom(raw: string | undefined): boolean | number | string[] {
  const value = nonEmpty(raw)?.trim();
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((a) => a.trim());
  if (list.some((a) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a))) {
    throw new Error(`TRUST_PROXY must be true, false, a hop count or addresses/CIDRs separated by commas (got "${raw}")`);
  }
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const webRoot = path.resolve(nonEmpty(env.WEB_ROOT) ?? REPO_ROOT);
  return {
    port: Math.trunc(positiveNumber('PORT', env.PORT, 8080)),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    sessionTtlHours: positiveNumber('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 12),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    webRoot,
    remotesFile: path.resolve(nonEmpty(env.REMOTES_FILE) ?? path.join(webRoot, 'remotes.json')),
    receiptOverTolerancePercent: nonNegativeNumber('RECEIPT_OVER_TOLERANCE_PERCENT', env.RECEIPT_OVER_TOLERANCE_PERCENT, 10),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    metricsPort: env.METRICS_PORT?.trim() ? Math.trunc(positiveNumber('METRICS_PORT', env.METRICS_PORT, 0)) : undefined,
    metricsHost: nonEmpty(env.METRICS_HOST) ?? '127.0.0.1',
    shutdownDelayMs: nonNegativeNumber('SHUTDOWN_DELAY_MS', env.SHUTDOWN_DELAY_MS, 0),
    shutdownTimeoutMs: positiveNumber('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000),
  };
}
