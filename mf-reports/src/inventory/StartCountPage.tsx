import { useTranslation } from 'react-i18next';
import { useNavigate } from '@wms/shared-ui/router';
import { inventoryCountCreateSchema, type InventoryCountCreateBody } from '@wms/shared-api';
import { FormActions, PageHeader, RequiredNote, TextField, toastSuccess, useZodForm, WarehousePicker } from '@wms/shared-ui';
import { NS } from '../paths';
import { startCount } from './api';
import { countingUrl, INVENTORY_URL } from './paths';

const EMPTY: InventoryCountCreateBody = { warehouse_id: null, family: null, product_ids: null, notes: null };

/** /report/inventario/nuovo: a warehouse, optionally a family, a note; the snapshot is taken when it starts. */
export function StartCountPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const form = useZodForm(inventoryCountCreateSchema, EMPTY);
  const onSubmit = form.handleSubmit(async (body) => {
    const count = await startCount(body);
    toastSuccess(t('inventory.counting.title', { id: count.id }));
    navigate(countingUrl(count.id));
  }, `${NS}:inventory.loadError`);

  return (
    <section className="screen reports-screen" data-testid="start-count-page">
      <PageHeader title={t('inventory.start')} />
      <form
        ref={form.formRef}
        className="form form-card form-card-narrow"
        onSubmit={onSubmit}
        noValidate
        aria-label={t('inventory.start')}
        data-testid="start-count-form"
      >
        <RequiredNote />
        <WarehousePicker
          label={t('inventory.fields.warehouse')}
          required
          {...form.field('warehouse_id')}
          value={form.values.warehouse_id as number | null}
          onChange={(id) => form.set('warehouse_id', id)}
          data-testid="count-warehouse"
        />
        <TextField
          label={t('inventory.fields.family')}
          hint={t('inventory.fields.familyHint')}
          {...form.field('family')}
          data-testid="count-family"
        />
        <TextField label={t('inventory.fields.notes')} multiline {...form.field('notes')} data-testid="count-notes" />
        <FormActions
          saving={form.saving}
          failure={form.failure}
          onCancel={() => navigate(INVENTORY_URL)}
          saveLabel={t('inventory.actions.start')}
          saveTestId="count-start"
        />
      </form>
    </section>
  );
}
