import { Fragment, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPIRING_SOON_DAYS, isBatchExpired, isExpiringWithin, sumDecimals } from '@wms/shared-api/core';
import type { StockRow } from '@wms/shared-api';
import { formatDate, formatKind, formatUnit } from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchProductStock } from '../shared/api';
import { ExpiryMarker } from '../shared/ui';

/** Whether the report's expiry filter keeps a batch of this expiry day. */
export type BatchFilter = (expiry: string | null) => boolean;
/** The "expiring" window: `within_days` as the URL has it (the dashboard card's), else the reports' 30 days. */
export const windowDays = (withinDays: string): number => (/^\d+$/.test(withinDays) ? parseInt(withinDays, 10) : EXPIRING_SOON_DAYS);
/** The batches the filter keeps (`expiry` and its window in days, as the server reads them; the shared rule), or null: every one. */
export function batchFilter(expiry: string, days: number): BatchFilter | null {
  if (expiry === 'expired') return (d) => isBatchExpired(d);
  return expiry === 'expiring' ? (d) => isExpiringWithin(d, days) : null;
}

export type DetailState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; rows: StockRow[] };

/**
 * Which product rows are open and their warehouses and batches (GET /stock/product/{id}, in the chosen warehouse), loaded
 * once per opening selection.
 */
export function useProductDetails(warehouseId: string) {
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const [states, setStates] = useState<Map<number, DetailState>>(() => new Map());
  const warehouse = useRef(warehouseId);
  warehouse.current = warehouseId;

  const load = useCallback(async (productId: number) => {
    setStates((m) => new Map(m).set(productId, { status: 'loading' }));
    try {
      const rows = await fetchProductStock(productId, warehouse.current || undefined);
      setStates((m) => new Map(m).set(productId, { status: 'ready', rows }));
    } catch {
      setStates((m) => new Map(m).set(productId, { status: 'failed' }));
    }
  }, []);

  const reset = useCallback(() => {
    setOpen(new Set());
    setStates(new Map());
  }, []);

  return {
    isOpen: (id: number) => open.has(id),
    state: (id: number): DetailState => states.get(id) ?? { status: 'loading' },
    load,
    reset,
    toggle(id: number) {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else {
        next.add(id);
        if (!states.has(id) || states.get(id)?.status === 'failed') void load(id);
      }
      setOpen(next);
    },
    /** Opens every given row and waits for their details (print with batches). */
    async openAll(ids: number[]) {
      setOpen(new Set(ids));
      await Promise.all(ids.filter((id) => states.get(id)?.status !== 'ready').map((id) => load(id)));
    },
  };
}

/**
 * The rows under an open product, cell for cell under the product's nine columns (category, in transit and warehouses
 * left empty; on a portrait tablet category and warehouses give way as the product's do): per warehouse, its total (an
 * exact sum of one product's balances, so one unit) and its batches with expiry and production dates and markers.
 */
export function ProductDetails(props: { state: DetailState; onRetry: () => void; keep?: BatchFilter | null; soonDays?: number }) {
  const { state, onRetry, keep, soonDays } = props;
  const { t } = useTranslation(NS);
  if (state.status !== 'ready') {
    return (
      <tr className="report-details">
        <td />
        <td colSpan={8}>
          {state.status === 'loading' ? (
            <span className="muted">…</span>
          ) : (
            <span role="alert">
              {t('stockLevels.detailsFailed')}{' '}
              <button type="button" className="btn btn-ghost" onClick={onRetry}>
                ↻
              </button>
            </span>
          )}
        </td>
      </tr>
    );
  }
  const byWarehouse = new Map<string, StockRow[]>();
  // With the expiry filter, the product's batches it keeps only (the shared rule), as its row sums them.
  for (const r of state.rows)
    if (!keep || keep(r.expiry_date)) byWarehouse.set(r.warehouse_name, [...(byWarehouse.get(r.warehouse_name) ?? []), r]);
  return (
    <>
      {[...byWarehouse].map(([warehouse, rows]) => (
        <Fragment key={warehouse}>
          <tr className="report-details report-warehouse" data-testid={`warehouse-row-${warehouse}`}>
            <td className="no-print" />
            <td colSpan={2} className="report-indent">
              {warehouse}
            </td>
            <td className="col-medium" />
            <td className="align-end">{formatKind(sumDecimals(rows.map((r) => r.quantity)), 'quantity')}</td>
            <td />
            <td>{formatUnit(rows[0].unit_of_measure)}</td>
            <td className="col-medium" />
            <td />
          </tr>
          {rows.some((r) => r.batch_number)
            ? rows.map((r) => (
                <tr
                  key={`${warehouse}-${r.batch_number}`}
                  className="report-details report-batch"
                  data-testid={`batch-row-${r.batch_number}`}
                >
                  <td className="no-print" />
                  <td colSpan={2} className="report-indent-2">
                    {t('stockLevels.columns.batch')} {r.batch_number ?? t('stockLevels.noBatch')}
                    {r.production_date ? ` · ${t('stockLevels.columns.production')} ${formatDate(r.production_date)}` : ''}
                  </td>
                  <td className="col-medium" />
                  <td className="align-end">{formatKind(r.quantity, 'quantity')}</td>
                  <td />
                  <td>{formatUnit(r.unit_of_measure)}</td>
                  <td className="col-medium" />
                  <td>
                    {formatDate(r.expiry_date)} <ExpiryMarker expiry={r.expiry_date} soonDays={soonDays} />
                  </td>
                </tr>
              ))
            : null}
        </Fragment>
      ))}
    </>
  );
}
