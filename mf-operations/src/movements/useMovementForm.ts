import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiError,
  changeMovementValue,
  formatMessageParams,
  movementBody,
  movementFormSchema,
  movementLiveProblems,
  movementWithLoadBatch,
  movementWithScan,
  type BarcodeLookup,
  type MovementBody,
  type MovementFormValues,
  type StockRow,
} from '@wms/shared-api';
import { currentLanguage, useProductStock, useZodForm } from '@wms/shared-ui';
import { NS } from '../paths';
import { useLeavingStock } from '../shared/leaving-stock';
import type { MovementView } from './api';

/**
 * The movement form on the kit's form hook (useZodForm: values, messages, focus on the first field in error, the server's
 * field texts, the save failure), plus the movement's own domain: the stock it needs, the live rules, and what changing
 * the type, product, warehouse or load batch, or a scan, implies for the other fields (shared-api's movement form).
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

  // The stock the form needs (the rows of the current product and warehouse only). Goods that leave: the shared leaving
  // stock (FEFO batches of the chosen warehouse, a corrected movement's own goods counted again, what the chosen one has).
  // A load of a batch product: its batches anywhere, to reuse a batch's dates.
  const productId = product?.id ?? null;
  const leaving = useLeavingStock(
    !isLoad && productId && warehouseId
      ? {
          productId,
          warehouseId,
          batch: product?.has_batch ? values.batch_number : null,
          unit: product?.unit_of_measure,
          original: original?.status === 'active' ? original : null,
        }
      : null,
  );
  const loadStock = useProductStock(isLoad && productId && product?.has_batch ? { productId } : null);
  const batch = product?.has_batch ? values.batch_number : '';
  available.current = leaving.available;
  const knownBatches = useMemo(() => {
    const out = new Map<string, StockRow>();
    for (const r of loadStock.rows ?? []) if (r.batch_number && !out.has(r.batch_number)) out.set(r.batch_number, r);
    return out;
  }, [loadStock.rows]);
  const live = movementLiveProblems(values, available.current);

  // What a change implies for the other fields (shared-api's movement form rules): set field by field, so each message
  // the change answers goes and the others stay.
  const apply = (next: MovementFormValues) => {
    for (const field of Object.keys(next) as (keyof MovementFormValues)[])
      if (next[field] !== values[field]) set(field, next[field] as never);
  };
  const change = <K extends 'movement_type' | 'product_id' | 'warehouse_id'>(field: K, value: MovementFormValues[K]) =>
    apply(changeMovementValue(values, field, value));
  const changeLoadBatch = (batch: string) => apply(movementWithLoadBatch(values, batch, knownBatches.get(batch.trim())));
  const fillFromScan = (found: BarcodeLookup) => apply(movementWithScan(values, found));

  /** A field's message: the live rule's (the stock as read now), else the form's (the schema's, the server's). */
  const message = (field: string): string | undefined => {
    const p = live[field as keyof typeof live];
    return p ? t(p.key, formatMessageParams(currentLanguage(), p.params)) : form.error(field);
  };

  const submit = form.handleSubmit(async () => {
    try {
      // Sent as SPEC §7 writes it (dates dd/MM/yyyy); the server parses it with the same schema.
      await onSubmit(movementBody(values));
    } catch (err) {
      // Someone else may have taken the goods meanwhile: show what is left now.
      if (apiError(err)?.code === 'INSUFFICIENT_STOCK') leaving.reload();
      throw err;
    }
  }, `${NS}:movements.feedback.saveFailed`);

  return {
    ...form,
    /** Goods that leave (useLeavingStock), and the batches a load may reuse. */
    stock: { ...leaving, knownBatches, knownBatch: knownBatches.get(batch.trim()) },
    message,
    change,
    changeLoadBatch,
    fillFromScan,
    submit,
  };
}
