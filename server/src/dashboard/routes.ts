import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDays, can, companyToday, dashboardSchema, type Dashboard } from '@wms/shared-api';
import { setting } from '../replenishment/sql';
import { MonthEndChart } from './chart';
import { DashboardCards } from './cards';

/** Default of the "batches expiring" window when the setting is missing (migration 021 sets 30). */
export const DEFAULT_EXPIRY_ALERT_DAYS = 30;

/** The Sunday of `today`'s week (Monday first), yyyy-MM-dd. */
export function weekEnd(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(today, 6 - weekday);
}

/**
 * GET /dashboard (issue 28): every card of the home page and its chart in one answer, each only for a role that may open
 * the list it leads to (shared-api permissions.ts): batches (stockLevels; the expired value with valuation), below minimum
 * (stockLevels or replenishment; "to reorder" with replenishment), orders late and arriving (purchaseOrders or
 * goodsReceipt), transfers in transit (transfersRead), open inventory counts (inventoryCount or inventoryReview), the
 * month-end chart (valuation). Any signed-in user may call it: a role with no card gets nulls.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const chart = new MonthEndChart(db);
  const counts = new DashboardCards(db);

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The home page's alert cards and month-end chart for the caller's role",
        response: { 200: dashboardSchema },
      },
    },
    async (request): Promise<Dashboard> => {
      const role = request.user.role;
      const today = companyToday();
      const wanted = {
        expiry: can(role, 'stockLevels'),
        expiredValue: can(role, 'stockLevels') && can(role, 'valuation'),
        belowMinimum: can(role, 'stockLevels') || can(role, 'replenishment'),
        toReorder: can(role, 'replenishment'),
        orders: can(role, 'purchaseOrders') || can(role, 'goodsReceipt'),
        transfers: can(role, 'transfersRead'),
        counts: can(role, 'inventoryCount') || can(role, 'inventoryReview'),
      };
      const days = wanted.expiry ? await setting(db, 'expiry_alert_days', DEFAULT_EXPIRY_ALERT_DAYS) : DEFAULT_EXPIRY_ALERT_DAYS;
      const until = addDays(today, days);
      const sunday = weekEnd(today);
      const [c, months] = await Promise.all([
        counts.get(today, until, sunday, wanted),
        can(role, 'valuation') ? chart.get(today) : Promise.resolve(null),
      ]);
      return {
        today,
        cards: {
          expiring_batches: wanted.expiry ? { count: c.expiring ?? 0, within_days: days, until } : null,
          expired_batches: wanted.expiry ? { count: c.expired ?? 0, values: c.expired_values } : null,
          below_minimum: wanted.belowMinimum
            ? { count: c.below_minimum ?? 0, to_reorder: wanted.toReorder ? (c.to_reorder ?? 0) : null }
            : null,
          late_orders: wanted.orders ? { count: c.late ?? 0 } : null,
          arriving_this_week: wanted.orders ? { count: c.arriving ?? 0, until: sunday } : null,
          transfers_in_transit: wanted.transfers ? { count: c.in_transit ?? 0 } : null,
          open_counts: wanted.counts ? { count: c.open_counts ?? 0 } : null,
        },
        chart: months,
      };
    },
  );
};
