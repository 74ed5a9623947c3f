import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addScannedBatch,
  receiptBatchesSchema,
  sumQuantities,
  type BarcodeLookup,
  type ReceiptBatchDraft,
  type ReceiptOrderItem,
} from '@wms/shared-api';
import { DateField, formatQuantity, FormDialog, QuantityField, ScanInput, TextField, useLiveForm } from '@wms/shared-ui';
import { NS } from '../paths';

export interface BatchDialogProps {
  item: ReceiptOrderItem;
  /** The quantity received now (exact decimal string). */
  quantity: string;
  batches: ReceiptBatchDraft[];
  onSave: (batches: ReceiptBatchDraft[]) => void;
  onCancel: () => void;
}

const EMPTY_BATCH: ReceiptBatchDraft = { batch_number: '', quantity: '', production_date: '', expiry_date: '' };

/**
 * The batches of one received item (SPEC §2, §5): batch number, quantity, expiry and production date. Confirm (or Enter)
 * takes them when they sum to the received quantity within 0.001 and every date the product manages is there and valid
 * (shared-api's receiptBatchesSchema: the server's rules and words); otherwise it shows every problem and focuses the
 * first. The kit's useLiveForm: a field's problem shows once it was left or after that first attempt, never on open; a
 * day that does not exist (31/02/2027) says so, not "required".
 */
export function BatchDialog({ item, quantity, batches: initial, onSave, onCancel }: BatchDialogProps) {
  const { t } = useTranslation(NS);
  const schema = useMemo(() => receiptBatchesSchema(item, quantity), [item, quantity]);
  const form = useLiveForm(schema, { batches: initial.length ? initial : [{ ...EMPTY_BATCH, quantity }] });
  const { batches } = form.values;

  // Exact: 0,1 + 0,2 is 0,3 (quantities are decimal strings; sumQuantities skips what is not one yet).
  const sum = sumQuantities(batches.map((b) => b.quantity));
  const totalProblem = form.error('batches');
  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
  /** The dates the product manages: field, label, test id. */
  const dateFields = (
    [
      ['expiry_date', 'expiryDate', 'batch-expiry', item.has_expiry],
      ['production_date', 'productionDate', 'batch-production', item.has_production_date],
    ] as const
  ).filter((d) => d[3]);

  /**
   * A scanned label adds a batch line with its batch, dates and quantity (else what is still missing from the total); the
   * untouched first line is replaced. A code of another product is refused with its code.
   */
  const onScan = (found: BarcodeLookup): string | undefined => {
    if (found.product.id !== item.product_id) return t('goodsReceipt.batch.scanOtherProduct', { code: found.product.code });
    form.setValues((v) => ({ batches: addScannedBatch(v.batches, quantity, found) }));
    return undefined;
  };

  return (
    <FormDialog
      title={t('goodsReceipt.batch.title', { code: item.code })}
      onCancel={onCancel}
      onSubmit={() => {
        if (form.attempt()) onSave(batches);
      }}
      confirmLabel={t('goodsReceipt.batch.save')}
      confirmTestId="batch-save"
      size="wide"
      className="gr-batch-dialog"
      data-testid="batch-dialog"
      formRef={form.formRef}
      onBlur={form.onBlur}
      intro={
        <>
          <p className="muted">{item.description}</p>
          {/* The dialog focuses its first control, the scan box (takeFocus would run first and hide the opener from it). */}
          <ScanInput onScan={onScan} data-testid="batch-scan" />
        </>
      }
    >
      {batches.map((_b, j) => (
        <fieldset className="field-row gr-batch-row" key={j} data-testid={`batch-row-${j}`}>
          <legend className="sr-only">{`${f('batchNumber')} ${j + 1}`}</legend>
          {item.has_batches ? (
            <TextField {...form.field(`batches.${j}.batch_number`)} label={f('batchNumber')} required data-testid={`batch-number-${j}`} />
          ) : null}
          <QuantityField
            {...form.field(`batches.${j}.quantity`)}
            label={f('quantity')}
            required
            unit={item.unit_of_measure}
            data-testid={`batch-quantity-${j}`}
          />
          {dateFields.map(([key, label, testId]) => (
            <DateField key={key} {...form.field(`batches.${j}.${key}`)} label={f(label)} required data-testid={`${testId}-${j}`} />
          ))}
          {batches.length > 1 ? (
            <button type="button" className="btn btn-ghost btn-ghost-danger" onClick={() => form.removeRow('batches', j)}>
              {t('goodsReceipt.batch.remove')}
            </button>
          ) : null}
        </fieldset>
      ))}
      {/* A row added: its first field takes the focus. */}
      <button type="button" className="btn btn-secondary" onClick={() => form.addRow('batches', EMPTY_BATCH)} data-testid="batch-add">
        {t('goodsReceipt.batch.add')}
      </button>
      <p className={totalProblem ? 'field-error' : 'muted'} data-testid="batch-total" aria-live="polite">
        {t('goodsReceipt.batch.total', {
          sum: formatQuantity(sum, item.unit_of_measure),
          quantity: formatQuantity(quantity || '0', item.unit_of_measure),
        })}
        {totalProblem ? ` — ${totalProblem}` : ''}
      </p>
    </FormDialog>
  );
}
