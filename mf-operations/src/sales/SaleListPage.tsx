import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import type { SaleView } from '@wms/shared-api';
import {
  Badge,
  codeColumn,
  failureText,
  formatCount,
  PageHeader,
  PagedTable,
  quantityColumn,
  RowActions,
  usePagedList,
  useRowActions,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { cancelSale, SALES_PATH } from './api';
import { SALES_LIST } from './paths';
import './sales.css';

export const PAGE_SIZE = 25;
const TRUNCATE = 20;

/**
 * /operazioni/vendite (SPEC §2 Sales): server-paged, newest first, searchable (code, description, customer, batch).
 * Revoked (cancelled) rows are greyed, without actions; the sale just saved is highlighted. Edit opens the form in place of
 * the table; Revoke asks, calls, toasts and reloads through the kit's useRowActions.
 */
export function SaleListPage() {
  const { t } = useTranslation(NS);
  const list = usePagedList<SaleView>(SALES_PATH, { pageSize: PAGE_SIZE });
  const { act, busyId, dialog } = useRowActions(list.reload);

  const revoke = useCallback(
    (s: SaleView) =>
      act(s.id, {
        ask: {
          title: t('sales.confirmTitle'),
          message: t('sales.cancelConfirm'),
          tone: 'danger',
          confirmLabel: t('sales.cancel'),
        },
        run: async () => {
          await cancelSale(s.id);
          return t('sales.cancelSuccess');
        },
        failure: (err) => failureText(err, `${NS}:sales.genericError`),
      }),
    [act, t],
  );

  const columns = useMemo<Column<SaleView>[]>(
    () => [
      codeColumn('code', t('sales.columns.code'), (s) => s.product_code, { sortable: false }),
      {
        id: 'description',
        header: t('sales.columns.description'),
        value: (s) => s.product_description,
        sortable: false,
        priority: 'medium',
      },
      quantityColumn(
        'quantity',
        t('sales.columns.quantity'),
        (s) => s.quantity,
        (s) => s.unit_of_measure,
        { sortable: false },
      ),
      {
        id: 'batch',
        header: t('sales.columns.batch'),
        value: (s) => s.batch_number ?? '',
        sortable: false,
        // On a tablet the sale's date stays in view and the batch gives way (the sale's page shows it).
        priority: 'low',
        render: (s) => <span className="code">{s.batch_number ?? '—'}</span>,
      },
      { id: 'customer', header: t('sales.columns.customer'), value: (s) => s.customer_name, sortable: false },
      {
        id: 'date',
        header: t('sales.columns.date'),
        value: (s) => s.created_at,
        sortable: false,
        render: (s) => <span className="nowrap">{s.created_at}</span>,
      },
      {
        id: 'actions',
        header: t('sales.columns.actions'),
        render: (s) => {
          if (s.status === 'cancelled') return <Badge tone="neutral">{t('sales.cancelled')}</Badge>;
          const names = { code: s.product_code, customer: s.customer_name };
          return (
            <RowActions
              edit={{
                to: `${SALES_LIST}/${s.id}`,
                label: t('sales.editSale', names),
                testId: `sale-edit-${s.id}`,
              }}
              remove={{
                onClick: () => void revoke(s),
                text: t('sales.cancel'),
                label: t('sales.cancelSale', names),
                disabled: busyId !== null,
                testId: `sale-cancel-${s.id}`,
              }}
            />
          );
        },
      },
    ],
    [t, busyId, revoke],
  );

  return (
    <section className="screen sales-screen" data-testid="sales-page">
      <PageHeader
        title={t('sales.title')}
        subtitle={t('sales.subtitle')}
        actions={
          <Link className="btn btn-primary" to={`${SALES_LIST}/nuova`} data-testid="add-sale">
            {t('sales.add')}
          </Link>
        }
      />
      <PagedTable
        list={list}
        failedText={t('sales.fetchFailed')}
        count={t('sales.total', { count: list.total, total: formatCount(list.total) })}
        columns={columns}
        rowKey={(s) => s.id}
        caption={t('sales.caption')}
        truncate={TRUNCATE}
        emptyText={t('sales.empty')}
        searchable
        rowClassName={(s) => (s.status === 'cancelled' ? 'row-inactive' : undefined)}
        rowTestId={(s) => `sale-row-${s.id}`}
        testId="sales-table"
      />
      {dialog}
    </section>
  );
}
