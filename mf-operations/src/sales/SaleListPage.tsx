import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '@wms/shared-ui/router';
import type { SaleView } from '@wms/shared-api';
import {
  Badge,
  failureText,
  formatQuantity,
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
import { cancelSale, SALES_PATH } from './api';
import './sales.css';

export const PAGE_SIZE = 25;
const TRUNCATE = 20;

/**
 * /operazioni/vendite (SPEC §2 Sales): server-paged, newest first, searchable (code, description, customer, batch);
 * cancelled rows greyed, without actions. Cancel asks first; edit opens the form in place of the table.
 */
export function SaleListPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [busyId, setBusyId] = useState<number | null>(null);
  useDocumentTitle(t('sales.title'));
  const list = usePagedList<SaleView>(SALES_PATH, { pageSize: PAGE_SIZE });
  const { reload } = list;

  const cancel = useCallback(
    async (s: SaleView) => {
      const ok = await confirm({
        title: t('sales.confirmTitle'),
        message: t('sales.cancelConfirm'),
        tone: 'danger',
        confirmLabel: t('sales.cancel'),
        cancelLabel: t('sales.confirmKeep'),
      });
      if (!ok) return;
      setBusyId(s.id);
      try {
        await cancelSale(s.id);
        toastSuccess(t('sales.cancelSuccess'));
        reload();
      } catch (err) {
        toastError(failureText(err, `${NS}:sales.genericError`));
      } finally {
        setBusyId(null);
      }
    },
    [confirm, reload, t],
  );

  const columns = useMemo<Column<SaleView>[]>(
    () => [
      {
        id: 'code',
        header: t('sales.columns.code'),
        value: (s) => s.product_code,
        sortable: false,
        render: (s) => <span className="code">{s.product_code}</span>,
      },
      {
        id: 'description',
        header: t('sales.columns.description'),
        value: (s) => s.product_description,
        sortable: false,
        priority: 'medium',
      },
      {
        id: 'quantity',
        header: t('sales.columns.quantity'),
        value: (s) => s.quantity,
        sortable: false,
        align: 'end',
        render: (s) => formatQuantity(s.quantity, s.unit_of_measure),
      },
      {
        id: 'batch',
        header: t('sales.columns.batch'),
        value: (s) => s.batch_number ?? '',
        sortable: false,
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
        render: (s) =>
          s.status === 'cancelled' ? (
            <Badge tone="neutral">{t('sales.cancelled')}</Badge>
          ) : (
            <span className="row-actions">
              <button
                type="button"
                className="btn btn-small"
                disabled={busyId === s.id}
                onClick={() => navigate(String(s.id))}
                data-testid={`sale-edit-${s.id}`}
              >
                {t('sales.edit')}
              </button>
              <button
                type="button"
                className="btn btn-small btn-danger"
                disabled={busyId === s.id}
                onClick={() => void cancel(s)}
                data-testid={`sale-cancel-${s.id}`}
              >
                {t('sales.cancel')}
              </button>
            </span>
          ),
      },
    ],
    [t, busyId, navigate, cancel],
  );

  return (
    <section className="screen sales-screen" data-testid="sales-page">
      <PageHeader
        title={t('sales.title')}
        subtitle={t('sales.subtitle')}
        actions={
          <Link className="btn btn-primary" to="nuova" data-testid="add-sale">
            {t('sales.add')}
          </Link>
        }
      />
      <PagedTable
        list={list}
        failedText={t('sales.fetchFailed')}
        columns={columns}
        rowKey={(s) => s.id}
        caption={t('sales.caption')}
        truncate={TRUNCATE}
        emptyText={t('sales.empty')}
        searchable
        rowClassName={(s) => (s.status === 'cancelled' ? 'row-inactive' : undefined)}
        testId="sales-table"
      />
      {dialog}
    </section>
  );
}
