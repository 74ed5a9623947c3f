import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  api,
  can,
  fieldMessages,
  isApiError,
  QUANTITY_DECIMALS,
  stockLimitsSchema,
  type StockLimits,
  type StockLimitsBody,
} from '@wms/shared-api';
import {
  currentLanguage,
  failureText,
  formatQuantity,
  Loaded,
  NumberField,
  toastError,
  toastSuccess,
  useLoad,
  useSession,
  useWarehouses,
  WarehousePicker,
} from '@wms/shared-ui';
import { NS } from '../paths';
import './StockLimitsPanel.css';

const limitsPath = (productId: number) => `/products/${productId}/stock-limits`;

interface Row {
  key: number;
  warehouse_id: number | null;
  min: string;
  max: string;
}

/**
 * The product form's stock limits (issue 28): min / max per warehouse, saved on their own (PUT
 * /products/{id}/stock-limits, the whole set) with the schema the server checks; read-only for roles without the
 * replenishment permission. Shown for a saved product only (a new one has no id yet).
 */
export function StockLimitsPanel({ productId, unit }: { productId: number; unit?: string | null }) {
  const { t } = useTranslation(NS);
  const [attempt, setAttempt] = useState(0);
  const load = useLoad(async () => (await api.get<StockLimits>(limitsPath(productId))).data, [productId, attempt]);
  return (
    <section className="stock-limits-panel" aria-labelledby="stock-limits-title" data-testid="stock-limits-panel">
      <h2 id="stock-limits-title">{t('stockLimits.title')}</h2>
      <Loaded load={load} failedText={(err) => failureText(err, `${NS}:stockLimits.loadFailed`)}>
        {(v) => <LimitsEditor key={attempt} productId={productId} unit={unit} initial={v} onSaved={() => setAttempt((n) => n + 1)} />}
      </Loaded>
    </section>
  );
}

function LimitsEditor({
  productId,
  unit,
  initial,
  onSaved,
}: {
  productId: number;
  unit?: string | null;
  initial: StockLimits;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const editable = can(user?.role, 'replenishment');
  const { warehouses } = useWarehouses();
  const [rows, setRows] = useState<Row[]>(() =>
    initial.limits.map((l, i) => ({ key: i, warehouse_id: l.warehouse_id, min: l.min, max: l.max })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const nameOf = (id: number | null) =>
    warehouses?.find((w) => w.id === id)?.name ?? initial.limits.find((l) => l.warehouse_id === id)?.warehouse_name ?? '';

  if (!editable) {
    if (!initial.limits.length) return <p className="field-hint">{t('stockLimits.none')}</p>;
    return (
      <>
        <table className="data-table stock-limits-table">
          <caption className="sr-only">{t('stockLimits.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stockLimits.warehouse')}</th>
              <th scope="col">{t('stockLimits.min')}</th>
              <th scope="col">{t('stockLimits.max')}</th>
            </tr>
          </thead>
          <tbody>
            {initial.limits.map((l) => (
              <tr key={l.warehouse_id}>
                <th scope="row">{l.warehouse_name}</th>
                <td>{formatQuantity(l.min, unit)}</td>
                <td>{formatQuantity(l.max, unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="field-hint">{t('stockLimits.readOnly')}</p>
      </>
    );
  }

  const set = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const save = async () => {
    const body: StockLimitsBody = { limits: rows.map((r) => ({ warehouse_id: r.warehouse_id ?? '', min: r.min, max: r.max })) };
    const parsed = stockLimitsSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldMessages(parsed.error, currentLanguage()));
    setErrors({});
    setSaving(true);
    try {
      await api.put(limitsPath(productId), parsed.data);
      toastSuccess(t('stockLimits.saved'));
      onSaved();
    } catch (err) {
      const fields = isApiError(err) ? (err.response?.data as { fields?: Record<string, string> } | undefined)?.fields : undefined;
      if (fields) setErrors(fields);
      toastError(failureText(err, `${NS}:stockLimits.saveFailed`));
    } finally {
      setSaving(false);
    }
  };
  const taken = rows.map((r) => r.warehouse_id);
  return (
    <>
      <p className="field-hint">{t('stockLimits.hint')}</p>
      {rows.length ? null : <p>{t('stockLimits.none')}</p>}
      <ul className="stock-limits-rows">
        {rows.map((r, i) => (
          <li key={r.key} className="stock-limits-row" data-testid={`stock-limit-${i}`}>
            <WarehousePicker
              name={`limits.${i}.warehouse_id`}
              label={t('stockLimits.warehouseOf', { n: i + 1 })}
              warehouses={warehouses}
              value={r.warehouse_id}
              exclude={taken.filter((id) => id !== r.warehouse_id)}
              onChange={(id) => set(r.key, { warehouse_id: id })}
              error={errors[`limits.${i}.warehouse_id`]}
            />
            <NumberField
              name={`limits.${i}.min`}
              label={t('stockLimits.minOf', { warehouse: nameOf(r.warehouse_id) })}
              decimals={QUANTITY_DECIMALS}
              value={r.min}
              onChange={(min) => set(r.key, { min })}
              error={errors[`limits.${i}.min`]}
            />
            <NumberField
              name={`limits.${i}.max`}
              label={t('stockLimits.maxOf', { warehouse: nameOf(r.warehouse_id) })}
              decimals={QUANTITY_DECIMALS}
              value={r.max}
              onChange={(max) => set(r.key, { max })}
              error={errors[`limits.${i}.max`]}
            />
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
              aria-label={t('stockLimits.remove', { warehouse: nameOf(r.warehouse_id) || i + 1 })}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          onClick={() => setRows((rs) => [...rs, { key: Math.max(0, ...rs.map((x) => x.key)) + 1, warehouse_id: null, min: '', max: '' }])}
          data-testid="stock-limits-add"
        >
          {t('stockLimits.add')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving} data-testid="stock-limits-save">
          {t('stockLimits.save')}
        </button>
      </div>
    </>
  );
}
