import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { ORDER_STATUSES, PURCHASE_ORDER_SORTS, type OrderStatus, type PurchaseOrderSummary } from '@wms/shared-api';
import {
  Badge,
  CheckboxField,
  DateField,
  displayDay,
  failureText,
  formatAmount,
  formatCount,
  PageHeader,
  SelectField,
  SupplierPicker,
  toastError,
  toastSuccess,
  useConfirm,
  useDocumentTitle,
  usePagedList,
  PagedTable,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { deleteOrder, downloadOrdersCsv, ORDERS_PATH } from './api';

const PAGE_SIZE = 50;
const FILTERS = ['status', 'supplier_id', 'date_from', 'date_to', 'late'] as const;
export const STATUS_TONE: Record<OrderStatus, 'success' | 'danger' | 'warning'> = {
  notReceived: 'danger',
  partiallyReceived: 'warning',
  fullyReceived: 'success',
};

/** Order totals with 2 decimals (SPEC §9), one figure per currency when the lines differ. */
export function showTotals(o: Pick<PurchaseOrderSummary, 'totals' | 'currency'>): string {
  const totals = o.totals.length ? o.totals : [{ currency: o.currency, amount: '0' }];
  return totals.map((x) => formatAmount(x.amount, x.currency)).join(' + ');
}

/**
 * /operazioni/ordini-fornitori (SPEC §2 Purchase orders): server-paged list with text search, status, supplier and
 * order-date filters (all in the URL), sortable headers, supplier names cut at 15 characters, new / edit / print /
 * delete with confirmation, CSV export of the filtered list.
 */
export function PurchaseOrderListPage() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('purchaseOrders.title'));
  const { confirm, dialog } = useConfirm();
  const list = usePagedList<PurchaseOrderSummary>(ORDERS_PATH, { sorts: PURCHASE_ORDER_SORTS, pageSize: PAGE_SIZE, filters: FILTERS });
  const { reload } = list;

  const columns = useMemo<Column<PurchaseOrderSummary>[]>(() => {
    const remove = async (o: PurchaseOrderSummary) => {
      const ok = await confirm({
        title: t('purchaseOrders.confirm.deleteTitle'),
        message: t('purchaseOrders.confirm.deleteMessage', { number: o.order_number }),
        tone: 'danger',
        confirmLabel: t('purchaseOrders.delete'),
      });
      if (!ok) return;
      try {
        await deleteOrder(o.id);
        toastSuccess(t('purchaseOrders.feedback.deleted'));
        reload();
      } catch (err) {
        toastError(failureText(err, `${NS}:purchaseOrders.feedback.deleteFailed`));
      }
    };
    return [
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
        render: (o) => displayDay(o.order_date),
      },
      {
        id: 'requested_arrival_date',
        header: t('purchaseOrders.columns.requested_arrival_date'),
        value: (o) => o.requested_arrival_date,
        render: (o) => displayDay(o.requested_arrival_date),
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
        render: (o) => <span className="nowrap">{showTotals(o)}</span>,
        align: 'end',
      },
      {
        id: 'actions',
        header: t('purchaseOrders.columns.actions'),
        render: (o) => (
          <span className="row-actions">
            <Link className="btn btn-small" to={String(o.id)} data-testid={`edit-order-${o.id}`}>
              {t('purchaseOrders.edit')}
            </Link>
            <Link className="btn btn-small" to={`${o.id}/stampa`} data-testid={`print-order-${o.id}`}>
              {t('purchaseOrders.print')}
            </Link>
            <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(o)} data-testid={`delete-order-${o.id}`}>
              {t('purchaseOrders.delete')}
            </button>
          </span>
        ),
      },
    ];
  }, [t, confirm, reload]);

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
            <Link className="btn btn-primary" to="nuovo" data-testid="add-order">
              {t('purchaseOrders.add')}
            </Link>
            <button type="button" className="btn" onClick={() => void exportCsv()} data-testid="export-orders">
              {t('purchaseOrders.exportCsv')}
            </button>
          </>
        }
      />
      <div className="filters" data-testid="order-filters">
        <SelectField
          name="status"
          label={t('purchaseOrders.filters.status')}
          value={list.filter('status')}
          onChange={(v) => list.setFilter('status', String(v ?? ''))}
          placeholder={t('purchaseOrders.filters.allStatuses')}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`purchaseOrders.status.${s}`) }))}
          data-testid="filter-status"
        />
        <SupplierPicker
          name="supplier_id"
          label={t('purchaseOrders.filters.supplier')}
          value={list.filter('supplier_id')}
          onChange={(id) => list.setFilter('supplier_id', id ? String(id) : '')}
        />
        <DateField
          name="date_from"
          label={t('purchaseOrders.filters.from')}
          value={list.filter('date_from')}
          onChange={(d) => list.setFilter('date_from', d)}
        />
        <DateField
          name="date_to"
          label={t('purchaseOrders.filters.to')}
          value={list.filter('date_to')}
          onChange={(d) => list.setFilter('date_to', d)}
        />
        <CheckboxField
          name="late"
          label={t('purchaseOrders.filters.late')}
          value={list.filter('late') === 'true'}
          onChange={(on) => list.setFilter('late', on ? 'true' : '')}
          data-testid="filter-late"
        />
      </div>
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
        testId="orders-table"
      />
      {dialog}
    </section>
  );
}
