import { addDays, type Dashboard, type DashboardMonth, type ValuationTotal } from '@wms/shared-api';
import type { Db } from '../db';
import { valuationTotals } from '../reports/valuation';
import { chartVersions, monthlyFlows } from './sql';

/** How many month ends the chart shows. */
export const CHART_MONTHS = 12;

/** The last `n` completed months before `today`'s, oldest first: { month 'yyyy-MM', end 'yyyy-MM-dd' }. */
export function lastMonthEnds(today: string, n = CHART_MONTHS): Array<{ month: string; end: string }> {
  const out: Array<{ month: string; end: string }> = [];
  let first = `${today.slice(0, 8)}01`;
  for (let i = 0; i < n; i++) {
    const end = addDays(first, -1);
    out.unshift({ month: end.slice(0, 7), end });
    first = `${end.slice(0, 8)}01`;
  }
  return out;
}

/**
 * The chart of the last 12 month ends: the stock value per currency at each month end — the valuation report's own
 * totals (reports/valuation.ts valuationTotals, every warehouse, zero prices left out as the report does by default): the
 * same numbers, no second valuation — and the receipts and sales of each month (sql.ts monthlyFlows).
 *
 * Past month ends change only when prices, products or a back-dated movement change (data_versions, migration 021), so
 * the chart is computed once per version key and month and kept in this process (a few KB). Reading the key is one
 * indexed row read; a key read before a change that lands during the computation gives values at least as new as the
 * key, and the next request sees the new key and computes again: never staler than the database. Several app servers each
 * keep their own copy of the same numbers.
 */
export class MonthEndChart {
  private cached: { key: string; value: Promise<NonNullable<Dashboard['chart']>> } | null = null;

  constructor(private readonly db: Db) {}

  async get(today: string): Promise<NonNullable<Dashboard['chart']>> {
    const key = `${today.slice(0, 7)}|${await chartVersions(this.db)}`;
    if (this.cached?.key !== key) {
      const value = this.compute(today);
      this.cached = { key, value };
      value.catch(() => {
        if (this.cached?.value === value) this.cached = null;
      });
    }
    return this.cached.value;
  }

  /** Forgets the cached chart (tests). */
  clear(): void {
    this.cached = null;
  }

  private async compute(today: string): Promise<NonNullable<Dashboard['chart']>> {
    const ends = lastMonthEnds(today);
    const values: ValuationTotal[][] = [];
    // One after the other: each valuation already reads about one row per product; twelve at once would only queue.
    for (const m of ends) {
      values.push(
        await valuationTotals(this.db, {
          startDate: m.end,
          endDate: m.end,
          warehouseId: null,
          showZeroPrices: false,
          groupByProduct: true,
          limit: 1,
          offset: 0,
        }),
      );
    }
    const flows = await monthlyFlows(this.db, `${ends[0].month}-01`, ends[ends.length - 1].end);
    const months: DashboardMonth[] = ends.map((m, i) => {
      const own = flows.filter((f) => f.month === m.month);
      return {
        month: m.month,
        end_date: m.end,
        stock_value: values[i].map((t) => ({ currency: t.currency, value: t.value })),
        receipts: own.filter((f) => f.receipts !== '0').map((f) => ({ currency: f.currency, value: f.receipts })),
        sales: own.filter((f) => f.sales !== '0').map((f) => ({ currency: f.currency, value: f.sales })),
      };
    });
    return { months };
  }
}
