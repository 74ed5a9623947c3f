import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import { emptyWarehouse, WAREHOUSE_ADDRESS_FIELDS, warehouseSchema, type WarehouseBody } from '@wms/shared-api';
import {
  CheckboxField,
  FormActions,
  Loaded,
  PageHeader,
  RequiredNote,
  routeRecordId,
  savedRowState,
  TextField,
  toastSuccess,
  useRecordLoad,
  useSession,
  useZodForm,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { warehouses } from './api';
import { WAREHOUSES_URL } from './paths';

/**
 * /anagrafica/magazzini/nuovo and /{id} (SPEC §2): name (required), description, active toggle, and the site's address
 * (issue 26: the sender and destination of a transport note; optional, labelled as a supplier's address).
 */
export function WarehouseFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  const title = t(mode === 'new' ? 'warehouses.newTitle' : 'warehouses.editTitle');
  return (
    <section className="screen registry-screen" data-testid="warehouse-form-page">
      <PageHeader title={title} />
      {mode === 'edit' ? <EditWarehouse id={id} /> : <WarehouseForm id={null} initial={emptyWarehouse()} />}
    </section>
  );
}

/** The warehouse to edit, read with the kit: spinner, 404 as NotFound, another failure back to the list; then its form. */
function EditWarehouse({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const load = useRecordLoad((signal) => warehouses.fetchOne(routeRecordId(id), signal), [id], {
    backTo: WAREHOUSES_URL,
    failure: t('warehouses.feedback.loadError'),
  });
  return (
    <Loaded
      load={load}
      failedText={() => t('warehouses.feedback.loadError')}
      notFound={{ backTo: WAREHOUSES_URL, title: t('warehouses.feedback.notFound') }}
    >
      {(w) => (
        <WarehouseForm
          key={w.id}
          id={w.id}
          initial={{
            name: w.name,
            description: w.description,
            is_active: w.is_active,
            ...Object.fromEntries(WAREHOUSE_ADDRESS_FIELDS.map((f) => [f, w[f]])),
          }}
        />
      )}
    </Loaded>
  );
}

function WarehouseForm({ id, initial }: { id: number | null; initial: WarehouseBody }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { user } = useSession();
  const form = useZodForm(warehouseSchema, initial);
  const onSubmit = form.handleSubmit(async (parsed) => {
    const saved = await warehouses.save(id, parsed, user?.id);
    toastSuccess(t(id ? 'warehouses.feedback.updated' : 'warehouses.feedback.created'));
    navigate(WAREHOUSES_URL, { state: savedRowState(saved.id, saved.name) });
  }, `${NS}:warehouses.feedback.saveError`);

  return (
    <form
      ref={form.formRef}
      className="form form-card"
      onSubmit={onSubmit}
      noValidate
      aria-label={t(id ? 'warehouses.editTitle' : 'warehouses.newTitle')}
      data-testid="warehouse-form"
    >
      <RequiredNote />
      {/* The page exists to type a warehouse: the cursor starts in its first field. */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <TextField label={t('warehouses.fields.name')} required autoFocus {...form.field('name')} />
      <TextField label={t('warehouses.fields.description')} multiline {...form.field('description')} />
      <fieldset>
        <legend>{t('warehouses.sections.address')}</legend>
        <div className="form-grid">
          {WAREHOUSE_ADDRESS_FIELDS.map((name) => (
            <TextField key={name} label={t(`parties.fields.${name}`)} {...form.field(name)} value={form.values[name] ?? null} />
          ))}
        </div>
      </fieldset>
      <CheckboxField label={t('warehouses.fields.active')} {...form.field('is_active')} value={form.values.is_active !== false} />
      <FormActions
        saving={form.saving}
        onCancel={() => navigate(WAREHOUSES_URL)}
        saveTestId="warehouse-save"
        failure={form.failure}
        failureTestId="warehouse-save-error"
      />
    </form>
  );
}
