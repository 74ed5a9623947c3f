import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { needsBatches, type ReceiptOrderItem, type Warehouse } from '@wms/shared-api';
import {
  formatQuantity,
  formatUnit,
  lineField,
  NumberField,
  QUANTITY_DECIMALS,
  Truncate,
  WarehousePicker,
  type LineFieldSource,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { itemHistoryUrl } from './paths';
import { isPositiveQuantity, itemLocked, type ReceiptLine } from './receipt-form';
import { ItemStatusBadge } from './status';

export interface ReceiptItemsTableProps {
  items: ReceiptOrderItem[];
  /** The form's lines, one per item, in the same order. */
  lines: ReceiptLine[];
  /** The page's useZodForm: each control is bound to its line's path ('items.2.quantity'). */
  form: LineFieldSource;
  warehouses: Warehouse[] | null;
  busy: boolean;
  /** Nothing left to receive: no quantity, warehouse or batch controls (the completion toggle stays). */
  readOnly?: boolean;
  onChange: (line: number, patch: Partial<ReceiptLine>) => void;
  onOpenBatches: (line: number) => void;
  onToggleCompleted: (item: ReceiptOrderItem) => void;
}

/** The order's items: ordered, received, remaining, the quantity now, warehouse, status, mark-as-completed, batches. */
export function ReceiptItemsTable({
  items,
  lines,
  form,
  warehouses,
  busy,
  readOnly = false,
  onChange,
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
          {items.map((item, i) => {
            const line = lines[i];
            const locked = itemLocked(item);
            const bind = (k: string) => lineField(form, `items.${i}.${k}`);
            const disabled = locked || busy || form.saving;
            const batchesError = form.error(`items.${i}.batches`);
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
                        {...bind('quantity')}
                        label={<span className="sr-only">{`${f('quantityNow')} ${item.code}`}</span>}
                        decimals={QUANTITY_DECIMALS}
                        value={line.quantity}
                        disabled={disabled}
                        onChange={(v) => onChange(i, { quantity: v })}
                        suffix={formatUnit(item.unit_of_measure) || undefined}
                        hint={locked ? undefined : `max ${formatQuantity(item.max_receivable_quantity, item.unit_of_measure)}`}
                        data-testid={`quantity-${item.code}`}
                      />
                    </td>
                    <td data-label={f('warehouse')}>
                      <WarehousePicker
                        {...bind('warehouse_id')}
                        label={<span className="sr-only">{`${f('warehouse')} ${item.code}`}</span>}
                        warehouses={warehouses}
                        value={line.warehouse_id}
                        disabled={disabled}
                        onChange={(id) => onChange(i, { warehouse_id: id })}
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
                      disabled={busy || form.saving || (locked && !item.completed)}
                      onChange={() => onToggleCompleted(item)}
                      data-testid={`completed-${item.code}`}
                    />
                    <span className="sr-only">{`${f('completed')} ${item.code}`}</span>
                  </label>
                </td>
                {readOnly ? null : (
                  <td data-label={f('batches')}>
                    {needsBatches(item) ? (
                      <>
                        <button
                          type="button"
                          name={`items.${i}.batches`}
                          className="btn btn-secondary"
                          aria-describedby={batchesError ? `batches-error-${item.id}` : undefined}
                          disabled={disabled || !isPositiveQuantity(line.quantity)}
                          onClick={() => onOpenBatches(i)}
                          data-testid={`batches-${item.code}`}
                        >
                          {t('goodsReceipt.batch.open', { count: line.batches.length })}
                        </button>
                        {batchesError ? (
                          <p className="field-error" id={`batches-error-${item.id}`} data-testid={`error-batches-${item.code}`}>
                            {batchesError}
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
