import { useTranslation } from 'react-i18next';
import type { ReceiptOrder } from '@wms/shared-api';
import { displayDay, Facts, formatCount, formatQuantity, formatUnitTotals, RowActions } from '@wms/shared-ui';
import { NS } from '../paths';
import { labelsUrl } from './paths';

/** The order's summary (ordered, total received, last receipt, receipt count) and its receipts, newest first. */
type Receipt = ReceiptOrder['receipts'][number];
export function ReceiptHistoryPanel({ order, busy, onReverse }: { order: ReceiptOrder; busy: boolean; onReverse: (r: Receipt) => void }) {
  const { t } = useTranslation(NS);
  const s = order.summary;
  return (
    <div className="gr-panels">
      <section className="card gr-summary" data-testid="receipt-summary">
        <h2>{t('goodsReceipt.summary.title')}</h2>
        {/* Per unit of measure, as the server sums them (never 2,5 kg + 40 pz added together). */}
        <Facts
          facts={[
            { label: t('goodsReceipt.summary.ordered'), value: formatUnitTotals(s.quantities, 'ordered'), testId: 'summary-ordered' },
            { label: t('goodsReceipt.summary.received'), value: formatUnitTotals(s.quantities, 'received'), testId: 'summary-received' },
            { label: t('goodsReceipt.summary.last'), value: s.last_receipt_date && displayDay(s.last_receipt_date) },
            { label: t('goodsReceipt.summary.count'), value: formatCount(s.receipt_count), testId: 'summary-count' },
          ]}
        />
      </section>
      <section className="card gr-history" data-testid="receipt-history">
        <h2>{t('goodsReceipt.history.title')}</h2>
        {order.receipts.length === 0 ? (
          <p className="muted">{t('goodsReceipt.history.empty')}</p>
        ) : (
          <ul>
            {order.receipts.map((r) => (
              <li key={r.id} className={r.reversed ? 'muted' : undefined} data-testid={`receipt-${r.document_number}`}>
                <strong>{`${t('goodsReceipt.fields.ddtNumber')} ${r.document_number}`}</strong>
                {` · ${displayDay(r.document_date)} · `}
                {r.lines.map(lineText).join('; ')}
                {r.reversed ? <em>{` — ${t('goodsReceipt.history.reversed')}`}</em> : null}
                {/* A reversed receipt's goods went back: neither labels nor a second reversal. */}
                {r.reversed ? null : (
                  <RowActions
                    edit={{
                      to: labelsUrl(r.id),
                      text: t('goodsReceipt.history.labels'),
                      label: t('goodsReceipt.history.labelsOf', { number: r.document_number }),
                      testId: `labels-${r.document_number}`,
                    }}
                    remove={{
                      onClick: () => onReverse(r),
                      text: t('goodsReceipt.history.reverse'),
                      label: t('goodsReceipt.history.reverseOf', { number: r.document_number }),
                      disabled: busy,
                      testId: `reverse-${r.document_number}`,
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** "FARINA-00 10 kg (L1, L2)": a receipt line, its quantity and its batches. */
function lineText(l: Receipt['lines'][number]): string {
  const batches = l.batches.map((b) => b.batch_number).filter(Boolean);
  return `${l.product_code} ${formatQuantity(l.quantity, l.unit_of_measure)}${batches.length ? ` (${batches.join(', ')})` : ''}`;
}
