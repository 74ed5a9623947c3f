import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from '@wms/shared-ui/router';
import type { ReceiptOrderRow } from '@wms/shared-api';
import {
  CheckboxField,
  codeColumn,
  dayColumn,
  flagFilterField,
  formatCount,
  formatUnitProgress,
  PageHeader,
  PagedTable,
  usePagedList,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { ORDERS_TO_RECEIVE_PATH } from './api';
import { labelsUrl, receiptOrderUrl } from './paths';
import { OrderStatusBadge } from '../shared/order-status';

const PAGE_SIZE = 50;

/** /operazioni/ricezione-merce: orders not fully received ("show all" adds the others); a row opens the order. */
export function GoodsReceiptListPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const saved = useLocation().state as { receiptId?: number; documentNumber?: string } | null;
  const list = usePagedList<ReceiptOrderRow>(ORDERS_TO_RECEIVE_PATH, { pageSize: PAGE_SIZE, filters: ['show_all'] });
  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
  const columns = useMemo<Column<ReceiptOrderRow>[]>(
    () => [
      codeColumn('order_number', f('orderNumber'), (o) => o.order_number, { sortable: false }),
      dayColumn('order_date', f('orderDate'), (o) => o.order_date, { sortable: false, priority: 'medium' }),
      dayColumn('requested_arrival_date', f('requestedArrival'), (o) => o.requested_arrival_date, { sortable: false }),
      { id: 'supplier', header: f('supplier'), value: (o) => o.supplier_name, truncate: 15, sortable: false },
      // Received / ordered per unit of measure ("1 / 2,5 kg · 0 / 40 pz"), never a sum of different units.
      { id: 'progress', header: f('progress'), align: 'end', render: (o) => formatUnitProgress(o.quantities) },
      { id: 'status', header: f('status'), render: (o) => <OrderStatusBadge status={o.status} /> },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  return (
    <section className="screen gr-screen" data-testid="goods-receipt-list">
      <PageHeader title={t('goodsReceipt.title')} subtitle={t('goodsReceipt.subtitle')} />
      {saved?.receiptId ? (
        <p className="notice" role="status" data-testid="saved-notice">
          {t('goodsReceipt.feedback.saveSuccess', { number: saved.documentNumber ?? '' })}{' '}
          <Link className="btn btn-primary" to={labelsUrl(saved.receiptId)} data-testid="print-labels">
            {t('goodsReceipt.actions.print')}
          </Link>
        </p>
      ) : null}
      <CheckboxField {...flagFilterField(list, 'show_all')} label={t('goodsReceipt.showAll')} data-testid="show-all" />
      <PagedTable
        list={list}
        failedText={t('goodsReceipt.loadError')}
        count={t('goodsReceipt.count', { count: list.total, total: formatCount(list.total) })}
        columns={columns}
        rowKey={(o) => o.id}
        caption={t('goodsReceipt.caption')}
        emptyText={t('goodsReceipt.empty')}
        searchable
        onRowClick={(o) => navigate(receiptOrderUrl(o.id))}
        testId="receipt-orders"
      />
    </section>
  );
}
