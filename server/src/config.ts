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
  };
}
