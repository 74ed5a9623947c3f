import { useTranslation } from 'react-i18next';
import { NS } from '../paths';
import type { FieldUi } from './field-ui';
import type { MovementFormState } from './useMovementForm';

/** A load's production and expiry dates, each where the product manages it (goods that leave keep their batch's). */
export function BatchDateFields({ form, ui }: { form: MovementFormState; ui: FieldUi }) {
  const { t } = useTranslation(NS);
  const { values } = form;
  const { id } = ui;
  const product = values.product;
  const isLoad = values.movement_type === 'C';
  return (
    <>
      {isLoad && product?.has_production_date ? (
        <div className="field">
          <label htmlFor={`${id}-production`}>{t('movements.form.productionDate')}</label>
          <input
            ref={ui.ref<HTMLInputElement>('production_date')}
            id={`${id}-production`}
            type="date"
            value={values.production_date}
            onChange={(e) => form.set('production_date', e.target.value, ['expiry_date'])}
            required
            aria-invalid={ui.invalid('production_date')}
            aria-describedby={ui.describedBy('production_date')}
            data-testid="movement-production-date"
          />
          {ui.error('production_date')}
        </div>
      ) : null}

      {isLoad && product?.has_expiry_date ? (
        <div className="field">
          <label htmlFor={`${id}-expiry`}>{t('movements.form.expiryDate')}</label>
          <input
            ref={ui.ref<HTMLInputElement>('expiry_date')}
            id={`${id}-expiry`}
            type="date"
            value={values.expiry_date}
            onChange={(e) => form.set('expiry_date', e.target.value)}
            required
            aria-invalid={ui.invalid('expiry_date')}
            aria-describedby={ui.describedBy('expiry_date')}
            data-testid="movement-expiry-date"
          />
          {ui.error('expiry_date')}
        </div>
      ) : null}
    </>
  );
}
