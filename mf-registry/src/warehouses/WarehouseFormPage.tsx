import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { emptyWarehouse, warehouseSchema, type WarehouseBody } from '@wms/shared-api';
import { PageHeader, Spinner, toastError, toastSuccess, useSession } from '@wms/shared-ui';
import { failureText } from '../common/feedback';
import { FormActions } from '../common/FormActions';
import { CheckboxField, TextField } from '../common/fields';
import { useSchemaForm } from '../common/form';
import { NS } from '../paths';
import { fetchWarehouse, saveWarehouse } from './api';
import { WAREHOUSES_URL } from './paths';

/** /anagrafica/magazzini/nuovo and /{id} (SPEC §2): name (required), description, active toggle. */
export function WarehouseFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const navigate = useNavigate();
  const [initial, setInitial] = useState<WarehouseBody | null>(mode === 'new' ? emptyWarehouse() : null);

  useEffect(() => {
    if (mode !== 'edit' || !id) return undefined;
    let current = true;
    fetchWarehouse(id).then(
      (w) => current && setInitial({ name: w.name, description: w.description, is_active: w.is_active }),
      () => {
        if (!current) return;
        toastError(t('warehouses.feedback.loadError'));
        navigate(WAREHOUSES_URL, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [mode, id, navigate, t]);

  return (
    <section className="screen registry-screen" data-testid="warehouse-form-page">
      <PageHeader title={t(mode === 'new' ? 'warehouses.newTitle' : 'warehouses.editTitle')} />
      {initial ? <WarehouseForm id={mode === 'edit' ? Number(id) : null} initial={initial} /> : <Spinner />}
    </section>
  );
}

function WarehouseForm({ id, initial }: { id: number | null; initial: WarehouseBody }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { user } = useSession();
  const form = useSchemaForm(warehouseSchema, initial);
  const { values, set, error } = form;
  const [saving, setSaving] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    setSaving(true);
    try {
      await saveWarehouse(id, parsed, user?.id);
      toastSuccess(t(id ? 'warehouses.feedback.updated' : 'warehouses.feedback.created'));
      navigate(WAREHOUSES_URL);
    } catch (err) {
      form.showServerProblems(err);
      toastError(failureText(err, t('warehouses.feedback.saveError')));
      setSaving(false);
    }
  };

  return (
    <form ref={form.formRef} className="form registry-form" onSubmit={onSubmit} noValidate aria-label={t(id ? 'warehouses.editTitle' : 'warehouses.newTitle')} data-testid="warehouse-form">
      <TextField name="name" label={t('warehouses.fields.name')} value={values.name} onChange={(v) => set('name', v)} error={error('name')} required disabled={saving} autoFocus />
      <TextField name="description" label={t('warehouses.fields.description')} value={values.description} onChange={(v) => set('description', v)} error={error('description')} multiline disabled={saving} />
      <CheckboxField name="is_active" label={t('warehouses.fields.active')} checked={values.is_active !== false} onChange={(v) => set('is_active', v)} disabled={saving} />
      <FormActions saving={saving} onCancel={() => navigate(WAREHOUSES_URL)} saveTestId="warehouse-save" />
    </form>
  );
}
