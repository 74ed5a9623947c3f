import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '@wms/shared-ui/router';
import { PRODUCT_SORTS, type Product } from '@wms/shared-api';
import { failureText, formatCount, PageHeader, PagedTable, ScanInput, usePagedList, useRowActions, useSession } from '@wms/shared-ui';
import { NS } from '../paths';
import { products, PRODUCTS_PATH, setProductStatus } from './api';
import { productColumns } from './productColumns';
import { NEW_PRODUCT_URL, type DuplicateState } from './paths';

export const SEARCH_STORAGE_KEY = 'registry.products.search';
export const PAGE_SIZE = 50;
const TRUNCATE = 20;

/**
 * /anagrafica/prodotti (SPEC §2 Products): search, sort and pages come from the server, so 100 000 products cost one page;
 * the count is every match. All of it lives in the URL; the search term is also kept in browser storage and restored on
 * return.
 */
export function ProductListPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { user } = useSession();
  const list = usePagedList<Product>(PRODUCTS_PATH, { sorts: PRODUCT_SORTS, pageSize: PAGE_SIZE, searchStorageKey: SEARCH_STORAGE_KEY });
  const { act, busyId, dialog } = useRowActions(list.reload);

  const toggleStatus = useCallback(
    (p: Product) =>
      act(p.id, {
        // SPEC §8's question, under the product's code, answered by the action itself (Archivia / Attiva), not "Conferma".
        ask: {
          title: t('products.confirm.statusTitle', { code: p.code }),
          message: t('products.confirm.statusMessage'),
          confirmLabel: t(`products.rowActions.${p.status === 'active' ? 'archive' : 'activate'}`),
          tone: 'primary',
        },
        run: async () => {
          await setProductStatus(p.id, p.status === 'active' ? 'inactive' : 'active', user?.id);
          return t('products.feedback.statusChanged');
        },
        failure: () => t('products.feedback.archiveError'),
      }),
    [act, t, user?.id],
  );

  const remove = useCallback(
    (p: Product) =>
      act(p.id, {
        ask: {
          title: t('products.confirm.deleteTitle'),
          message: t('products.confirm.deleteMessage'),
          tone: 'danger',
          confirmLabel: t('products.rowActions.delete'),
        },
        run: async () => {
          await products.remove(p.id, user?.id);
          return t('products.feedback.deleted');
        },
        // A refusal the server explains (still in stock) says why; anything else is the §8 sentence.
        failure: (err) => failureText(err, `${NS}:products.feedback.deleteError`),
      }),
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
            <button
              type="button"
              className="btn"
              onClick={() => list.setFilters({ sort: '', order: '' })}
              disabled={!list.sort}
              data-testid="reset-ordering"
            >
              {t('products.resetOrdering')}
            </button>
          </>
        }
      />
      {/* A scanned GTIN, extra barcode or label finds its product: the list is searched by its code (issue 27). */}
      <ScanInput onScan={(found) => list.setSearch(found.product.code)} data-testid="products-scan" />
      <PagedTable
        list={list}
        failedText={t('products.feedback.listError')}
        count={t('products.count', { total: formatCount(list.total) })}
        countTestId="products-count"
        columns={columns}
        rowKey={(p) => p.id}
        caption={t('products.caption')}
        truncate={TRUNCATE}
        emptyText={t('products.empty')}
        searchable
        rowClassName={(p) => (p.status === 'inactive' ? 'row-inactive' : undefined)}
        testId="products-table"
      />
      {dialog}
    </section>
  );
}
