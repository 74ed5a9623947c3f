import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Product } from '@wms/shared-api';
import {
  failureText,
  useDebounced,
  useServerList,
  formatNumber,
  PageHeader,
  PagedTable,
  toastError,
  toastSuccess,
  useConfirm,
  useSession,
  type ConfirmOptions,
  type SortState,
} from '@wms/shared-ui';
import { useStoredText } from '../common/stored';
import { NS } from '../paths';
import { deleteProduct, PRODUCTS_PATH, setProductStatus } from './api';
import { productColumns } from './productColumns';
import { NEW_PRODUCT_URL, type DuplicateState } from './paths';

export const SEARCH_STORAGE_KEY = 'registry.products.search';
export const PAGE_SIZE = 50;
const SEARCH_PAUSE_MS = 300;
const TRUNCATE = 20;

/**
 * /anagrafica/prodotti (SPEC §2 Products): search, sort and pages come from the server, so 100 000 products cost one page;
 * the count is every match. The search term is kept in browser storage and restored on return.
 */
export function ProductListPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { user } = useSession();
  const { confirm, dialog } = useConfirm();
  const [search, setSearch] = useStoredText(SEARCH_STORAGE_KEY);
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<number | null>(null);
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const list = useServerList<Product>(PRODUCTS_PATH, {
    q,
    sort: sort?.column,
    order: sort?.direction,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const { reload } = list;

  const act = useCallback(
    async (p: Product, ask: ConfirmOptions, run: () => Promise<string>, failure: (err: unknown) => string) => {
      if (!(await confirm(ask))) return;
      setBusyId(p.id);
      try {
        toastSuccess(await run());
        reload();
      } catch (err) {
        toastError(failure(err));
      } finally {
        setBusyId(null);
      }
    },
    [confirm, reload],
  );

  const toggleStatus = useCallback(
    (p: Product) =>
      act(
        p,
        { title: t('products.confirm.statusTitle'), message: t('products.confirm.statusMessage'), tone: 'primary' },
        async () => {
          await setProductStatus(p.id, p.status === 'active' ? 'inactive' : 'active', user?.id);
          return t('products.feedback.statusChanged');
        },
        () => t('products.feedback.archiveError'),
      ),
    [act, t, user?.id],
  );

  const remove = useCallback(
    (p: Product) =>
      act(
        p,
        {
          title: t('products.confirm.deleteTitle'),
          message: t('products.confirm.deleteMessage'),
          tone: 'danger',
          confirmLabel: t('products.rowActions.delete'),
        },
        async () => {
          await deleteProduct(p.id, user?.id);
          return t('products.feedback.deleted');
        },
        // A refusal the server explains (still in stock) says why; anything else is the §8 sentence.
        (err) => failureText(err, `${NS}:products.feedback.deleteError`),
      ),
    [act, t, user?.id],
  );

  const duplicate = useCallback(
    (p: Product) => navigate(NEW_PRODUCT_URL, { state: { duplicate: p } satisfies DuplicateState }),
    [navigate],
  );

  const columns = useMemo(
    () => productColumns(t, { busyId, duplicate, toggleStatus, remove }),
    [t, busyId, duplicate, toggleStatus, remove],
  );

  const onSearch = (term: string) => {
    setSearch(term);
    setPage(1);
  };
  const onSort = (next: SortState) => {
    setSort(next);
    setPage(1);
  };
  const resetOrdering = () => {
    setSort(null);
    setPage(1);
  };

  return (
    <section className="screen registry-screen" data-testid="products-page">
      <PageHeader
        title={t('products.title')}
        subtitle={t('products.subtitle')}
        actions={
          <>
            <Link className="btn btn-primary" to={NEW_PRODUCT_URL} data-testid="add-product">
              {t('products.add')}
            </Link>
            <button type="button" className="btn" onClick={resetOrdering} disabled={!sort} data-testid="reset-ordering">
              {t('products.resetOrdering')}
            </button>
          </>
        }
      />
      <PagedTable
        list={list}
        failedText={t('products.feedback.listError')}
        count={t('products.count', { total: formatNumber(list.total, { minDecimals: 0, maxDecimals: 0 }) })}
        countTestId="products-count"
        columns={columns}
        rowKey={(p) => p.id}
        caption={t('products.caption')}
        truncate={TRUNCATE}
        emptyText={t('products.empty')}
        searchable
        search={search}
        onSearchChange={onSearch}
        sort={sort}
        onSortChange={onSort}
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        rowClassName={(p) => (p.status === 'inactive' ? 'row-inactive' : undefined)}
        testId="products-table"
      />
      {dialog}
    </section>
  );
}
