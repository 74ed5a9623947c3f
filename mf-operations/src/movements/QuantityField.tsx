import { useTranslation } from 'react-i18next';
import { QUANTITY_STEP } from '@wms/shared-api';
import { NS } from '../paths';
import type { FieldUi } from './field-ui';
import { formatQuantity } from './format';
import type { MovementFormState } from './useMovementForm';

/** The quantity (step 0.01); for goods that leave, at most what is available, which the hint below says. */
export function QuantityField({ form, ui }: { form: MovementFormState; ui: FieldUi }) {
  const { t } = useTranslation(NS);
  const { values } = form;
  const { available, choices } = form.stock;
  const { id } = ui;
  const product = values.product;
  const isLoad = values.movement_type === 'C';
  const warehouseId = Number(values.warehouse_id) || null;
  const quantityHintId = `${id}-quantity-hint`;

  // For goods without batches that leave, say when the warehouse holds none.
  const noStockHint =
    !isLoad && product && !product.has_batch && warehouseId && choices && choices.length === 0 ? t('movements.form.noStock') : null;

  return (
    <div className="field">
      <label htmlFor={`${id}-quantity`}>{t('movements.form.quantity')}</label>
      <input
        ref={ui.ref<HTMLInputElement>('quantity')}
        id={`${id}-quantity`}
        type="number"
        inputMode="decimal"
        min={0}
        step={QUANTITY_STEP}
        max={!isLoad && available !== null ? available : undefined}
        value={values.quantity}
        onChange={(e) => form.set('quantity', e.target.value)}
        required
        aria-invalid={ui.invalid('quantity')}
        aria-describedby={ui.describedBy('quantity', (available !== null || noStockHint) && quantityHintId)}
        data-testid="movement-quantity"
      />
      {!isLoad && (available !== null || noStockHint) ? (
        <p className="field-hint" id={quantityHintId} data-testid="movement-available">
          {noStockHint ?? t('movements.form.available', { quantity: formatQuantity(available) })}
        </p>
      ) : null}
      {ui.error('quantity')}
    </div>
  );
}
