import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  apiError,
  MAX_BATCH_LENGTH,
  MOVEMENT_TYPES,
  movementFieldProblems,
  movementProductProblems,
  movementSchema,
  movementValidationMessage,
  QUANTITY_STEP,
  type MovementBody,
  type MovementProblem,
  type MovementType,
  type Product,
  type Warehouse,
} from '@wms/shared-api';
import { currentLanguage, formatDate, serverErrorText } from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchProductStock, toDayText, type MovementView, type StockRow } from './api';
import { formatQuantity } from './format';
import { ProductPicker } from './ProductPicker';
import { availableOf, batchChoices } from './stock';

/** The form's fields, named as the shared movement schema names them (its problems land on them by path). */
export type Field =
  | 'movement_type'
  | 'movement_date'
  | 'product_id'
  | 'warehouse_id'
  | 'destination_warehouse_id'
  | 'batch_number'
  | 'production_date'
  | 'expiry_date'
  | 'quantity'
  | 'notes';
const FIELDS: Field[] = [
  'movement_type',
  'movement_date',
  'product_id',
  'warehouse_id',
  'destination_warehouse_id',
  'batch_number',
  'production_date',
  'expiry_date',
  'quantity',
  'notes',
];

export interface MovementFormValues {
  movement_type: MovementType;
  /** yyyy-MM-dd (date inputs); sent as dd/MM/yyyy. */
  movement_date: string;
  product: Product | null;
  warehouse_id: string;
  destination_warehouse_id: string;
  batch_number: string;
  production_date: string;
  expiry_date: string;
  /** As typed; sent as a number. */
  quantity: string;
  notes: string;
}

/** A field's problem: a rule's key (worded at render, so it follows a language switch) or the server's own text. */
type Problem = MovementProblem | { text: string };

type Stock = { key: string; state: 'loading' } | { key: string; state: 'failed' } | { key: string; state: 'ready'; rows: StockRow[] };

export interface MovementFormProps {
  initial: MovementFormValues;
  /** The product's code while its record could not be read (edit of a movement whose product is gone). */
  initialProductText?: string;
  /** The movement being corrected: its goods count as available again (the server reverses it first). */
  original: MovementView | null;
  warehouses: Warehouse[];
  /** Saves; resolves when done. A rejection is the API error: its `error` is shown, its 400 `fields` land on the fields. */
  onSubmit: (body: MovementBody) => Promise<void>;
  cancelTo: string;
}

/** The body of POST / PUT /stock-movements for the form's values (SPEC §7): dates dd/MM/yyyy, quantity a number. */
export function movementBody(v: MovementFormValues): MovementBody {
  const p = v.product;
  const isLoad = v.movement_type === 'C';
  const day = (iso: string) => (iso ? toDayText(iso) : null);
  const quantity = v.quantity.trim();
  return {
    movement_type: v.movement_type,
    movement_date: v.movement_date ? toDayText(v.movement_date) : '',
    product_id: p?.id ?? null,
    warehouse_id: v.warehouse_id ? Number(v.warehouse_id) : null,
    destination_warehouse_id: v.movement_type === 'T' && v.destination_warehouse_id ? Number(v.destination_warehouse_id) : null,
    quantity: (quantity === '' ? null : Number(quantity)) as number,
    batch_number: p?.has_batch ? v.batch_number : null,
    production_date: isLoad && p?.has_production_date ? day(v.production_date) : null,
    expiry_date: isLoad && p?.has_expiry_date ? day(v.expiry_date) : null,
    notes: v.notes,
  };
}

/**
 * The movement form (SPEC §2, §5): type, date (today by default), product (searchable), warehouse, destination for a
 * transfer; the batch is free text for a load and, for an unload or a transfer, a select of the batches in stock in that
 * warehouse, earliest expiry first, with what is available; production and expiry dates for a load where the product
 * manages them; quantity (step 0.01, at most what is available when goods leave); notes. Checked with the movement schema
 * and product rules the server applies too, so both say the same sentence; the server's refusal is shown as it words it.
 */
export function MovementForm({ initial, initialProductText, original, warehouses, onSubmit, cancelTo }: MovementFormProps) {
  const { t } = useTranslation(NS);
  const lang = currentLanguage();
  const id = useId();
  const refs: Record<Field, RefObject<HTMLElement | null>> = {
    movement_type: useRef(null),
    movement_date: useRef(null),
    product_id: useRef(null),
    warehouse_id: useRef(null),
    destination_warehouse_id: useRef(null),
    batch_number: useRef(null),
    production_date: useRef(null),
    expiry_date: useRef(null),
    quantity: useRef(null),
    notes: useRef(null),
  };
  const [values, setValues] = useState<MovementFormValues>(initial);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [stockReloads, setStockReloads] = useState(0);
  const [stock, setStock] = useState<Stock | null>(null);

  const product = values.product;
  const isLoad = values.movement_type === 'C';
  const isTransfer = values.movement_type === 'T';
  const warehouseId = Number(values.warehouse_id) || null;

  // The stock the form needs: for a load of a batch product, its batches anywhere (to reuse a batch's dates); for an
  // unload or a transfer, its batches in the chosen warehouse.
  const stockKey = !product
    ? null
    : isLoad
      ? product.has_batch
        ? `${product.id}:*:${stockReloads}`
        : null
      : warehouseId
        ? `${product.id}:${warehouseId}:${stockReloads}`
        : null;
  useEffect(() => {
    if (!stockKey || !product) return undefined;
    const controller = new AbortController();
    setStock({ key: stockKey, state: 'loading' });
    fetchProductStock(product.id, isLoad ? undefined : (warehouseId ?? undefined), controller.signal).then(
      (rows) => {
        if (!controller.signal.aborted) setStock({ key: stockKey, state: 'ready', rows });
      },
      () => {
        if (!controller.signal.aborted) setStock({ key: stockKey, state: 'failed' });
      },
    );
    return () => controller.abort();
    // stockKey names everything the request depends on.
  }, [stockKey]);
  const current = stock && stock.key === stockKey ? stock : null;

  const choices = useMemo(
    () =>
      !isLoad && product && warehouseId && current?.state === 'ready'
        ? batchChoices(current.rows, product.id, warehouseId, original?.status === 'active' ? original : null)
        : null,
    [isLoad, product, warehouseId, current, original],
  );
  const batchKey = product?.has_batch ? values.batch_number : '';
  const available = choices && (!product?.has_batch || values.batch_number) ? availableOf(choices, batchKey) : null;

  /** Batches already in stock (a load of one of them takes its dates). */
  const knownBatches = useMemo(() => {
    if (!isLoad || current?.state !== 'ready') return new Map<string, StockRow>();
    const out = new Map<string, StockRow>();
    for (const r of current.rows) if (r.batch_number && !out.has(r.batch_number)) out.set(r.batch_number, r);
    return out;
  }, [isLoad, current]);
  const knownBatch = isLoad && product?.has_batch ? knownBatches.get(values.batch_number.trim()) : undefined;

  // Rules shown while typing: the same warehouse twice, more than is available.
  const live: Partial<Record<Field, Problem>> = {};
  if (isTransfer && values.destination_warehouse_id && values.destination_warehouse_id === values.warehouse_id) {
    live.destination_warehouse_id = { key: 'sameWarehouse', params: {} };
  }
  const typed = Number(values.quantity);
  if (!isLoad && available !== null && values.quantity.trim() !== '' && Number.isFinite(typed) && typed > available) {
    live.quantity = { key: 'insufficientStock', params: { available } };
  }

  const set = <K extends keyof MovementFormValues>(field: K, value: MovementFormValues[K], clear: Field[] = []) => {
    setValues((v) => ({ ...v, [field]: value }));
    const key = (field === 'product' ? 'product_id' : field) as Field;
    setProblems((p) => {
      const next = { ...p };
      for (const f of [key, ...clear]) delete next[f];
      return next;
    });
    setSaveError(null);
  };

  const changeType = (type: MovementType) => {
    const crossesLoad = (type === 'C') !== isLoad;
    setValues((v) => ({ ...v, movement_type: type, ...(crossesLoad ? { batch_number: '', production_date: '', expiry_date: '' } : {}) }));
    setProblems({});
    setSaveError(null);
  };

  const changeProduct = (p: Product | null) => {
    setValues((v) => ({ ...v, product: p, batch_number: '', production_date: '', expiry_date: '' }));
    setProblems((prev) => {
      const next = { ...prev };
      for (const f of ['product_id', 'batch_number', 'production_date', 'expiry_date', 'quantity'] as Field[]) delete next[f];
      return next;
    });
    setSaveError(null);
  };

  const changeWarehouse = (value: string) => {
    setValues((v) => ({ ...v, warehouse_id: value, ...(isLoad ? {} : { batch_number: '' }) }));
    setProblems((prev) => {
      const next = { ...prev };
      for (const f of ['warehouse_id', 'destination_warehouse_id', 'batch_number', 'quantity'] as Field[]) delete next[f];
      return next;
    });
    setSaveError(null);
  };

  const changeLoadBatch = (value: string) => {
    const row = knownBatches.get(value.trim());
    setValues((v) => ({
      ...v,
      batch_number: value,
      // A batch already in stock keeps its dates (the server refuses other ones): take them.
      ...(row && product?.has_production_date && row.production_date ? { production_date: row.production_date } : {}),
      ...(row && product?.has_expiry_date && row.expiry_date ? { expiry_date: row.expiry_date } : {}),
    }));
    setProblems((prev) => {
      const next = { ...prev };
      delete next.batch_number;
      if (row) {
        delete next.production_date;
        delete next.expiry_date;
      }
      return next;
    });
    setSaveError(null);
  };

  const message = (field: Field): string | undefined => {
    const p = problems[field] ?? live[field];
    if (!p) return undefined;
    if ('text' in p) return p.text;
    const params = { ...p.params };
    if (p.key === 'insufficientStock' && typeof params.available === 'number') params.available = formatQuantity(params.available);
    return movementValidationMessage(lang, p.key, params);
  };

  const focusFirst = (found: Partial<Record<Field, unknown>>) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    setSaveError(null);
    const body = movementBody(values);
    const parsed = movementSchema.safeParse(body);
    const found: Partial<Record<Field, Problem>> = {};
    if (product) {
      const rules = movementProductProblems(
        {
          movement_type: values.movement_type,
          batch_number: typeof body.batch_number === 'string' && body.batch_number.trim() ? body.batch_number.trim() : null,
          production_date: body.production_date ?? null,
          expiry_date: body.expiry_date ?? null,
          quantity: typeof body.quantity === 'number' ? body.quantity : Number.NaN,
        },
        product,
        isLoad ? null : available,
      );
      Object.assign(found, rules);
    }
    if (!parsed.success) Object.assign(found, movementFieldProblems(parsed.error));
    if (Object.keys(found).length > 0 || !parsed.success) {
      setProblems(found);
      focusFirst(found);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(body);
    } catch (err) {
      const server = apiError(err);
      const onFields: Partial<Record<Field, Problem>> = {};
      for (const [path, text] of Object.entries(server?.fields ?? {})) {
        if ((FIELDS as string[]).includes(path)) onFields[path as Field] = { text };
      }
      setProblems(onFields);
      setSaveError(serverErrorText(err) ?? t('movements.feedback.saveFailed'));
      // Someone else may have taken the goods meanwhile: show what is left now.
      if (server?.code === 'INSUFFICIENT_STOCK') setStockReloads((n) => n + 1);
      focusFirst(onFields);
      setSaving(false);
    }
  };

  const errorId = (field: Field) => `${id}-${field}-error`;
  const describedBy = (field: Field, ...hints: (string | false | null | undefined)[]) =>
    [message(field) ? errorId(field) : null, ...hints].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field): ReactNode =>
    message(field) ? (
      <p className="field-error" id={errorId(field)} data-testid={`error-${field}`}>
        {message(field)}
      </p>
    ) : null;
  const invalid = (field: Field) => (message(field) ? true : undefined);
  const ref = <T extends HTMLElement>(field: Field) => refs[field] as RefObject<T>;

  const warehouseOptions = (selected: string) =>
    warehouses
      .filter((w) => w.is_active || String(w.id) === selected)
      .map((w) => (
        <option key={w.id} value={String(w.id)}>
          {w.is_active ? w.name : t('movements.form.inactiveWarehouse', { name: w.name })}
        </option>
      ));

  const flags = product
    ? [
        product.has_batch ? t('movements.form.flagBatch') : null,
        product.has_expiry_date ? t('movements.form.flagExpiry') : null,
        product.has_production_date ? t('movements.form.flagProduction') : null,
      ].filter(Boolean)
    : [];

  const productHintId = `${id}-product-hint`;
  const batchHintId = `${id}-batch-hint`;
  const quantityHintId = `${id}-quantity-hint`;

  // The batch field: free text for a load, the batches in stock for goods that leave.
  let batchField: ReactNode = null;
  if (product?.has_batch) {
    let hint: ReactNode = null;
    let control: ReactNode;
    if (isLoad) {
      hint = knownBatch ? t('movements.form.batchKnown') : null;
      control = (
        <>
          <input
            ref={ref<HTMLInputElement>('batch_number')}
            id={`${id}-batch`}
            type="text"
            value={values.batch_number}
            maxLength={MAX_BATCH_LENGTH}
            placeholder={t('movements.form.batchPlaceholder')}
            list={knownBatches.size > 0 ? `${id}-batches` : undefined}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => changeLoadBatch(e.target.value)}
            aria-invalid={invalid('batch_number')}
            aria-describedby={describedBy('batch_number', hint ? batchHintId : null)}
            data-testid="movement-batch"
          />
          {knownBatches.size > 0 ? (
            <datalist id={`${id}-batches`}>
              {[...knownBatches.values()].map((r) => (
                <option key={r.batch_number} value={r.batch_number ?? ''} />
              ))}
            </datalist>
          ) : null}
        </>
      );
    } else {
      const options = choices ?? [];
      hint = !warehouseId
        ? t('movements.form.chooseProductWarehouse')
        : current?.state === 'loading' || !current
          ? t('movements.form.stockLoading')
          : current.state === 'failed'
            ? t('movements.form.stockFailed')
            : options.length === 0
              ? t('movements.form.noStock')
              : t('movements.form.batchHint');
      control = (
        <select
          ref={ref<HTMLSelectElement>('batch_number')}
          id={`${id}-batch`}
          value={values.batch_number}
          onChange={(e) => set('batch_number', e.target.value, ['quantity'])}
          disabled={options.length === 0}
          aria-invalid={invalid('batch_number')}
          aria-describedby={describedBy('batch_number', batchHintId)}
          data-testid="movement-batch"
        >
          <option value="">{t('movements.form.chooseBatch')}</option>
          {options.map((c) => (
            <option key={c.batch} value={c.batch}>
              {c.expiry_date
                ? t('movements.form.batchOptionExpiry', { batch: c.batch, expiry: formatDate(c.expiry_date), quantity: formatQuantity(c.quantity) })
                : t('movements.form.batchOption', { batch: c.batch, quantity: formatQuantity(c.quantity) })}
            </option>
          ))}
        </select>
      );
    }
    batchField = (
      <div className="field">
        <label htmlFor={`${id}-batch`}>{t('movements.form.batch')}</label>
        {control}
        {hint ? (
          <p className="field-hint" id={batchHintId} data-testid="movement-batch-hint">
            {hint}
          </p>
        ) : null}
        {fieldError('batch_number')}
      </div>
    );
  }

  // For goods without batches that leave, say when the warehouse holds none.
  const noStockHint =
    !isLoad && product && !product.has_batch && warehouseId && choices && choices.length === 0 ? t('movements.form.noStock') : null;

  return (
    <form className="form movement-form" onSubmit={submit} noValidate aria-label={t('movements.form.formLabel')} data-testid="movement-form">
      <div className="movement-form-grid">
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('movements.form.type')}</label>
          <select
            ref={ref<HTMLSelectElement>('movement_type')}
            id={`${id}-type`}
            value={values.movement_type}
            onChange={(e) => changeType(e.target.value as MovementType)}
            aria-invalid={invalid('movement_type')}
            aria-describedby={describedBy('movement_type')}
            data-testid="movement-type"
          >
            {MOVEMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`movements.types.${type}`)}
              </option>
            ))}
          </select>
          {fieldError('movement_type')}
        </div>

        <div className="field">
          <label htmlFor={`${id}-date`}>{t('movements.form.date')}</label>
          <input
            ref={ref<HTMLInputElement>('movement_date')}
            id={`${id}-date`}
            type="date"
            value={values.movement_date}
            onChange={(e) => set('movement_date', e.target.value)}
            required
            aria-invalid={invalid('movement_date')}
            aria-describedby={describedBy('movement_date')}
            data-testid="movement-date"
          />
          {fieldError('movement_date')}
        </div>

        <div className="field field-wide">
          <label htmlFor={`${id}-product`}>{t('movements.form.product')}</label>
          <ProductPicker
            ref={ref<HTMLInputElement>('product_id')}
            id={`${id}-product`}
            value={product}
            initialText={initialProductText}
            onChange={changeProduct}
            invalid={invalid('product_id')}
            describedBy={describedBy('product_id', product ? productHintId : null)}
          />
          {product ? (
            <p className="field-hint" id={productHintId} data-testid="movement-product-flags">
              {t('movements.form.productFlags', { flags: flags.length ? flags.join(', ') : t('movements.form.flagNone') })}
            </p>
          ) : null}
          {fieldError('product_id')}
        </div>

        <div className="field">
          <label htmlFor={`${id}-warehouse`}>{t(isTransfer ? 'movements.form.sourceWarehouse' : 'movements.form.warehouse')}</label>
          <select
            ref={ref<HTMLSelectElement>('warehouse_id')}
            id={`${id}-warehouse`}
            value={values.warehouse_id}
            onChange={(e) => changeWarehouse(e.target.value)}
            aria-invalid={invalid('warehouse_id')}
            aria-describedby={describedBy('warehouse_id')}
            data-testid="movement-warehouse"
          >
            <option value="">{t('movements.form.chooseWarehouse')}</option>
            {warehouseOptions(values.warehouse_id)}
          </select>
          {fieldError('warehouse_id')}
        </div>

        {isTransfer ? (
          <div className="field">
            <label htmlFor={`${id}-destination`}>{t('movements.form.destinationWarehouse')}</label>
            <select
              ref={ref<HTMLSelectElement>('destination_warehouse_id')}
              id={`${id}-destination`}
              value={values.destination_warehouse_id}
              onChange={(e) => set('destination_warehouse_id', e.target.value)}
              aria-invalid={invalid('destination_warehouse_id')}
              aria-describedby={describedBy('destination_warehouse_id')}
              data-testid="movement-destination"
            >
              <option value="">{t('movements.form.chooseWarehouse')}</option>
              {warehouseOptions(values.destination_warehouse_id)}
            </select>
            {fieldError('destination_warehouse_id')}
          </div>
        ) : null}

        {batchField}

        {isLoad && product?.has_production_date ? (
          <div className="field">
            <label htmlFor={`${id}-production`}>{t('movements.form.productionDate')}</label>
            <input
              ref={ref<HTMLInputElement>('production_date')}
              id={`${id}-production`}
              type="date"
              value={values.production_date}
              onChange={(e) => set('production_date', e.target.value, ['expiry_date'])}
              required
              aria-invalid={invalid('production_date')}
              aria-describedby={describedBy('production_date')}
              data-testid="movement-production-date"
            />
            {fieldError('production_date')}
          </div>
        ) : null}

        {isLoad && product?.has_expiry_date ? (
          <div className="field">
            <label htmlFor={`${id}-expiry`}>{t('movements.form.expiryDate')}</label>
            <input
              ref={ref<HTMLInputElement>('expiry_date')}
              id={`${id}-expiry`}
              type="date"
              value={values.expiry_date}
              onChange={(e) => set('expiry_date', e.target.value)}
              required
              aria-invalid={invalid('expiry_date')}
              aria-describedby={describedBy('expiry_date')}
              data-testid="movement-expiry-date"
            />
            {fieldError('expiry_date')}
          </div>
        ) : null}

        <div className="field">
          <label htmlFor={`${id}-quantity`}>{t('movements.form.quantity')}</label>
          <input
            ref={ref<HTMLInputElement>('quantity')}
            id={`${id}-quantity`}
            type="number"
            inputMode="decimal"
            min={0}
            step={QUANTITY_STEP}
            max={!isLoad && available !== null ? available : undefined}
            value={values.quantity}
            onChange={(e) => set('quantity', e.target.value)}
            required
            aria-invalid={invalid('quantity')}
            aria-describedby={describedBy('quantity', (available !== null || noStockHint) && quantityHintId)}
            data-testid="movement-quantity"
          />
          {!isLoad && (available !== null || noStockHint) ? (
            <p className="field-hint" id={quantityHintId} data-testid="movement-available">
              {noStockHint ?? t('movements.form.available', { quantity: formatQuantity(available) })}
            </p>
          ) : null}
          {fieldError('quantity')}
        </div>

        <div className="field field-wide">
          <label htmlFor={`${id}-notes`}>{t('movements.form.notes')}</label>
          <textarea
            ref={ref<HTMLTextAreaElement>('notes')}
            id={`${id}-notes`}
            rows={3}
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
            aria-invalid={invalid('notes')}
            aria-describedby={describedBy('notes')}
            data-testid="movement-notes"
          />
          {fieldError('notes')}
        </div>
      </div>

      {saveError ? (
        <div className="alert alert-error" role="alert" data-testid="movement-save-error">
          {saveError}
        </div>
      ) : null}

      <div className="form-actions">
        <Link to={cancelTo} className="btn" data-testid="movement-cancel">
          {t('movements.form.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined} data-testid="movement-save">
          {saving ? t('movements.form.saving') : t('movements.form.save')}
        </button>
      </div>
    </form>
  );
}
