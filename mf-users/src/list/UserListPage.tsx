import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import type { UserView } from '@wms/shared-api';
import { canManageUser } from '@wms/shared-api/core';
import {
  Badge,
  failureText,
  formatCount,
  formatDateTime,
  PageHeader,
  PagedTable,
  RowActions,
  useRowActions,
  useServerList,
  useSession,
  type Column,
} from '@wms/shared-ui';
import { users, USERS_PATH, USERS_QUERY } from '../api/users';
import { BASE_PATH, NS } from '../paths';
import '../users.css';

const PAGE_SIZE = 25;

/**
 * /users (SPEC §2 Users, §4 User display): every live user with role, active/inactive and online/offline badges and the
 * last sign-in; edit, and delete after a confirmation. You cannot delete yourself (the server refuses it too).
 */
export function UserListPage() {
  const { t } = useTranslation([NS, 'common']);
  const { user: me } = useSession();
  // Staff lists are short: every live user in one call, searched, sorted and paged on screen.
  const list = useServerList<UserView>(USERS_PATH, USERS_QUERY);
  const { act, busyId, dialog } = useRowActions(list.reload);

  const remove = useCallback(
    (u: UserView) =>
      act(u.id, {
        ask: {
          title: t('list.confirmTitle'),
          message: t('list.confirmMessage', { username: u.username }),
          confirmLabel: t('list.confirmOk'),
          tone: 'danger',
        },
        run: async () => {
          await users.remove(u.id, me?.id);
          return t('feedback.deleted');
        },
        failure: (err) => failureText(err, `${NS}:feedback.deleteFailed`),
      }),
    [act, t, me?.id],
  );

  const columns = useMemo<Column<UserView>[]>(
    () => [
      {
        id: 'username',
        header: t('list.columns.username'),
        value: (u) => u.username,
        render: (u) => (
          // Long user names (e2e_num_mwzmfzge5…) break rather than push the actions off a portrait tablet (issue 22).
          <span style={{ overflowWrap: 'anywhere' }}>
            {u.username}
            {u.id === me?.id ? <span className="muted"> {t('list.you')}</span> : null}
          </span>
        ),
      },
      { id: 'name', header: t('list.columns.name'), value: (u) => u.name },
      { id: 'role', header: t('list.columns.role'), value: (u) => t(`common:roles.${u.role}`, { defaultValue: u.role }) },
      {
        id: 'status',
        header: t('list.columns.status'),
        value: (u) => (u.is_active ? t('list.active') : t('list.inactive')),
        render: (u) => (
          <span data-testid={`user-status-${u.username}`}>
            <Badge tone={u.is_active ? 'success' : 'danger'}>{u.is_active ? t('list.active') : t('list.inactive')}</Badge>
          </span>
        ),
      },
      {
        id: 'online',
        header: t('list.columns.online'),
        priority: 'medium',
        value: (u) => (u.is_online ? t('list.online') : t('list.offline')),
        render: (u) => (
          <span data-testid={`user-online-${u.username}`}>
            <Badge tone={u.is_online ? 'success' : 'neutral'}>{u.is_online ? t('list.online') : t('list.offline')}</Badge>
          </span>
        ),
      },
      {
        id: 'lastLogin',
        header: t('list.columns.lastLogin'),
        value: (u) => (u.last_login ? new Date(u.last_login) : null),
        searchable: false,
        priority: 'medium',
        render: (u) => (u.last_login ? formatDateTime(u.last_login) : <span className="muted">{t('list.never')}</span>),
      },
      {
        id: 'actions',
        header: t('list.columns.actions'),
        render: (u) => {
          const self = u.id === me?.id;
          const adminOnly = !self && !canManageUser(me?.role, u.role, null, false); // shared-api: only an admin deletes an admin
          return (
            <RowActions
              edit={{ to: `${BASE_PATH}/${u.id}`, label: t('list.editUser', { username: u.username }), testId: `edit-user-${u.username}` }}
              remove={{
                onClick: () => void remove(u),
                disabled: self || adminOnly || busyId !== null,
                title: self ? t('list.selfDelete') : adminOnly ? t('list.adminOnly') : undefined,
                label: t('list.deleteUser', { username: u.username }),
                testId: `delete-user-${u.username}`,
              }}
            />
          );
        },
      },
    ],
    [t, me?.id, me?.role, busyId, remove],
  );

  const addButton = (
    <Link to={`${BASE_PATH}/nuovo`} className="btn btn-primary" data-testid="add-user">
      {t('list.add')}
    </Link>
  );

  return (
    <section className="screen users-screen">
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={addButton} />
      <PagedTable
        list={list}
        failedText={t('feedback.fetchListFailed')}
        errorTestId="users-error"
        count={t('list.total', { count: list.total, total: formatCount(list.total) })}
        manual={false}
        columns={columns}
        rowKey={(u) => u.id}
        caption={t('list.caption')}
        emptyText={t('list.empty')}
        searchable
        defaultSort={{ column: 'username', direction: 'asc' }}
        pageSize={PAGE_SIZE}
        truncate={30}
        testId="users-table"
      />
      {dialog}
    </section>
  );
}
