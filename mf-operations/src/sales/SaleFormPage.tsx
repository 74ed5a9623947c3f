import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from '@wms/shared-ui/router';
import {
  formatDay,
  isBatchExpired,
  saleSchema,
  saleStockProblems,
  sumDecimals,
  SALE_MIN_QUANTITY,
  SALE_QUANTITY_STEP,
  type BarcodeLookup,
  type Party,
  type SaleBody,
  type SaleStockRow,
  type SaleView,
} from '@wms/shared-api';
import {
  EntityPicker,
  ErrorState,
  fetchPage,
  formatKind,
  formatQuantity,
  formatUnit,
  FormActions,
  NumberField,
  PageHeader,
  ProductPicker,
  QUANTITY_DECIMALS,
  ScanInput,
  SelectField,
  Spinner,
  toastSuccess,
  useDocumentTitle,
  useZodForm,
} from '@wms/shared-ui';
import { api, newIdempotencyKey } from '@wms/shared-api';
import { BASE_PATH, NS } from '../paths';
import { activeCustomerCount, createSale, editSale, getSale, saleStock } from './api';
import './sales.css';

const LIST = `${BASE_PATH}/vendite`;
const EMPTY: SaleBody = { product_id: null, warehouse_id: null, batch_number: null, quantity: '', customer_id: null };
const keyOf = (r: { warehouse_id: number; batch_number: string | null }) => `${r.warehouse_id}|${r.batch_number ?? ''}`;

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
 * the quantity of the sale being edited). Save is disabled without a customer or above the maximum. Editing cancels the old
 * sale and creates the new one in one server transaction; one Idempotency-Key per form makes a double click sell once.
 */
export function SaleFormPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const params = useParams();
  const editId = params.id ? parseInt(params.id, 10) : null;
  useDocumentTitle(t(editId ? 'sales.editTitle' : 'sales.newTitle'));
  const form = useZodForm(saleSchema, EMPTY);
  const { values, set, reset } = form;
  const [editing, setEditing] = useState<SaleView | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [customers, setCustomers] = useState<number | null>(null);
  const [stock, setStock] = useState<SaleStockRow[] | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  // A scanned batch waits for its product's stock rows, then overrides the FEFO choice when it is sellable (issue 27).
  const [scanned, setScanned] = useState<{ productId: number; batch: string } | null>(null);
  const [scanNote, setScanNote] = useState<string | null>(null);
  const stockFor = useRef<number | null>(null);

  useEffect(() => {
    activeCustomerCount().then(setCustomers, () => setCustomers(-1));
  }, []);

  useEffect(() => {
    if (!editId) return;
    getSale(editId).then(
      (s) => {
        setEditing(s);
        reset({
          product_id: s.product_id,
          warehouse_id: s.warehouse_id,
          batch_number: s.batch_number,
          quantity: s.quantity,
          customer_id: s.customer_id,
        });
      },
      () => setLoadFailed(true),
    );
  }, [editId, reset]);

  // The product's batches (FEFO from the server); the sale being edited gives its own quantity back to its batch.
  const productId = values.product_id as number | null;
  useEffect(() => {
    setStock(null);
    if (!productId) return undefined;
    let current = true;
    saleStock(productId).then(
      (rows) => current && ((stockFor.current = productId), setStock(rows)),
      () => current && ((stockFor.current = productId), setStock([])),
    );
    return () => {
      current = false;
    };
  }, [productId]);

  const rows = useMemo(() => {
    if (!stock) return null;
    if (!editing || editing.product_id !== productId) return stock;
    const own = keyOf(editing);
    const found = stock.some((r) => keyOf(r) === own);
    // Exact: 2,2 in stock + the sale's own 1,1 is 3,3 (never "3,3000000000000003").
    const back = stock.map((r) => (keyOf(r) === own ? { ...r, quantity: sumDecimals([r.quantity, editing.quantity]) } : r));
    if (found) return back;
    const mine: SaleStockRow = {
      product_id: editing.product_id,
      warehouse_id: editing.warehouse_id,
      warehouse_name: editing.warehouse_name,
      batch_number: editing.batch_number,
      quantity: editing.quantity,
      unit_of_measure: editing.unit_of_measure,
      expiry_date: editing.expiry_date,
      received_at: null,
      expired: false,
    };
    return [mine, ...back];
  }, [stock, editing, productId]);

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
    if (!rows || !scanned || scanned.productId !== productId || stockFor.current !== productId) return;
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
    const batch = found.batch_number ?? null;
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
    if (editId) await editSale(editId, body, idempotencyKey.current);
    else await createSale(body, idempotencyKey.current);
    toastSuccess(t(editId ? 'sales.editSuccess' : 'sales.success'));
    navigate(LIST);
  }, `${NS}:sales.genericError`);

  if (loadFailed) return <ErrorState message={t('sales.notFound')} />;
  if (editId && !editing) return <Spinner />;

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
      <form ref={form.formRef} noValidate onSubmit={save} className="sale-form-card" data-testid="sale-form">
        {customers === 0 ? (
          <p className="alert alert-warning" role="status" data-testid="no-customers">
            {t('sales.noCustomers')} <Link to="/anagrafica/clienti">→</Link>
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
            max !== null
              ? t('sales.maxHint', { min: amount(SALE_MIN_QUANTITY), step: amount(SALE_QUANTITY_STEP), max: amount(max) })
              : undefined
          }
          error={form.error('quantity') ?? (above && max !== null ? t('sales.aboveAvailability', { available: amount(max) }) : undefined)}
          data-testid="sale-quantity"
        />
        <FormActions
          saving={form.saving}
          saveDisabled={!values.customer_id || above || noStock}
          failure={form.failure}
          failureTestId="sale-failure"
          onCancel={() => navigate(LIST)}
          saveTestId="sale-save"
        />
      </form>
    </section>
  );
}
