import { useTranslation } from 'react-i18next';
import { MAX_BATCH_LENGTH } from '@wms/shared-api';
import { BatchSelect, TextField } from '@wms/shared-ui';
import { NS } from '../paths';
import type { MovementFormState } from './useMovementForm';

/**
 * The batch of a batch product: free text for a load (the batches already in stock suggested, one of them taking its
 * dates); for goods that leave, the kit's select of the batches in stock in the warehouse, with what is available.
 */
export function BatchField({ form }: { form: MovementFormState }) {
  const { t } = useTranslation(NS);
  const { values, stock } = form;
  const common = { name: 'batch_number', label: t('movements.form.batch'), required: true, 'data-testid': 'movement-batch' };
  const hintOf = (text: string | null) => (text ? <span data-testid="movement-batch-hint">{text}</span> : undefined);

  if (values.movement_type === 'C') {
    return (
      <TextField
        {...common}
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
      />
    );
  }

  const hint = !values.warehouse_id
    ? 'chooseProductWarehouse'
    : stock.status === 'failed'
      ? 'stockFailed'
      : !stock.choices
        ? 'stockLoading'
        : stock.choices.length === 0
          ? 'noStock'
          : 'batchHint';
  return (
    <BatchSelect
      {...common}
      value={values.batch_number}
      onChange={(v) => form.set('batch_number', v)}
      disabled={form.saving}
      placeholder={t('movements.form.chooseBatch')}
      choices={stock.choices}
      unit={values.product_id?.unit_of_measure}
      optionText={(o) => t(o.expiry ? 'movements.form.batchOptionExpiry' : 'movements.form.batchOption', o)}
      error={form.message('batch_number')}
      hint={hintOf(t(`movements.form.${hint}`))}
    />
  );
}
