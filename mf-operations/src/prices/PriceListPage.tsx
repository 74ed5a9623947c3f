import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { PRICE_SORTS, type Price, type PriceStatus } from '@wms/shared-api';
import {
  Badge,
  codeColumn,
  dayColumn,
  displayDay,
  failureText,
  formatCount,
  formatPrice,
  PageHeader,
  PagedTable,
  RowActions,
  useLoad,
  usePagedList,
  useRowActions,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { deletePrice, fetchPriceCounts, PRICES_PATH } from './api';
import { PRICES_LIST } from './paths';

export const PRICE_SEARCH_STORAGE_KEY = 'operations.prices.search';
const PAGE_SIZE = 50;
const TONE: Record<PriceStatus, 'success' | 'danger' | 'warning'> = { active: 'success', inactive: 'danger', upcoming: 'warning' };
const COUNTERS = ['total', 'active', 'inactive', 'upcoming'] as const;

/** What names a price in its row's actions: product, supplier and first day (one price per pair and day). */
const namesOf = (p: Price) => ({ code: p.product_code, supplier: p.supplier_name, from: displayDay(p.start_date) });

/**
 * /operazioni/prezzi (SPEC §2 Prices): server-paged, searched and sorted list; counters over the whole filtered list;
 * status badge from the one priceStatus rule (computed by the server on the company day); the search is kept in the
 * browser and restored on return (usePagedList's searchStorageKey); the price just saved is highlighted. Delete asks,
 * calls, toasts and reloads through the kit's useRowActions.
 */
export function PriceListPage() {
  const { t } = useTranslation(NS);
  const list = usePagedList<Price>(PRICES_PATH, {
    sorts: PRICE_SORTS,
    pageSize: PAGE_SIZE,
    filters: ['status'],
    searchStorageKey: PRICE_SEARCH_STORAGE_KEY,
  });
  const { act, busyId, dialog } = useRowActions(list.reload);
  // The counters follow the searched term (the URL's) and every reload of the rows (a delete changes them).
  const q = list.filter('q');
  const counts = useLoad((signal) => fetchPriceCounts(q, signal), [q, list.rows]);

  const remove = useCallback(
    (p: Price) =>
      act(p.id, {
        ask: {
          title: t('prices.confirm.deleteTitle'),
          message: t('prices.confirm.deleteMessage', namesOf(p)),
          tone: 'danger',
          confirmLabel: t('prices.delete'),
        },
        run: async () => {
          await deletePrice(p.id);
          return t('prices.feedback.deleted');
        },
        failure: (err) => failureText(err, `${NS}:prices.feedback.deleteFailed`),
      }),
    [act, t],
  );

  const columns = useMemo<Column<Price>[]>(
    () => [
      codeColumn('product_code', t('prices.columns.product_code'), (p) => p.product_code),
      {
        id: 'product_name',
        header: t('prices.columns.product_name'),
        value: (p) => p.product_name ?? p.product_description,
        priority: 'medium',
      },
      { id: 'supplier_name', header: t('prices.columns.supplier_name'), value: (p) => p.supplier_name },
      {
        id: 'price',
        header: t('prices.columns.price'),
        value: (p) => p.price,
        // The currency beside the amount ("2,50 €", "1,25 USD"): one column less, so the table fits a 1366 px screen.
        render: (p) => <span className="nowrap">{formatPrice(p.price, p.currency)}</span>,
        align: 'end',
      },
      dayColumn('start_date', t('prices.columns.start_date'), (p) => p.start_date),
      // No end: the price holds until a newer one starts.
      dayColumn('end_date', t('prices.columns.end_date'), (p) => p.end_date, {
        render: (p) => (p.end_date ? displayDay(p.end_date) : '—'),
        priority: 'medium',
      }),
      {
        id: 'status',
        header: t('prices.columns.status'),
        value: (p) => p.status,
        render: (p) => <Badge tone={TONE[p.status]}>{t(`prices.status.${p.status}`)}</Badge>,
      },
      {
        id: 'actions',
        header: t('prices.columns.actions'),
        render: (p) => {
          const names = namesOf(p);
          return (
            <RowActions
              edit={{ to: `${PRICES_LIST}/${p.id}`, label: t('prices.editPrice', names), testId: `edit-price-${p.id}` }}
              remove={{
                onClick: () => void remove(p),
                label: t('prices.deletePrice', names),
                disabled: busyId !== null,
                testId: `delete-price-${p.id}`,
              }}
            />
          );
        },
      },
    ],
    [t, busyId, remove],
  );

  return (
    <section className="screen" data-testid="prices-page">
      <PageHeader
        title={t('prices.title')}
        subtitle={t('prices.subtitle')}
        actions={
          <>
            <Link className="btn btn-primary" to={`${PRICES_LIST}/nuovo`} data-testid="add-price">
              {t('prices.add')}
            </Link>
            <button
              type="button"
              className="btn"
              onClick={() => list.setFilters({ sort: '', order: '' })}
              disabled={!list.sort}
              data-testid="reset-ordering"
            >
              {t('prices.resetOrdering')}
            </button>
          </>
        }
      />
      <p className="counters" data-testid="price-counters" aria-live="polite">
        {COUNTERS.map((k) => (
          <span key={k} className="counter" data-testid={`count-${k}`}>
            {t('labelled', { label: t(`prices.counters.${k}`) })}{' '}
            <strong>{counts.status === 'ready' ? formatCount(counts.value[k]) : '…'}</strong>{' '}
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
        rowClassName={(p) => (p.status === 'inactive' ? 'row-inactive' : undefined)}
        rowTestId={(p) => `price-row-${p.id}`}
        testId="prices-table"
      />
      {dialog}
    </section>
  );
}
