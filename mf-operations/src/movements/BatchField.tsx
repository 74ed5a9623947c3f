import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BATCH_LENGTH } from '@wms/shared-api';
import { formatDate } from '@wms/shared-ui';
import { NS } from '../paths';
import type { FieldUi } from './field-ui';
import { formatQuantity } from './format';
import type { MovementFormState } from './useMovementForm';

/**
 * The batch of a batch product: free text for a load (the batches already in stock suggested, one of them taking its
 * dates); for goods that leave, a select of the batches in stock in the warehouse, with what is available.
 */
export function BatchField({ form, ui }: { form: MovementFormState; ui: FieldUi }) {
  const { t } = useTranslation(NS);
  const { values, stock } = form;
  const { id } = ui;
  const batchHintId = `${id}-batch-hint`;
  const warehouseId = Number(values.warehouse_id) || null;

  let hint: ReactNode = null;
  let control: ReactNode;
  if (values.movement_type === 'C') {
    const { knownBatches } = stock;
    hint = stock.knownBatch ? t('movements.form.batchKnown') : null;
    control = (
      <>
        <input
          ref={ui.ref<HTMLInputElement>('batch_number')}
          id={`${id}-batch`}
          type="text"
          value={values.batch_number}
          maxLength={MAX_BATCH_LENGTH}
          placeholder={t('movements.form.batchPlaceholder')}
          list={knownBatches.size > 0 ? `${id}-batches` : undefined}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => form.changeLoadBatch(e.target.value)}
          aria-invalid={ui.invalid('batch_number')}
          aria-describedby={ui.describedBy('batch_number', hint ? batchHintId : null)}
          data-testid="movement-batch"
        />
        {knownBatches.size > 0 ? (
          <datalist id={`${id}-batches`}>
            {[...knownBatches.values()].map((r) => (
              <option key={r.batch_number} value={r.batch_number ?? ''} />
            ))}
          </datalist>
        ) : null}
      </>
    );
  } else {
    const { current } = stock;
    const options = stock.choices ?? [];
    hint = !warehouseId
      ? t('movements.form.chooseProductWarehouse')
      : current?.state === 'loading' || !current
        ? t('movements.form.stockLoading')
        : current.state === 'failed'
          ? t('movements.form.stockFailed')
          : options.length === 0
            ? t('movements.form.noStock')
            : t('movements.form.batchHint');
    control = (
      <select
        ref={ui.ref<HTMLSelectElement>('batch_number')}
        id={`${id}-batch`}
        value={values.batch_number}
        onChange={(e) => form.set('batch_number', e.target.value, ['quantity'])}
        disabled={options.length === 0}
        aria-invalid={ui.invalid('batch_number')}
        aria-describedby={ui.describedBy('batch_number', batchHintId)}
        data-testid="movement-batch"
      >
        <option value="">{t('movements.form.chooseBatch')}</option>
        {options.map((c) => (
          <option key={c.batch} value={c.batch}>
            {c.expiry_date
              ? t('movements.form.batchOptionExpiry', { batch: c.batch, expiry: formatDate(c.expiry_date), quantity: formatQuantity(c.quantity) })
              : t('movements.form.batchOption', { batch: c.batch, quantity: formatQuantity(c.quantity) })}
          </option>
        ))}
      </select>
    );
  }

  return (
    <div className="field">
      <label htmlFor={`${id}-batch`}>{t('movements.form.batch')}</label>
      {control}
      {hint ? (
        <p className="field-hint" id={batchHintId} data-testid="movement-batch-hint">
          {hint}
        </p>
      ) : null}
      {ui.error('batch_number')}
    </div>
  );
}
