import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiError, formatMessageParams, type BarcodeLookup, type MovementBody, type MovementType, type Product } from '@wms/shared-api';
import { currentLanguage, useZodForm } from '@wms/shared-ui';
import { NS } from '../paths';
import type { MovementView } from './api';
import { liveProblems, movementBody, movementFormSchema, type MovementFormValues } from './movement-values';
import { useProductStock } from './useProductStock';

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
  const stock = useProductStock(values, original);
  available.current = stock.available;
  const product = values.product_id;
  const isLoad = values.movement_type === 'C';
  const live = liveProblems(values, stock.available);

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
    const row = stock.knownBatches.get(value.trim());
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

  return { ...form, stock, message, changeType, changeProduct, changeWarehouse, changeLoadBatch, fillFromScan, submit };
}

export type MovementFormState = ReturnType<typeof useMovementForm>;
