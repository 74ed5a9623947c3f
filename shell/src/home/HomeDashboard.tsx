import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText, Loaded, Spinner, useLoad } from '@wms/shared-ui';
import { AlertCards } from './AlertCards';
import { fetchDashboard } from './api';
import { MonthTable } from './MonthTable';
import './home.css';

// The chart and its library are a chunk of their own, fetched only when a role that sees the chart opens the home page.
const MonthChart = lazy(() => import('./MonthChart'));

/** The home page's alerts and month-end chart (issue 28): one GET /dashboard, cards and chart per role. */
export function HomeDashboard() {
  const { t } = useTranslation('shell');
  const load = useLoad(fetchDashboard, []);
  return (
    <Loaded load={load} failedText={(err) => failureText(err, 'shell:home.alerts.loadFailed')} errorTestId="dashboard-error">
      {(d) => (
        <>
          <AlertCards cards={d.cards} />
          {d.chart ? (
            <section aria-labelledby="home-chart" className="home-chart">
              <h2 id="home-chart">{t('home.chart.title')}</h2>
              <Suspense fallback={<Spinner />}>
                <MonthChart months={d.chart.months} />
              </Suspense>
              <MonthTable months={d.chart.months} className="sr-only" />
            </section>
          ) : null}
        </>
      )}
    </Loaded>
  );
}
