import { Fragment, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { ORDER_STATUSES, PURCHASE_ORDER_SORTS, type OrderStatus, type PurchaseOrderSummary } from '@wms/shared-api';
import {
  Badge,
  CheckboxField,
  DateField,
  displayDay,
  failureText,
  FilterBar,
  formatAmount,
  formatCount,
  PageHeader,
  PagedTable,
  RowActions,
  SelectField,
  SupplierPicker,
  toastError,
  useDocumentTitle,
  usePagedList,
  useRowActions,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { deleteOrder, downloadOrdersCsv, ORDERS_PATH } from './api';
import { ORDERS_LIST } from './paths';

const PAGE_SIZE = 50;
const FILTERS = ['status', 'supplier_id', 'date_from', 'date_to', 'late'] as const;
export const STATUS_TONE: Record<OrderStatus, 'success' | 'danger' | 'warning'> = {
  notReceived: 'danger',
  partiallyReceived: 'warning',
  fullyReceived: 'success',
};

/** Order totals with 2 decimals (SPEC §9), one figure per currency when the lines differ ("12,50 € + 3,00 USD"). */
export function orderTotals(o: Pick<PurchaseOrderSummary, 'totals' | 'currency'>): string[] {
  return (o.totals.length ? o.totals : [{ currency: o.currency, amount: '0' }]).map((x) => formatAmount(x.amount, x.currency));
}
export const showTotals = (o: Pick<PurchaseOrderSummary, 'totals' | 'currency'>): string => orderTotals(o).join(' + ');

/**
 * /operazioni/ordini-fornitori (SPEC §2 Purchase orders): server-paged list with text search, status, supplier and
 * order-date filters (all in the URL, one reset), sortable headers, supplier names cut at 15 characters, new / edit /
 * print / delete (the kit's RowActions and useRowActions: asks, calls, toasts, reloads), CSV export of the filtered list.
 * The order just saved is highlighted.
 */
export function PurchaseOrderListPage() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('purchaseOrders.title'));
  const list = usePagedList<PurchaseOrderSummary>(ORDERS_PATH, { sorts: PURCHASE_ORDER_SORTS, pageSize: PAGE_SIZE, filters: FILTERS });
  const { act, busyId, dialog } = useRowActions(list.reload);

  const remove = useCallback(
    (o: PurchaseOrderSummary) =>
      act(o.id, {
        ask: {
          title: t('purchaseOrders.confirm.deleteTitle'),
          message: t('purchaseOrders.confirm.deleteMessage', { number: o.order_number }),
          tone: 'danger',
          confirmLabel: t('purchaseOrders.delete'),
        },
        run: async () => {
          await deleteOrder(o.id);
          return t('purchaseOrders.feedback.deleted');
        },
        failure: (err) => failureText(err, `${NS}:purchaseOrders.feedback.deleteFailed`),
      }),
    [act, t],
  );

  const columns = useMemo<Column<PurchaseOrderSummary>[]>(
    () => [
      {
        id: 'order_number',
        header: t('purchaseOrders.columns.order_number'),
        value: (o) => o.order_number,
        truncate: 0,
        render: (o) => <span className="code nowrap">{o.order_number}</span>,
      },
      {
        id: 'order_date',
        header: t('purchaseOrders.columns.order_date'),
        value: (o) => o.order_date,
        render: (o) => <span className="nowrap">{displayDay(o.order_date)}</span>,
      },
      {
        id: 'requested_arrival_date',
        header: t('purchaseOrders.columns.requested_arrival_date'),
        value: (o) => o.requested_arrival_date,
        render: (o) => <span className="nowrap">{displayDay(o.requested_arrival_date)}</span>,
        priority: 'medium',
      },
      { id: 'supplier_name', header: t('purchaseOrders.columns.supplier_name'), value: (o) => o.supplier_name, truncate: 15 },
      {
        id: 'status',
        header: t('purchaseOrders.columns.status'),
        value: (o) => o.status,
        render: (o) => <Badge tone={STATUS_TONE[o.status]}>{t(`purchaseOrders.status.${o.status}`)}</Badge>,
      },
      {
        id: 'total_amount',
        header: t('purchaseOrders.columns.total_amount'),
        value: (o) => o.total_amount,
        // One figure per currency, each kept whole; the line may break between them (the column stays narrow).
        render: (o) =>
          orderTotals(o).map((x, i) => (
            <Fragment key={i}>
              {i > 0 ? ' + ' : null}
              <span className="nowrap">{x}</span>
            </Fragment>
          )),
        align: 'end',
        priority: 'medium',
      },
      {
        id: 'actions',
        header: t('purchaseOrders.columns.actions'),
        render: (o) => {
          const names = { number: o.order_number };
          return (
            <RowActions
              edit={{ to: `${ORDERS_LIST}/${o.id}`, label: t('purchaseOrders.editOrder', names), testId: `edit-order-${o.id}` }}
              remove={{
                onClick: () => void remove(o),
                label: t('purchaseOrders.deleteOrder', names),
                disabled: busyId !== null,
                testId: `delete-order-${o.id}`,
              }}
            >
              <Link
                className="btn btn-ghost"
                to={`${ORDERS_LIST}/${o.id}/stampa`}
                aria-label={t('purchaseOrders.printOrder', names)}
                data-testid={`print-order-${o.id}`}
              >
                {t('purchaseOrders.print')}
              </Link>
            </RowActions>
          );
        },
      },
    ],
    [t, busyId, remove],
  );

  const exportCsv = async () => {
    const params: Record<string, string> = {};
    for (const f of ['q', ...FILTERS]) if (list.filter(f)) params[f] = list.filter(f);
    try {
      await downloadOrdersCsv(params);
    } catch (err) {
      toastError(failureText(err, `${NS}:purchaseOrders.feedback.exportFailed`));
    }
  };

  return (
    <section className="screen" data-testid="purchase-orders-page">
      <PageHeader
        title={t('purchaseOrders.title')}
        subtitle={t('purchaseOrders.subtitle')}
        actions={
          <>
            <Link className="btn btn-primary" to={`${ORDERS_LIST}/nuovo`} data-testid="add-order">
              {t('purchaseOrders.add')}
            </Link>
            <button type="button" className="btn" onClick={() => void exportCsv()} data-testid="export-orders">
              {t('purchaseOrders.exportCsv')}
            </button>
          </>
        }
      />
      <FilterBar
        list={list}
        label={t('purchaseOrders.filters.label')}
        resetLabel={t('purchaseOrders.filters.clear')}
        resetTestId="filter-reset"
      >
        <SelectField
          {...list.filterField('status')}
          label={t('purchaseOrders.filters.status')}
          placeholder={t('purchaseOrders.filters.allStatuses')}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`purchaseOrders.status.${s}`) }))}
          data-testid="filter-status"
        />
        <SupplierPicker {...list.filterField('supplier_id')} label={t('purchaseOrders.filters.supplier')} />
        <DateField {...list.filterField('date_from')} label={t('purchaseOrders.filters.from')} />
        <DateField {...list.filterField('date_to')} label={t('purchaseOrders.filters.to')} />
        <CheckboxField
          name="late"
          label={t('purchaseOrders.filters.late')}
          value={list.filter('late') === 'true'}
          onChange={(on) => list.setFilter('late', on ? 'true' : '')}
          data-testid="filter-late"
        />
      </FilterBar>
      <PagedTable
        list={list}
        failedText={t('purchaseOrders.feedback.fetchFailed')}
        count={t('purchaseOrders.count', { count: list.total, total: formatCount(list.total) })}
        countTestId="orders-count"
        columns={columns}
        rowKey={(o) => o.id}
        caption={t('purchaseOrders.caption')}
        truncate={20}
        emptyText={t('purchaseOrders.empty')}
        searchable
        rowTestId={(o) => `order-row-${o.id}`}
        testId="orders-table"
      />
      {dialog}
    </section>
  );
}
