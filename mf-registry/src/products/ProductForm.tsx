import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@wms/shared-ui/router';
import { CURRENCIES, MAX_EXTRA_BARCODES, productSchema, UNITS, type Party, type ProductBody } from '@wms/shared-api';
import {
  CheckboxField,
  FormActions,
  RequiredNote,
  SelectField,
  TextField,
  currentLanguage,
  formatUnit,
  toastError,
  savedRowState,
  toastSuccess,
  useLoad,
  useSession,
  useZodForm,
  type Option,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchSupplierOptions, products } from './api';
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
 * Fields the form does not show (name, bill of materials, status) travel back unchanged; the barcode (GTIN, check digit
 * verified) and the extra barcodes one per line (issue 27).
 */
export function ProductForm({ mode, productId, initial, currentSupplierName }: ProductFormProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { user } = useSession();
  const form = useZodForm(productSchema, initial);
  const { values, set } = form;
  // Extra barcodes are typed one per line; the form's value is the list (issue 27).
  const [extrasText, setExtrasText] = useState(() => (initial.extra_barcodes ?? []).join('\n'));
  const extrasError = Array.from({ length: MAX_EXTRA_BARCODES + 1 }, (_, i) => form.error(`extra_barcodes.${i}`)).find(Boolean);
  // The supplier options load beside the form (the kit's useLoad): the form is usable meanwhile; a failure is said once
  // and leaves only the product's own supplier to choose.
  const supplierLoad = useLoad(() => fetchSupplierOptions(), []);
  const suppliers: Party[] | null = supplierLoad.status === 'ready' ? supplierLoad.value : supplierLoad.status === 'failed' ? [] : null;
  const suppliersFailed = supplierLoad.status === 'failed';
  useEffect(() => {
    if (suppliersFailed) toastError(t('products.feedback.suppliersError'));
  }, [suppliersFailed, t]);

  const supplierValue = values.supplier_id == null ? '' : String(values.supplier_id);
  const supplierOptions: Option[] = (suppliers ?? []).map((s) => ({ value: String(s.id), label: s.business_name }));
  if (supplierValue && !supplierOptions.some((o) => o.value === supplierValue)) {
    const name = currentSupplierName ?? `#${supplierValue}`;
    supplierOptions.unshift({ value: supplierValue, label: suppliers ? t('products.fields.deletedSupplier', { name }) : name });
  }

  const onSubmit = form.handleSubmit(
    async (parsed) => {
      const saved = await products.save(mode === 'edit' ? productId : null, parsed, user?.id);
      toastSuccess(t(mode === 'edit' ? 'products.feedback.updated' : 'products.feedback.created'));
      // Back on the list (its stored search restored, not replaced), the product just saved is highlighted when shown.
      navigate(PRODUCTS_URL, { state: savedRowState(saved.id) });
    },
    `${NS}:products.feedback.saveError`,
    { validationKey: `${NS}:products.feedback.validationError` },
  );

  const text = (name: 'code' | 'description' | 'category') => (
    <TextField
      label={t(`products.fields.${name}`)}
      required
      // The page exists to type a product: the cursor starts in its first field.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={name === 'code'}
      {...form.field(name)}
      value={values[name] as string}
    />
  );

  return (
    <form
      ref={form.formRef}
      className="form form-card"
      onSubmit={onSubmit}
      noValidate
      aria-label={t(`products.${mode}Title`)}
      data-testid="product-form"
    >
      <RequiredNote />
      <div className="form-grid">
        {text('code')}
        {text('description')}
        {text('category')}
        <SelectField
          name="supplier_id"
          label={t('products.fields.supplier')}
          value={supplierValue}
          onChange={(v) => set('supplier_id', v === '' || v == null ? null : parseInt(String(v), 10))}
          options={supplierOptions}
          placeholder={t('products.fields.noSupplier')}
          error={form.error('supplier_id')}
          disabled={form.saving}
        />
        <SelectField
          name="unit_of_measure"
          label={t('products.fields.unit')}
          value={(values.unit_of_measure as string | null) ?? ''}
          onChange={(v) => set('unit_of_measure', v === '' ? null : (v as ProductBody['unit_of_measure']))}
          options={UNITS.map((u) => ({ value: u, label: formatUnit(u, currentLanguage(), 'long') }))}
          placeholder={t('products.fields.noUnit')}
          error={form.error('unit_of_measure')}
          disabled={form.saving}
        />
        <SelectField
          name="currency"
          label={t('products.fields.currency')}
          value={(values.currency as string | undefined) ?? ''}
          onChange={(v) => set('currency', v)}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          placeholder="—"
          error={form.error('currency')}
          required
          disabled={form.saving}
        />
        <TextField
          label={t('products.fields.barcode')}
          hint={t('products.fields.barcodeHint')}
          code
          {...form.field('barcode')}
          value={values.barcode as string | null}
          data-testid="product-barcode"
        />
        <TextField
          name="extra_barcodes"
          label={t('products.fields.extraBarcodes')}
          hint={t('products.fields.extraBarcodesHint')}
          multiline
          code
          value={extrasText}
          onChange={(v) => {
            setExtrasText(v ?? '');
            const codes = (v ?? '').split(/\r?\n/).map((c) => c.trim());
            set('extra_barcodes', codes.filter(Boolean));
          }}
          error={form.error('extra_barcodes') ?? extrasError}
          disabled={form.saving}
          data-testid="product-extra-barcodes"
        />
      </div>
      <fieldset className="form-flags">
        <legend>{t('products.fields.management')}</legend>
        {FLAGS.map(([name, label]) => (
          <CheckboxField key={name} label={t(`products.fields.${label}`)} {...form.field(name)} value={!!values[name]} />
        ))}
      </fieldset>
      <FormActions
        saving={form.saving}
        onCancel={() => navigate(PRODUCTS_URL)}
        saveTestId="product-save"
        failure={form.failure}
        failureTestId="product-save-error"
      />
    </form>
  );
}
