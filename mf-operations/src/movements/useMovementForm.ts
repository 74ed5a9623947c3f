import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiError, type MovementBody, type MovementType, type Product } from '@wms/shared-api';
import { currentLanguage, failureText, focusField, type FormProblem } from '@wms/shared-ui';
import { NS } from '../paths';
import type { MovementView } from './api';
import { checkMovement, liveProblems, problemText, serverProblems, type Problems } from './movement-problems';
import { FIELDS, type Field, type MovementFormValues } from './movement-values';
import { useProductStock } from './useProductStock';

/**
 * The movement form's state: its values, their problems (found on save, the server's, and the live ones), the stock
 * they need, and the save itself. A failed check or save focuses the first field it names.
 */
export function useMovementForm(
  initial: MovementFormValues,
  original: MovementView | null,
  onSubmit: (body: MovementBody) => Promise<void>,
) {
  const { t } = useTranslation(NS);
  const lang = currentLanguage();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<MovementFormValues>(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** Text a NumberField / DateField could not read (kept by the field, shown by it; blocks the save). */
  const [inputProblems, setInputProblems] = useState<Partial<Record<Field, FormProblem>>>({});
  const setInputProblem = (field: Field, p: FormProblem | null) =>
    setInputProblems((prev) => {
      if (!p && !prev[field]) return prev;
      const next = { ...prev };
      if (p) next[field] = p;
      else delete next[field];
      return next;
    });
  const stock = useProductStock(values, original);

  const product = values.product;
  const isLoad = values.movement_type === 'C';
  const live = liveProblems(values, stock.available);

  /** Drops the problems of `fields` (and the save error): the user is changing them. */
  const clear = (fields: Field[]) => {
    setProblems((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });
    setSaveError(null);
  };

  const set = <K extends keyof MovementFormValues>(field: K, value: MovementFormValues[K], also: Field[] = []) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear([(field === 'product' ? 'product_id' : field) as Field, ...also]);
  };

  const changeType = (type: MovementType) => {
    const crossesLoad = (type === 'C') !== isLoad;
    setValues((v) => ({ ...v, movement_type: type, ...(crossesLoad ? { batch_number: '', production_date: '', expiry_date: '' } : {}) }));
    setProblems({});
    setSaveError(null);
  };

  const changeProduct = (p: Product | null) => {
    setValues((v) => ({ ...v, product: p, batch_number: '', production_date: '', expiry_date: '' }));
    clear(['product_id', 'batch_number', 'production_date', 'expiry_date', 'quantity']);
  };

  const changeWarehouse = (value: string) => {
    setValues((v) => ({ ...v, warehouse_id: value, ...(isLoad ? {} : { batch_number: '' }) }));
    clear(['warehouse_id', 'destination_warehouse_id', 'batch_number', 'quantity']);
  };

  const changeLoadBatch = (value: string) => {
    const row = stock.knownBatches.get(value.trim());
    setValues((v) => ({
      ...v,
      batch_number: value,
      // A batch already in stock keeps its dates (the server refuses other ones): take them.
      ...(row && product?.has_production_date && row.production_date ? { production_date: row.production_date } : {}),
      ...(row && product?.has_expiry_date && row.expiry_date ? { expiry_date: row.expiry_date } : {}),
    }));
    clear(row ? ['batch_number', 'production_date', 'expiry_date'] : ['batch_number']);
  };

  const message = (field: Field): string | undefined => {
    const p = problems[field] ?? live[field];
    return p ? problemText(p, lang) : undefined;
  };

  const focusFirst = (found: Partial<Record<Field, unknown>>) =>
    focusField(
      formRef.current,
      FIELDS.find((f) => found[f]),
    );

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    setSaveError(null);
    const { body, found, valid } = checkMovement(values, stock.available);
    if (!valid || Object.keys(inputProblems).length > 0) {
      // The field's own reading problem wins over the schema's (which only sees the last value it could read).
      const unread: Problems = {};
      for (const [f, p] of Object.entries(inputProblems)) if (p) unread[f as Field] = { text: t(p.key, p.params) };
      setProblems({ ...found, ...unread });
      focusFirst({ ...found, ...unread });
      return;
    }
    setSaving(true);
    try {
      await onSubmit(body);
    } catch (err) {
      const server = apiError(err);
      const onFields = serverProblems(server?.fields);
      setProblems(onFields);
      setSaveError(failureText(err, `${NS}:movements.feedback.saveFailed`));
      // Someone else may have taken the goods meanwhile: show what is left now.
      if (server?.code === 'INSUFFICIENT_STOCK') stock.reload();
      setSaving(false);
      // After the fields are enabled again.
      setTimeout(() => focusFirst(onFields));
    }
  };

  return {
    values,
    stock,
    formRef,
    setInputProblem,
    saveError,
    saving,
    message,
    set,
    changeType,
    changeProduct,
    changeWarehouse,
    changeLoadBatch,
    submit,
  };
}

export type MovementFormState = ReturnType<typeof useMovementForm>;
