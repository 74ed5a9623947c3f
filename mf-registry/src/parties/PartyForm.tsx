import { useTranslation } from 'react-i18next';
import { partySchema, type Party, type PartyBody, type PartyKind } from '@wms/shared-api';
import { FormActions, RequiredNote, TextField, toastSuccess, useSession, useZodForm } from '@wms/shared-ui';
import { NS } from '../paths';
import { partiesApi } from './api';

type TextKey = Exclude<keyof PartyBody, 'is_active'>;

/** SPEC §5: the required fields, then the optional contact, shipping and notes. */
const MAIN: [TextKey, 'text' | 'email' | 'tel'][] = [
  ['business_name', 'text'],
  ['vat_number', 'text'],
  ['address', 'text'],
  ['city', 'text'],
  ['province', 'text'],
  ['zip_code', 'text'],
  ['country', 'text'],
  ['email', 'email'],
  ['phone', 'tel'],
];
const MORE: [TextKey, 'text' | 'email' | 'tel'][] = [
  ['contact_name', 'text'],
  ['contact_role', 'text'],
  ['contact_phone', 'tel'],
  ['shipping_method', 'text'],
];

export interface PartyFormProps {
  kind: PartyKind;
  /** null: a new one. */
  id: number | null;
  initial: PartyBody;
  /** Closes the form: with the record saved, or null (cancelled). */
  onDone: (saved: Party | null) => void;
}

/**
 * The inline add / edit form of suppliers and customers (it replaces the table while open). Checked with the schema the
 * server uses; unlike the old client a failed save always says so (toast, and the text stays above the buttons).
 */
export function PartyForm({ kind, id, initial, onDone }: PartyFormProps) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const form = useZodForm(partySchema, initial);
  const onSubmit = form.handleSubmit(async (parsed) => {
    const saved = await partiesApi[kind].save(id, parsed, user?.id);
    toastSuccess(t(`${kind}.${id ? 'updated' : 'created'}`));
    onDone(saved);
  }, `${NS}:${kind}.saveError`);

  const field = ([name, type]: [TextKey, 'text' | 'email' | 'tel'], required: boolean) => (
    <TextField
      key={name}
      type={type}
      label={t(`parties.fields.${name}`)}
      required={required}
      {...form.field(name)}
      value={form.values[name] as string | null}
    />
  );

  return (
    <form
      ref={form.formRef}
      className="form form-card"
      onSubmit={onSubmit}
      noValidate
      aria-label={t(`${kind}.${id ? 'editTitle' : 'newTitle'}`)}
      data-testid="party-form"
    >
      <h2 className="form-title">{t(`${kind}.${id ? 'editTitle' : 'newTitle'}`)}</h2>
      <RequiredNote />
      <fieldset>
        <legend>{t('parties.sections.main')}</legend>
        <div className="form-grid">{MAIN.map((f) => field(f, true))}</div>
      </fieldset>
      <fieldset>
        <legend>{t('parties.sections.contact')}</legend>
        <div className="form-grid">{MORE.map((f) => field(f, false))}</div>
        <TextField label={t('parties.fields.notes')} multiline {...form.field('notes')} value={form.values.notes as string | null} />
      </fieldset>
      <FormActions
        saving={form.saving}
        onCancel={() => onDone(null)}
        saveTestId="party-save"
        failure={form.failure}
        failureTestId="party-save-error"
      />
    </form>
  );
}
