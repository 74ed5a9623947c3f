import type { TFunction } from 'i18next';
import type { Product } from '@wms/shared-api';
import { Badge, RowActions, formatUnit, type Column } from '@wms/shared-ui';
import { productUrl } from './paths';

export interface ProductRowActions {
  /** The product whose archive or delete is running: its buttons wait. */
  busyId: string | number | null;
  duplicate: (p: Product) => void;
  toggleStatus: (p: Product) => void;
  remove: (p: Product) => void;
}

/**
 * Columns of the products table (SPEC §2): code, description, family, supplier, unit, status badge, actions. Their ids are
 * the server's sort names. Buttons are named with the product code for assistive technology ("Modifica VT-M8").
 */
export function productColumns(t: TFunction, a: ProductRowActions): Column<Product>[] {
  const named = (action: string, p: Product) => `${t(`products.rowActions.${action}`)} ${p.code}`;
  return [
    { id: 'code', header: t('products.columns.code'), value: (p) => p.code },
    { id: 'description', header: t('products.columns.description'), value: (p) => p.description },
    { id: 'category', header: t('products.columns.family'), value: (p) => p.category },
    { id: 'supplier_name', header: t('products.columns.supplier'), value: (p) => p.supplier_name, priority: 'medium' },
    {
      id: 'unit_of_measure',
      header: t('products.columns.unit'),
      value: (p) => formatUnit(p.unit_of_measure),
    },
    {
      id: 'status',
      header: t('shared.status.label'),
      value: (p) => p.status,
      render: (p) => <Badge tone={p.status === 'active' ? 'success' : 'danger'}>{t(`shared.status.${p.status}`)}</Badge>,
    },
    {
      id: 'actions',
      header: t('shared.actions.actions'),
      render: (p) => {
        const busy = a.busyId === p.id;
        return (
          <RowActions
            edit={{ to: productUrl(p.id), label: named('edit', p), text: t('products.rowActions.edit') }}
            remove={{ onClick: () => a.remove(p), disabled: busy, label: named('delete', p), text: t('products.rowActions.delete') }}
          >
            <button type="button" className="btn btn-ghost" onClick={() => a.duplicate(p)} aria-label={named('duplicate', p)}>
              {t('products.rowActions.duplicate')}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => a.toggleStatus(p)}
              disabled={busy}
              aria-label={named(p.status === 'active' ? 'archive' : 'activate', p)}
            >
              {t(`products.rowActions.${p.status === 'active' ? 'archive' : 'activate'}`)}
            </button>
          </RowActions>
        );
      },
    },
  ];
}
