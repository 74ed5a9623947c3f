import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardAmount, DashboardMonth } from '@wms/shared-api';
import { formatCount } from '@wms/shared-ui';
import { monthLabel } from './MonthTable';

/**
 * Pixels only: a drawing needs a float per point. The exact figures are the table's (MonthTable), never these.
 */
function plotValue(list: DashboardAmount[], currency: string): number | null {
  const hit = list.find((a) => a.currency === currency);
  // eslint-disable-next-line no-restricted-syntax -- a chart's y coordinate, not a figure anyone reads: see above
  return hit ? Number(hit.value) : null;
}

const COLORS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed'];

interface Props {
  months: DashboardMonth[];
}

/** One uPlot line chart: x = month ends, one series per (label, currency). */
function LineChart({
  months,
  series,
  title,
}: {
  months: DashboardMonth[];
  series: Array<{ label: string; currency: string; values: (number | null)[]; dash?: number[] }>;
  title: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !series.length) return undefined;
    const x = months.map((_, i) => i);
    const width = () => Math.max(280, el.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 240,
        title,
        legend: { live: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        axes: [
          { values: (_u, ticks) => ticks.map((i) => (months[i] ? monthLabel(months[i].month) : '')) },
          // Whole units on the axis (the drawing's scale; the exact amounts are the table's), wide enough for millions.
          { size: 96, values: (_u, ticks) => ticks.map((v) => formatCount(Math.round(v))) },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: `${s.label} (${s.currency})`,
            stroke: COLORS[i % COLORS.length],
            width: 2,
            dash: s.dash,
            points: { show: true },
          })),
        ],
      },
      [x, ...series.map((s) => s.values)] as uPlot.AlignedData,
      el,
    );
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: width(), height: 240 }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [months, series, title]);
  return <div ref={box} className="month-chart" />;
}

/**
 * The home page's chart (issue 28), loaded lazily with its library (uPlot): the stock value at the last 12 month ends per
 * currency, and receipts against sales per month. Hidden from assistive technology: MonthTable carries the numbers.
 */
export default function MonthChart({ months }: Props) {
  const { t } = useTranslation('shell');
  const { valueSeries, flowSeries } = useMemo(() => {
    const currencies = [...new Set(months.flatMap((m) => [...m.stock_value, ...m.receipts, ...m.sales].map((a) => a.currency)))].sort();
    return {
      valueSeries: currencies
        .filter((c) => months.some((m) => m.stock_value.some((a) => a.currency === c)))
        .map((c) => ({ label: t('home.chart.stockValue'), currency: c, values: months.map((m) => plotValue(m.stock_value, c)) })),
      flowSeries: currencies.flatMap((c) => [
        { label: t('home.chart.receipts'), currency: c, values: months.map((m) => plotValue(m.receipts, c) ?? 0) },
        { label: t('home.chart.sales'), currency: c, values: months.map((m) => plotValue(m.sales, c) ?? 0), dash: [6, 4] },
      ]),
    };
  }, [months, t]);
  return (
    <div aria-hidden="true" className="month-charts">
      <LineChart months={months} series={valueSeries} title={t('home.chart.valueTitle')} />
      <LineChart months={months} series={flowSeries} title={t('home.chart.flowsTitle')} />
    </div>
  );
}
