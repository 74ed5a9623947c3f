import { useTranslation } from 'react-i18next';
import type { Warehouse } from '@wms/shared-api';
import { NS } from '../paths';
import type { FieldUi } from './field-ui';
import type { MovementFormState } from './useMovementForm';

/** The warehouse (the source of a transfer) and, for a transfer, its destination. */
export function WarehouseFields({ form, ui, warehouses }: { form: MovementFormState; ui: FieldUi; warehouses: Warehouse[] }) {
  const { t } = useTranslation(NS);
  const { values } = form;
  const { id } = ui;
  const isTransfer = values.movement_type === 'T';

  // An inactive warehouse is offered only where it is already chosen (a movement being corrected), marked as such.
  const warehouseOptions = (selected: string) =>
    warehouses
      .filter((w) => w.is_active || String(w.id) === selected)
      .map((w) => (
        <option key={w.id} value={String(w.id)}>
          {w.is_active ? w.name : t('movements.form.inactiveWarehouse', { name: w.name })}
        </option>
      ));

  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-warehouse`}>{t(isTransfer ? 'movements.form.sourceWarehouse' : 'movements.form.warehouse')}</label>
        <select
          ref={ui.ref<HTMLSelectElement>('warehouse_id')}
          id={`${id}-warehouse`}
          value={values.warehouse_id}
          onChange={(e) => form.changeWarehouse(e.target.value)}
          aria-invalid={ui.invalid('warehouse_id')}
          aria-describedby={ui.describedBy('warehouse_id')}
          data-testid="movement-warehouse"
        >
          <option value="">{t('movements.form.chooseWarehouse')}</option>
          {warehouseOptions(values.warehouse_id)}
        </select>
        {ui.error('warehouse_id')}
      </div>

      {isTransfer ? (
        <div className="field">
          <label htmlFor={`${id}-destination`}>{t('movements.form.destinationWarehouse')}</label>
          <select
            ref={ui.ref<HTMLSelectElement>('destination_warehouse_id')}
            id={`${id}-destination`}
            value={values.destination_warehouse_id}
            onChange={(e) => form.set('destination_warehouse_id', e.target.value)}
            aria-invalid={ui.invalid('destination_warehouse_id')}
            aria-describedby={ui.describedBy('destination_warehouse_id')}
            data-testid="movement-destination"
          >
            <option value="">{t('movements.form.chooseWarehouse')}</option>
            {warehouseOptions(values.destination_warehouse_id)}
          </select>
          {ui.error('destination_warehouse_id')}
        </div>
      ) : null}
    </>
  );
}
