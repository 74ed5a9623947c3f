import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyToday, type Language } from '@wms/shared-api/core';
import type { Valuation, ValuationMovement, ValuationRow } from '@wms/shared-api';
import {
  CheckboxField,
  DataTable,
  DateField,
  ListBody,
  PageHeader,
  SelectField,
  currentLanguage,
  downloadFile,
  failureText,
  formatCount,
  formatDate,
  formatPrice,
  formatQuantity,
  toastError,
  useLoad,
  useSession,
  useWarehouses,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchValuation, printPage } from '../shared/api';
import { useWarehouseOptions } from '../shared/ui';
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

/**
 * Money of the valuation (unit prices, values, totals per currency): SPEC §9 "valuation numbers go up to 5 decimals,
 * currency formatted with 2 to 5 decimals" — the price display, exact, in the user's language.
 */
export const money = (value: string, currency: string, lang: Language) => formatPrice(value, currency, lang);

/**
 * /report/valorizzazione (SPEC §2 Reports): the stock valued at the end of the end date — filters period, warehouse or all,
 * grouping ignoring batches (default on), zero prices (default off); rows of one page of products; totals per currency over
 * the whole selection; the movements of the period; an optional grand total in EUR from rates the user enters; the
 * definitions on screen; print and CSV.
 */
export function ValuationPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const { warehouses, failed: warehousesFailed } = useWarehouses();
  const warehouseOptions = useWarehouseOptions(warehouses);
  const today = companyToday();
  const lang = currentLanguage();
  const [filters, setFilters] = useState<Filters>({
    startDate: today,
    endDate: today,
    warehouseId: 'all',
    groupByProduct: true,
    showZeroPrices: false,
  });
  const [offset, setOffset] = useState(0);
  const [exporting, setExporting] = useState(false);
  const periodInvalid = !!filters.startDate && !!filters.endDate && filters.startDate > filters.endDate;
  const incomplete = !filters.startDate || !filters.endDate;
  const asking = !periodInvalid && !incomplete;

  const params = { ...filters, limit: VALUATION_PAGE_SIZE, offset };
  const paramsKey = JSON.stringify(params);
  // Read with the kit (an answer to older filters is dropped; Retry reloads). A period that cannot be asked asks nothing.
  const load = useLoad<Valuation | null>(
    () => (asking ? fetchValuation(JSON.parse(paramsKey) as Record<string, string>) : Promise.resolve(null)),
    [paramsKey, asking],
  );
  // The last answer stays on screen, marked busy, while the next page or filter loads (no flash of a spinner).
  const [shown, setShown] = useState<Valuation | null>(null);
  if (load.status === 'ready' && load.value !== shown) setShown(load.value);
  const refreshing = load.status === 'loading' && shown !== null;

  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setOffset(0);
  };

  async function exportCsv() {
    setExporting(true);
    try {
      const { startDate, endDate, warehouseId, groupByProduct, showZeroPrices } = filters;
      await downloadFile(
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

  const data = load.status === 'ready' ? load.value : refreshing ? shown : null;
  const grouped = data?.group_by_product ?? filters.groupByProduct;
  const warehouseName = warehouses?.find((w) => String(w.id) === filters.warehouseId)?.name ?? t('valuation.filters.allWarehouses');
  const rowColumns = useMemo<Column<ValuationRow>[]>(() => {
    const header = (id: string) => t(`valuation.columns.${id}`);
    return [
      { id: 'code', header: header('code'), render: (r) => r.product_code },
      // On a tablet the code, quantity, price and value stay in view (the currency is in every amount already).
      { id: 'description', header: header('description'), render: (r) => r.product_description, priority: 'medium' },
      { id: 'warehouse', header: header('warehouse'), render: (r) => r.warehouse_name },
      ...(grouped ? [] : [{ id: 'batch', header: header('batch'), render: (r: ValuationRow) => r.batch_number ?? '' }]),
      {
        id: 'quantity',
        header: header('quantity'),
        align: 'end',
        render: (r) => formatQuantity(r.quantity, r.unit_of_measure, lang),
      },
      { id: 'unitPrice', header: header('unitPrice'), align: 'end', render: (r) => money(r.unit_price, r.currency, lang) },
      { id: 'currency', header: header('currency'), render: (r) => r.currency, priority: 'low' },
      { id: 'value', header: header('value'), align: 'end', render: (r) => money(r.value, r.currency, lang) },
    ];
  }, [t, grouped, lang]);
  const movementColumns = useMemo<Column<ValuationMovement>[]>(() => {
    const quantity = (id: 'opening' | 'loads' | 'unloads' | 'closing') => ({
      id,
      header: t(`valuation.columns.${id}`),
      align: 'end' as const,
      render: (m: ValuationMovement) => formatQuantity(m[id], m.unit_of_measure, lang),
    });
    return [
      { id: 'code', header: t('valuation.columns.code'), render: (m) => m.product_code },
      { id: 'description', header: t('valuation.columns.description'), render: (m) => m.product_description, priority: 'medium' },
      quantity('opening'),
      quantity('loads'),
      quantity('unloads'),
      quantity('closing'),
    ];
  }, [t, lang]);

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
          options={[{ value: 'all', label: t('valuation.filters.allWarehouses') }, ...warehouseOptions]}
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

      {periodInvalid || incomplete ? null : (
        <ListBody
          list={{ status: refreshing ? 'ready' : load.status, refreshing, reload: load.retry }}
          failedText={t('valuation.fetchFailed')}
          errorTestId="valuation-error"
        >
          {data ? (
            <>
              <h2 className="report-section-title">{t('valuation.totalsTitle')}</h2>
              <div className="report-totals" data-testid="valuation-totals">
                {data.totals.map((x) => (
                  <div key={x.currency} className="report-total" data-testid={`total-${x.currency}`}>
                    <span className="muted">
                      {x.currency} · {t('valuation.totalProducts', { count: x.products, total: formatCount(x.products) })}
                    </span>
                    <strong>{money(x.value, x.currency, lang)}</strong>
                  </div>
                ))}
              </div>
              <ExchangeRates username={user?.username} totals={data.totals} />

              <h2 className="report-section-title">{t('valuation.rowsTitle', { date: formatDate(data.end_date) })}</h2>
              <DataTable
                columns={rowColumns}
                rows={data.items}
                rowKey={(r) => `${r.product_id}-${r.warehouse_id}-${r.batch_number ?? ''}`}
                rowTestId={(r) => `valuation-row-${r.product_code}`}
                caption={t('valuation.rowsTitle', { date: formatDate(data.end_date) })}
                emptyText={t('valuation.empty')}
                manual
                pageSize={VALUATION_PAGE_SIZE}
                page={Math.floor(offset / VALUATION_PAGE_SIZE) + 1}
                onPageChange={(n) => setOffset((n - 1) * VALUATION_PAGE_SIZE)}
                totalRows={data.total_products}
                testId="valuation-table"
              />

              <h2 className="report-section-title">{t('valuation.movementsTitle')}</h2>
              <p className="muted">{t('valuation.movementsNote')}</p>
              <DataTable
                columns={movementColumns}
                rows={data.movements}
                rowKey={(m) => m.product_id}
                rowTestId={(m) => `movement-row-${m.product_code}`}
                caption={t('valuation.movementsTitle')}
                testId="valuation-movements"
              />
            </>
          ) : null}
        </ListBody>
      )}
      <ValuationDefinitions />
    </div>
  );
}
