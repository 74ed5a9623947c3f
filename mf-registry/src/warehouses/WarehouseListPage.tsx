import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { apiError, WAREHOUSE_SORTS, type Warehouse } from '@wms/shared-api';
import {
  Badge,
  formatCount,
  PageHeader,
  PagedTable,
  RowActions,
  usePagedList,
  useRowActions,
  useSession,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { warehouses, WAREHOUSES_PATH } from './api';
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
  const list = usePagedList<Warehouse>(WAREHOUSES_PATH, { sorts: WAREHOUSE_SORTS, pageSize: PAGE_SIZE });
  const { act, busyId, dialog } = useRowActions(list.reload);

  const remove = useCallback(
    (w: Warehouse) =>
      act(w.id, {
        ask: {
          title: t('warehouses.confirm.deleteTitle'),
          message: t('warehouses.confirm.deleteMessage'),
          confirmLabel: t('shared.actions.delete'),
          tone: 'danger',
        },
        run: async () => {
          await warehouses.remove(w.id, user?.id);
          return t('warehouses.feedback.deleted');
        },
        failure: (err) => warehouseDeleteFailure(err, t),
      }),
    [act, t, user?.id],
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
          <RowActions
            edit={{ to: warehouseUrl(w.id), label: `${t('shared.actions.edit')} ${w.name}` }}
            remove={{ onClick: () => void remove(w), disabled: busyId === w.id, label: `${t('shared.actions.delete')} ${w.name}` }}
          />
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
        count={t('warehouses.count', { total: formatCount(list.total) })}
        countTestId="warehouses-count"
        columns={columns}
        rowKey={(w) => w.id}
        caption={t('warehouses.caption')}
        emptyText={t('warehouses.empty')}
        testId="warehouses-table"
      />
      {dialog}
    </section>
  );
}
