import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CURRENCIES, productSchema, UNITS, type Party, type ProductBody } from '@wms/shared-api';
import { toastError, toastSuccess, useSession } from '@wms/shared-ui';
import { failureText } from '../common/feedback';
import { FormActions } from '../common/FormActions';
import { CheckboxField, SelectField, TextField, type Option } from '../common/fields';
import { useSchemaForm } from '../common/form';
import { NS } from '../paths';
import { createProduct, fetchSupplierOptions, updateProduct } from './api';
import { PRODUCTS_URL } from './paths';

export type ProductFormMode = 'new' | 'edit' | 'duplicate';

export interface ProductFormProps {
  mode: ProductFormMode;
  productId?: number;
  initial: ProductBody;
  /** Name of the product's supplier, shown even if that supplier was deleted since. */
  currentSupplierName: string | null;
}

const FLAGS = [
  ['has_batch', 'hasBatch'],
  ['has_expiry_date', 'hasExpiry'],
  ['has_production_date', 'hasProduction'],
  ['is_semi_finished', 'semiFinished'],
] as const;

/**
 * The product fields of SPEC §2, checked with the schema the server uses: code, description, family and currency
 * required; unit m / kg / piece / l; currency EUR (default), USD, MAD, CNY; the three management flags and semi-finished.
 * Fields the form does not show (name, barcode, bill of materials, status) travel back unchanged.
 */
export function ProductForm({ mode, productId, initial, currentSupplierName }: ProductFormProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { user } = useSession();
  const form = useSchemaForm(productSchema, initial);
  const { values, set, error } = form;
  const [suppliers, setSuppliers] = useState<Party[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchSupplierOptions().then(
      (rows) => current && setSuppliers(rows),
      () => {
        if (!current) return;
        setSuppliers([]);
        toastError(t('products.feedback.suppliersError'));
      },
    );
    return () => {
      current = false;
    };
  }, [t]);

  const supplierValue = values.supplier_id == null ? '' : String(values.supplier_id);
  const supplierOptions: Option[] = (suppliers ?? []).map((s) => ({ value: String(s.id), label: s.business_name }));
  if (supplierValue && !supplierOptions.some((o) => o.value === supplierValue)) {
    const name = currentSupplierName ?? `#${supplierValue}`;
    supplierOptions.unshift({ value: supplierValue, label: suppliers ? t('products.fields.deletedSupplier', { name }) : name });
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = form.validate();
    if (!parsed) return;
    setSaving(true);
    try {
      if (mode === 'edit' && productId) await updateProduct(productId, parsed, user?.id);
      else await createProduct(parsed, user?.id);
      toastSuccess(t(mode === 'edit' ? 'products.feedback.updated' : 'products.feedback.created'));
      navigate(PRODUCTS_URL);
    } catch (err) {
      const text = failureText(err, t('products.feedback.saveError'), t('products.feedback.validationError'));
      form.showServerProblems(err);
      setFailure(text);
      toastError(text);
      setSaving(false);
    }
  };

  const text = (name: 'code' | 'description' | 'category', autoFocus = false) => (
    <TextField
      name={name}
      label={t(`products.fields.${name}`)}
      value={values[name] as string}
      onChange={(v) => set(name, v)}
      error={error(name)}
      required
      disabled={saving}
      autoFocus={autoFocus}
    />
  );

  return (
    <form ref={form.formRef} className="form registry-form" onSubmit={onSubmit} noValidate aria-label={t(`products.${mode}Title`)} data-testid="product-form">
      <p className="muted">{t('shared.requiredNote')}</p>
      <div className="form-grid">
        {text('code', true)}
        {text('description')}
        {text('category')}
        <SelectField
          name="supplier_id"
          label={t('products.fields.supplier')}
          value={supplierValue}
          onChange={(v) => set('supplier_id', v === '' ? null : Number(v))}
          options={supplierOptions}
          placeholder={t('products.fields.noSupplier')}
          error={error('supplier_id')}
          disabled={saving}
        />
        <SelectField
          name="unit_of_measure"
          label={t('products.fields.unit')}
          value={(values.unit_of_measure as string | null) ?? ''}
          onChange={(v) => set('unit_of_measure', v === '' ? null : (v as ProductBody['unit_of_measure']))}
          options={UNITS.map((u) => ({ value: u, label: t(`shared.units.${u}`) }))}
          placeholder={t('products.fields.noUnit')}
          error={error('unit_of_measure')}
          disabled={saving}
        />
        <SelectField
          name="currency"
          label={t('products.fields.currency')}
          value={(values.currency as string | undefined) ?? ''}
          onChange={(v) => set('currency', v)}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          placeholder="—"
          error={error('currency')}
          required
          disabled={saving}
        />
      </div>
      <fieldset className="form-flags">
        <legend>{t('products.fields.management')}</legend>
        {FLAGS.map(([name, label]) => (
          <CheckboxField key={name} name={name} label={t(`products.fields.${label}`)} checked={!!values[name]} onChange={(v) => set(name, v)} disabled={saving} />
        ))}
      </fieldset>
      <FormActions saving={saving} onCancel={() => navigate(PRODUCTS_URL)} saveTestId="product-save" failure={failure} failureTestId="product-save-error" />
    </form>
  );
}
