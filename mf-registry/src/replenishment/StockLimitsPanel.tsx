import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  api,
  can,
  QUANTITY_DECIMALS,
  stockLimitsSchema,
  type StockLimits,
  type StockLimitsBody,
  type StockLimitView,
} from '@wms/shared-api';
import {
  DataTable,
  failureText,
  focusAddedRow,
  formatQuantity,
  lineField,
  Loaded,
  NumberField,
  toastSuccess,
  useLoad,
  useSession,
  useWarehouses,
  useFormList,
  useZodForm,
  WarehousePicker,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import './StockLimitsPanel.css';

const limitsPath = (productId: number) => `/products/${productId}/stock-limits`;

type Limit = StockLimitsBody['limits'][number];

/**
 * The product form's stock limits (issue 28): min / max per warehouse, saved on their own (PUT
 * /products/{id}/stock-limits, the whole set) with the schema the server checks, through the kit's form hook; read-only
 * for roles without the replenishment permission. Shown for a saved product only (a new one has no id yet).
 */
export function StockLimitsPanel({ productId, unit }: { productId: number; unit?: string | null }) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const [attempt, setAttempt] = useState(0);
  const load = useLoad(async (signal) => (await api.get<StockLimits>(limitsPath(productId), { signal })).data, [productId, attempt]);
  return (
    <section className="stock-limits-panel" aria-labelledby="stock-limits-title" data-testid="stock-limits-panel">
      <h2 id="stock-limits-title">{t('stockLimits.title')}</h2>
      <Loaded load={load} failedText={(err) => failureText(err, `${NS}:stockLimits.loadFailed`)}>
        {(v) =>
          can(user?.role, 'replenishment') ? (
            <LimitsEditor key={attempt} productId={productId} initial={v} onSaved={() => setAttempt((n) => n + 1)} />
          ) : (
            <LimitsTable limits={v.limits} unit={unit} />
          )
        }
      </Loaded>
    </section>
  );
}

/** What a role without the replenishment permission sees: the limits as a table. */
function LimitsTable({ limits, unit }: { limits: StockLimitView[]; unit?: string | null }) {
  const { t } = useTranslation(NS);
  if (!limits.length) return <p className="field-hint">{t('stockLimits.none')}</p>;
  const columns: Column<StockLimitView>[] = [
    { id: 'warehouse', header: t('stockLimits.warehouse'), value: (l) => l.warehouse_name },
    { id: 'min', header: t('stockLimits.min'), align: 'end', render: (l) => formatQuantity(l.min, unit) },
    { id: 'max', header: t('stockLimits.max'), align: 'end', render: (l) => formatQuantity(l.max, unit) },
  ];
  return (
    <>
      <DataTable columns={columns} rows={limits} rowKey={(l) => l.warehouse_id} caption={t('stockLimits.caption')} />
      <p className="field-hint">{t('stockLimits.readOnly')}</p>
    </>
  );
}

function LimitsEditor({ productId, initial, onSaved }: { productId: number; initial: StockLimits; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const { warehouses, failed } = useWarehouses();
  const form = useZodForm(stockLimitsSchema, {
    limits: initial.limits.map(({ warehouse_id, min, max }): Limit => ({ warehouse_id, min, max })),
  });
  // Rows keep their own React keys, so a removed row takes its typed text with it.
  const [keys, setKeys] = useState(() => initial.limits.map((_, i) => i));
  const list = useFormList(form.values.limits, (rows) => form.set('limits', rows));
  const rows = list.rows;
  const nameOf = (id: unknown) =>
    warehouses?.find((w) => w.id === id)?.name ?? initial.limits.find((l) => l.warehouse_id === id)?.warehouse_name ?? '';
  /** A row's control named after its warehouse ("Minimo in Centrale"), or its row number while it has none. */
  const named = (what: 'min' | 'max' | 'remove', id: unknown, i: number) => {
    const warehouse = nameOf(id);
    return warehouse
      ? t(`stockLimits.${what === 'remove' ? what : `${what}Of`}`, { warehouse })
      : t(`stockLimits.${what}${what === 'remove' ? 'Row' : 'OfRow'}`, { n: i + 1 });
  };
  const remove = (i: number) => {
    list.removeAt(i);
    setKeys((ks) => ks.filter((_, j) => j !== i));
  };
  /** A new row; its warehouse takes the focus (as an order's or a transfer's new line). */
  const add = (e: MouseEvent<HTMLButtonElement>) => {
    list.add({ warehouse_id: '', min: '', max: '' });
    setKeys((ks) => [...ks, Math.max(-1, ...ks) + 1]);
    focusAddedRow(e.currentTarget, 'limits', rows.length);
  };
  const onSubmit = form.handleSubmit(async (body) => {
    await api.put(limitsPath(productId), body);
    toastSuccess(t('stockLimits.saved'));
    onSaved();
  }, `${NS}:stockLimits.saveFailed`);

  const taken = rows.map((r) => r.warehouse_id);
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label={t('stockLimits.title')}>
      <p className="field-hint">{t('stockLimits.hint')}</p>
      {rows.length ? null : <p>{t('stockLimits.none')}</p>}
      <ul className="stock-limits-rows">
        {rows.map((r, i) => (
          <li key={keys[i]} className="field-row stock-limits-row" data-testid={`stock-limit-${i}`}>
            <WarehousePicker
              name={`limits.${i}.warehouse_id`}
              label={t('stockLimits.warehouseOf', { n: i + 1 })}
              warehouses={warehouses}
              loadFailed={failed}
              value={r.warehouse_id as number | string | null}
              exclude={taken.filter((id) => id !== r.warehouse_id) as number[]}
              onChange={(id) => list.patch(i, { warehouse_id: id ?? '' })}
              error={form.error(`limits.${i}.warehouse_id`)}
            />
            {(['min', 'max'] as const).map((bound) => (
              <NumberField
                key={bound}
                {...lineField(form, `limits.${i}.${bound}`)}
                label={named(bound, r.warehouse_id, i)}
                decimals={QUANTITY_DECIMALS}
                value={r[bound] as string}
                onChange={(v) => list.patch(i, { [bound]: v })}
              />
            ))}
            <button type="button" className="btn btn-small" onClick={() => remove(i)} aria-label={named('remove', r.warehouse_id, i)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      {form.failure ? (
        <div className="alert alert-error" role="alert">
          {form.failure}
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={form.saving} data-testid="stock-limits-save">
          {t('stockLimits.save')}
        </button>
        <button type="button" className="btn" onClick={add} data-testid="stock-limits-add">
          {t('stockLimits.add')}
        </button>
      </div>
    </form>
  );
}
