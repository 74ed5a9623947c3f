import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import {
  companyToday,
  emptyPurchaseOrder,
  isTimeout,
  purchaseOrderBodyOf,
  purchaseOrderSchema,
  round4,
  type Currency,
  type PurchaseOrderFields,
} from '@wms/shared-api';
import {
  DateField,
  failureText,
  FormActions,
  isNotFound,
  NotFound,
  PageHeader,
  Spinner,
  SupplierPicker,
  TextField,
  toastError,
  toastSuccess,
  useDocumentTitle,
  useZodForm,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchPriceInForce } from '../prices/api';
import { fetchOrder, saveOrder } from './api';
import { hasReceived, lineOf, OrderLines, type LineState } from './OrderLines';

const LIST_URL = '/operazioni/ordini-fornitori';
let keys = 0;
const newLine = (): LineState => ({ key: `n${++keys}`, id: null, product_id: '', quantity: '', unit_price: '' });

/** The SPEC §8 toast for a refused form: dates and supplier first, then no lines, then a bad line. */
function validationToast(fields: PurchaseOrderFields | unknown): string | null {
  const parsed = purchaseOrderSchema.safeParse(fields);
  if (parsed.success) return null;
  const paths = parsed.error.issues.map((i) => i.path.map(String));
  if (paths.some((p) => ['order_date', 'requested_arrival_date', 'confirmed_arrival_date', 'supplier_id'].includes(p[0])))
    return 'requiredFields';
  if (paths.some((p) => p[0] === 'items' && p.length === 1)) return 'noItems';
  return 'invalidItems';
}

/**
 * /operazioni/ordini-fornitori/nuovo and /{id} (SPEC §2, §5 Purchase order): dates, supplier, notes and item lines. The
 * unit price is prefilled from the price in force on the order date (else 0) and the line says where it came from; the
 * total is exact (quantity × price rounded to 4 decimals), the order total shows 2 decimals per currency. Saving waits
 * up to 30 s; the server recomputes every total and the status.
 */
export function PurchaseOrderFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { id } = useParams();
  const title = t(mode === 'new' ? 'purchaseOrders.newTitle' : 'purchaseOrders.editTitle');
  useDocumentTitle(title);
  const form = useZodForm(purchaseOrderSchema, emptyPurchaseOrder(companyToday()));
  const [lines, setLines] = useState<LineState[]>([]);
  const [number, setNumber] = useState<string | null>(null);
  const [load, setLoad] = useState<'loading' | 'ready' | 'missing'>(mode === 'new' ? 'ready' : 'loading');
  const { reset, set } = form;
  const v = form.values;
  const supplierId = typeof v.supplier_id === 'number' ? v.supplier_id : parseInt(String(v.supplier_id ?? ''), 10) || null;
  const orderDate = (v.order_date as string) || companyToday();
  const linesRef = useRef(lines);
  linesRef.current = lines;

  useEffect(() => {
    if (mode !== 'edit' || !id) return;
    fetchOrder(id).then(
      (o) => {
        reset(purchaseOrderBodyOf(o));
        setLines(o.items.map(lineOf));
        setNumber(o.order_number);
        setLoad('ready');
      },
      (err) => {
        if (isNotFound(err)) setLoad('missing');
        else {
          toastError(failureText(err, `${NS}:purchaseOrders.feedback.fetchOrderFailed`));
          navigate(LIST_URL);
        }
      },
    );
  }, [mode, id, reset, navigate]);

  // The form's items follow the lines (what the schema validates and the server receives).
  useEffect(() => {
    set(
      'items',
      lines.map(({ id: lineId, product_id, quantity, unit_price }) => ({ id: lineId, product_id, quantity, unit_price })),
    );
  }, [lines, set]);

  const change = useCallback((i: number, c: Partial<LineState>) => setLines((ls) => ls.map((l, n) => (n === i ? { ...l, ...c } : l))), []);

  /** A product chosen: its currency, and the unit price in force on the order date (else 0), saying where it came from. */
  const onProduct = useCallback(
    async (i: number, productId: number | null, currency: Currency | null, unit: string | null) => {
      change(i, {
        product_id: productId ?? '',
        currency: currency ?? undefined,
        unit,
        source: productId ? { kind: 'looking' } : undefined,
      });
      if (!productId || !supplierId) return;
      try {
        const p = await fetchPriceInForce(productId, supplierId, orderDate);
        if (linesRef.current[i]?.product_id !== productId) return;
        change(
          i,
          p
            ? { unit_price: round4(p.price), source: { kind: 'price', from: p.start_date } }
            : { unit_price: '0', source: { kind: 'none' } },
        );
      } catch (err) {
        change(i, { source: undefined });
        toastError(failureText(err, `${NS}:purchaseOrders.feedback.fetchPriceFailed`));
      }
    },
    [change, supplierId, orderDate],
  );

  const save = async (data: PurchaseOrderFields) => {
    try {
      await saveOrder(mode === 'edit' && id ? parseInt(id, 10) : null, data);
    } catch (err) {
      toastError(
        isTimeout(err)
          ? t('purchaseOrders.feedback.timeout')
          : failureText(err, `${NS}:purchaseOrders.feedback.${mode === 'new' ? 'createFailed' : 'updateFailed'}`),
      );
      throw err;
    }
    toastSuccess(t(mode === 'new' ? 'purchaseOrders.feedback.created' : 'purchaseOrders.feedback.updated'));
    navigate(LIST_URL);
  };
  const submit = form.handleSubmit(save, `${NS}:purchaseOrders.feedback.${mode === 'new' ? 'createFailed' : 'updateFailed'}`);

  if (load === 'missing')
    return <NotFound title={t('purchaseOrders.feedback.notFound')} backTo={LIST_URL} backLabel={t('purchaseOrders.title')} />;
  if (load === 'loading') return <Spinner />;

  return (
    <section className="screen" data-testid="purchase-order-form-page">
      <PageHeader title={number ? `${title} ${number}` : title} />
      <form
        ref={form.formRef}
        noValidate
        className="form"
        data-testid="purchase-order-form"
        onSubmit={(e) => {
          e.preventDefault();
          const problem = validationToast(form.values);
          if (problem) toastError(t(`purchaseOrders.feedback.${problem}`));
          void submit();
        }}
      >
        <DateField
          {...form.field('order_date')}
          onChange={(d) => set('order_date', d)}
          label={t('purchaseOrders.fields.order_date')}
          required
        />
        <DateField
          {...form.field('requested_arrival_date')}
          onChange={(d) => set('requested_arrival_date', d)}
          label={t('purchaseOrders.fields.requested_arrival_date')}
          required
        />
        <DateField
          {...form.field('confirmed_arrival_date')}
          value={v.confirmed_arrival_date ?? ''}
          onChange={(d) => set('confirmed_arrival_date', d || null)}
          label={t('purchaseOrders.fields.confirmed_arrival_date')}
        />
        <SupplierPicker
          {...form.field('supplier_id')}
          value={v.supplier_id as number | string}
          label={t('purchaseOrders.fields.supplier')}
          required
          onChange={(sid) => {
            set('supplier_id', sid ?? '');
            // Lines belong to one supplier: a new supplier starts them again (received lines keep the old one, and the server refuses).
            if (sid !== supplierId) setLines((ls) => ls.filter(hasReceived));
          }}
        />
        <TextField
          {...form.field('notes')}
          value={(v.notes as string) ?? ''}
          onChange={(n) => set('notes', n || null)}
          label={t('purchaseOrders.fields.notes')}
          multiline
        />
        <OrderLines
          lines={lines}
          supplierId={supplierId}
          disabled={form.saving}
          error={form.error}
          onInputProblem={form.setInputProblem}
          onChange={change}
          onProduct={(i, pid, cur, unit) => void onProduct(i, pid, cur, unit)}
          onAdd={() => setLines((ls) => [...ls, newLine()])}
          onRemove={(i) => setLines((ls) => ls.filter((_, n) => n !== i))}
        />
        <FormActions saving={form.saving} failure={form.failure} onCancel={() => navigate(LIST_URL)} saveTestId="save-order" />
      </form>
    </section>
  );
}
