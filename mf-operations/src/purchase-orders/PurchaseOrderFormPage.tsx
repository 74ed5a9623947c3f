import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from '@wms/shared-ui/router';
import {
  companyToday,
  emptyPurchaseOrder,
  isTimeout,
  offersPriceFromToday,
  purchaseOrderBodyOf,
  purchaseOrderProblem,
  purchaseOrderSchema,
  type PurchaseOrderBody,
  type Product,
  type PurchaseOrderFields,
  unitPriceFromInForce,
} from '@wms/shared-api';
import {
  DateField,
  failureText,
  FormActions,
  Loaded,
  optionalField,
  PageHeader,
  routeRecordId,
  savedRowState,
  SupplierPicker,
  TextField,
  toastError,
  toastSuccess,
  useDocumentTitle,
  useFormList,
  useLoad,
  useZodForm,
  withReason,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchPriceInForce } from '../prices/api';
import { fetchOrder, saveOrder, savePriceFromToday } from './api';
import { hasReceived, lineOf, OrderLines, type LineState } from './OrderLines';
import { ORDERS_LIST } from './paths';

/** What the form edits: the order's fields, its lines as the screen keeps them (the schema reads their body fields). */
interface OrderToEdit {
  editId: number | null; // null: a new order
  number: string | null;
  initial: PurchaseOrderBody;
  done?: boolean; // received in full: nothing left to edit, it opens read-only (its printable page)
}

/**
 * /operazioni/ordini-fornitori/nuovo and /{id} (SPEC §2, §5 Purchase order): dates, supplier, notes and item lines. The
 * unit price is prefilled from the price in force on the order date (else 0) and the line says where it came from; a
 * price typed by hand may be saved as the supplier's price from today. The total is exact (quantity × price rounded to 4
 * decimals), the order total shows 2 decimals per currency. Saving waits up to 30 s; the server recomputes every total
 * and the status. Back on the list, the order just saved is highlighted. An order received in full opens read-only.
 */
export function PurchaseOrderFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  useDocumentTitle(t(mode === 'edit' ? 'purchaseOrders.editTitle' : 'purchaseOrders.newTitle'));
  const load = useLoad(async (): Promise<OrderToEdit> => {
    if (mode === 'new') return { editId: null, number: null, initial: emptyPurchaseOrder(companyToday()) };
    const o = await fetchOrder(routeRecordId(id)); // "abc" is no order: "not found"
    const initial = { ...purchaseOrderBodyOf(o), items: o.items.map(lineOf) };
    return { editId: o.id, number: o.order_number, initial, done: o.status === 'fullyReceived' };
  }, [mode, id]);
  return (
    <Loaded
      load={load}
      failedText={(err) => failureText(err, `${NS}:purchaseOrders.feedback.fetchOrderFailed`)}
      notFound={{ title: t('purchaseOrders.feedback.notFound'), backTo: ORDERS_LIST, backLabel: t('purchaseOrders.title') }}
    >
      {(order) => <OrderForm key={order.editId ?? 'new'} {...order} />}
    </Loaded>
  );
}

function OrderForm({ editId, number, initial, done }: OrderToEdit) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const title = t(editId ? 'purchaseOrders.editTitle' : 'purchaseOrders.newTitle');
  const form = useZodForm(purchaseOrderSchema, initial);
  const { set, values: v } = form;
  const supplierId = typeof v.supplier_id === 'number' ? v.supplier_id : parseInt(String(v.supplier_id ?? ''), 10) || null;
  const orderDate = (v.order_date as string) || companyToday();

  // The lines are kept once, as the form's items (the schema parses their body fields and drops what the screen adds).
  const lines = useFormList(v.items as LineState[], (ls) => set('items', ls));

  /** A product chosen: its currency, and the unit price in force on the order date (else 0), saying where it came from. */
  const onProduct = async (i: number, product: Product | null) => {
    const found = product ? { code: product.code, currency: product.currency, unit: product.unit_of_measure } : {};
    lines.patch(i, {
      product_id: product?.id ?? '',
      ...found,
      inForce: undefined,
      saveAsPrice: false,
      source: product ? { kind: 'looking' } : undefined,
    });
    if (!product || !supplierId) return;
    try {
      const p = await fetchPriceInForce(product.id, supplierId, orderDate);
      if (lines.latest()[i]?.product_id !== product.id) return;
      lines.patch(i, unitPriceFromInForce(p));
    } catch (err) {
      lines.patch(i, { source: undefined });
      toastError(failureText(err, `${NS}:purchaseOrders.feedback.fetchPriceFailed`));
    }
  };

  const save = async (data: PurchaseOrderFields) => {
    let saved;
    try {
      saved = await saveOrder(editId, data);
    } catch (err) {
      // A timeout has its own words; anything else is the server's sentence (form.failure, above the buttons).
      if (!isTimeout(err)) throw err;
      form.setFailure(t('purchaseOrders.feedback.timeout'));
      return;
    }
    toastSuccess(t(editId ? 'purchaseOrders.feedback.updated' : 'purchaseOrders.feedback.created'));
    // The prices the user asked for, once the order is saved (a refused one is said, the order stays saved). Each is one
    // call, done whole or not at all by the server (POST /prices/from-today, on the company's today).
    for (const l of lines.latest().filter((x) => x.saveAsPrice && offersPriceFromToday(x))) {
      const names = { code: l.code ?? '' };
      try {
        await savePriceFromToday({ supplier_id: data.supplier_id, product_id: l.product_id, price: l.unit_price, currency: l.currency });
        toastSuccess(t('purchaseOrders.feedback.priceSaved', names));
      } catch (err) {
        toastError(withReason(t('purchaseOrders.feedback.priceSaveFailed', names), err));
      }
    }
    navigate(ORDERS_LIST, { state: savedRowState(saved.id, saved.order_number) });
  };
  const fallback = `${NS}:purchaseOrders.feedback.${editId ? 'updateFailed' : 'createFailed'}`;
  if (done) return <Navigate to={`${ORDERS_LIST}/${editId}/stampa`} replace />;

  return (
    <section className="screen" data-testid="purchase-order-form-page">
      <PageHeader title={number ? `${title} ${number}` : title} />
      <form
        ref={form.formRef}
        noValidate
        className="form form-card"
        aria-label={title}
        data-testid="purchase-order-form"
        // One place per failure: every message inline (the first field in error focused); above the buttons the server's, or
        // SPEC §8's line for what the form refused (dates and supplier, no lines, a bad line).
        onSubmit={form.handleSubmit(save, fallback, { summary: purchaseOrderProblem })}
      >
        <div className="form-grid">
          <DateField {...form.field('order_date')} label={t('purchaseOrders.fields.order_date')} required />
          <DateField {...form.field('requested_arrival_date')} label={t('purchaseOrders.fields.requested_arrival_date')} required />
          <DateField {...optionalField(form.field('confirmed_arrival_date'))} label={t('purchaseOrders.fields.confirmed_arrival_date')} />
          <SupplierPicker
            {...form.field('supplier_id')}
            value={v.supplier_id as number | string}
            label={t('purchaseOrders.fields.supplier')}
            required
            onChange={(sid) => {
              set('supplier_id', sid ?? '');
              // Lines belong to one supplier: a new supplier starts them again (received lines keep the old one, and the server refuses).
              if (sid !== supplierId) lines.update((ls) => ls.filter(hasReceived));
            }}
          />
          <TextField {...optionalField(form.field('notes'))} label={t('purchaseOrders.fields.notes')} multiline className="field-wide" />
        </div>
        <OrderLines lines={lines} supplierId={supplierId} form={form} onProduct={(i, product) => void onProduct(i, product)} />
        <FormActions saving={form.saving} failure={form.failure} onCancel={() => navigate(ORDERS_LIST)} saveTestId="save-order" />
      </form>
    </section>
  );
}
