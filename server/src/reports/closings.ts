import { companyDay } from '@wms/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db';
import { scheduleJob } from '../db/jobs';

/**
 * Monthly closings of the valuation (migration 011): closes every month before the current company month (Europe/Rome)
 * that has movements and is not closed yet. The ledger's trigger keeps closed months equal to the ledger whatever is
 * posted later (back-dated movements included), so closing is only a materialisation: a month not closed yet makes the
 * valuation of a day in it read the monthly changes instead, never a different figure. Returns how many months it closed.
 */
export async function closeMonths(q: Queryable, today: string = companyDay()): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT stock_close_months((date_trunc('month', $1::date) - interval '1 day')::date) AS n`,
    [today],
  );
  return rows[0].n;
}

/** How often the server looks for a month to close (the first look is at start). */
const CLOSING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Closes the past months in the background once the server is ready, then hourly, once across every app server sharing
 * the database (db/jobs.ts; a failure is logged, retried next time). Not awaited by the start: the first start on a
 * large ledger closes every past month at once (over 10 s for 1 000 000 movements on a busy machine, which Fastify's
 * ready timeout turned into a failed start), and the valuation is the same figure before a month is closed. Closing
 * stops the server only after a closing under way has ended.
 */
export function scheduleClosings(app: FastifyInstance): void {
  scheduleJob(app, app.db, { name: 'month-closings', firstDelayMs: 0, intervalMs: CLOSING_INTERVAL_MS, work: (q) => closeMonths(q) });
}
