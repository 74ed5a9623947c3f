import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@wms/shared-api/core';
import type { BarcodeLookup, Party, Product, Warehouse } from '@wms/shared-api';
import { SelectField } from '../forms/Field';
import { fetchPage } from '../lists/fetch-page';
import { useLoad } from '../lists/Loaded';
import { EntityPicker, toId, type EntityPickerProps } from './EntityPicker';
import { lookupScan } from '../scan/lookup';

type PickerProps<T extends { id: number }> = Omit<EntityPickerProps<T>, 'search' | 'load' | 'text' | 'label'> & { label?: ReactNode };

/** "CODE — description" (or the code alone). */
export function productLabel(p: Pick<Product, 'code' | 'description'>): string {
  return p.description ? `${p.code} — ${p.description}` : p.code;
}

async function loadOne<T>(path: string, id: number): Promise<T> {
  const { data } = await api.get<T>(`${path}/${encodeURIComponent(String(id))}`);
  return data;
}

/**
 * Choose a product by code or description: active products only unless `includeInactive`, and only one supplier's when
 * `supplierId` is given (an order's lines).
 */
export function ProductPicker({
  supplierId,
  includeInactive,
  onScanned,
  ...props
}: PickerProps<Product> & {
  supplierId?: number | null;
  includeInactive?: boolean;
  /** A scan typed into the picker (issue 27): the whole lookup, for a screen that also takes its batch and dates. */
  onScanned?: (found: BarcodeLookup) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <EntityPicker<Product>
      label={t('picker.product')}
      {...props}
      scan={async (text) => {
        const found = await lookupScan(text);
        const p = found.product;
        if ((!includeInactive && p.status !== 'active') || (supplierId && p.supplier_id !== supplierId)) return null;
        // After the picker has taken the product (its onChange), so the screen's fill of batch and dates comes last.
        if (onScanned) setTimeout(() => onScanned(found), 0);
        return p;
      }}
      search={(q, limit, signal) =>
        fetchPage<Product>(
          '/products',
          { q, limit, sort: 'code', order: 'asc', status: includeInactive ? undefined : 'active', supplier_id: supplierId ?? undefined },
          signal,
        )
      }
      load={(id) => loadOne<Product>('/products', id)}
      text={productLabel}
      renderOption={(p) => (
        <>
          <span className="combobox-code code">{p.code}</span>
          {p.description ? <span className="combobox-description">{p.description}</span> : null}
        </>
      )}
      optionTestId={(p) => `product-option-${p.code}`}
    />
  );
}

function partyPicker(path: '/suppliers' | '/customers', labelKey: string) {
  return function PartyPicker(props: PickerProps<Party>) {
    const { t } = useTranslation('common');
    return (
      <EntityPicker<Party>
        label={t(labelKey)}
        {...props}
        search={(q, limit, signal) => fetchPage<Party>(path, { q, limit, sort: 'business_name', order: 'asc' }, signal)}
        load={(id) => loadOne<Party>(path, id)}
        text={(p) => p.business_name}
        renderOption={(p) => (
          <>
            <span className="combobox-code">{p.business_name}</span>
            {p.city ? <span className="combobox-description">{p.city}</span> : null}
          </>
        )}
      />
    );
  };
}

/** Choose a supplier by name (or VAT number, city…). */
export const SupplierPicker = partyPicker('/suppliers', 'picker.supplier');
/** Choose a customer by name (or VAT number, city…). */
export const CustomerPicker = partyPicker('/customers', 'picker.customer');

/** Every live warehouse by name (a company has a handful; the server pages at 1000). */
export async function fetchWarehouseOptions(): Promise<Warehouse[]> {
  return (await fetchPage<Warehouse>('/warehouses', { limit: 1000, sort: 'name', order: 'asc' })).rows;
}

export interface WarehousePickerProps {
  name: string;
  label?: ReactNode;
  value: number | string | null | undefined;
  onChange: (id: number | null, row: Warehouse | null) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Ids not offered (e.g. the origin of a transfer). */
  exclude?: readonly (number | null | undefined)[];
  /** Also offer inactive warehouses (default: only the chosen one if it is inactive); either is marked inactive. */
  includeInactive?: boolean;
  /** The list when the screen loaded it already (see `useWarehouses`). */
  warehouses?: Warehouse[] | null;
  /** The screen's list could not be read (`useWarehouses().failed`): the picker says so, as when it reads its own. */
  loadFailed?: boolean;
  'data-testid'?: string;
}

/** A select of warehouses (a handful: no search needed). */
export function WarehousePicker({
  warehouses: given,
  loadFailed,
  exclude = [],
  includeInactive,
  label,
  onChange,
  ...props
}: WarehousePickerProps) {
  const { t } = useTranslation('common');
  const own = useWarehouseLoad(given !== undefined);
  const list = given !== undefined ? given : own.status === 'ready' ? own.value : null;
  // Its own read failed: said, with Retry (a screen's list is the screen's to read again).
  const failedHint =
    own.status === 'failed' ? (
      <>
        {t('picker.loadFailed')}{' '}
        <button type="button" className="btn btn-link" onClick={own.retry} data-testid="picker-retry">
          {t('actions.retry')}
        </button>
      </>
    ) : loadFailed ? (
      t('picker.loadFailed')
    ) : undefined;
  const current = toId(props.value);
  const options = (list ?? [])
    .filter((w) => (includeInactive || w.is_active !== false || w.id === current) && (w.id === current || !exclude.includes(w.id)))
    .map((w) => ({ value: String(w.id), label: w.is_active === false ? t('picker.inactiveWarehouse', { name: w.name }) : w.name }));
  return (
    <SelectField
      {...props}
      label={label ?? t('picker.warehouse')}
      value={current === null ? '' : String(current)}
      hint={props.hint ?? failedHint}
      options={options}
      placeholder={t('picker.chooseWarehouse')}
      onChange={(v) => {
        const id = toId(v);
        onChange(id, (list ?? []).find((w) => w.id === id) ?? null);
      }}
    />
  );
}

/** The warehouses once per screen: null while loading, [] when the list could not be read (`failed` then true). */
export function useWarehouses(skip = false): { warehouses: Warehouse[] | null; failed: boolean } {
  const load = useWarehouseLoad(skip);
  if (load.status === 'failed') return { warehouses: [], failed: true };
  return { warehouses: load.status === 'ready' ? load.value : null, failed: false };
}

/** The kit's loader (an answer no longer wanted is dropped; `retry` reads again); a picker given its list reads nothing. */
function useWarehouseLoad(skip: boolean) {
  return useLoad(() => (skip ? Promise.resolve(null) : fetchWarehouseOptions()), [skip]);
}
