import { useTranslation } from 'react-i18next';
import { useNavigate } from '@wms/shared-ui/router';
import { MAX_BATCH_LENGTH, MOVEMENT_TYPES, type MovementBody, type MovementFormValues, type MovementType } from '@wms/shared-api';
import {
  BatchSelect,
  DateField,
  FormActions,
  formatUnit,
  NumberField,
  ProductPicker,
  QUANTITY_DECIMALS,
  RequiredNote,
  ScanInput,
  SelectField,
  TextField,
  WarehousePicker,
} from '@wms/shared-ui';
import { NS } from '../paths';
import type { MovementView } from './api';
import { useMovementForm } from './useMovementForm';

export interface MovementFormProps {
  initial: MovementFormValues;
  /** The product's code while its record could not be read (edit of a movement whose product is gone). */
  initialProductText?: string;
  /** The movement being corrected: its goods count as available again (the server reverses it first). */
  original: MovementView | null;
  /** Saves; resolves when done. A rejection is the API error: its `error` is shown, its 400 `fields` land on the fields. */
  onSubmit: (body: MovementBody) => Promise<void>;
  cancelTo: string;
}

/**
 * The movement form (SPEC §2, §5) on the shared kit: type, date (today by default, dd/MM/yyyy), product (searchable),
 * warehouse, destination for a transfer; the batch of a batch product — free text for a load (the batches in stock
 * suggested, one of them taking its dates), for goods that leave the kit's select of the warehouse's batches with what is
 * available; production and expiry dates for a load where the product manages them; quantity (decimal comma, at most 3
 * decimals, at most what is available when goods leave); notes. The domain rules (useMovementForm) are the shared movement
 * schema and product rules the server applies too.
 */
export function MovementForm({ initial, initialProductText, original, onSubmit, cancelTo }: MovementFormProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const form = useMovementForm(initial, original, onSubmit);
  const { values, saving, message, stock } = form;
  const product = values.product_id;
  const isLoad = values.movement_type === 'C';
  const isTransfer = values.movement_type === 'T';

  const flags = product
    ? [
        product.has_batch && t('movements.form.flagBatch'),
        product.has_expiry_date && t('movements.form.flagExpiry'),
        product.has_production_date && t('movements.form.flagProduction'),
      ].filter(Boolean)
    : [];
  // The kit's pickers read the warehouses (a list that cannot be read is said, with Retry); an inactive warehouse is
  // offered only where it is already chosen (a movement being corrected), marked as such.
  const warehouseField = (name: 'warehouse_id' | 'destination_warehouse_id', label: string, onChange: (v: string) => void) => (
    <WarehousePicker
      name={name}
      label={t(label)}
      required
      value={values[name]}
      onChange={(id) => onChange(id === null ? '' : String(id))}
      error={message(name)}
      disabled={saving}
      data-testid={name === 'warehouse_id' ? 'movement-warehouse' : 'movement-destination'}
    />
  );
  const hintOf = (text: string | null, testId: string) => (text ? <span data-testid={testId}>{text}</span> : undefined);
  const batch = { name: 'batch_number', label: t('movements.form.batch'), required: true, error: message('batch_number') };
  // Goods that leave: the batch select says what to do first, then that its batches come FEFO; the quantity says what the
  // stock read says (reading, unreadable, none here, what is available).
  const batchHint = !values.warehouse_id ? 'chooseProductWarehouse' : stock.choices?.length ? 'batchHint' : null;
  const quantityHint = isLoad || !values.warehouse_id ? null : (stock.hint ?? null);
  const day = (name: 'movement_date' | 'production_date' | 'expiry_date', label: string, testId: string) => (
    <DateField {...form.field(name)} label={t(label)} required data-testid={testId} />
  );

  return (
    <form
      ref={form.formRef}
      className="form movement-form"
      onSubmit={form.submit}
      noValidate
      aria-label={t('movements.form.formLabel')}
      data-testid="movement-form"
    >
      <RequiredNote />
      <ScanInput onScan={form.fillFromScan} disabled={saving} data-testid="movement-scan" />
      <div className="form-grid">
        <SelectField
          {...form.field('movement_type')}
          label={t('movements.form.type')}
          required
          onChange={(v) => form.change('movement_type', v as MovementType)}
          options={MOVEMENT_TYPES.map((type) => ({ value: type, label: t(`movements.types.${type}`) }))}
          data-testid="movement-type"
        />
        {day('movement_date', 'movements.form.date', 'movement-date')}
        <ProductPicker
          name="product_id"
          label={t('movements.form.product')}
          required
          value={product?.id ?? null}
          selected={product}
          initialText={initialProductText}
          onChange={(_id, row) => form.change('product_id', row)}
          error={message('product_id')}
          hint={
            product ? (
              <span data-testid="movement-product-flags">
                {t('movements.form.productFlags', { flags: flags.length ? flags.join(', ') : t('movements.form.flagNone') })}
              </span>
            ) : undefined
          }
          disabled={saving}
          data-testid="movement-product"
        />
        {warehouseField('warehouse_id', isTransfer ? 'movements.form.sourceWarehouse' : 'movements.form.warehouse', (v) =>
          form.change('warehouse_id', v),
        )}
        {isTransfer
          ? warehouseField('destination_warehouse_id', 'movements.form.destinationWarehouse', (v) =>
              form.set('destination_warehouse_id', v),
            )
          : null}
        {product?.has_batch && isLoad ? (
          <TextField
            {...batch}
            value={values.batch_number}
            onChange={(v) => form.changeLoadBatch(v ?? '')}
            hint={hintOf(stock.knownBatch ? t('movements.form.batchKnown') : null, 'movement-batch-hint')}
            code
            maxLength={MAX_BATCH_LENGTH}
            placeholder={t('movements.form.batchPlaceholder')}
            suggestions={[...stock.knownBatches.keys()]}
            autoComplete="off"
            disabled={saving}
            data-testid="movement-batch"
          />
        ) : null}
        {product?.has_batch && !isLoad ? (
          <BatchSelect
            {...batch}
            value={values.batch_number}
            onChange={(v) => form.set('batch_number', v)}
            disabled={saving}
            {...stock.select}
            choices={stock.choices}
            unit={product.unit_of_measure}
            hint={hintOf(batchHint && t(`movements.form.${batchHint}`), 'movement-batch-hint')}
            data-testid="movement-batch"
          />
        ) : null}
        {isLoad && product?.has_production_date
          ? day('production_date', 'movements.form.productionDate', 'movement-production-date')
          : null}
        {isLoad && product?.has_expiry_date ? day('expiry_date', 'movements.form.expiryDate', 'movement-expiry-date') : null}
        <NumberField
          {...form.field('quantity')}
          error={message('quantity')}
          label={t('movements.form.quantity')}
          required
          decimals={QUANTITY_DECIMALS}
          suffix={formatUnit(product?.unit_of_measure) || undefined}
          hint={hintOf(quantityHint, 'movement-available')}
          data-testid="movement-quantity"
        />
        <TextField
          {...form.field('notes')}
          label={t('movements.form.notes')}
          multiline
          data-testid="movement-notes"
          className="field-wide"
        />
      </div>
      <FormActions
        saving={saving}
        onCancel={() => navigate(cancelTo)}
        saveTestId="movement-save"
        cancelTestId="movement-cancel"
        failure={form.failure}
        failureTestId="movement-save-error"
      />
    </form>
  );
}
