import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from '@wms/shared-ui/router';
import {
  formatDay,
  isBatchExpired,
  saleSchema,
  saleStockProblems,
  SALE_MIN_QUANTITY,
  type BarcodeLookup,
  type Party,
  type SaleBody,
  type SaleView,
} from '@wms/shared-api';
import {
  EntityPicker,
  failureText,
  fetchPage,
  formatKind,
  formatQuantity,
  formatUnit,
  FormActions,
  NumberField,
  PageHeader,
  ProductPicker,
  QUANTITY_DECIMALS,
  routeRecordId,
  ScanInput,
  Loaded,
  savedRowState,
  SelectField,
  Spinner,
  toastSuccess,
  useDocumentTitle,
  useIdempotencyKey,
  useLoad,
  useZodForm,
} from '@wms/shared-ui';
import { api } from '@wms/shared-api';
import { NS, sectionPath } from '../paths';
import { activeCustomerCount, createSale, editSale, getSale } from './api';
import { SALES_LIST } from './paths';
import { keyOf, useSaleStock } from './useSaleStock';
import './sales.css';

const EMPTY: SaleBody = { product_id: null, warehouse_id: null, batch_number: null, quantity: '', customer_id: null };

/** Only active, non-deleted customers (SPEC §5): the registry's list with `active=true`. */
function ActiveCustomerPicker(props: {
  name: string;
  value: unknown;
  onChange: (id: number | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <EntityPicker<Party>
      {...props}
      value={props.value as number | null}
      label={t('sales.fields.customer')}
      required
      search={(q, limit, signal) =>
        fetchPage<Party>('/customers', { q, limit, active: 'true', sort: 'business_name', order: 'asc' }, signal)
      }
      load={async (id) => (await api.get<Party>(`/customers/${id}`)).data}
      text={(c) => c.business_name}
      optionTestId={(c) => `customer-option-${c.id}`}
      data-testid="sale-customer"
    />
  );
}

/**
 * /operazioni/vendite/nuova and /{id} (SPEC §2, §5 Sale): customer, product, the batch (FEFO: earliest expiry first, the
 * first non-expired one preselected, expired ones shown marked and not selectable), quantity (min 1, max = available, plus
 * the quantity of the sale being edited). Save is disabled without a customer (it says why) or above the maximum (the
 * quantity says why). Editing revokes the old sale and creates the new one in one server transaction; one
 * Idempotency-Key per form makes a double click sell once. Back on the list, the sale just saved is highlighted.
 */
export function SaleFormPage() {
  const { t } = useTranslation(NS);
  const params = useParams();
  // "abc" is no sale: routeRecordId says "not found" (it was read as no id, a new sale).
  useDocumentTitle(t(params.id ? 'sales.editTitle' : 'sales.newTitle'));
  const load = useLoad((signal) => (params.id ? getSale(routeRecordId(params.id), signal) : Promise.resolve(null)), [params.id]);
  return (
    <Loaded
      load={load}
      failedText={(err) => failureText(err, `${NS}:sales.fetchFailed`)}
      notFound={{ title: t('sales.notFound'), backTo: SALES_LIST, backLabel: t('sales.title') }}
    >
      {(editing) => <SaleForm key={editing?.id ?? 'new'} editing={editing} />}
    </Loaded>
  );
}

function SaleForm({ editing }: { editing: SaleView | null }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const editId = editing?.id ?? null;
  const form = useZodForm(
    saleSchema,
    editing
      ? {
          product_id: editing.product_id,
          warehouse_id: editing.warehouse_id,
          batch_number: editing.batch_number,
          quantity: editing.quantity,
          customer_id: editing.customer_id,
        }
      : EMPTY,
  );
  const { values, set } = form;
  const customers = useLoad(() => activeCustomerCount().catch(() => -1), []);
  const idempotencyKey = useIdempotencyKey();
  // A scanned batch waits for its product's stock rows, then overrides the FEFO choice when it is sellable (issue 27).
  const [scanned, setScanned] = useState<{ productId: number; batch: string } | null>(null);
  const [scanNote, setScanNote] = useState<string | null>(null);

  // The product's batches in the one FEFO order; the sale being edited gives its own quantity back to its batch.
  const productId = values.product_id as number | null;
  const { rows } = useSaleStock(productId, editing);

  // Preselect the first sellable batch (FEFO) when none is chosen, or the chosen one is not offered.
  const chosenKey = values.warehouse_id
    ? keyOf({ warehouse_id: values.warehouse_id as number, batch_number: (values.batch_number as string | null) ?? null })
    : '';
  const chosen = rows?.find((r) => keyOf(r) === chosenKey) ?? null;
  useEffect(() => {
    if (!rows || chosen) return;
    // The server marked each batch with the shared rule (isBatchExpired) at its own clock: trust its `expired`.
    const first = rows.find((r) => !r.expired);
    set('warehouse_id', first?.warehouse_id ?? null);
    set('batch_number', first?.batch_number ?? null);
  }, [rows, chosen, set]);

  // The scanned batch, once its product's rows are here: chosen when sellable, else the reason and FEFO stays.
  useEffect(() => {
    if (!rows || !scanned || scanned.productId !== productId) return;
    const mine = rows.filter((r) => r.batch_number === scanned.batch);
    const sellable = mine.find((r) => !r.expired);
    if (sellable) {
      set('warehouse_id', sellable.warehouse_id);
      set('batch_number', sellable.batch_number);
    } else if (mine[0]) {
      setScanNote(t('sales.batchExpired', { batch: scanned.batch, expiry: mine[0].expiry_date ? formatDay(mine[0].expiry_date) : '—' }));
    } else {
      setScanNote(t('sales.scanBatchMissing', { batch: scanned.batch }));
    }
    setScanned(null);
  }, [rows, scanned, productId, set, t]);

  /** A scan fills product and batch; an expired batch or an unsellable product is refused with the reason. */
  const onScan = (found: BarcodeLookup): string | undefined => {
    if (found.product.status !== 'active') return t('sales.productUnavailable');
    const batch = (found.product.has_batch && found.batch_number) || null; // a label's batch means nothing without batches
    if (batch && found.expiry_date && isBatchExpired(found.expiry_date)) {
      return t('sales.batchExpired', { batch, expiry: formatDay(found.expiry_date) });
    }
    setScanNote(null);
    if (found.product.id !== productId) {
      set('product_id', found.product.id);
      set('warehouse_id', null);
      set('batch_number', null);
    }
    setScanned(batch ? { productId: found.product.id, batch } : null);
    return undefined;
  };

  const max = chosen ? chosen.quantity : null;
  // The shared rule (exact decimals), as the server checks it.
  const above = !!saleStockProblems({ quantity: values.quantity as string, batch_number: null }, null, max).quantity;
  const noStock = rows !== null && rows.every((r) => r.expired);

  const save = form.handleSubmit(async (data) => {
    const body = {
      product_id: data.product_id,
      warehouse_id: data.warehouse_id,
      batch_number: data.batch_number,
      quantity: data.quantity,
      customer_id: data.customer_id,
    };
    const saved = editId ? await editSale(editId, body, idempotencyKey.key()) : await createSale(body, idempotencyKey.key());
    toastSuccess(t(editId ? 'sales.editSuccess' : 'sales.success'));
    navigate(SALES_LIST, { state: savedRowState(saved.id, saved.product_code) });
  }, `${NS}:sales.genericError`);

  const amount = (n: string | number) => formatKind(n, 'quantity');
  /** The product's unit, from its stock rows (every row is the one product's). */
  const unit = rows?.[0]?.unit_of_measure ?? null;
  const options = (rows ?? []).map((r) => ({
    value: keyOf(r),
    disabled: r.expired,
    label:
      (r.batch_number
        ? t('sales.batchOption', {
            warehouse: r.warehouse_name,
            batch: r.batch_number,
            expiry: r.expiry_date ? formatDay(r.expiry_date) : '—',
            available: formatQuantity(r.quantity, r.unit_of_measure),
          })
        : t('sales.stockOption', { warehouse: r.warehouse_name, available: formatQuantity(r.quantity, r.unit_of_measure) })) +
      (r.expired ? ` — ${t('sales.expiredMark')}` : ''),
  }));

  return (
    <section className="screen sales-screen" data-testid="sale-form-page">
      <PageHeader title={t(editId ? 'sales.editTitle' : 'sales.newTitle')} />
      <form ref={form.formRef} noValidate onSubmit={save} className="form form-card form-card-narrow" data-testid="sale-form">
        {customers.status === 'ready' && customers.value === 0 ? (
          <p className="alert alert-warning" role="status" data-testid="no-customers">
            {t('sales.noCustomers')} <Link to={`${sectionPath('registry')}/clienti`}>→</Link>
          </p>
        ) : null}
        <ActiveCustomerPicker {...form.field('customer_id')} onChange={(id) => set('customer_id', id)} />
        <ScanInput onScan={onScan} disabled={form.saving} data-testid="sale-scan" />
        <ProductPicker
          {...form.field('product_id')}
          label={t('sales.fields.product')}
          required
          value={productId}
          onChange={(id) => {
            set('product_id', id);
            set('warehouse_id', null);
            set('batch_number', null);
            setScanNote(null);
          }}
          onScanned={(found) => {
            const refusal = onScan(found);
            if (refusal) setScanNote(refusal);
          }}
          data-testid="sale-product"
        />
        {productId && rows === null ? <Spinner /> : null}
        {scanNote ? (
          <p className="alert alert-error" role="alert" data-testid="sale-scan-note">
            {scanNote}
          </p>
        ) : null}
        {productId && rows !== null ? (
          noStock ? (
            <p className="alert alert-error" role="alert" data-testid="no-stock">
              {t('sales.noStock')}
            </p>
          ) : null
        ) : null}
        {productId && rows && rows.length > 0 ? (
          <SelectField
            name="batch_number"
            label={t('sales.fields.batch')}
            required
            value={chosenKey}
            options={options}
            placeholder={t('sales.chooseBatch')}
            error={form.error('warehouse_id') ?? form.error('batch_number')}
            disabled={form.saving}
            onChange={(v) => {
              const r = rows.find((x) => keyOf(x) === v);
              set('warehouse_id', r?.warehouse_id ?? null);
              set('batch_number', r?.batch_number ?? null);
            }}
            data-testid="sale-batch"
          />
        ) : null}
        <NumberField
          {...form.field('quantity')}
          value={values.quantity as string}
          onChange={(v) => set('quantity', v)}
          label={t('sales.fields.quantity')}
          required
          decimals={QUANTITY_DECIMALS}
          suffix={unit ? formatUnit(unit) : undefined}
          hint={
            max !== null ? t('sales.maxHint', { min: amount(SALE_MIN_QUANTITY), max: amount(max), decimals: QUANTITY_DECIMALS }) : undefined
          }
          error={form.error('quantity') ?? (above && max !== null ? t('sales.aboveAvailability', { available: amount(max) }) : undefined)}
          data-testid="sale-quantity"
        />
        <FormActions
          saving={form.saving}
          saveDisabled={!values.customer_id || above || noStock}
          failure={form.failure}
          failureTestId="sale-failure"
          onCancel={() => navigate(SALES_LIST)}
          saveTestId="sale-save"
        >
          {/* Save waits for a customer (SPEC §5): it says so, rather than a grey button with no reason. */}
          {!values.customer_id ? (
            <span className="muted" data-testid="sale-save-reason">
              {t('sales.customerFirst')}
            </span>
          ) : null}
        </FormActions>
      </form>
    </section>
  );
}
