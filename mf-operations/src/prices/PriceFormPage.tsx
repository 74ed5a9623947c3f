import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import {
  companyToday,
  CURRENCIES,
  emptyPrice,
  priceBodyOf,
  priceSchema,
  priceStatus,
  type PriceBody,
  type PriceFields,
} from '@wms/shared-api';
import {
  DateField,
  failureText,
  FormActions,
  Loaded,
  NumberField,
  PageHeader,
  PRICE_DECIMALS,
  ProductPicker,
  routeRecordId,
  savedRowState,
  SelectField,
  SupplierPicker,
  toastSuccess,
  useDocumentTitle,
  useLoad,
  useZodForm,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchPrice, savePrice } from './api';
import { PRICES_LIST } from './paths';

/**
 * /operazioni/prezzi/nuovo and /{id} (SPEC §2, §5 Price): supplier first narrows the products and clears the chosen one;
 * a product sets its supplier and currency; price exact with up to 5 decimals (decimal comma); start today by default; end
 * optional and never before the start (the shared schema says so in the form and in the server's 400). An overlapping
 * window is refused by the database: 409 "Esiste già un prezzo valido per questo periodo", said once, above the buttons.
 * Back on the list, the price just saved is highlighted (the kit's savedRowState).
 */
export function PriceFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  useDocumentTitle(t(mode === 'edit' ? 'prices.editTitle' : 'prices.newTitle'));
  const load = useLoad(
    async (signal) => {
      if (mode === 'new') return { editId: null, initial: emptyPrice(companyToday()) };
      const editId = routeRecordId(id); // "abc" is no price: "not found"
      return { editId, initial: priceBodyOf(await fetchPrice(editId, signal)) };
    },
    [mode, id],
  );
  return (
    <Loaded
      load={load}
      failedText={(err) => failureText(err, `${NS}:prices.feedback.fetchOneFailed`)}
      notFound={{ title: t('prices.feedback.notFound'), backTo: PRICES_LIST, backLabel: t('prices.title') }}
    >
      {(price) => <PriceForm key={price.editId ?? 'new'} {...price} />}
    </Loaded>
  );
}

function PriceForm({ editId, initial }: { editId: number | null; initial: PriceBody }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const form = useZodForm(priceSchema, initial);
  const title = t(editId ? 'prices.editTitle' : 'prices.newTitle');

  const save = async (data: PriceFields) => {
    const saved = await savePrice(editId, { ...data });
    toastSuccess(t(editId ? 'prices.feedback.updated' : 'prices.feedback.created'));
    navigate(PRICES_LIST, { state: savedRowState(saved.id, saved.product_code) });
  };

  const v = form.values;
  const supplierId = typeof v.supplier_id === 'number' ? v.supplier_id : parseInt(String(v.supplier_id ?? ''), 10) || null;
  const status =
    typeof v.start_date === 'string' && v.start_date
      ? priceStatus({ start_date: v.start_date, end_date: (v.end_date as string) || null })
      : null;

  return (
    <section className="screen" data-testid="price-form-page">
      <PageHeader title={title} />
      <form
        ref={form.formRef}
        noValidate
        // One place per failure: the server's sentence (the 409 overlap one) above the buttons, no toast over it.
        onSubmit={form.handleSubmit(save, `${NS}:prices.feedback.${editId ? 'updateFailed' : 'createFailed'}`)}
        className="form form-card"
        aria-label={title}
        data-testid="price-form"
      >
        <div className="form-grid">
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
          <DateField {...form.field('start_date')} label={t('prices.fields.start_date')} required />
          <DateField
            {...form.field('end_date')}
            value={v.end_date ?? ''}
            onChange={(d) => form.set('end_date', d || null)}
            label={t('prices.fields.end_date')}
            hint={t('prices.fields.endHint')}
          />
        </div>
        {status ? (
          <p className="hint" data-testid="price-status-preview">
            {t('prices.fields.statusNow', { status: t(`prices.status.${status}`) })}
          </p>
        ) : null}
        <FormActions saving={form.saving} failure={form.failure} onCancel={() => navigate(PRICES_LIST)} saveTestId="save-price" />
      </form>
    </section>
  );
}
