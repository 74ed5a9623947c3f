import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiError,
  availableOf,
  batchChoices,
  formatMessageParams,
  movementBody,
  movementFormSchema,
  movementLiveProblems,
  type BarcodeLookup,
  type MovementBody,
  type MovementFormValues,
  type MovementType,
  type Product,
  type StockRow,
} from '@wms/shared-api';
import { currentLanguage, useProductStock, useZodForm } from '@wms/shared-ui';
import { NS } from '../paths';
import type { MovementView } from './api';

/**
 * The movement form on the kit's form hook (useZodForm: values, messages, focus on the first field in error, the server's
 * field texts, the save failure), plus the movement's own domain: the stock it needs, the live rules, and what changing
 * the type, product, warehouse or load batch implies for the other fields.
 */
export function useMovementForm(
  initial: MovementFormValues,
  original: MovementView | null,
  onSubmit: (body: MovementBody) => Promise<void>,
) {
  const { t } = useTranslation('validation');
  const available = useRef<string | null>(null);
  const schema = useMemo(() => movementFormSchema(() => available.current), []);
  const form = useZodForm(schema, initial);
  const { values, set } = form;
  const product = values.product_id;
  const isLoad = values.movement_type === 'C';
  const warehouseId = parseInt(values.warehouse_id, 10) || null;

  // The stock the form needs (the kit's loader: the rows of the current product and warehouse only). A load of a batch
  // product: its batches anywhere, to reuse a batch's dates. Goods that leave: the batches in the chosen warehouse, where a
  // corrected movement's own goods count again (the server reverses it first), and what the chosen one has available.
  const from = !isLoad && product ? warehouseId : null;
  const productId = product?.id ?? null;
  const stock = useProductStock(
    productId === null ? null : from ? { productId, warehouseId: from } : isLoad && product?.has_batch ? { productId } : null,
  );
  const choices = useMemo(
    () =>
      from && productId && stock.rows ? batchChoices(stock.rows, productId, from, original?.status === 'active' ? original : null) : null,
    [from, productId, stock.rows, original],
  );
  const batch = product?.has_batch ? values.batch_number : '';
  available.current = choices && (!product?.has_batch || batch) ? availableOf(choices, batch) : null;
  const knownBatches = useMemo(() => {
    const out = new Map<string, StockRow>();
    for (const r of isLoad ? (stock.rows ?? []) : []) if (r.batch_number && !out.has(r.batch_number)) out.set(r.batch_number, r);
    return out;
  }, [isLoad, stock.rows]);
  const live = movementLiveProblems(values, available.current);

  const changeType = (type: MovementType) => {
    set('movement_type', type);
    if ((type === 'C') !== isLoad) for (const f of ['batch_number', 'production_date', 'expiry_date'] as const) set(f, '');
  };
  const changeProduct = (p: Product | null) => {
    set('product_id', p);
    for (const f of ['batch_number', 'production_date', 'expiry_date'] as const) set(f, '');
  };
  const changeWarehouse = (value: string) => {
    set('warehouse_id', value);
    if (!isLoad) set('batch_number', '');
  };
  // A batch already in stock keeps its dates (the server refuses other ones): take them.
  const changeLoadBatch = (value: string) => {
    set('batch_number', value);
    const row = knownBatches.get(value.trim());
    if (row && product?.has_production_date && row.production_date) set('production_date', row.production_date);
    if (row && product?.has_expiry_date && row.expiry_date) set('expiry_date', row.expiry_date);
  };

  /**
   * A scan (issue 27): its product, and its batch; for a load also the dates the product manages and the quantity the
   * label carries. Goods that leave keep the quantity the user types.
   */
  const fillFromScan = (found: BarcodeLookup) => {
    const p = found.product;
    if (p.id !== product?.id) changeProduct(p);
    if (found.batch_number && p.has_batch) set('batch_number', found.batch_number);
    if (values.movement_type !== 'C') return;
    if (found.production_date && p.has_production_date) set('production_date', found.production_date);
    if (found.expiry_date && p.has_expiry_date) set('expiry_date', found.expiry_date);
    if (found.quantity) set('quantity', found.quantity);
  };

  /** A field's message: the last save's (the schema's, the server's), else the live rule's. */
  const message = (field: string): string | undefined => {
    const p = live[field as keyof typeof live];
    return form.error(field) ?? (p ? t(p.key, formatMessageParams(currentLanguage(), p.params)) : undefined);
  };

  const submit = form.handleSubmit(
    async () => {
      try {
        // Sent as SPEC §7 writes it (dates dd/MM/yyyy); the server parses it with the same schema.
        await onSubmit(movementBody(values));
      } catch (err) {
        // Someone else may have taken the goods meanwhile: show what is left now.
        if (apiError(err)?.code === 'INSUFFICIENT_STOCK') stock.reload();
        throw err;
      }
    },
    `${NS}:movements.feedback.saveFailed`,
    { toast: false },
  );

  return {
    ...form,
    /** The stock read (status), the batches to take from, what the chosen one has, the batches a load may reuse. */
    stock: { status: stock.status, choices, available: available.current, knownBatches, knownBatch: knownBatches.get(batch.trim()) },
    message,
    changeType,
    changeProduct,
    changeWarehouse,
    changeLoadBatch,
    fillFromScan,
    submit,
  };
}

export type MovementFormState = ReturnType<typeof useMovementForm>;
