import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { ORDER_STATUSES, PURCHASE_ORDER_SORTS, type PurchaseOrderSummary } from '@wms/shared-api';
import {
  CheckboxField,
  codeColumn,
  DateField,
  dayColumn,
  ExportButton,
  failureText,
  FilterBar,
  flagFilterField,
  formatCount,
  PageHeader,
  PagedTable,
  RowActions,
  SelectField,
  SupplierPicker,
  Totals,
  usePagedList,
  useRowActions,
  type Column,
  type CurrencyAmount,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { deleteOrder, ORDERS_PATH } from './api';
import { ORDERS_LIST } from './paths';
import { OrderStatusBadge } from '../shared/order-status';

const PAGE_SIZE = 50;
const FILTERS = ['status', 'supplier_id', 'date_from', 'date_to', 'late'] as const;

/** An order's totals, one per currency when the lines differ (shown "12,50 € + 3,00 USD"); 0 in its currency when empty. */
export const orderTotals = (o: Pick<PurchaseOrderSummary, 'totals' | 'currency'>): CurrencyAmount[] =>
  o.totals.length ? o.totals : [{ currency: o.currency, amount: '0' }];

/**
 * /operazioni/ordini-fornitori (SPEC §2 Purchase orders): server-paged list with text search, status, supplier and
 * order-date filters (all in the URL, one reset), sortable headers, supplier names cut at 15 characters, new / edit /
 * print / delete (the kit's RowActions and useRowActions: asks, calls, toasts, reloads), CSV export of the filtered list.
 * The order just saved is highlighted.
 */
export function PurchaseOrderListPage() {
  const { t } = useTranslation(NS);
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
      codeColumn('order_number', t('purchaseOrders.columns.order_number'), (o) => o.order_number),
      dayColumn('order_date', t('purchaseOrders.columns.order_date'), (o) => o.order_date),
      dayColumn('requested_arrival_date', t('purchaseOrders.columns.requested_arrival_date'), (o) => o.requested_arrival_date, {
        priority: 'medium',
      }),
      { id: 'supplier_name', header: t('purchaseOrders.columns.supplier_name'), value: (o) => o.supplier_name, truncate: 15 },
      {
        id: 'status',
        header: t('purchaseOrders.columns.status'),
        value: (o) => o.status,
        render: (o) => <OrderStatusBadge status={o.status} />,
      },
      {
        id: 'total_amount',
        header: t('purchaseOrders.columns.total_amount'),
        value: (o) => o.total_amount,
        // One figure per currency, each kept whole; the line may break between them (the column stays narrow).
        render: (o) => <Totals totals={orderTotals(o)} />,
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
              // An order with goods received cannot be deleted (the server refuses): no Delete to be refused after a question.
              remove={
                o.status === 'notReceived'
                  ? {
                      onClick: () => void remove(o),
                      label: t('purchaseOrders.deleteOrder', names),
                      disabled: busyId !== null,
                      testId: `delete-order-${o.id}`,
                    }
                  : undefined
              }
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
            <ExportButton
              list={list}
              path={`${ORDERS_PATH}/export.csv`}
              filters={FILTERS}
              fileName="ordini-fornitori.csv"
              label={t('purchaseOrders.exportCsv')}
              failureKey={`${NS}:purchaseOrders.feedback.exportFailed`}
              testId="export-orders"
            />
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
        <CheckboxField {...flagFilterField(list, 'late')} label={t('purchaseOrders.filters.late')} data-testid="filter-late" />
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
