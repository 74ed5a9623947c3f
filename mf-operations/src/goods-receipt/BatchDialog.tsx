import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  compareDecimals,
  receiptValidationMessage,
  subtractDecimals,
  sumQuantities,
  type BarcodeLookup,
  type ReceiptOrderItem,
} from '@wms/shared-api';
import {
  currentLanguage,
  DateField,
  Dialog,
  focusField,
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
 * The batches of one received item (SPEC §2, §5): batch number, quantity, expiry and production date. Confirm (or Enter)
 * takes them when they sum to the received quantity within 0.001 and every date the product manages is there and valid;
 * otherwise it shows every problem and focuses the first. A field's problem shows once it was left or after that first
 * attempt, never on open; a day that does not exist (31/02/2027) says so, not "required".
 */
export function BatchDialog({ item, quantity, batches: initial, onSave, onCancel }: BatchDialogProps) {
  const { t } = useTranslation(NS);
  const lang = currentLanguage() === 'fr' ? 'fr' : 'it';
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [batches, setBatches] = useState<BatchDraft[]>(initial.length ? initial : [{ ...emptyBatch(), quantity }]);
  /** Fields whose typed text cannot be read (a day that does not exist, a malformed number), by name. */
  const [unreadable, setUnreadable] = useState<Record<string, boolean>>({});
  const [left, setLeft] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  /** A row just added: its first field takes the focus. */
  const added = useRef<number | null>(null);
  useEffect(() => {
    if (added.current === null) return;
    formRef.current?.querySelector<HTMLElement>(`[name^="batches.${added.current}."]`)?.focus();
    added.current = null;
  }, [batches.length]);

  const problems: Record<string, string> = batchProblems(item, quantity, batches, lang);
  // A day that does not exist has its own words; a number field words its own problem (shown on blur).
  for (const name of Object.keys(unreadable)) {
    if (unreadable[name]) problems[name] = name.endsWith('_date') ? receiptValidationMessage(lang, 'invalidDates') : '';
  }
  const shown = (name: string) => (attempted || left[name] ? problems[name] : undefined);
  // Exact: 0,1 + 0,2 is 0,3 (quantities are decimal strings; sumQuantities skips what is not one yet).
  const sum = sumQuantities(batches.map((b) => b.quantity));
  const totalProblem = attempted || batches.some((_, j) => left[`batches.${j}.quantity`]) ? problems.batches : undefined;
  const set = (j: number, patch: Partial<BatchDraft>) => setBatches((bs) => bs.map((b, k) => (k === j ? { ...b, ...patch } : b)));
  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
  /** The dates the product manages: field, label, test id. */
  const dateFields = (
    [
      ['expiry_date', 'expiryDate', 'batch-expiry', item.has_expiry],
      ['production_date', 'productionDate', 'batch-production', item.has_production_date],
    ] as const
  ).filter((d) => d[3]);

  const confirmBatches = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setAttempted(true);
    const names = Object.keys(problems);
    if (names.length === 0) onSave(batches);
    else focusField(formRef.current, [...names, 'batches.0.quantity']);
  };
  const onLeave = (e: FocusEvent<HTMLFormElement>) => {
    const name = e.target.getAttribute('name');
    if (name && !left[name]) setLeft((l) => ({ ...l, [name]: true }));
  };
  /** Rows after a removed one show their new values afresh: their unreadable texts are gone. */
  const remove = (j: number) => {
    setBatches((bs) => bs.filter((_, k) => k !== j));
    setUnreadable((u) => Object.fromEntries(Object.entries(u).filter(([name]) => parseInt(name.split('.')[1], 10) < j)));
  };
  /** The typed-text problem of a number or date field (NumberField / DateField) by its name. */
  const readable = (name: string) => (p: unknown) => setUnreadable((u) => ({ ...u, [name]: !!p }));

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
          <button type="submit" form={formId} className="btn btn-primary" data-testid="batch-save">
            {t('goodsReceipt.batch.save')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('goodsReceipt.batch.cancel')}
          </button>
        </>
      }
    >
      <p className="muted">{item.description}</p>
      {/* The dialog focuses its first control, the scan box (takeFocus would run first and hide the opener from it). */}
      <ScanInput onScan={onScan} data-testid="batch-scan" />
      <form id={formId} ref={formRef} noValidate onSubmit={confirmBatches} onBlur={onLeave}>
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
                error={shown(`batches.${j}.batch_number`)}
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
              onInputProblem={readable(`batches.${j}.quantity`)}
              error={unreadable[`batches.${j}.quantity`] ? undefined : shown(`batches.${j}.quantity`)}
              suffix={formatUnit(item.unit_of_measure) || undefined}
              data-testid={`batch-quantity-${j}`}
            />
            {dateFields.map(([key, label, testId]) => (
              <DateField
                key={key}
                name={`batches.${j}.${key}`}
                label={f(label)}
                required
                value={b[key]}
                onChange={(v) => set(j, { [key]: v })}
                onInputProblem={readable(`batches.${j}.${key}`)}
                error={shown(`batches.${j}.${key}`)}
                data-testid={`${testId}-${j}`}
              />
            ))}
            {batches.length > 1 ? (
              <button type="button" className="btn btn-ghost btn-ghost-danger" onClick={() => remove(j)}>
                {t('goodsReceipt.batch.remove')}
              </button>
            ) : null}
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            added.current = batches.length;
            setBatches((bs) => [...bs, emptyBatch()]);
          }}
          data-testid="batch-add"
        >
          {t('goodsReceipt.batch.add')}
        </button>
        <p className={totalProblem ? 'field-error' : 'muted'} data-testid="batch-total" aria-live="polite">
          {t('goodsReceipt.batch.total', {
            sum: formatQuantity(sum, item.unit_of_measure),
            quantity: formatQuantity(quantity || '0', item.unit_of_measure),
          })}
          {totalProblem ? ` — ${totalProblem}` : ''}
        </p>
      </form>
    </Dialog>
  );
}
