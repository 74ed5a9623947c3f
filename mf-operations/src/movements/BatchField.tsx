import { useTranslation } from 'react-i18next';
import { MAX_BATCH_LENGTH } from '@wms/shared-api';
import { formatDate, formatQuantity, SelectField, TextField } from '@wms/shared-ui';
import { NS } from '../paths';
import type { MovementFormState } from './useMovementForm';

/**
 * The batch of a batch product: free text for a load (the batches already in stock suggested, one of them taking its
 * dates); for goods that leave, a select of the batches in stock in the warehouse, with what is available.
 */
export function BatchField({ form }: { form: MovementFormState }) {
  const { t } = useTranslation(NS);
  const { values, stock } = form;
  const label = t('movements.form.batch');
  const hintOf = (text: string | null) => (text ? <span data-testid="movement-batch-hint">{text}</span> : undefined);

  if (values.movement_type === 'C') {
    return (
      <TextField
        name="batch_number"
        label={label}
        required
        value={values.batch_number}
        onChange={(v) => form.changeLoadBatch(v ?? '')}
        error={form.message('batch_number')}
        hint={hintOf(stock.knownBatch ? t('movements.form.batchKnown') : null)}
        code
        maxLength={MAX_BATCH_LENGTH}
        placeholder={t('movements.form.batchPlaceholder')}
        suggestions={[...stock.knownBatches.keys()]}
        autoComplete="off"
        disabled={form.saving}
        data-testid="movement-batch"
      />
    );
  }

  const { current } = stock;
  const options = stock.choices ?? [];
  const unit = values.product_id?.unit_of_measure;
  const hint = !values.warehouse_id
    ? t('movements.form.chooseProductWarehouse')
    : current?.state === 'loading' || !current
      ? t('movements.form.stockLoading')
      : current.state === 'failed'
        ? t('movements.form.stockFailed')
        : options.length === 0
          ? t('movements.form.noStock')
          : t('movements.form.batchHint');
  return (
    <SelectField
      name="batch_number"
      label={label}
      required
      value={values.batch_number}
      onChange={(v) => form.set('batch_number', String(v))}
      disabled={options.length === 0 || form.saving}
      placeholder={t('movements.form.chooseBatch')}
      options={options.map((c) => ({
        value: c.batch,
        label: c.expiry_date
          ? t('movements.form.batchOptionExpiry', {
              batch: c.batch,
              expiry: formatDate(c.expiry_date),
              quantity: formatQuantity(c.quantity, unit),
            })
          : t('movements.form.batchOption', { batch: c.batch, quantity: formatQuantity(c.quantity, unit) }),
      }))}
      error={form.message('batch_number')}
      hint={hintOf(hint)}
      data-testid="movement-batch"
    />
  );
}
