import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import { Loaded, PageHeader, routeRecordId, savedRowState, toastSuccess, useRecordLoad, useSession, withReason } from '@wms/shared-ui';
import { users, type UserPayload } from '../api/users';
import { BASE_PATH, NS } from '../paths';
import { ActivityLog } from './ActivityLog';
import { NEW_USER, UserForm } from './UserForm';
import '../users.css';

/**
 * /users/nuovo and /users/{id} (SPEC §2 Users): the user form, and on edit the user's activity log. A user that cannot
 * be loaded (one that does not exist included) shows fetchFailed with the server's reason and returns to the list
 * (SPEC §8, as for products); a save shows created / updated and returns to the list, or a toast createFailed /
 * updateFailed with the server's reason — also shown by the form on its field (a taken username) and above the buttons.
 */
export function UserFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { id } = useParams();
  const editId = mode === 'edit' && id ? id : null;
  const { user: me } = useSession();
  // The user to edit, read with the kit (an answer for an older id is dropped). SPEC §8: a user that cannot be loaded —
  // one that does not exist included — is fetchFailed with the server's reason, and the list again.
  const load = useRecordLoad((signal) => (editId ? users.fetchOne(routeRecordId(editId), signal) : Promise.resolve(null)), [editId], {
    backTo: BASE_PATH,
    failure: (err) => withReason(t('feedback.fetchFailed'), err),
    leaveOnNotFound: true,
  });

  // A refusal is the form's to show (its box and the field it names), never also a toast.
  const save = async (payload: UserPayload) => {
    const saved = await users.save(mode === 'new' ? null : id, payload, me?.id);
    toastSuccess(t(mode === 'new' ? 'feedback.created' : 'feedback.updated'));
    navigate(BASE_PATH, { state: savedRowState(saved.id, saved.username) });
  };

  const title = t(mode === 'new' ? 'form.newTitle' : 'form.editTitle');
  const loaded = load.status === 'ready' ? load.value : null;
  return (
    <section className="screen users-screen" data-testid="user-form-page">
      <PageHeader title={title} subtitle={loaded?.username || t('form.subtitle')} />
      {editId ? (
        <Loaded load={load} failedText={() => t('feedback.fetchFailed')}>
          {(u) =>
            u ? (
              <>
                <div className="form-card form-card-narrow">
                  {/* keyed: a different user starts from its own values */}
                  <UserForm
                    key={`edit-${u.id}`}
                    mode="edit"
                    initial={{ username: u.username, name: u.name, password: '', role: u.role, is_active: u.is_active }}
                    onSubmit={save}
                  />
                </div>
                <ActivityLog userId={editId} />
              </>
            ) : null
          }
        </Loaded>
      ) : (
        <div className="form-card form-card-narrow">
          <UserForm key="new" mode="new" initial={NEW_USER} onSubmit={save} />
        </div>
      )}
    </section>
  );
}
