import { lazy, Suspense, type ReactNode } from 'react';
import { failureText, Loaded, useLoad } from '@wms/shared-ui';
import { fetchDashboard } from './api';

// The alert cards and the chart's section are chunks of their own (issue 28): the first page's JavaScript carries only
// this loader, so it stays within its ceiling; the section cards (`children`) show at once, the alerts arrive above them.
const AlertCards = lazy(() => import('./AlertCards').then((m) => ({ default: m.AlertCards })));
const ChartSection = lazy(() => import('./ChartSection').then((m) => ({ default: m.ChartSection })));

/**
 * The home page with its alerts and month-end chart (issue 28), from one GET /dashboard: the alert cards above the page's
 * own content (`children`: the section cards, shown whatever the dashboard's answer), the chart below it.
 */
export function HomeDashboard({ children }: { children: ReactNode }) {
  const load = useLoad(fetchDashboard, []);
  return (
    <>
      <Loaded load={load} failedText={(err) => failureText(err, 'shell:home.alerts.loadFailed')} errorTestId="dashboard-error">
        {(d) => (
          <Suspense fallback={null}>
            <AlertCards cards={d.cards} />
          </Suspense>
        )}
      </Loaded>
      {children}
      {load.status === 'ready' && load.value.chart ? (
        <Suspense fallback={null}>
          <ChartSection months={load.value.chart.months} />
        </Suspense>
      ) : null}
    </>
  );
}
