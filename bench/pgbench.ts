import { execFileSync } from 'node:child_process';
import { Pool } from 'pg';

/**
 * The reference the write benchmarks compare against (sales, transfers): `pgbench -N` on the same PostgreSQL, in a schema
 * of its own, with as many clients and seconds as the benchmark's own load.
 */

/** Drops and creates `schema` (a benchmark's own tables, or pgbench's). */
export async function resetSchema(url: string, schema: string): Promise<void> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await pool.end();
  }
}

/** `pgbench -i -s 10` then `pgbench -N -c <clients> -T <seconds>` in `schema`: its TPS and its output. */
export function pgbench(url: string, clients: number, seconds: number, schema: string): { tps: number; output: string } {
  const env = { ...process.env, PGOPTIONS: `-c search_path=${schema}` };
  execFileSync('pgbench', ['-i', '-q', '-s', '10', url], { env, stdio: 'pipe' });
  const output = execFileSync('pgbench', ['-N', '-c', String(clients), '-j', '2', '-T', String(seconds), url], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const m = /tps = ([\d.]+)/.exec(output);
  if (!m) throw new Error(`pgbench printed no tps:\n${output}`);
  return { tps: Number(m[1]), output };
}
