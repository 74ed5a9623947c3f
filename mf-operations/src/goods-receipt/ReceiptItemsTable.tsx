import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import type { ReceiptOrderItem, Warehouse } from '@wms/shared-api';
import { formatQuantity, formatUnit, NumberField, QUANTITY_DECIMALS, Truncate, WarehousePicker } from '@wms/shared-ui';
import { NS } from '../paths';
import { itemHistoryUrl } from './paths';
import { isPositiveQuantity, itemLocked, itemNeedsBatches, type ItemDraft } from './receipt-form';
import { ItemStatusBadge } from './status';

export interface ReceiptItemsTableProps {
  items: ReceiptOrderItem[];
  drafts: Record<number, ItemDraft>;
  problems: Record<string, string>;
  warehouses: Warehouse[] | null;
  busy: boolean;
  /** Nothing left to receive: no quantity, warehouse or batch controls (the completion toggle stays). */
  readOnly?: boolean;
  onChange: (itemId: number, patch: Partial<ItemDraft>) => void;
  onInputProblem: (key: string, bad: boolean) => void;
  onOpenBatches: (item: ReceiptOrderItem) => void;
  onToggleCompleted: (item: ReceiptOrderItem) => void;
}

/** The order's items: ordered, received, remaining, the quantity now, warehouse, status, mark-as-completed, batches. */
export function ReceiptItemsTable({
  items,
  drafts,
  problems,
  warehouses,
  busy,
  readOnly = false,
  onChange,
  onInputProblem,
  onOpenBatches,
  onToggleCompleted,
}: ReceiptItemsTableProps) {
  const { t } = useTranslation(NS);
  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
  return (
    <div className="table-scroll">
      <table className="gr-items" data-testid="receipt-items">
        <caption className="sr-only">{t('goodsReceipt.detailTitle')}</caption>
        <thead>
          <tr>
            <th>{f('code')}</th>
            <th>{f('description')}</th>
            <th className="num">{f('ordered')}</th>
            <th className="num">{f('received')}</th>
            <th className="num">{f('remaining')}</th>
            {readOnly ? null : <th>{f('quantityNow')}</th>}
            {readOnly ? null : <th>{f('warehouse')}</th>}
            <th>{f('status')}</th>
            <th>{f('completed')}</th>
            {readOnly ? null : <th>{f('batches')}</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const d = drafts[item.id];
            const locked = itemLocked(item);
            const p = (k: string) => problems[`item.${item.id}.${k}`];
            const disabled = locked || busy;
            return (
              <tr key={item.id} data-testid={`item-row-${item.code}`} className={locked ? 'gr-locked' : undefined}>
                <td data-label={f('code')} className="code">
                  <Link to={itemHistoryUrl(item.id)} title={t('goodsReceipt.history.open')}>
                    {item.code}
                  </Link>
                </td>
                <td data-label={f('description')}>
                  <Truncate text={item.description} max={15} />
                </td>
                <td data-label={f('ordered')} className="num">
                  {formatQuantity(item.ordered_quantity, item.unit_of_measure)}
                </td>
                <td data-label={f('received')} className="num">
                  {formatQuantity(item.received_quantity, item.unit_of_measure)}
                </td>
                <td data-label={f('remaining')} className="num">
                  {formatQuantity(item.remaining_quantity, item.unit_of_measure)}
                </td>
                {readOnly ? null : (
                  <>
                    <td data-label={f('quantityNow')}>
                      <NumberField
                        name={`item.${item.id}.quantity`}
                        label={<span className="sr-only">{`${f('quantityNow')} ${item.code}`}</span>}
                        decimals={QUANTITY_DECIMALS}
                        value={d.quantity}
                        disabled={disabled}
                        onChange={(v) => onChange(item.id, { quantity: v })}
                        onInputProblem={(prob) => onInputProblem(`item.${item.id}.quantity`, !!prob)}
                        error={p('quantity')}
                        suffix={formatUnit(item.unit_of_measure) || undefined}
                        hint={locked ? undefined : `max ${formatQuantity(item.max_receivable_quantity, item.unit_of_measure)}`}
                        data-testid={`quantity-${item.code}`}
                      />
                    </td>
                    <td data-label={f('warehouse')}>
                      <WarehousePicker
                        name={`item.${item.id}.warehouse_id`}
                        label={<span className="sr-only">{`${f('warehouse')} ${item.code}`}</span>}
                        warehouses={warehouses}
                        value={d.warehouse_id}
                        disabled={disabled}
                        onChange={(id) => onChange(item.id, { warehouse_id: id })}
                        error={p('warehouse_id')}
                        data-testid={`warehouse-${item.code}`}
                      />
                    </td>
                  </>
                )}
                <td data-label={f('status')}>
                  <ItemStatusBadge status={item.status} />
                </td>
                <td data-label={f('completed')}>
                  <label className="gr-toggle">
                    <input
                      type="checkbox"
                      checked={item.completed || locked}
                      disabled={busy || (locked && !item.completed)}
                      onChange={() => onToggleCompleted(item)}
                      data-testid={`completed-${item.code}`}
                    />
                    <span className="sr-only">{`${f('completed')} ${item.code}`}</span>
                  </label>
                </td>
                {readOnly ? null : (
                  <td data-label={f('batches')}>
                    {itemNeedsBatches(item) ? (
                      <>
                        <button
                          type="button"
                          name={`item.${item.id}.batches`}
                          className="btn btn-secondary"
                          aria-describedby={p('batches') ? `batches-error-${item.id}` : undefined}
                          disabled={disabled || !isPositiveQuantity(d.quantity)}
                          onClick={() => onOpenBatches(item)}
                          data-testid={`batches-${item.code}`}
                        >
                          {t('goodsReceipt.batch.open', { count: d.batches.length })}
                        </button>
                        {p('batches') ? (
                          <p className="field-error" id={`batches-error-${item.id}`} data-testid={`error-batches-${item.code}`}>
                            {p('batches')}
                          </p>
                        ) : null}
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
