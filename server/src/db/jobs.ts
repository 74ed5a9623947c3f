import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from './types';

/**
 * Background jobs that must run once across every app server sharing the database (issue 23): month closings,
 * idempotency-key pruning. Each run takes a transaction-level advisory lock named after the job and the schema; an
 * instance that does not get it skips this round (another one is doing the work), and the lock goes with the commit,
 * so a crashed instance never holds it.
 */

/** Runs `work` inside one transaction holding the job's advisory lock; `{ ran: false }` when another instance holds it. */
export async function runExclusive<T>(
  db: Db,
  job: string,
  work: (q: Queryable) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  return db.tx(async (q) => {
    const { rows } = await q.query<{ got: boolean }>(
      // The schema is part of the name: parallel test schemas (or two portals in one database) never block each other.
      `SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || ':wms-job:' || $1)) AS got`,
      [job],
    );
    if (!rows[0].got) return { ran: false as const };
    return { ran: true as const, value: await work(q) };
  });
}

export interface JobSchedule {
  /** The lock's name and the log's. */
  name: string;
  /** Delay of the first run after the app is ready (0: at once). */
  firstDelayMs: number;
  intervalMs: number;
  /** One run, returning how many things it did (logged when > 0). */
  work: (q: Queryable) => Promise<number>;
}

/**
 * Runs a job on unref'd timers while `app` runs: first after `firstDelayMs` once ready, then every `intervalMs`; never
 * two runs of one instance at once; a failure is logged and retried next time; closing the app stops the timers and
 * waits for a run under way.
 */
export function scheduleJob(app: FastifyInstance, db: Db, { name, firstDelayMs, intervalMs, work }: JobSchedule): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = runExclusive(db, name, work)
      .then((r) => {
        if (!r.ran) app.log.debug({ job: name }, 'job: another instance runs it');
        else if (r.value > 0) app.log.info({ job: name, done: r.value }, 'job done');
      })
      .catch((err: unknown) => app.log.warn({ err, job: name }, 'job failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      run();
      if (!stopped) timer = setInterval(run, intervalMs).unref();
    }, firstDelayMs).unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer); // clears an interval as well
    timer = null;
    await running;
  });
}
