import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { failureText, isNotFound, NotFound, PageHeader, Spinner, toastError, toastSuccess, useSession } from '@wms/shared-ui';
import { createUser, fetchUser, updateUser, type UserPayload } from '../api/users';
import { BASE_PATH, NS } from '../paths';
import { ActivityLog } from './ActivityLog';
import { NEW_USER, UserForm, type UserFormValues } from './UserForm';
import '../users.css';

/**
 * /users/nuovo and /users/{id} (SPEC §2 Users): the user form, and on edit the user's activity log. A user that does not
 * exist says so with the way back; one that cannot be loaded shows fetchFailed and returns to the list (SPEC §8); a save
 * shows created / updated and returns to the list, or the failure (the server's reason, else createFailed / updateFailed).
 */
export function UserFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { id } = useParams();
  const { user: me } = useSession();
  const [initial, setInitial] = useState<{ values: UserFormValues; username: string } | null>(
    mode === 'new' ? { values: NEW_USER, username: '' } : null,
  );
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (mode !== 'edit' || !id) return undefined;
    let alive = true;
    setInitial(null);
    setMissing(false);
    fetchUser(id).then(
      (u) => {
        if (!alive) return;
        setInitial({
          values: { username: u.username, name: u.name, password: '', role: u.role, is_active: u.is_active },
          username: u.username,
        });
      },
      (err) => {
        if (!alive) return;
        if (isNotFound(err)) return setMissing(true);
        toastError(failureText(err, `${NS}:feedback.fetchFailed`));
        navigate(BASE_PATH, { replace: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [mode, id, navigate]);

  const save = async (payload: UserPayload) => {
    if (mode === 'new') await createUser(payload, me?.id);
    else await updateUser(id!, payload, me?.id);
    toastSuccess(t(mode === 'new' ? 'feedback.created' : 'feedback.updated'));
    navigate(BASE_PATH);
  };

  const title = t(mode === 'new' ? 'form.newTitle' : 'form.editTitle');
  return (
    <section className="screen users-screen" data-testid="user-form-page">
      <PageHeader title={title} subtitle={initial?.username || t('form.subtitle')} />
      {missing ? (
        <NotFound backTo={BASE_PATH} title={t('feedback.notFound')} />
      ) : initial ? (
        <div className="user-form-card">
          {/* keyed: a different user (or the loaded one) starts from its own values */}
          <UserForm key={`${mode}-${id ?? 'new'}`} mode={mode} initial={initial.values} onSubmit={save} />
        </div>
      ) : (
        <Spinner />
      )}
      {mode === 'edit' && id && initial ? <ActivityLog userId={id} /> : null}
    </section>
  );
}
