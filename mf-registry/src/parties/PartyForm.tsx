import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { partySchema, type PartyBody, type PartyKind } from '@wms/shared-api';
import { toastError, toastSuccess, useSession } from '@wms/shared-ui';
import { failureText } from '../common/feedback';
import { FormActions } from '../common/FormActions';
import { TextField } from '../common/fields';
import { useSchemaForm } from '../common/form';
import { NS } from '../paths';
import { saveParty } from './api';

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
  onDone: (saved: boolean) => void;
}

/**
 * The inline add / edit form of suppliers and customers (it replaces the table while open). Checked with the schema the
 * server uses; unlike the old client a failed save always says so (toast, and the text stays above the buttons).
 */
export function PartyForm({ kind, id, initial, onDone }: PartyFormProps) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const form = useSchemaForm(partySchema, initial);
  const { values, set, error } = form;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = form.validate();
    if (!parsed) return;
    setSaving(true);
    try {
      await saveParty(kind, id, parsed, user?.id);
      toastSuccess(t(`${kind}.${id ? 'updated' : 'created'}`));
      onDone(true);
    } catch (err) {
      const text = failureText(err, t(`${kind}.saveError`));
      form.showServerProblems(err);
      setFailure(text);
      toastError(text);
      setSaving(false);
    }
  };

  const field = ([name, type]: [TextKey, 'text' | 'email' | 'tel'], required: boolean, index: number) => (
    <TextField
      key={name}
      name={name}
      type={type}
      label={t(`parties.fields.${name}`)}
      value={values[name] as string | null | undefined}
      onChange={(v) => set(name, v)}
      error={error(name)}
      required={required}
      disabled={saving}
      autoFocus={required && index === 0}
    />
  );

  return (
    <form ref={form.formRef} className="form registry-form" onSubmit={onSubmit} noValidate aria-label={t(`${kind}.${id ? 'editTitle' : 'newTitle'}`)} data-testid="party-form">
      <h2 className="form-title">{t(`${kind}.${id ? 'editTitle' : 'newTitle'}`)}</h2>
      <p className="muted">{t('shared.requiredNote')}</p>
      <fieldset>
        <legend>{t('parties.sections.main')}</legend>
        <div className="form-grid">{MAIN.map((f, i) => field(f, true, i))}</div>
      </fieldset>
      <fieldset>
        <legend>{t('parties.sections.contact')}</legend>
        <div className="form-grid">{MORE.map((f, i) => field(f, false, i))}</div>
        <TextField name="notes" label={t('parties.fields.notes')} value={values.notes as string | null} onChange={(v) => set('notes', v)} error={error('notes')} multiline disabled={saving} />
      </fieldset>
      <FormActions saving={saving} onCancel={() => onDone(false)} saveTestId="party-save" failure={failure} failureTestId="party-save-error" />
    </form>
  );
}
