/**
 * Which database the benchmark uses: PostgreSQL schema "bench" at DATABASE_URL when set (never the tests' schemas), else a
 * PGlite data directory under bench/results (git-ignored). Both the seeder and the runner open it through openDb, so the
 * migrations are the application's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { openDb, type Db } from '../server/src/db';

export const BENCH_SCHEMA = 'bench';
export const PGLITE_DIR = path.resolve(__dirname, 'results/pglite-db');

export interface Target {
  kind: 'pg' | 'pglite';
  label: string;
  open(): Promise<Db>;
  /** Empties the benchmark database (drops the schema / deletes the data directory). */
  reset(): Promise<void>;
}

export function benchTarget(env: NodeJS.ProcessEnv = process.env): Target {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    return {
      kind: 'pg',
      label: `PostgreSQL (${url.replace(/\/\/[^@]*@/, '//…@')}, schema ${BENCH_SCHEMA})`,
      open: () => openDb({ databaseUrl: url, schema: BENCH_SCHEMA }),
      async reset() {
        const pool = new Pool({ connectionString: url, max: 1 });
        try {
          await pool.query(`DROP SCHEMA IF EXISTS ${BENCH_SCHEMA} CASCADE`);
        } finally {
          await pool.end();
        }
      },
    };
  }
  return {
    kind: 'pglite',
    label: `PGlite (${path.relative(process.cwd(), PGLITE_DIR)})`,
    open: () => openDb({ dataDir: PGLITE_DIR }),
    async reset() {
      fs.rmSync(PGLITE_DIR, { recursive: true, force: true });
    },
  };
}

/** `--name value` or `--name=value` from argv, else the fallback. */
export function arg(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1] ?? fallback;
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return fallback;
}

export function numberArg(name: string, fallback: number): number {
  const n = Number(arg(name, String(fallback)));
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}
