import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardMonth } from '@wms/shared-api';
import { Spinner } from '@wms/shared-ui';
import { MonthTable } from './MonthTable';

// The chart and its library (uPlot, ~20 KB brotli) are a chunk of their own, fetched only when the chart comes into view
// for a role that sees it: the first page's JavaScript does not carry them (page-weight budget).
const MonthChart = lazy(() => import('./MonthChart'));

/** The month-end chart's section: the chart when it comes into view, and its numbers as a table for screen readers. */
export function ChartSection({ months }: { months: DashboardMonth[] }) {
  const { t } = useTranslation('shell');
  const box = useRef<HTMLElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const empty = months.every((m) => !m.stock_value.length && !m.receipts.length && !m.sales.length);
  useEffect(() => {
    if (seen || empty || !box.current) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '100px' });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [seen, empty]);
  return (
    <section ref={box} aria-labelledby="home-chart" className="home-chart">
      <h2 id="home-chart">{t('home.chart.title')}</h2>
      {empty ? (
        <p>{t('home.chart.empty')}</p>
      ) : seen ? (
        <Suspense fallback={<Spinner />}>
          <MonthChart months={months} />
        </Suspense>
      ) : (
        <div className="month-charts-placeholder" />
      )}
      <MonthTable months={months} className="sr-only" />
    </section>
  );
}
