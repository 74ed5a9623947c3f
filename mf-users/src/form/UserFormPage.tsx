import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import { PageHeader, Spinner, toastError, toastSuccess, useSession, withReason } from '@wms/shared-ui';
import { createUser, fetchUser, updateUser, type UserPayload } from '../api/users';
import { BASE_PATH, NS } from '../paths';
import { ActivityLog } from './ActivityLog';
import { NEW_USER, UserForm, type UserFormValues } from './UserForm';
import '../users.css';

/**
 * /users/nuovo and /users/{id} (SPEC §2 Users): the user form, and on edit the user's activity log. A user that cannot
 * be loaded (one that does not exist included) shows fetchFailed with the server's reason and returns to the list
 * (SPEC §8, as for products); a save shows created / updated and returns to the list, or a toast createFailed /
 * updateFailed with the server's reason — also shown by the form on its field (a taken username) and above the buttons.
 */
export function UserFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  // The load effect words its failure in the current language without re-running (and reloading) on a language switch.
  const tRef = useRef(t);
  tRef.current = t;
  const navigate = useNavigate();
  const { id } = useParams();
  const { user: me } = useSession();
  const [initial, setInitial] = useState<{ values: UserFormValues; username: string } | null>(
    mode === 'new' ? { values: NEW_USER, username: '' } : null,
  );

  useEffect(() => {
    if (mode !== 'edit' || !id) return undefined;
    let alive = true;
    setInitial(null);
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
        toastError(withReason(tRef.current('feedback.fetchFailed'), err));
        navigate(BASE_PATH, { replace: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [mode, id, navigate]);

  const save = async (payload: UserPayload) => {
    try {
      if (mode === 'new') await createUser(payload, me?.id);
      else await updateUser(id!, payload, me?.id);
    } catch (err) {
      toastError(withReason(t(mode === 'new' ? 'feedback.createFailed' : 'feedback.updateFailed'), err));
      throw err;
    }
    toastSuccess(t(mode === 'new' ? 'feedback.created' : 'feedback.updated'));
    navigate(BASE_PATH);
  };

  const title = t(mode === 'new' ? 'form.newTitle' : 'form.editTitle');
  return (
    <section className="screen users-screen" data-testid="user-form-page">
      <PageHeader title={title} subtitle={initial?.username || t('form.subtitle')} />
      {initial ? (
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
