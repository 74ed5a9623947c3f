import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiError, type Warehouse } from '@wms/shared-api';
import {
  Badge,
  useServerList,
  formatNumber,
  PageHeader,
  PagedTable,
  toastError,
  toastSuccess,
  useConfirm,
  useSession,
  type Column,
  type SortState,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { deleteWarehouse, WAREHOUSES_PATH } from './api';
import { NEW_WAREHOUSE_URL, warehouseUrl } from './paths';

const PAGE_SIZE = 50;
/** SPEC §8: the server's text contains this when the warehouse still holds stock. */
const NOT_EMPTY_TEXT = 'contiene ancora prodotti';

/** How a refused delete is worded (SPEC §8): the "still holds products" sentence, or the generic one. */
export function warehouseDeleteFailure(err: unknown, t: (key: string) => string): string {
  const notEmpty = apiError(err)?.code === 'WAREHOUSE_NOT_EMPTY' || !!apiError(err)?.error.includes(NOT_EMPTY_TEXT);
  return t(notEmpty ? 'warehouses.feedback.notEmpty' : 'warehouses.feedback.deleteError');
}

/** /anagrafica/magazzini (SPEC §2 Warehouses): count, name, description, active badge, edit, delete with confirmation. */
export function WarehouseListPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const { confirm, dialog } = useConfirm();
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = useServerList<Warehouse>(WAREHOUSES_PATH, {
    sort: sort?.column,
    order: sort?.direction,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const { reload } = list;

  const remove = useCallback(
    async (w: Warehouse) => {
      const ok = await confirm({
        title: t('warehouses.confirm.deleteTitle'),
        message: t('warehouses.confirm.deleteMessage'),
        confirmLabel: t('shared.actions.delete'),
        tone: 'danger',
      });
      if (!ok) return;
      setBusyId(w.id);
      try {
        await deleteWarehouse(w.id, user?.id);
        toastSuccess(t('warehouses.feedback.deleted'));
        reload();
      } catch (err) {
        toastError(warehouseDeleteFailure(err, t));
      } finally {
        setBusyId(null);
      }
    },
    [confirm, reload, t, user?.id],
  );

  const columns = useMemo<Column<Warehouse>[]>(
    () => [
      { id: 'name', header: t('warehouses.fields.name'), value: (w) => w.name },
      { id: 'description', header: t('warehouses.fields.description'), value: (w) => w.description, truncate: 60 },
      {
        id: 'is_active',
        header: t('shared.status.label'),
        value: (w) => w.is_active,
        render: (w) => (
          <Badge tone={w.is_active ? 'success' : 'danger'}>{t(w.is_active ? 'shared.status.active' : 'shared.status.inactive')}</Badge>
        ),
      },
      {
        id: 'actions',
        header: t('shared.actions.actions'),
        render: (w) => (
          <div className="row-actions">
            <Link className="btn btn-ghost" to={warehouseUrl(w.id)} aria-label={`${t('shared.actions.edit')} ${w.name}`}>
              {t('shared.actions.edit')}
            </Link>
            <button
              type="button"
              className="btn btn-ghost btn-ghost-danger"
              onClick={() => void remove(w)}
              disabled={busyId === w.id}
              aria-label={`${t('shared.actions.delete')} ${w.name}`}
            >
              {t('shared.actions.delete')}
            </button>
          </div>
        ),
      },
    ],
    [t, remove, busyId],
  );

  return (
    <section className="screen registry-screen" data-testid="warehouses-page">
      <PageHeader
        title={t('warehouses.title')}
        subtitle={t('warehouses.subtitle')}
        actions={
          <Link className="btn btn-primary" to={NEW_WAREHOUSE_URL} data-testid="add-warehouse">
            {t('warehouses.add')}
          </Link>
        }
      />
      <PagedTable
        list={list}
        failedText={t('warehouses.feedback.listError')}
        count={t('warehouses.count', { total: formatNumber(list.total, { minDecimals: 0, maxDecimals: 0 }) })}
        countTestId="warehouses-count"
        columns={columns}
        rowKey={(w) => w.id}
        caption={t('warehouses.caption')}
        emptyText={t('warehouses.empty')}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        testId="warehouses-table"
      />
      {dialog}
    </section>
  );
}
