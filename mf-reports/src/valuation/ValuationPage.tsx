import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyDay } from '@wms/shared-api/core';
import type { Valuation } from '@wms/shared-api';
import {
  CheckboxField,
  DateField,
  ErrorState,
  PageHeader,
  SelectField,
  Spinner,
  failureText,
  formatCurrency,
  formatDate,
  toastError,
  useDocumentTitle,
  useSession,
  useWarehouses,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { downloadCsv, fetchValuation, printPage } from '../shared/api';
import { Pager, formatQuantity } from '../shared/ui';
import { ExchangeRates } from './ExchangeRates';
import { ValuationDefinitions } from './ValuationDefinitions';
import '../shared/reports.css';

export const VALUATION_PAGE_SIZE = 50;

interface Filters {
  startDate: string;
  endDate: string;
  warehouseId: string;
  groupByProduct: boolean;
  showZeroPrices: boolean;
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: Valuation; busy: boolean };

/** Money of the valuation: Italian currency format, 2 to 5 decimals (SPEC §9). */
export const money = (value: string | number, currency: string) => formatCurrency(value, currency);

/**
 * /report/valorizzazione (SPEC §2 Reports): the stock valued at the end of the end date — filters period, warehouse or all,
 * grouping ignoring batches (default on), zero prices (default off); rows of one page of products; totals per currency over
 * the whole selection; the movements of the period; an optional grand total in EUR from rates the user enters; the
 * definitions on screen; print and CSV.
 */
export function ValuationPage() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('valuation.title'));
  const { user } = useSession();
  const { warehouses, failed: warehousesFailed } = useWarehouses();
  const today = companyDay();
  const [filters, setFilters] = useState<Filters>({
    startDate: today,
    endDate: today,
    warehouseId: 'all',
    groupByProduct: true,
    showZeroPrices: false,
  });
  const [offset, setOffset] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [exporting, setExporting] = useState(false);
  const periodInvalid = !!filters.startDate && !!filters.endDate && filters.startDate > filters.endDate;
  const incomplete = !filters.startDate || !filters.endDate;

  const params = { ...filters, limit: VALUATION_PAGE_SIZE, offset };
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    if (periodInvalid || incomplete) return undefined;
    const controller = new AbortController();
    setLoad((l) => (l.status === 'ready' ? { ...l, busy: true } : { status: 'loading' }));
    fetchValuation(JSON.parse(paramsKey) as Record<string, string>, controller.signal).then(
      (data) => !controller.signal.aborted && setLoad({ status: 'ready', data, busy: false }),
      () => !controller.signal.aborted && setLoad({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [paramsKey, periodInvalid, incomplete, reloads]);

  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setOffset(0);
  };

  async function exportCsv() {
    setExporting(true);
    try {
      const { startDate, endDate, warehouseId, groupByProduct, showZeroPrices } = filters;
      await downloadCsv(
        '/stock/valuation/export',
        { startDate, endDate, warehouseId, groupByProduct, showZeroPrices },
        'valorizzazione.csv',
      );
    } catch (err) {
      toastError(failureText(err, `${NS}:valuation.csvFailed`));
    } finally {
      setExporting(false);
    }
  }

  const data = load.status === 'ready' ? load.data : null;
  const grouped = data?.group_by_product ?? filters.groupByProduct;
  const warehouseName = warehouses?.find((w) => String(w.id) === filters.warehouseId)?.name ?? t('valuation.filters.allWarehouses');
  return (
    <div className="report" data-testid="valuation">
      <PageHeader
        title={t('valuation.title')}
        subtitle={t('valuation.subtitle')}
        actions={
          <div className="no-print report-actions">
            <button type="button" className="btn" onClick={printPage} disabled={!data} data-testid="print">
              {t('valuation.print')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void exportCsv()}
              disabled={!data || exporting}
              data-testid="export-csv"
            >
              {t('valuation.csv')}
            </button>
          </div>
        }
      />
      <fieldset className="report-filters no-print">
        <legend className="sr-only">{t('valuation.filters.legend')}</legend>
        <DateField
          name="startDate"
          label={t('valuation.filters.startDate')}
          value={filters.startDate}
          onChange={(v) => change({ startDate: v })}
          required
        />
        <DateField
          name="endDate"
          label={t('valuation.filters.endDate')}
          value={filters.endDate}
          onChange={(v) => change({ endDate: v })}
          required
          error={periodInvalid ? t('valuation.filters.periodInvalid') : undefined}
        />
        <SelectField
          name="warehouseId"
          label={t('valuation.filters.warehouse')}
          value={filters.warehouseId}
          options={[
            { value: 'all', label: t('valuation.filters.allWarehouses') },
            ...(warehouses ?? []).map((w) => ({ value: String(w.id), label: w.name })),
          ]}
          onChange={(v) => change({ warehouseId: String(v || 'all') })}
          error={warehousesFailed ? t('valuation.fetchWarehousesFailed') : undefined}
          data-testid="filter-warehouse"
        />
        <CheckboxField
          name="groupByProduct"
          label={t('valuation.filters.groupByProduct')}
          value={filters.groupByProduct}
          onChange={(v) => change({ groupByProduct: !!v })}
          data-testid="filter-group"
        />
        <CheckboxField
          name="showZeroPrices"
          label={t('valuation.filters.showZeroPrices')}
          value={filters.showZeroPrices}
          onChange={(v) => change({ showZeroPrices: !!v })}
          data-testid="filter-zero"
        />
      </fieldset>
      <p className="print-only">
        {formatDate(filters.startDate)} – {formatDate(filters.endDate)} · {warehouseName}
      </p>

      {load.status === 'failed' ? (
        <ErrorState message={t('valuation.fetchFailed')} onRetry={() => setReloads((n) => n + 1)} testId="valuation-error" />
      ) : !data ? (
        periodInvalid || incomplete ? null : (
          <Spinner />
        )
      ) : (
        <div aria-busy={load.status === 'ready' && load.busy}>
          <h2 className="report-section-title">{t('valuation.totalsTitle')}</h2>
          <div className="report-totals" data-testid="valuation-totals">
            {data.totals.map((x) => (
              <div key={x.currency} className="report-total" data-testid={`total-${x.currency}`}>
                <span className="muted">
                  {x.currency} · {t('valuation.totalProducts', { count: x.products })}
                </span>
                <strong>{money(x.value, x.currency)}</strong>
              </div>
            ))}
          </div>
          <ExchangeRates username={user?.username} totals={data.totals} />

          <h2 className="report-section-title">{t('valuation.rowsTitle', { date: formatDate(data.end_date) })}</h2>
          <div className="table-scroll">
            <table className="data-table report-table" data-testid="valuation-table">
              <thead>
                <tr>
                  <th scope="col">{t('valuation.columns.code')}</th>
                  <th scope="col">{t('valuation.columns.description')}</th>
                  <th scope="col">{t('valuation.columns.warehouse')}</th>
                  {grouped ? null : <th scope="col">{t('valuation.columns.batch')}</th>}
                  <th scope="col" className="align-end">
                    {t('valuation.columns.quantity')}
                  </th>
                  <th scope="col" className="align-end">
                    {t('valuation.columns.unitPrice')}
                  </th>
                  <th scope="col">{t('valuation.columns.currency')}</th>
                  <th scope="col" className="align-end">
                    {t('valuation.columns.value')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <tr>
                    <td colSpan={8} className="table-empty">
                      {t('valuation.empty')}
                    </td>
                  </tr>
                ) : null}
                {data.items.map((r) => (
                  <tr key={`${r.product_id}-${r.warehouse_id}-${r.batch_number ?? ''}`} data-testid={`valuation-row-${r.product_code}`}>
                    <td>{r.product_code}</td>
                    <td>{r.product_description}</td>
                    <td>{r.warehouse_name}</td>
                    {grouped ? null : <td>{r.batch_number ?? ''}</td>}
                    <td className="align-end">
                      {formatQuantity(r.quantity)} {r.unit_of_measure ?? ''}
                    </td>
                    <td className="align-end">{money(r.unit_price, r.currency)}</td>
                    <td>{r.currency}</td>
                    <td className="align-end">{money(r.value, r.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={data.total_products} offset={offset} pageSize={VALUATION_PAGE_SIZE} onChange={setOffset} ns="valuation" />

          <h2 className="report-section-title">{t('valuation.movementsTitle')}</h2>
          <p className="muted">{t('valuation.movementsNote')}</p>
          <div className="table-scroll">
            <table className="data-table report-table" data-testid="valuation-movements">
              <thead>
                <tr>
                  <th scope="col">{t('valuation.columns.code')}</th>
                  <th scope="col">{t('valuation.columns.description')}</th>
                  <th scope="col" className="align-end">
                    {t('valuation.columns.opening')}
                  </th>
                  <th scope="col" className="align-end">
                    {t('valuation.columns.loads')}
                  </th>
                  <th scope="col" className="align-end">
                    {t('valuation.columns.unloads')}
                  </th>
                  <th scope="col" className="align-end">
                    {t('valuation.columns.closing')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.movements.map((m) => (
                  <tr key={m.product_id} data-testid={`movement-row-${m.product_code}`}>
                    <td>{m.product_code}</td>
                    <td>{m.product_description}</td>
                    <td className="align-end">{formatQuantity(m.opening)}</td>
                    <td className="align-end">{formatQuantity(m.loads)}</td>
                    <td className="align-end">{formatQuantity(m.unloads)}</td>
                    <td className="align-end">{formatQuantity(m.closing)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <ValuationDefinitions />
    </div>
  );
}
