import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { can, TRANSFER_SORTS, TRANSFER_STATUSES, type TransferListRow } from '@wms/shared-api';
import {
  DateField,
  displayDay,
  FilterBar,
  formatCount,
  formatQuantity,
  PageHeader,
  PagedTable,
  RowActions,
  SelectField,
  usePagedList,
  useSession,
  WarehousePicker,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { TRANSFERS_PATH } from './api';
import { offersTransportNote, TRANSFERS_URL, TransferStatusBadge } from './status';

const PAGE_SIZE = 50;
const FILTERS = ['status', 'warehouse_id', 'date_from', 'date_to'] as const;

/**
 * /operazioni/trasferimenti (issue 26): server-paged list, newest first, with search (number, warehouses, carrier,
 * product codes, batches), status, warehouse (either side) and date filters, all in the URL; a row opens the transfer.
 */
export function TransferListPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const canWrite = can(user?.role, 'transfers');
  const list = usePagedList<TransferListRow>(TRANSFERS_PATH, { sorts: TRANSFER_SORTS, pageSize: PAGE_SIZE, filters: FILTERS });

  const columns = useMemo<Column<TransferListRow>[]>(
    () => [
      {
        id: 'number',
        header: t('stockTransfer.columns.number'),
        value: (r) => r.number,
        truncate: 0,
        render: (r) => (
          <Link className="code nowrap" to={`${TRANSFERS_URL}/${r.id}`} data-testid={`open-transfer-${r.id}`}>
            {r.number}
          </Link>
        ),
      },
      { id: 'date', header: t('stockTransfer.columns.date'), value: (r) => r.transfer_date, render: (r) => displayDay(r.transfer_date) },
      { id: 'from', header: t('stockTransfer.columns.from'), value: (r) => r.from_warehouse_name, sortable: false },
      { id: 'to', header: t('stockTransfer.columns.to'), value: (r) => r.to_warehouse_name, sortable: false },
      {
        id: 'lines',
        header: t('stockTransfer.columns.lines'),
        value: (r) => r.line_count,
        sortable: false,
        align: 'end',
        priority: 'medium',
      },
      {
        id: 'quantity',
        header: t('stockTransfer.columns.quantity'),
        align: 'end',
        priority: 'low',
        // Per unit of measure ("12,5 l · 1.505 pz"): quantities of different units are never added together.
        render: (r) => r.quantities.map((u) => formatQuantity(u.quantity, u.unit_of_measure)).join(' · '),
      },
      {
        id: 'status',
        header: t('stockTransfer.columns.status'),
        value: (r) => r.status,
        render: (r) => <TransferStatusBadge status={r.status} />,
      },
      {
        id: 'actions',
        header: t('stockTransfer.columns.actions'),
        render: (r) => (
          <RowActions
            edit={{
              to: `${TRANSFERS_URL}/${r.id}`,
              text: t('stockTransfer.open'),
              label: t('stockTransfer.openNamed', { number: r.number }),
            }}
          >
            {offersTransportNote(r.status) ? (
              <Link className="btn btn-ghost" to={`${TRANSFERS_URL}/${r.id}/stampa`} data-testid={`print-transfer-${r.id}`}>
                {t('stockTransfer.print')}
              </Link>
            ) : null}
          </RowActions>
        ),
      },
    ],
    [t],
  );

  return (
    <section className="screen" data-testid="stock-transfer-page">
      <PageHeader
        title={t('stockTransfer.title')}
        subtitle={t('stockTransfer.subtitle')}
        actions={
          canWrite ? (
            <Link className="btn btn-primary" to={`${TRANSFERS_URL}/nuovo`} data-testid="add-transfer">
              {t('stockTransfer.add')}
            </Link>
          ) : null
        }
      />
      <FilterBar
        list={list}
        label={t('stockTransfer.filters.label')}
        resetLabel={t('stockTransfer.filters.reset')}
        resetTestId="filter-reset"
      >
        <SelectField
          {...list.filterField('status')}
          label={t('stockTransfer.filters.status')}
          placeholder={t('stockTransfer.filters.allStatuses')}
          options={TRANSFER_STATUSES.map((s) => ({ value: s, label: t(`stockTransfer.status.${s}`) }))}
          data-testid="filter-status"
        />
        <WarehousePicker
          {...list.filterField('warehouse_id')}
          label={t('stockTransfer.filters.warehouse')}
          includeInactive
          data-testid="filter-warehouse"
        />
        <DateField {...list.filterField('date_from')} label={t('stockTransfer.filters.from')} />
        <DateField {...list.filterField('date_to')} label={t('stockTransfer.filters.to')} />
      </FilterBar>
      <PagedTable
        list={list}
        failedText={t('stockTransfer.feedback.fetchFailed')}
        count={t('stockTransfer.count', { count: list.total, total: formatCount(list.total) })}
        countTestId="transfers-count"
        columns={columns}
        rowKey={(r) => r.id}
        caption={t('stockTransfer.caption')}
        truncate={20}
        emptyText={t('stockTransfer.empty')}
        searchable
        testId="transfers-table"
      />
    </section>
  );
}
