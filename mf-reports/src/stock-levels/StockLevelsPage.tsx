import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyToday, compareDecimals } from '@wms/shared-api/core';
import type { StockLevelRow } from '@wms/shared-api';
import {
  CheckboxField,
  ListBody,
  PageHeader,
  ScanInput,
  SelectField,
  TextField,
  downloadFile,
  failureText,
  formatCount,
  formatDate,
  formatKind,
  formatUnit,
  toastError,
  useDebounced,
  usePagedList,
  useWarehouses,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { printPage } from '../shared/api';
import { ExpiryMarker, Pager, useWarehouseOptions } from '../shared/ui';
import { batchFilter, ProductDetails, useProductDetails, windowDays } from './ProductDetails';
import '../shared/reports.css';

const TEXT_FILTERS = ['code', 'description', 'category'] as const;
const FILTERS = [...TEXT_FILTERS, 'warehouse_id', 'in_transit', 'expiry', 'within_days'] as const;
export const STOCK_PAGE_SIZE = 50;

/**
 * /report/giacenze (SPEC §2 Reports): one row per product holding stock (total and unit), server-paged and filtered by
 * code, description, family and warehouse (the filters live in the URL). A row expands to its warehouses and their batches
 * with expiry and production dates; expired batches and those expiring within 30 days are marked (the shared batch-expiry
 * rule). Print (A4) with or without the batches; CSV of everything the filters select. Numbers in the user's language
 * (shared-ui's formatter family: exact, it '1.234,5', fr '1 234,5'), units by their translated label (never the code);
 * quantities are only summed within one product (one unit).
 */
export function StockLevelsPage() {
  const { t } = useTranslation(NS);
  const list = usePagedList<StockLevelRow>('/stock/levels', { filters: FILTERS, pageSize: STOCK_PAGE_SIZE });
  const { warehouses, failed: warehousesFailed } = useWarehouses();
  const warehouseOptions = useWarehouseOptions(warehouses);
  const warehouseId = list.filter('warehouse_id');
  // Expired or expiring batches only (the dashboard's cards open them; `within_days`: the card's window, else 30, also the
  // markers' and the legend's: a batch the filter keeps as expiring is marked so).
  const expiry = list.filter('expiry');
  const withinDays = windowDays(list.filter('within_days'));
  const keepBatch = batchFilter(expiry, withinDays);
  const expiryText = (v: string) =>
    v === 'expiring' ? t('stockLevels.filters.expiring', { count: withinDays }) : t(`stockLevels.filters.${v}`);
  const details = useProductDetails(warehouseId);
  const [printBatches, setPrintBatches] = useState<boolean | null>(null);
  const [exporting, setExporting] = useState(false);

  // Text filters: typed here, sent once typing pauses.
  const [texts, setTexts] = useState(() => Object.fromEntries(TEXT_FILTERS.map((f) => [f, list.filter(f)])) as Record<string, string>);
  const settled = useDebounced(texts, 300);
  useEffect(() => {
    for (const f of TEXT_FILTERS) if ((settled[f] ?? '') !== list.filter(f)) list.setFilter(f, settled[f]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  // A new selection closes the open rows (their warehouses may no longer apply).
  const selectionKey = FILTERS.map((f) => list.filter(f)).join('|');
  const { reset: resetDetails } = details;
  useEffect(() => resetDetails(), [selectionKey, resetDetails]);
  // A scanned product's row opens on its warehouses and batches once the report is filtered on its code.
  const [scanned, setScanned] = useState<{ id: number; code: string } | null>(null);
  useEffect(() => {
    if (!scanned || list.filter('code') !== scanned.code || !list.rows.some((r) => r.product_id === scanned.id)) return;
    setScanned(null);
    void details.openAll([scanned.id]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the filter or its rows change, after the reset above
  }, [scanned, selectionKey, list.rows]);

  async function print(withBatches: boolean) {
    if (withBatches) await details.openAll(list.rows.map((r) => r.product_id));
    setPrintBatches(withBatches);
  }
  useEffect(() => {
    if (printBatches === null) return undefined;
    printPage();
    const after = () => setPrintBatches(null);
    window.addEventListener('afterprint', after);
    return () => window.removeEventListener('afterprint', after);
  }, [printBatches]);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile('/stock/levels/export', Object.fromEntries(FILTERS.map((f) => [f, list.filter(f)])), 'giacenze.csv');
    } catch (err) {
      toastError(failureText(err, `${NS}:stockLevels.csvFailed`));
    } finally {
      setExporting(false);
    }
  }

  const warehouseName = warehouses?.find((w) => String(w.id) === warehouseId)?.name;
  return (
    <div className="report" data-print-batches={printBatches === null ? undefined : String(printBatches)} data-testid="stock-levels">
      <PageHeader
        title={t('stockLevels.title')}
        subtitle={t('stockLevels.subtitle')}
        actions={
          <div className="no-print report-actions">
            <button type="button" className="btn" onClick={() => void print(false)} data-testid="print">
              {t('stockLevels.print')}
            </button>
            <button type="button" className="btn" onClick={() => void print(true)} data-testid="print-batches">
              {t('stockLevels.printBatches')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void exportCsv()}
              disabled={exporting}
              data-testid="export-csv"
            >
              {t('stockLevels.csv')}
            </button>
          </div>
        }
      />
      {/* A scanned GTIN, extra barcode or label finds its product's stock, as on the product list (issue 27): the code filter
          takes its code, the other texts are cleared (the warehouse stays), and its row opens on its warehouses and batches. */}
      <div className="no-print">
        <ScanInput
          onScan={(found) => {
            setTexts({ code: found.product.code, description: '', category: '' });
            setScanned({ id: found.product.id, code: found.product.code });
          }}
          data-testid="stock-scan"
        />
      </div>
      <fieldset className="report-filters no-print">
        <legend className="sr-only">{t('stockLevels.filters.legend')}</legend>
        {TEXT_FILTERS.map((f) => (
          <TextField
            key={f}
            name={`filter-${f}`}
            label={t(`stockLevels.filters.${f}`)}
            value={texts[f]}
            onChange={(v) => setTexts((s) => ({ ...s, [f]: v ?? '' }))}
            data-testid={`filter-${f}`}
          />
        ))}
        <SelectField
          name="filter-warehouse"
          label={t('stockLevels.filters.warehouse')}
          value={warehouseId}
          placeholder={t('stockLevels.filters.allWarehouses')}
          options={warehouseOptions}
          onChange={(v) => list.setFilter('warehouse_id', String(v ?? ''))}
          error={warehousesFailed ? t('stockLevels.fetchWarehousesFailed') : undefined}
          data-testid="filter-warehouse"
        />
        {/* Goods shipped by a transfer, not yet received (issue 26): counted in the total, available nowhere. */}
        <CheckboxField
          name="filter-in-transit"
          label={t('stockLevels.filters.inTransit')}
          value={list.filter('in_transit') === 'true'}
          onChange={(v) => list.setFilter('in_transit', v ? 'true' : '')}
          data-testid="filter-in-transit"
        />
        {/* Batches on hand past their expiry, or expiring soon: their quantities, to take off the shelf or sell first. */}
        <SelectField
          name="filter-expiry"
          label={t('stockLevels.filters.expiry')}
          value={expiry}
          placeholder={t('stockLevels.filters.expiryAll')}
          options={['expired', 'expiring'].map((v) => ({ value: v, label: expiryText(v) }))}
          onChange={(v) => list.setFilter('expiry', String(v ?? ''))}
          data-testid="filter-expiry"
        />
      </fieldset>
      <p className="print-only report-print-filters">
        {/* The filters in force, then the day: "Codice: VITE · Stampato il 28/11/2026" ("Code : VITE" in French). */}
        {[
          ...TEXT_FILTERS.map((f) =>
            list.filter(f) ? t('stockLevels.printFilter', { label: t(`stockLevels.filters.${f}`), value: list.filter(f) }) : '',
          ),
          warehouseName ? t('stockLevels.printFilter', { label: t('stockLevels.filters.warehouse'), value: warehouseName }) : '',
          list.filter('in_transit') === 'true' ? t('stockLevels.filters.inTransit') : '',
          keepBatch ? t('stockLevels.printFilter', { label: t('stockLevels.filters.expiry'), value: expiryText(expiry) }) : '',
          t('stockLevels.printedOn', { date: formatDate(companyToday()) }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <ListBody
        list={list}
        failedText={t('stockLevels.fetchFailed')}
        errorTestId="stock-error"
        count={`${t('stockLevels.total', { count: list.total, total: formatCount(list.total) })} · ${t('stockLevels.legendMarkers', { count: withinDays })}`}
        countClassName="muted report-count"
        countTestId="stock-total"
      >
        <div className="table-scroll">
          <table className="report-table" data-testid="stock-table">
            <caption className="sr-only">{t('stockLevels.title')}</caption>
            <thead>
              <tr>
                <th scope="col" className="no-print">
                  <span className="sr-only">{t('stockLevels.columns.expand')}</span>
                </th>
                <th scope="col">{t('stockLevels.columns.code')}</th>
                <th scope="col">{t('stockLevels.columns.description')}</th>
                {/* On a portrait tablet the category and the warehouse count give way: the expiry and its marker stay in view. */}
                <th scope="col" className="col-medium">
                  {t('stockLevels.columns.category')}
                </th>
                <th scope="col" className="align-end">
                  {t('stockLevels.columns.quantity')}
                </th>
                <th scope="col" className="align-end">
                  {t('stockLevels.columns.inTransit')}
                </th>
                <th scope="col">{t('stockLevels.columns.unit')}</th>
                <th scope="col" className="align-end col-medium">
                  {t('stockLevels.columns.warehouses')}
                </th>
                <th scope="col">{t('stockLevels.columns.expiry')}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.length === 0 ? (
                <tr>
                  <td colSpan={9} className="table-empty">
                    {t('stockLevels.empty')}
                  </td>
                </tr>
              ) : null}
              {list.rows.map((r) => {
                const open = details.isOpen(r.product_id);
                return (
                  <Fragment key={r.product_id}>
                    <tr className="report-product" data-testid={`stock-row-${r.product_code}`}>
                      <td className="no-print">
                        <button
                          type="button"
                          className="btn btn-ghost expand-button"
                          aria-expanded={open}
                          aria-label={t(open ? 'stockLevels.collapse' : 'stockLevels.expand', { code: r.product_code })}
                          onClick={() => details.toggle(r.product_id)}
                          data-testid={`expand-${r.product_code}`}
                        >
                          {open ? '▾' : '▸'}
                        </button>
                      </td>
                      <td className="code">{r.product_code}</td>
                      <td>{r.product_description}</td>
                      <td className="col-medium">{r.product_category}</td>
                      <td className="align-end" data-testid={`stock-quantity-${r.product_code}`}>
                        {formatKind(r.quantity, 'quantity')}
                      </td>
                      <td className="align-end" data-testid={`stock-in-transit-${r.product_code}`}>
                        {r.in_transit && compareDecimals(r.in_transit, 0) > 0 ? formatKind(r.in_transit, 'quantity') : '—'}
                      </td>
                      <td>{formatUnit(r.unit_of_measure)}</td>
                      <td className="align-end col-medium">{formatCount(r.warehouses)}</td>
                      <td>
                        {formatDate(r.earliest_expiry)} <ExpiryMarker expiry={r.earliest_expiry} soonDays={withinDays} />
                      </td>
                    </tr>
                    {open ? (
                      <ProductDetails
                        state={details.state(r.product_id)}
                        onRetry={() => details.load(r.product_id)}
                        keep={keepBatch}
                        soonDays={withinDays}
                      />
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pager total={list.total} offset={list.offset} pageSize={list.pageSize} onChange={list.setOffset} ns="stockLevels" />
      </ListBody>
    </div>
  );
}
