import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import { apiStatus, companyToday, CURRENCIES, emptyPrice, priceBodyOf, priceSchema, priceStatus, type PriceFields } from '@wms/shared-api';
import {
  DateField,
  failureText,
  FormActions,
  isNotFound,
  NotFound,
  NumberField,
  PageHeader,
  PRICE_DECIMALS,
  ProductPicker,
  SelectField,
  Spinner,
  SupplierPicker,
  toastError,
  toastSuccess,
  useDocumentTitle,
  useZodForm,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchPrice, savePrice } from './api';

const LIST_URL = '..';

/**
 * /operazioni/prezzi/nuovo and /{id} (SPEC §2, §5 Price): supplier first narrows the products and clears the chosen one;
 * a product sets its supplier and currency; price exact with up to 5 decimals (decimal comma); start today by default; end
 * optional and never before the start (the shared schema says so in the form and in the server's 400). An overlapping
 * window is refused by the database: 409 "Esiste già un prezzo valido per questo periodo".
 */
export function PriceFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { id } = useParams();
  useDocumentTitle(t(mode === 'new' ? 'prices.newTitle' : 'prices.editTitle'));
  const form = useZodForm(priceSchema, emptyPrice(companyToday()));
  const [load, setLoad] = useState<'loading' | 'ready' | 'missing'>(mode === 'new' ? 'ready' : 'loading');
  const { reset } = form;

  useEffect(() => {
    if (mode !== 'edit' || !id) return;
    fetchPrice(id).then(
      (p) => {
        reset(priceBodyOf(p));
        setLoad('ready');
      },
      (err) => {
        if (isNotFound(err)) setLoad('missing');
        else {
          toastError(failureText(err, `${NS}:prices.feedback.fetchOneFailed`));
          navigate(LIST_URL, { relative: 'path' });
        }
      },
    );
  }, [mode, id, reset, navigate]);

  const save = async (data: PriceFields) => {
    try {
      await savePrice(mode === 'edit' && id ? parseInt(id, 10) : null, { ...data });
    } catch (err) {
      // SPEC §8: 409 is the overlap sentence; otherwise the server's message, with the overlap sentence as fallback.
      toastError(
        apiStatus(err) === 409 ? failureText(err, `${NS}:prices.feedback.overlap`) : failureText(err, `${NS}:prices.feedback.overlap`),
      );
      throw err;
    }
    toastSuccess(t(mode === 'new' ? 'prices.feedback.created' : 'prices.feedback.updated'));
    navigate(LIST_URL, { relative: 'path' });
  };

  if (load === 'missing')
    return <NotFound title={t('prices.feedback.notFound')} backTo="/operazioni/prezzi" backLabel={t('prices.title')} />;
  if (load === 'loading') return <Spinner />;
  const v = form.values;
  const supplierId = typeof v.supplier_id === 'number' ? v.supplier_id : parseInt(String(v.supplier_id ?? ''), 10) || null;
  const status =
    typeof v.start_date === 'string' && v.start_date
      ? priceStatus({ start_date: v.start_date, end_date: (v.end_date as string) || null })
      : null;

  return (
    <section className="screen" data-testid="price-form-page">
      <PageHeader title={t(mode === 'new' ? 'prices.newTitle' : 'prices.editTitle')} />
      <form
        ref={form.formRef}
        noValidate
        onSubmit={form.handleSubmit(save, `${NS}:prices.feedback.${mode === 'new' ? 'createFailed' : 'updateFailed'}`)}
        className="form"
        data-testid="price-form"
      >
        <SupplierPicker
          {...form.field('supplier_id')}
          value={v.supplier_id as number | string}
          label={t('prices.fields.supplier')}
          required
          onChange={(sid) => {
            form.set('supplier_id', sid ?? '');
            form.set('product_id', '');
          }}
        />
        <ProductPicker
          {...form.field('product_id')}
          value={v.product_id as number | string}
          label={t('prices.fields.product')}
          required
          supplierId={supplierId}
          onChange={(pid, row) => {
            form.set('product_id', pid ?? '');
            if (row?.supplier_id) form.set('supplier_id', row.supplier_id);
            if (row?.currency) form.set('currency', row.currency);
          }}
        />
        <NumberField
          {...form.field('price')}
          onChange={(x) => form.set('price', x)}
          label={t('prices.fields.price')}
          required
          decimals={PRICE_DECIMALS}
          data-testid="price-input"
        />
        <SelectField
          {...form.field('currency')}
          value={v.currency as string}
          onChange={(c) => form.set('currency', (c || null) as PriceFields['currency'])}
          label={t('prices.fields.currency')}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
        <DateField
          {...form.field('start_date')}
          onChange={(d) => form.set('start_date', d)}
          label={t('prices.fields.start_date')}
          required
        />
        <DateField
          {...form.field('end_date')}
          onChange={(d) => form.set('end_date', d || null)}
          label={t('prices.fields.end_date')}
          hint={t('prices.fields.endHint')}
        />
        {status ? (
          <p className="hint" data-testid="price-status-preview">
            {t('prices.fields.statusNow', { status: t(`prices.status.${status}`) })}
          </p>
        ) : null}
        <FormActions
          saving={form.saving}
          failure={form.failure}
          onCancel={() => navigate(LIST_URL, { relative: 'path' })}
          saveTestId="save-price"
        />
      </form>
    </section>
  );
}
