import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@wms/shared-ui/router';
import type { ReceiptHistory } from '@wms/shared-api';
import {
  codeColumn,
  DataTable,
  dayColumn,
  displayDay,
  Facts,
  formatCount,
  formatQuantity,
  formatUnit,
  Loaded,
  PageHeader,
  quantityColumn,
  routeRecordId,
  RowActions,
  useLoad,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchItemHistory } from './api';
import { labelsUrl, RECEIPT_LIST_URL, receiptOrderUrl } from './paths';
import { ItemStatusBadge } from '../shared/order-status';

type Receipt = ReceiptHistory['receipts'][number];

/** /operazioni/ricezione-merce/storico/{itemId} (SPEC §3 Receipt history): one order item's receipts, newest first. */
export function ReceiptHistoryPage() {
  const { t } = useTranslation(NS);
  const { itemId } = useParams();
  const load = useLoad(() => fetchItemHistory(routeRecordId(itemId)), [itemId]);
  return (
    <Loaded load={load} failedText={() => t('goodsReceipt.loadError')} notFound={{ backTo: RECEIPT_LIST_URL }}>
      {(h) => <ItemHistory h={h} />}
    </Loaded>
  );
}

/**
 * The item's totals (the kit's Facts) and its receipts (the kit's DataTable, in the server's order: newest first). A
 * reversed receipt is shown, muted and marked, without labels: its goods went back (as on the order's page).
 */
function ItemHistory({ h }: { h: ReceiptHistory }) {
  const { t } = useTranslation(NS);
  const unit = h.unit_of_measure;
  const n = (v: string) => formatQuantity(v, unit);
  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
  const columns = useMemo<Column<Receipt>[]>(() => {
    const batchText = (b: Receipt['batches'][number]) =>
      [
        b.batchNumber,
        n(b.quantity),
        b.expiryDate && `${f('expiryDate')} ${displayDay(b.expiryDate)}`,
        b.productionDate && `${f('productionDate')} ${displayDay(b.productionDate)}`,
      ]
        .filter(Boolean)
        .join(' · ');
    return [
      codeColumn('ddt_number', f('ddtNumber'), (r) => r.ddt_number, {
        render: (r) => (
          <>
            <span className="code">{r.ddt_number}</span>
            {r.reversed ? <em>{` (${t('goodsReceipt.history.reversed')})`}</em> : null}
          </>
        ),
      }),
      dayColumn('ddt_date', f('ddtDate'), (r) => r.ddt_date),
      dayColumn('receipt_date', f('receiptDate'), (r) => r.receipt_date, { priority: 'medium' }),
      quantityColumn(
        'received',
        f('received'),
        (r) => r.received_quantity,
        () => unit,
      ),
      quantityColumn(
        'remaining',
        f('remaining'),
        (r) => r.remaining_quantity,
        () => unit,
        { priority: 'medium' },
      ),
      { id: 'warehouse', header: f('warehouse'), value: (r) => r.warehouse_name },
      {
        id: 'batches',
        header: f('batches'),
        value: (r) => r.batches.map(batchText).join('; '),
        // One batch per line: its number, quantity and dates.
        render: (r) => (r.batches.length ? r.batches.map((b, k) => <div key={k}>{batchText(b)}</div>) : '—'),
        sortable: false,
      },
      {
        id: 'actions',
        header: t('goodsReceipt.history.labels'),
        render: (r) =>
          r.reversed ? null : (
            <RowActions
              edit={{
                to: labelsUrl(r.receipt_id),
                text: t('goodsReceipt.history.labels'),
                label: t('goodsReceipt.history.labelsOf', { number: r.ddt_number }),
                testId: `labels-${r.ddt_number}`,
              }}
            />
          ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, unit]);
  return (
    <section className="screen gr-screen" data-testid="receipt-history-page">
      <PageHeader
        title={`${t('goodsReceipt.historyTitle')} ${h.product_code}`}
        subtitle={h.product_description}
        actions={
          <Link className="btn" to={receiptOrderUrl(h.order_id)}>
            {`${f('orderNumber')} ${h.order_number}`}
          </Link>
        }
      />
      <Facts
        className="gr-order-head"
        data-testid="history-totals"
        facts={[
          { label: f('unit'), value: formatUnit(unit) },
          { label: t('goodsReceipt.summary.ordered'), value: n(h.total_ordered) },
          { label: t('goodsReceipt.summary.received'), value: n(h.total_received), testId: 'history-received' },
          { label: t('goodsReceipt.summary.last'), value: h.last_receipt_date && displayDay(h.last_receipt_date) },
          { label: t('goodsReceipt.summary.count'), value: formatCount(h.receipt_count), testId: 'history-count' },
          { label: f('status'), value: <ItemStatusBadge status={h.status} /> },
        ]}
      />
      <DataTable
        columns={columns}
        rows={h.receipts}
        rowKey={(r) => r.receipt_id}
        caption={t('goodsReceipt.historyTitle')}
        emptyText={t('goodsReceipt.history.empty')}
        rowClassName={(r) => (r.reversed ? 'muted' : undefined)}
        rowTestId={(r) => `history-receipt-${r.ddt_number}`}
        testId="history-table"
      />
    </section>
  );
}
