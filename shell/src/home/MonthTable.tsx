import { useTranslation } from 'react-i18next';
import type { DashboardAmount, DashboardMonth } from '@wms/shared-api';
import { formatAmount } from '@wms/shared-ui';

/** "09/2026" for '2026-09'. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

const amounts = (list: DashboardAmount[]) => (list.length ? list.map((a) => formatAmount(a.value, a.currency)).join(' + ') : '—');

/**
 * The chart's numbers as a table (issue 28): what a screen reader reads instead of the drawing, exact (the server's
 * decimal text, formatted in the user's language), one row per month end.
 */
export function MonthTable({ months, className }: { months: DashboardMonth[]; className?: string }) {
  const { t } = useTranslation('shell');
  return (
    <table className={className} data-testid="month-table">
      <caption>{t('home.chart.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('home.chart.month')}</th>
          <th scope="col">{t('home.chart.stockValue')}</th>
          <th scope="col">{t('home.chart.receipts')}</th>
          <th scope="col">{t('home.chart.sales')}</th>
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month}>
            <th scope="row">{monthLabel(m.month)}</th>
            <td>{amounts(m.stock_value)}</td>
            <td>{amounts(m.receipts)}</td>
            <td>{amounts(m.sales)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
