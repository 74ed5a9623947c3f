import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { can } from '@wms/shared-api/core';
import type { InventoryCountSummary } from '@wms/shared-api';
import { formatCount, PageHeader, PagedTable, usePagedList, useSession, type Column } from '@wms/shared-ui';
import { NS } from '../paths';
import { COUNTS_PATH } from './api';
import { countingUrl, NEW_COUNT_URL, reviewUrl, sheetUrl } from './paths';
import { snapshotText, StatusBadge, useScopeText } from './status';

const PAGE_SIZE = 50;

/** /report/inventario: every count, newest first; count, review (reviewers) and the count sheet from each row. */
export function CountListPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const reviewer = can(user?.role, 'inventoryReview');
  const scopeText = useScopeText();
  const list = usePagedList<InventoryCountSummary>(COUNTS_PATH, { pageSize: PAGE_SIZE, filters: ['status', 'warehouse_id'] });

  const columns = useMemo<Column<InventoryCountSummary>[]>(
    () => [
      { id: 'id', header: t('inventory.fields.id'), value: (c) => c.id, sortable: false },
      { id: 'warehouse', header: t('inventory.fields.warehouse'), value: (c) => c.warehouse_name, sortable: false },
      { id: 'scope', header: t('inventory.scope.label'), value: (c) => scopeText(c), sortable: false, priority: 'medium' },
      { id: 'snapshot', header: t('inventory.fields.snapshot'), value: (c) => snapshotText(c), sortable: false, nowrap: true },
      {
        id: 'progress',
        header: t('inventory.fields.progress'),
        value: (c) => t('inventory.fields.progressValue', { counted: formatCount(c.counted_count), total: formatCount(c.line_count) }),
        sortable: false,
      },
      { id: 'status', header: t('inventory.status.label'), render: (c) => <StatusBadge status={c.status} /> },
      {
        id: 'actions',
        header: t('inventory.fields.actions'),
        render: (c) => (
          <span className="row-actions inventory-row-actions">
            {c.status === 'open' ? (
              <Link className="btn btn-secondary btn-small" to={countingUrl(c.id)} data-testid={`count-${c.id}`}>
                {t('inventory.actions.count')}
              </Link>
            ) : null}
            {reviewer ? (
              <Link className="btn btn-secondary btn-small" to={reviewUrl(c.id)} data-testid={`review-${c.id}`}>
                {t('inventory.actions.review')}
              </Link>
            ) : null}
            <Link className="btn btn-secondary btn-small" to={sheetUrl(c.id)} data-testid={`sheet-${c.id}`}>
              {t('inventory.actions.sheet')}
            </Link>
          </span>
        ),
      },
    ],
    [t, reviewer, scopeText],
  );

  return (
    <section className="screen reports-screen" data-testid="inventory-page">
      <PageHeader
        title={t('inventory.title')}
        subtitle={t('inventory.subtitle')}
        actions={
          <Link className="btn btn-primary" to={NEW_COUNT_URL} data-testid="start-count">
            {t('inventory.start')}
          </Link>
        }
      />
      <PagedTable
        list={list}
        failedText={t('inventory.listError')}
        count={t('inventory.total', { count: list.total, total: formatCount(list.total) })}
        countTestId="inventory-total"
        columns={columns}
        rowKey={(c) => c.id}
        caption={t('inventory.caption')}
        emptyText={t('inventory.empty')}
        testId="inventory-table"
      />
    </section>
  );
}
