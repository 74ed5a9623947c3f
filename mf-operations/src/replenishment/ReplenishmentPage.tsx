import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareDecimals, QUANTITY_DECIMALS, type ReplenishmentLine } from '@wms/shared-api';
import {
  Badge,
  CheckboxField,
  DataTable,
  failureText,
  formatQuantity,
  formatUnitPrice,
  Loaded,
  NumberField,
  PageHeader,
  toastError,
  toastSuccess,
  useIdempotencyKey,
  useLoad,
  WarehousePicker,
  type Column,
} from '@wms/shared-ui';
import { Link } from '@wms/shared-ui/router';
import { BASE_PATH, NS } from '../paths';
import { createDraftOrders, fetchProposal } from './api';
import { LimitsImport } from './LimitsImport';
import './replenishment.css';

const keyOf = (l: Pick<ReplenishmentLine, 'product_id' | 'warehouse_id'>) => `${l.product_id}:${l.warehouse_id}`;

interface Created {
  id: number;
  order_number: string;
}

interface Choice {
  picked: boolean;
  quantity: string;
}

/** A line can be ordered when its product has a supplier and a price in force (the server refuses the others). */
const orderable = (l: ReplenishmentLine) => l.supplier_id !== null && l.unit_price !== null;

/**
 * /operazioni/riordino (issue 28): the lines whose available + on-order quantity is below the minimum, grouped by
 * supplier, with the suggested quantity (max − available − on order) editable. The buyer ticks lines and creates one draft
 * order per supplier in one action, exactly once (one Idempotency-Key per action); the server recomputes the proposal
 * under lock, so a line another buyer has just ordered is not ordered twice.
 */
export function ReplenishmentPage() {
  const { t } = useTranslation(NS);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<Created[]>([]);
  const load = useLoad((signal) => fetchProposal(warehouseId, signal), [warehouseId, attempt]);
  return (
    <section className="replenishment">
      <PageHeader title={t('replenishment.title')} subtitle={t('replenishment.subtitle')} />
      <div className="replenishment-filters" role="search">
        <WarehousePicker
          name="warehouse_id"
          label={t('replenishment.warehouse')}
          hint={t('replenishment.allWarehouses')}
          value={warehouseId}
          onChange={(id) => setWarehouseId(id)}
          data-testid="replenishment-warehouse"
        />
      </div>
      <LimitsImport onImported={() => setAttempt((n) => n + 1)} />
      <CreatedOrders orders={created} />
      <Loaded load={load} failedText={(err) => failureText(err, `${NS}:replenishment.loadFailed`)} errorTestId="replenishment-error">
        {(lines) => (
          <Proposal
            key={`${warehouseId}-${attempt}`}
            lines={lines}
            onCreated={(orders) => {
              setCreated(orders);
              setAttempt((n) => n + 1);
            }}
          />
        )}
      </Loaded>
    </section>
  );
}

function Proposal({ lines, onCreated }: { lines: ReplenishmentLine[]; onCreated: (orders: Created[]) => void }) {
  const { t } = useTranslation(NS);
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(lines.map((l) => [keyOf(l), { picked: orderable(l), quantity: l.suggested_quantity }])),
  );
  const [saving, setSaving] = useState(false);
  const actionKey = useIdempotencyKey();

  const groups = useMemo(() => {
    const by = new Map<string, { name: string | null; lines: ReplenishmentLine[] }>();
    for (const l of lines) {
      const k = String(l.supplier_id ?? 'none');
      if (!by.has(k)) by.set(k, { name: l.supplier_name, lines: [] });
      by.get(k)?.lines.push(l);
    }
    return [...by.entries()];
  }, [lines]);

  const set = (l: ReplenishmentLine, patch: Partial<Choice>) => setChoices((c) => ({ ...c, [keyOf(l)]: { ...c[keyOf(l)], ...patch } }));
  const picked = lines.filter((l) => orderable(l) && choices[keyOf(l)]?.picked);
  const valid = picked.every((l) => {
    const q = choices[keyOf(l)].quantity;
    return q !== '' && compareDecimals(q, 0) > 0;
  });

  const columns: Column<ReplenishmentLine>[] = [
    {
      id: 'pick',
      header: t('replenishment.col.pick'),
      render: (l) => (
        <CheckboxField
          name={`pick-${keyOf(l)}`}
          label={<span className="sr-only">{t('replenishment.pickLine', { code: l.product_code, warehouse: l.warehouse_name })}</span>}
          value={orderable(l) && (choices[keyOf(l)]?.picked ?? false)}
          disabled={!orderable(l) || saving}
          data-testid={`pick-${keyOf(l)}`}
          onChange={(picked) => set(l, { picked: picked === true })}
        />
      ),
    },
    {
      id: 'product_code',
      header: t('replenishment.col.code'),
      value: (l) => l.product_code,
      // Where the warehouse column gives way (a portrait tablet), the line's warehouse is read under its code.
      render: (l) => (
        <>
          {l.product_code}
          <span className="replenishment-where">{l.warehouse_name}</span>
        </>
      ),
    },
    { id: 'description', header: t('replenishment.col.description'), value: (l) => l.product_description, priority: 'low' },
    { id: 'warehouse', header: t('replenishment.col.warehouse'), value: (l) => l.warehouse_name, priority: 'medium' },
    {
      id: 'available',
      header: t('replenishment.col.available'),
      align: 'end',
      render: (l) => formatQuantity(l.available, l.unit_of_measure),
    },
    { id: 'on_order', header: t('replenishment.col.onOrder'), align: 'end', render: (l) => formatQuantity(l.on_order, l.unit_of_measure) },
    {
      id: 'min_max',
      header: t('replenishment.col.minMax'),
      align: 'end',
      priority: 'medium',
      render: (l) => `${formatQuantity(l.min, l.unit_of_measure)} / ${formatQuantity(l.max, l.unit_of_measure)}`,
    },
    {
      id: 'quantity',
      header: t('replenishment.col.quantity'),
      render: (l) => (
        <NumberField
          name={`quantity-${keyOf(l)}`}
          label={<span className="sr-only">{t('replenishment.quantityOf', { code: l.product_code, warehouse: l.warehouse_name })}</span>}
          decimals={QUANTITY_DECIMALS}
          value={choices[keyOf(l)]?.quantity ?? ''}
          onChange={(quantity) => set(l, { quantity })}
          disabled={!orderable(l) || saving}
          data-testid={`quantity-${keyOf(l)}`}
        />
      ),
    },
    {
      id: 'price',
      header: t('replenishment.col.price'),
      align: 'end',
      render: (l) =>
        l.unit_price === null ? (
          <span title={t('replenishment.noPriceHint')}>
            <Badge tone="danger">{t('replenishment.noPrice')}</Badge>
          </span>
        ) : (
          formatUnitPrice(l.unit_price, l.currency)
        ),
    },
  ];

  const submit = async () => {
    setSaving(true);
    try {
      const { orders } = await createDraftOrders(
        { lines: picked.map((l) => ({ product_id: l.product_id, warehouse_id: l.warehouse_id, quantity: choices[keyOf(l)].quantity })) },
        actionKey.key(),
      );
      actionKey.done();
      toastSuccess(t('replenishment.created', { count: orders.length, numbers: orders.map((o) => o.order_number).join(', ') }));
      onCreated(orders);
    } catch (err) {
      toastError(failureText(err, `${NS}:replenishment.createFailed`));
    } finally {
      setSaving(false);
    }
  };

  if (!lines.length) {
    return (
      <p className="table-empty" data-testid="replenishment-empty">
        {t('replenishment.empty')}
      </p>
    );
  }
  return (
    <>
      {groups.map(([k, g]) => {
        const name = g.name ?? t('replenishment.noSupplier');
        return (
          <section key={k} aria-labelledby={`supplier-${k}`} className="replenishment-group" data-testid={`supplier-${k}`}>
            <h2 id={`supplier-${k}`}>{g.name ? t('replenishment.supplier', { name }) : name}</h2>
            <DataTable columns={columns} rows={g.lines} rowKey={keyOf} caption={t('replenishment.caption', { name })} truncate={20} />
          </section>
        );
      })}
      <div className="form-actions replenishment-actions">
        <span aria-live="polite">{t('replenishment.picked', { count: picked.length })}</span>
        <button
          type="button"
          className="btn btn-primary"
          disabled={saving || !picked.length || !valid}
          onClick={submit}
          data-testid="replenishment-create"
        >
          {saving ? t('replenishment.creating') : t('replenishment.create')}
        </button>
      </div>
    </>
  );
}

/** The orders just created, each a link; the first takes the focus (the button that made them is gone with the proposal). */
function CreatedOrders({ orders }: { orders: Created[] }) {
  const { t } = useTranslation(NS);
  const first = useRef<HTMLAnchorElement>(null);
  useEffect(() => first.current?.focus(), [orders]);
  if (!orders.length) return null;
  return (
    <ul className="replenishment-created" data-testid="replenishment-created">
      {orders.map((o, i) => (
        <li key={o.id}>
          <Link ref={i === 0 ? first : undefined} to={`${BASE_PATH}/ordini-fornitori/${o.id}`}>
            {t('replenishment.openOrder', { number: o.order_number })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
