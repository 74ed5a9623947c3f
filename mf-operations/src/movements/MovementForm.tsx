import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MOVEMENT_TYPES, type MovementBody, type MovementType, type Warehouse } from '@wms/shared-api';
import { NS } from '../paths';
import type { MovementView } from './api';
import { BatchDateFields } from './BatchDateFields';
import { BatchField } from './BatchField';
import { fieldUi } from './field-ui';
import type { MovementFormValues } from './movement-values';
import { ProductPicker } from './ProductPicker';
import { QuantityField } from './QuantityField';
import { useMovementForm } from './useMovementForm';
import { WarehouseFields } from './WarehouseFields';

export { movementBody, type Field, type MovementFormValues } from './movement-values';

export interface MovementFormProps {
  initial: MovementFormValues;
  /** The product's code while its record could not be read (edit of a movement whose product is gone). */
  initialProductText?: string;
  /** The movement being corrected: its goods count as available again (the server reverses it first). */
  original: MovementView | null;
  warehouses: Warehouse[];
  /** Saves; resolves when done. A rejection is the API error: its `error` is shown, its 400 `fields` land on the fields. */
  onSubmit: (body: MovementBody) => Promise<void>;
  cancelTo: string;
}

/**
 * The movement form (SPEC §2, §5): type, date (today by default), product (searchable), warehouse, destination for a
 * transfer; the batch is free text for a load and, for an unload or a transfer, a select of the batches in stock in that
 * warehouse, earliest expiry first, with what is available; production and expiry dates for a load where the product
 * manages them; quantity (step 0.01, at most what is available when goods leave); notes. Checked with the movement schema
 * and product rules the server applies too, so both say the same sentence; the server's refusal is shown as it words it.
 */
export function MovementForm({ initial, initialProductText, original, warehouses, onSubmit, cancelTo }: MovementFormProps) {
  const { t } = useTranslation(NS);
  const id = useId();
  const form = useMovementForm(initial, original, onSubmit);
  const ui = fieldUi(id, form.refs, form.message);
  const { values, saveError, saving } = form;
  const product = values.product;

  const flags = product
    ? [
        product.has_batch ? t('movements.form.flagBatch') : null,
        product.has_expiry_date ? t('movements.form.flagExpiry') : null,
        product.has_production_date ? t('movements.form.flagProduction') : null,
      ].filter(Boolean)
    : [];
  const productHintId = `${id}-product-hint`;

  return (
    <form className="form movement-form" onSubmit={form.submit} noValidate aria-label={t('movements.form.formLabel')} data-testid="movement-form">
      <div className="movement-form-grid">
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('movements.form.type')}</label>
          <select
            ref={ui.ref<HTMLSelectElement>('movement_type')}
            id={`${id}-type`}
            value={values.movement_type}
            onChange={(e) => form.changeType(e.target.value as MovementType)}
            aria-invalid={ui.invalid('movement_type')}
            aria-describedby={ui.describedBy('movement_type')}
            data-testid="movement-type"
          >
            {MOVEMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`movements.types.${type}`)}
              </option>
            ))}
          </select>
          {ui.error('movement_type')}
        </div>

        <div className="field">
          <label htmlFor={`${id}-date`}>{t('movements.form.date')}</label>
          <input
            ref={ui.ref<HTMLInputElement>('movement_date')}
            id={`${id}-date`}
            type="date"
            value={values.movement_date}
            onChange={(e) => form.set('movement_date', e.target.value)}
            required
            aria-invalid={ui.invalid('movement_date')}
            aria-describedby={ui.describedBy('movement_date')}
            data-testid="movement-date"
          />
          {ui.error('movement_date')}
        </div>

        <div className="field field-wide">
          <label htmlFor={`${id}-product`}>{t('movements.form.product')}</label>
          <ProductPicker
            ref={ui.ref<HTMLInputElement>('product_id')}
            id={`${id}-product`}
            value={product}
            initialText={initialProductText}
            onChange={form.changeProduct}
            invalid={ui.invalid('product_id')}
            describedBy={ui.describedBy('product_id', product ? productHintId : null)}
          />
          {product ? (
            <p className="field-hint" id={productHintId} data-testid="movement-product-flags">
              {t('movements.form.productFlags', { flags: flags.length ? flags.join(', ') : t('movements.form.flagNone') })}
            </p>
          ) : null}
          {ui.error('product_id')}
        </div>

        <WarehouseFields form={form} ui={ui} warehouses={warehouses} />
        {product?.has_batch ? <BatchField form={form} ui={ui} /> : null}
        <BatchDateFields form={form} ui={ui} />
        <QuantityField form={form} ui={ui} />

        <div className="field field-wide">
          <label htmlFor={`${id}-notes`}>{t('movements.form.notes')}</label>
          <textarea
            ref={ui.ref<HTMLTextAreaElement>('notes')}
            id={`${id}-notes`}
            rows={3}
            value={values.notes}
            onChange={(e) => form.set('notes', e.target.value)}
            aria-invalid={ui.invalid('notes')}
            aria-describedby={ui.describedBy('notes')}
            data-testid="movement-notes"
          />
          {ui.error('notes')}
        </div>
      </div>

      {saveError ? (
        <div className="alert alert-error" role="alert" data-testid="movement-save-error">
          {saveError}
        </div>
      ) : null}

      <div className="form-actions">
        <Link to={cancelTo} className="btn" data-testid="movement-cancel">
          {t('movements.form.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined} data-testid="movement-save">
          {saving ? t('movements.form.saving') : t('movements.form.save')}
        </button>
      </div>
    </form>
  );
}
