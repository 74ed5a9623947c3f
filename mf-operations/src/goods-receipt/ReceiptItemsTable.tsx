import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { isReceivedQuantity, needsBatches, receiptLineLocked, type ReceiptDraftLine, type ReceiptOrderItem } from '@wms/shared-api';
import {
  CardTable,
  CheckboxField,
  Field,
  formatQuantity,
  lineField,
  QuantityField,
  Truncate,
  useWarehouses,
  WarehousePicker,
  type CardColumn,
  type FormList,
  type LineFieldSource,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { itemHistoryUrl } from './paths';
import { ItemStatusBadge } from '../shared/order-status';

export interface ReceiptItemsTableProps {
  items: ReceiptOrderItem[];
  /** The form's lines (useFormList), one per item, in the same order. */
  lines: FormList<ReceiptDraftLine>;
  /** The page's useZodForm: each control is bound to its line's path ('items.2.quantity'). */
  form: LineFieldSource;
  busy: boolean;
  /** Nothing left to receive: no quantity, warehouse or batch controls (the completion toggle stays). */
  readOnly?: boolean;
  onOpenBatches: (line: number) => void;
  onToggleCompleted: (item: ReceiptOrderItem) => void;
}

/**
 * The order's items: ordered, received, remaining, the quantity now, warehouse, status, mark-as-completed, batches. Each
 * item is a card of labelled cells (goods-receipt.css: ten columns never fit the portal's frame).
 */
export function ReceiptItemsTable(props: ReceiptItemsTableProps) {
  const { items, lines, form, busy, readOnly = false, onOpenBatches, onToggleCompleted } = props;
  const { warehouses, failed } = useWarehouses(readOnly); // read once for every line's picker
  const { t } = useTranslation(NS);
  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
  const disabled = (item: ReceiptOrderItem) => receiptLineLocked(item) || busy || form.saving;
  const quantity = (id: 'ordered' | 'received' | 'remaining'): CardColumn<ReceiptOrderItem> => ({
    id,
    header: f(id),
    className: 'num',
    render: (item) => formatQuantity(item[`${id}_quantity`], item.unit_of_measure),
  });
  const columns: Array<CardColumn<ReceiptOrderItem> | false> = [
    {
      id: 'code',
      header: f('code'),
      className: 'code',
      headerClassName: '',
      render: (item) => (
        <Link to={itemHistoryUrl(item.id)} title={t('goodsReceipt.history.open')}>
          {item.code}
        </Link>
      ),
    },
    { id: 'description', header: f('description'), render: (item) => <Truncate text={item.description} max={15} /> },
    quantity('ordered'),
    quantity('received'),
    quantity('remaining'),
    !readOnly && {
      id: 'quantityNow',
      header: f('quantityNow'),
      render: (item, i) => (
        <QuantityField
          {...lineField(form, `items.${i}.quantity`)}
          label={<span className="sr-only">{`${f('quantityNow')} ${item.code}`}</span>}
          unit={item.unit_of_measure}
          value={lines.rows[i].quantity}
          disabled={disabled(item)}
          onChange={(v) => lines.patch(i, { quantity: v })}
          hint={receiptLineLocked(item) ? undefined : `max ${formatQuantity(item.max_receivable_quantity, item.unit_of_measure)}`}
          data-testid={`quantity-${item.code}`}
        />
      ),
    },
    !readOnly && {
      id: 'warehouse',
      header: f('warehouse'),
      render: (item, i) => (
        <WarehousePicker
          {...lineField(form, `items.${i}.warehouse_id`)}
          label={<span className="sr-only">{`${f('warehouse')} ${item.code}`}</span>}
          warehouses={warehouses}
          loadFailed={failed}
          value={lines.rows[i].warehouse_id}
          disabled={disabled(item)}
          onChange={(id) => lines.patch(i, { warehouse_id: id })}
          data-testid={`warehouse-${item.code}`}
        />
      ),
    },
    { id: 'status', header: f('status'), render: (item) => <ItemStatusBadge status={item.status} /> },
    {
      id: 'completed',
      header: f('completed'),
      render: (item) => (
        <CheckboxField
          name={`completed.${item.id}`}
          label={<span className="sr-only">{`${f('completed')} ${item.code}`}</span>}
          value={item.completed || receiptLineLocked(item)}
          disabled={busy || form.saving || (receiptLineLocked(item) && !item.completed)}
          onChange={() => onToggleCompleted(item)}
          data-testid={`completed-${item.code}`}
        />
      ),
    },
    !readOnly && {
      id: 'batches',
      header: f('batches'),
      // The kit's Field around the button: a refused save's message under it, announced with it, focused by its name.
      render: (item, i) => {
        if (!needsBatches(item)) return '—';
        const text = t('goodsReceipt.batch.open', { count: lines.rows[i].batches.length });
        return (
          <Field
            name={`items.${i}.batches`}
            label={<span className="sr-only">{`${text} ${item.code}`}</span>}
            error={form.error(`items.${i}.batches`)}
          >
            {(control) => (
              <button
                type="button"
                {...control}
                className="btn btn-secondary"
                disabled={disabled(item) || !isReceivedQuantity(lines.rows[i].quantity)}
                onClick={() => onOpenBatches(i)}
                data-testid={`batches-${item.code}`}
              >
                {text}
              </button>
            )}
          </Field>
        );
      },
    },
  ];
  return (
    <CardTable
      columns={columns.filter((c) => c !== false)}
      rows={items}
      rowKey={(item) => item.id}
      caption={t('goodsReceipt.detailTitle')}
      className="gr-items"
      rowTestId={(item) => `item-row-${item.code}`}
      rowClassName={(item) => (receiptLineLocked(item) ? 'gr-locked' : undefined)}
      testId="receipt-items"
    />
  );
}
