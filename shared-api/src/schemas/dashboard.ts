import { z } from 'zod';
import { decimalView } from './common';

/**
 * GET /dashboard (issue 28): the home page's alert cards and chart in one answer. A card is present only when the caller's
 * role may open the list it leads to (permissions.ts, the one table): null otherwise. Values are exact decimal text.
 */
const amounts = z.array(z.object({ currency: z.string(), value: decimalView }));

export const dashboardSchema = z.object({
  today: z.string().describe('the company day, yyyy-MM-dd'),
  cards: z.object({
    expiring_batches: z
      .object({ count: z.number(), within_days: z.number(), until: z.string() })
      .nullable()
      .describe('batches in stock expiring from today to today + within_days'),
    expired_batches: z
      .object({ count: z.number(), values: amounts.nullable().describe('null when the role may not see the valuation') })
      .nullable()
      .describe('batches in stock past their expiry date, valued as the valuation report values them'),
    below_minimum: z
      .object({
        count: z.number().describe('(product, warehouse) pairs whose available quantity is below the minimum'),
        to_reorder: z.number().nullable().describe('of which available + on order is below the minimum (replenishment)'),
      })
      .nullable(),
    late_orders: z.object({ count: z.number() }).nullable().describe('requested arrival passed, not fully received'),
    arriving_this_week: z
      .object({ count: z.number(), until: z.string() })
      .nullable()
      .describe('open orders whose confirmed (else requested) arrival falls from today to Sunday'),
    transfers_in_transit: z.object({ count: z.number() }).nullable().describe('transfers shipped and not yet received (issue 26)'),
    open_counts: z.object({ count: z.number() }).nullable().describe('inventory counts started and not applied or cancelled (issue 25)'),
  }),
  chart: z
    .object({
      months: z.array(
        z.object({
          month: z.string().describe('yyyy-MM'),
          end_date: z.string().describe('the month end, yyyy-MM-dd'),
          stock_value: amounts.describe('the valuation report totals at the month end, per currency'),
          receipts: amounts.describe('goods received from purchase orders in the month, at the valuation price of the month end'),
          sales: amounts.describe('goods sold in the month, at the valuation price of the month end'),
        }),
      ),
    })
    .nullable()
    .describe('the last 12 month ends; null when the role may not see the valuation'),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardMonth = NonNullable<Dashboard['chart']>['months'][number];
export type DashboardAmount = DashboardMonth['stock_value'][number];
