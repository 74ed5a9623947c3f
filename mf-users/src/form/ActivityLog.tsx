import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@wms/shared-api';
import { PagedTable, formatCount, formatDateTime, useServerList, type Column } from '@wms/shared-ui';
import { activitiesPath } from '../api/users';
import { ActivityDetails, activityText } from './ActivityDetails';
import { NS } from '../paths';

/** Rows per page of the activity log. */
export const ACTIVITY_PAGE_SIZE = 10;

/**
 * The user's activity log on the edit page (SPEC §2 Users): action, entity type, details and date, newest first, paged
 * on the server. A failure shows fetchActivitiesFailed (SPEC §8) in place of the table, with Retry.
 */
export function ActivityLog({ userId }: { userId: string }) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(1);
  const list = useServerList<ActivityView>(activitiesPath(userId), {
    limit: ACTIVITY_PAGE_SIZE,
    offset: (page - 1) * ACTIVITY_PAGE_SIZE,
  });

  const columns = useMemo<Column<ActivityView>[]>(
    () => [
      { id: 'date', header: t('activity.columns.date'), sortable: false, render: (a) => formatDateTime(a.created_at) },
      {
        id: 'action',
        header: t('activity.columns.action'),
        sortable: false,
        // The house verb for what was done to that kind of thing (a sale is revoked, a count abandoned), else the action's.
        render: (a) => t([`activity.actionOf.${a.entity_type}.${a.action}`, `activity.actions.${a.action}`], { defaultValue: a.action }),
      },
      {
        id: 'entityType',
        header: t('activity.columns.entityType'),
        sortable: false,
        value: (a) => [t(`activity.entities.${a.entity_type}`, { defaultValue: a.entity_type }), a.subject].filter(Boolean).join(' '),
        render: (a) => (
          <span className="activity-subject">
            {t(`activity.entities.${a.entity_type}`, { defaultValue: a.entity_type })}
            {a.subject ? <span className="activity-subject-name">{a.subject}</span> : null}
          </span>
        ),
      },
      {
        id: 'details',
        header: t('activity.columns.details'),
        sortable: false,
        value: (a) => activityText(t as unknown as Parameters<typeof activityText>[0], a.fields ?? []),
        render: (a) => <ActivityDetails fields={a.fields ?? []} />,
      },
    ],
    [t],
  );

  return (
    <section className="activity-log" aria-labelledby="user-activity-title" data-testid="activity-log">
      <h2 id="user-activity-title" className="section-title">
        {t('activity.title')}
      </h2>
      <PagedTable
        list={list}
        failedText={t('feedback.fetchActivitiesFailed')}
        errorTestId="activity-error"
        count={t('activity.total', { count: list.total, total: formatCount(list.total) })}
        countClassName="muted"
        columns={columns}
        rowKey={(a) => a.id}
        caption={t('activity.caption')}
        emptyText={t('activity.empty')}
        pageSize={ACTIVITY_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        testId="activity-table"
      />
    </section>
  );
}
