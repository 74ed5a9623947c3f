import { companyDay } from '@wms/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db';

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

/** Closes the past months when the server gets ready, then hourly in the background (a failure is logged, retried next time). */
export function scheduleClosings(app: FastifyInstance): void {
  const run = () =>
    closeMonths(app.db).then(
      (n) => n > 0 && app.log.info({ months: n }, 'valuation: months closed'),
      (err: unknown) => app.log.warn({ err }, 'valuation: closing the past months failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, CLOSING_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
