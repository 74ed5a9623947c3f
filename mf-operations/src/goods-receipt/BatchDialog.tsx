import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareDecimals, subtractDecimals, sumQuantities, type BarcodeLookup, type ReceiptOrderItem } from '@wms/shared-api';
import {
  currentLanguage,
  DateField,
  Dialog,
  formatQuantity,
  formatUnit,
  NumberField,
  QUANTITY_DECIMALS,
  ScanInput,
  TextField,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { batchProblems, emptyBatch, type BatchDraft } from './receipt-form';

export interface BatchDialogProps {
  item: ReceiptOrderItem;
  /** The quantity received now (exact decimal string). */
  quantity: string;
  batches: BatchDraft[];
  onSave: (batches: BatchDraft[]) => void;
  onCancel: () => void;
}

/**
 * The batches of one received item (SPEC §2, §5): batch number, quantity, expiry and production date. Save stays disabled
 * until the batches sum to the received quantity within 0.001 and every date the product manages is there and valid.
 */
export function BatchDialog({ item, quantity, batches: initial, onSave, onCancel }: BatchDialogProps) {
  const { t } = useTranslation(NS);
  const lang = currentLanguage() === 'fr' ? 'fr' : 'it';
  const [batches, setBatches] = useState<BatchDraft[]>(initial.length ? initial : [{ ...emptyBatch(), quantity }]);
  const [inputProblem, setInputProblem] = useState(false);
  const problems = batchProblems(item, quantity, batches, lang);
  // Exact: 0,1 + 0,2 is 0,3 (quantities are decimal strings; sumQuantities skips what is not one yet).
  const sum = sumQuantities(batches.map((b) => b.quantity));
  const canSave = Object.keys(problems).length === 0 && !inputProblem;
  const set = (j: number, patch: Partial<BatchDraft>) => setBatches((bs) => bs.map((b, k) => (k === j ? { ...b, ...patch } : b)));
  const f = (k: string) => t(`goodsReceipt.fields.${k}`);

  /**
   * A scanned label adds a batch line with its batch, dates and quantity (else what is still missing from the total); the
   * untouched first line is replaced. A code of another product is refused with its code.
   */
  const onScan = (found: BarcodeLookup): string | undefined => {
    if (found.product.id !== item.product_id) return t('goodsReceipt.batch.scanOtherProduct', { code: found.product.code });
    setBatches((bs) => {
      const blank = bs.length === 1 && !bs[0].batch_number && !bs[0].expiry_date && !bs[0].production_date;
      const kept = blank ? [] : bs;
      const missing = quantity ? subtractDecimals(quantity, sumQuantities(kept.map((b) => b.quantity))) : '';
      const line: BatchDraft = {
        batch_number: found.batch_number ?? '',
        quantity: found.quantity ?? (missing && compareDecimals(missing, 0) > 0 ? missing : ''),
        expiry_date: found.expiry_date ?? '',
        production_date: found.production_date ?? '',
      };
      return [...kept, line];
    });
    return undefined;
  };

  return (
    <Dialog
      title={t('goodsReceipt.batch.title', { code: item.code })}
      onClose={onCancel}
      size="wide"
      className="gr-batch-dialog"
      data-testid="batch-dialog"
      actions={
        <>
          <button type="button" className="btn btn-primary" disabled={!canSave} onClick={() => onSave(batches)} data-testid="batch-save">
            {t('goodsReceipt.batch.save')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('goodsReceipt.batch.cancel')}
          </button>
        </>
      }
    >
      <p className="muted">{item.description}</p>
      <ScanInput onScan={onScan} takeFocus data-testid="batch-scan" />
      {batches.map((b, j) => (
        <fieldset className="gr-batch-row" key={j} data-testid={`batch-row-${j}`}>
          <legend className="sr-only">{`${f('batchNumber')} ${j + 1}`}</legend>
          {item.has_batches ? (
            <TextField
              name={`batches.${j}.batch_number`}
              label={f('batchNumber')}
              required
              value={b.batch_number}
              onChange={(v) => set(j, { batch_number: v ?? '' })}
              error={problems[`batches.${j}.batch_number`]}
              data-testid={`batch-number-${j}`}
            />
          ) : null}
          <NumberField
            name={`batches.${j}.quantity`}
            label={f('quantity')}
            required
            decimals={QUANTITY_DECIMALS}
            value={b.quantity}
            onChange={(v) => set(j, { quantity: v })}
            onInputProblem={(p) => setInputProblem(!!p)}
            suffix={formatUnit(item.unit_of_measure) || undefined}
            data-testid={`batch-quantity-${j}`}
          />
          {item.has_expiry ? (
            <DateField
              name={`batches.${j}.expiry_date`}
              label={f('expiryDate')}
              required
              value={b.expiry_date}
              onChange={(v) => set(j, { expiry_date: v })}
              onInputProblem={(p) => setInputProblem(!!p)}
              error={problems[`batches.${j}.expiry_date`]}
              data-testid={`batch-expiry-${j}`}
            />
          ) : null}
          {item.has_production_date ? (
            <DateField
              name={`batches.${j}.production_date`}
              label={f('productionDate')}
              required
              value={b.production_date}
              onChange={(v) => set(j, { production_date: v })}
              onInputProblem={(p) => setInputProblem(!!p)}
              error={problems[`batches.${j}.production_date`]}
              data-testid={`batch-production-${j}`}
            />
          ) : null}
          {batches.length > 1 ? (
            <button
              type="button"
              className="btn btn-ghost btn-ghost-danger"
              onClick={() => setBatches((bs) => bs.filter((_, k) => k !== j))}
            >
              {t('goodsReceipt.batch.remove')}
            </button>
          ) : null}
        </fieldset>
      ))}
      <button type="button" className="btn btn-secondary" onClick={() => setBatches((bs) => [...bs, emptyBatch()])} data-testid="batch-add">
        {t('goodsReceipt.batch.add')}
      </button>
      <p className={problems.batches ? 'field-error' : 'muted'} data-testid="batch-total" aria-live="polite">
        {t('goodsReceipt.batch.total', {
          sum: formatQuantity(sum, item.unit_of_measure),
          quantity: formatQuantity(quantity || '0', item.unit_of_measure),
        })}
        {problems.batches ? ` — ${problems.batches}` : ''}
      </p>
    </Dialog>
  );
}
