import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserView } from '@wms/shared-api';
import {
  Badge,
  DataTable,
  ErrorState,
  failureText,
  PageHeader,
  Spinner,
  toastError,
  toastSuccess,
  useConfirm,
  useSession,
  type Column,
} from '@wms/shared-ui';
import { deleteUser, fetchUsers } from '../api/users';
import { formatDateTime } from '../format';
import { BASE_PATH, NS } from '../paths';
import '../users.css';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; users: UserView[] };

const PAGE_SIZE = 25;

/**
 * /users (SPEC §2 Users, §4 User display): every live user with role, active/inactive and online/offline badges and the
 * last sign-in; edit, and delete after a confirmation. You cannot delete yourself (the server refuses it too).
 */
export function UserListPage() {
  const { t } = useTranslation([NS, 'common']);
  const { user: me } = useSession();
  const { confirm, dialog } = useConfirm();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [deleting, setDeleting] = useState<number | null>(null);

  const reload = useCallback(async (showSpinner: boolean) => {
    if (showSpinner) setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', users: await fetchUsers() });
    } catch {
      setLoad({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    void reload(true);
  }, [reload]);

  const remove = useCallback(
    async (u: UserView) => {
      const ok = await confirm({
        title: t('list.confirmTitle'),
        message: t('list.confirmMessage', { username: u.username }),
        confirmLabel: t('list.confirmOk'),
        tone: 'danger',
      });
      if (!ok) return;
      setDeleting(u.id);
      try {
        await deleteUser(u.id, me?.id);
        toastSuccess(t('feedback.deleted'));
        await reload(false);
      } catch (err) {
        toastError(failureText(err, `${NS}:feedback.deleteFailed`));
      } finally {
        setDeleting(null);
      }
    },
    [confirm, t, me?.id, reload],
  );

  const columns = useMemo<Column<UserView>[]>(
    () => [
      {
        id: 'username',
        header: t('list.columns.username'),
        value: (u) => u.username,
        render: (u) => (
          <span>
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
        render: (u) => (u.last_login ? formatDateTime(u.last_login) : <span className="muted">{t('list.never')}</span>),
      },
      {
        id: 'actions',
        header: t('list.columns.actions'),
        render: (u) => {
          const self = u.id === me?.id;
          return (
            <span className="row-actions">
              <Link
                to={`${BASE_PATH}/${u.id}`}
                className="btn btn-ghost"
                aria-label={t('list.editUser', { username: u.username })}
                data-testid={`edit-user-${u.username}`}
              >
                {t('list.edit')}
              </Link>
              <button
                type="button"
                className="btn btn-ghost btn-ghost-danger"
                onClick={() => void remove(u)}
                disabled={self || deleting !== null}
                title={self ? t('list.selfDelete') : undefined}
                aria-label={t('list.deleteUser', { username: u.username })}
                data-testid={`delete-user-${u.username}`}
              >
                {t('list.delete')}
              </button>
            </span>
          );
        },
      },
    ],
    [t, me?.id, deleting, remove],
  );

  const addButton = (
    <Link to={`${BASE_PATH}/nuovo`} className="btn btn-primary" data-testid="add-user">
      {t('list.add')}
    </Link>
  );

  return (
    <section className="screen users-screen">
      <PageHeader
        title={t('list.title')}
        subtitle={load.state === 'ready' ? t('list.total', { count: load.users.length }) : t('list.subtitle')}
        actions={addButton}
      />
      {load.state === 'loading' ? <Spinner /> : null}
      {load.state === 'failed' ? (
        <ErrorState message={t('feedback.fetchListFailed')} onRetry={() => void reload(true)} testId="users-error" />
      ) : null}
      {load.state === 'ready' ? (
        <DataTable
          columns={columns}
          rows={load.users}
          rowKey={(u) => u.id}
          caption={t('list.caption')}
          emptyText={t('list.empty')}
          searchable
          defaultSort={{ column: 'username', direction: 'asc' }}
          pageSize={PAGE_SIZE}
          truncate={30}
          testId="users-table"
        />
      ) : null}
      {dialog}
    </section>
  );
}
