import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { compareDecimals, isDecimalString } from '@wms/shared-api';
import {
  BatchSelect,
  focusAddedRow,
  formatQuantity,
  formatUnit,
  NumberField,
  ProductPicker,
  QUANTITY_DECIMALS,
  lineField,
  ListError,
  type FormList,
  type LineFieldSource,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { useLeavingStock } from '../shared/leaving-stock';
import './transfers.css';

/** A line as the form holds it: the body's fields (the schema keeps only those) and the product's batch flag and unit. */
export interface TransferLineValues {
  key: string;
  product_id: number | '';
  batch_number: string;
  quantity: string;
  hasBatch: boolean;
  unit: string | null;
}

let keys = 0;
export const newLine = (values: Partial<TransferLineValues> = {}): TransferLineValues => ({
  key: `n${++keys}`,
  product_id: '',
  batch_number: '',
  quantity: '',
  hasBatch: false,
  unit: null,
  ...values,
});

interface Props {
  /** The form's lines (the kit's useFormList over the form's values). */
  lines: FormList<TransferLineValues>;
  /** The source warehouse: the batches are those on hand there. */
  fromId: number | null;
  /** The form: each field's name, message, unreadable-text report and saving state (the kit's lineField). */
  form: LineFieldSource;
}

/**
 * The lines of a transfer: product, batch (offered in FEFO order with expiry and quantity available at the source), and
 * quantity with the unit; the server checks availability again under the ledger's locks when it ships.
 */
export function TransferLines({ lines, fromId, form }: Props) {
  const { t } = useTranslation(NS);
  return (
    <fieldset className="form-lines" data-testid="transfer-lines">
      <legend>{t('stockTransfer.lines.title')}</legend>
      <ListError name="lines" error={form.error('lines')} />
      {lines.rows.map((line, i) => (
        <TransferLine
          key={line.key}
          line={line}
          index={i}
          fromId={fromId}
          form={form}
          onChange={(change) => lines.patch(i, change)}
          onRemove={() => lines.removeAt(i)}
        />
      ))}
      <button
        type="button"
        className="btn"
        onClick={(e) => (lines.add(newLine()), focusAddedRow(e.currentTarget, 'lines', lines.rows.length))}
        disabled={form.saving}
        data-testid="add-line"
      >
        {t('stockTransfer.lines.add')}
      </button>
    </fieldset>
  );
}

interface LineProps extends Pick<Props, 'fromId' | 'form'> {
  line: TransferLineValues;
  index: number;
  onChange: (change: Partial<TransferLineValues>) => void;
  onRemove: () => void;
}

/** One line, with the stock of its product at the source (the kit's loader: read again when either changes). */
function TransferLine({ line, index: i, fromId, form, onChange, onRemove }: LineProps) {
  const { t } = useTranslation(NS);
  const f = (k: string, o?: Record<string, unknown>) => t(`stockTransfer.fields.${k}`, o);
  const name = (field: string) => `lines.${i}.${field}`;
  const productId = line.product_id === '' ? null : line.product_id;
  const stock = useLeavingStock(
    productId && fromId ? { productId, warehouseId: fromId, batch: line.hasBatch ? line.batch_number : null, unit: line.unit } : null,
  );
  const { choices } = stock;
  // FEFO: once the batches on hand are known, the earliest-expiring one is chosen, unless a batch is already (a scan's).
  useEffect(() => {
    if (line.hasBatch && !line.batch_number && choices?.[0]) onChange({ batch_number: choices[0].batch });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the batches arrive: a batch cleared by hand stays so
  }, [choices]);
  // A draft may be prepared before the goods arrive: more than is on hand now is saved, with a warning (shipping refuses it).
  // The warning's live region stays in place, so a screen reader hears it as the quantity typed goes over.
  const { available } = stock;
  const over = available !== null && isDecimalString(line.quantity) && compareDecimals(line.quantity, available) > 0;
  const hint = fromId ? (
    <>
      {over ? null : stock.hint}
      <span className="transfer-over" role="status" data-testid={`over-available-${i}`}>
        {over ? t('stockTransfer.lines.overAvailable', { available: formatQuantity(available, line.unit) }) : null}
      </span>
    </>
  ) : (
    f('chooseFromFirst')
  );
  return (
    <div className="form-line" data-testid={`transfer-line-${i}`} aria-label={t('stockTransfer.lines.line', { n: i + 1 })}>
      <ProductPicker
        {...lineField(form, name('product_id'))}
        label={f('product')}
        required
        value={line.product_id}
        onChange={(_id, p) =>
          onChange({ product_id: p?.id ?? '', hasBatch: !!p?.has_batch, unit: p?.unit_of_measure ?? null, batch_number: '' })
        }
        data-testid={`product-${i}`}
      />
      {line.hasBatch ? (
        <BatchSelect
          {...lineField(form, name('batch_number'))}
          label={f('batch')}
          required
          value={line.batch_number}
          {...stock.select}
          choices={choices}
          unit={line.unit}
          onChange={(batch) => onChange({ batch_number: batch })}
          data-testid={`batch-${i}`}
        />
      ) : null}
      <NumberField
        {...lineField(form, name('quantity'))}
        label={f('quantity')}
        required
        decimals={QUANTITY_DECIMALS}
        value={line.quantity}
        hint={hint}
        onChange={(v) => onChange({ quantity: v })}
        suffix={formatUnit(line.unit) || undefined}
        data-testid={`quantity-${i}`}
      />
      <button
        type="button"
        className="btn btn-small"
        onClick={onRemove}
        disabled={form.saving}
        aria-label={t('stockTransfer.lines.remove', { n: i + 1 })}
        data-testid={`remove-line-${i}`}
      >
        ✕
      </button>
    </div>
  );
}
