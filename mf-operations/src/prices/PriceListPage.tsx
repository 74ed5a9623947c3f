import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '@wms/shared-ui/router';
import { PRICE_SORTS, type Price, type PriceCounts, type PriceStatus } from '@wms/shared-api';
import {
  Badge,
  displayDay,
  failureText,
  formatCount,
  formatKind,
  PageHeader,
  toastError,
  toastSuccess,
  useConfirm,
  useDocumentTitle,
  usePagedList,
  PagedTable,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { deletePrice, fetchPriceCounts, PRICES_PATH } from './api';

export const PRICE_SEARCH_STORAGE_KEY = 'operations.prices.search';
const PAGE_SIZE = 50;
const TONE: Record<PriceStatus, 'success' | 'danger' | 'warning'> = { active: 'success', inactive: 'danger', upcoming: 'warning' };

/**
 * /operazioni/prezzi (SPEC §2 Prices): server-paged, searched and sorted list; counters over the whole filtered list;
 * status badge from the one priceStatus rule (computed by the server on the company day); the search is kept in the
 * browser and restored on return, like the products search.
 */
export function PriceListPage() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('prices.title'));
  const { confirm, dialog } = useConfirm();
  const list = usePagedList<Price>(PRICES_PATH, { sorts: PRICE_SORTS, pageSize: PAGE_SIZE, filters: ['status'] });
  const [counts, setCounts] = useState<PriceCounts | null>(null);
  const { search, setSearch, reload } = list;

  useEffect(() => {
    const stored = localStorage.getItem(PRICE_SEARCH_STORAGE_KEY);
    if (stored && !search) setSearch(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onSearch = (q: string) => {
    localStorage.setItem(PRICE_SEARCH_STORAGE_KEY, q);
    setSearch(q);
  };

  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  useEffect(() => {
    let live = true;
    fetchPriceCounts(q).then(
      (c) => live && setCounts(c),
      () => live && setCounts(null),
    );
    return () => {
      live = false;
    };
  }, [q, list.rows]);

  const columns = useMemo<Column<Price>[]>(() => {
    const remove = async (p: Price) => {
      if (
        !(await confirm({
          title: t('prices.confirm.deleteTitle'),
          message: t('prices.confirm.deleteMessage'),
          tone: 'danger',
          confirmLabel: t('prices.delete'),
        }))
      )
        return;
      try {
        await deletePrice(p.id);
        toastSuccess(t('prices.feedback.deleted'));
        reload();
      } catch (err) {
        toastError(failureText(err, `${NS}:prices.feedback.deleteFailed`));
      }
    };
    return [
      { id: 'product_code', header: t('prices.columns.product_code'), value: (p) => p.product_code },
      {
        id: 'product_name',
        header: t('prices.columns.product_name'),
        value: (p) => p.product_name ?? p.product_description,
        priority: 'medium',
      },
      { id: 'supplier_name', header: t('prices.columns.supplier_name'), value: (p) => p.supplier_name },
      { id: 'price', header: t('prices.columns.price'), value: (p) => p.price, render: (p) => formatKind(p.price, 'price'), align: 'end' },
      { id: 'currency', header: t('prices.columns.currency'), value: (p) => p.currency, priority: 'medium' },
      { id: 'start_date', header: t('prices.columns.start_date'), value: (p) => p.start_date, render: (p) => displayDay(p.start_date) },
      {
        id: 'end_date',
        header: t('prices.columns.end_date'),
        value: (p) => p.end_date,
        render: (p) => (p.end_date ? displayDay(p.end_date) : '—'),
      },
      {
        id: 'status',
        header: t('prices.columns.status'),
        value: (p) => p.status,
        render: (p) => <Badge tone={TONE[p.status]}>{t(`prices.status.${p.status}`)}</Badge>,
      },
      {
        id: 'actions',
        header: t('prices.columns.actions'),
        render: (p) => (
          <span className="row-actions">
            <Link className="btn btn-small" to={String(p.id)} data-testid={`edit-price-${p.id}`}>
              {t('prices.edit')}
            </Link>
            <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(p)} data-testid={`delete-price-${p.id}`}>
              {t('prices.delete')}
            </button>
          </span>
        ),
      },
    ];
  }, [t, confirm, reload]);

  return (
    <section className="screen" data-testid="prices-page">
      <PageHeader
        title={t('prices.title')}
        subtitle={t('prices.subtitle')}
        actions={
          <>
            <Link className="btn btn-primary" to="nuovo" data-testid="add-price">
              {t('prices.add')}
            </Link>
            <button
              type="button"
              className="btn"
              onClick={() => list.setSort('', 'asc')}
              disabled={!list.sort}
              data-testid="reset-ordering"
            >
              {t('prices.resetOrdering')}
            </button>
          </>
        }
      />
      <p className="counters" data-testid="price-counters" aria-live="polite">
        {(['total', 'active', 'inactive', 'upcoming'] as const).map((k) => (
          <span key={k} className="counter" data-testid={`count-${k}`}>
            {t(`prices.counters.${k}`)}: <strong>{counts ? formatCount(counts[k]) : '…'}</strong>{' '}
          </span>
        ))}
      </p>
      <PagedTable
        list={list}
        failedText={t('prices.feedback.fetchFailed')}
        columns={columns}
        rowKey={(p) => p.id}
        caption={t('prices.caption')}
        truncate={20}
        emptyText={t('prices.empty')}
        searchable
        onSearchChange={onSearch}
        rowClassName={(p) => (p.status === 'inactive' ? 'row-inactive' : undefined)}
        testId="prices-table"
      />
      {dialog}
    </section>
  );
}
