import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@wms/shared-ui/router';
import type { ReceiptHistory } from '@wms/shared-api';
import { displayDay, formatCount, formatQuantity, formatUnit, Loaded, PageHeader, useLoad } from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchItemHistory } from './api';
import { labelsUrl, RECEIPT_LIST_URL, receiptOrderUrl } from './paths';
import { ItemStatusBadge } from '../shared/order-status';

/** /operazioni/ricezione-merce/storico/{itemId} (SPEC §3 Receipt history): one order item's receipts, newest first. */
export function ReceiptHistoryPage() {
  const { t } = useTranslation(NS);
  const { itemId = '' } = useParams();
  const load = useLoad(() => fetchItemHistory(itemId), [itemId]);
  return (
    <Loaded load={load} failedText={() => t('goodsReceipt.loadError')} notFound={{ backTo: RECEIPT_LIST_URL }}>
      {(h) => <ItemHistory h={h} />}
    </Loaded>
  );
}

function ItemHistory({ h }: { h: ReceiptHistory }) {
  const { t } = useTranslation(NS);
  const unit = h.unit_of_measure;
  const n = (v: string) => formatQuantity(v, unit);
  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
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
      <dl className="gr-order-head" data-testid="history-totals">
        <dt>{f('unit')}</dt>
        <dd>{formatUnit(unit) || '—'}</dd>
        <dt>{t('goodsReceipt.summary.ordered')}</dt>
        <dd>{n(h.total_ordered)}</dd>
        <dt>{t('goodsReceipt.summary.received')}</dt>
        <dd data-testid="history-received">{n(h.total_received)}</dd>
        <dt>{t('goodsReceipt.summary.last')}</dt>
        <dd>{h.last_receipt_date ? displayDay(h.last_receipt_date) : '—'}</dd>
        <dt>{t('goodsReceipt.summary.count')}</dt>
        <dd data-testid="history-count">{formatCount(h.receipt_count)}</dd>
        <dt>{f('status')}</dt>
        <dd>
          <ItemStatusBadge status={h.status} />
        </dd>
      </dl>
      {h.receipts.length === 0 ? (
        <p className="muted">{t('goodsReceipt.history.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="history-table">
            <caption className="sr-only">{t('goodsReceipt.historyTitle')}</caption>
            <thead>
              <tr>
                <th>{f('ddtNumber')}</th>
                <th>{f('ddtDate')}</th>
                <th>{f('receiptDate')}</th>
                <th className="num">{f('received')}</th>
                <th className="num">{f('remaining')}</th>
                <th>{f('warehouse')}</th>
                <th>{f('batches')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {h.receipts.map((r) => (
                <tr key={r.receipt_id} className={r.reversed ? 'muted' : undefined}>
                  <td>
                    {r.ddt_number}
                    {r.reversed ? <em>{` (${t('goodsReceipt.history.reversed')})`}</em> : null}
                  </td>
                  <td>{displayDay(r.ddt_date)}</td>
                  <td>{displayDay(r.receipt_date)}</td>
                  <td className="num">{n(r.received_quantity)}</td>
                  <td className="num">{n(r.remaining_quantity)}</td>
                  <td>{r.warehouse_name}</td>
                  <td>
                    {r.batches
                      .map((b) =>
                        [
                          b.batchNumber,
                          n(b.quantity),
                          b.expiryDate ? `${f('expiryDate')} ${displayDay(b.expiryDate)}` : '',
                          b.productionDate ? `${f('productionDate')} ${displayDay(b.productionDate)}` : '',
                        ]
                          .filter(Boolean)
                          .join(' · '),
                      )
                      .join('; ') || '—'}
                  </td>
                  <td>
                    <Link className="btn btn-ghost" to={labelsUrl(r.receipt_id)}>
                      {t('goodsReceipt.history.labels')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
