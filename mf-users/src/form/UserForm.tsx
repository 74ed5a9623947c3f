import { useTranslation } from 'react-i18next';
import { useNavigate } from '@wms/shared-ui/router';
import { apiError, assignableRoles, canManageUser, PASSWORD_MIN, ROLES, userSchema, type Role } from '@wms/shared-api';
import {
  CheckboxField,
  Field,
  FormActions,
  PasswordInput,
  RequiredNote,
  SelectField,
  TextField,
  useSession,
  useZodForm,
  withReason,
} from '@wms/shared-ui';
import { BASE_PATH, NS } from '../paths';
import type { UserPayload } from '../api/users';

export interface UserFormValues {
  username: string;
  name: string;
  password: string;
  role: Role;
  is_active: boolean;
}

/** SPEC §5 User: a new user is a warehouse user, active. */
export const NEW_USER: UserFormValues = { username: '', name: '', password: '', role: 'warehouse', is_active: true };

export interface UserFormProps {
  mode: 'new' | 'edit';
  initial: UserFormValues;
  /** Saves; resolves when done. A rejection is the API error: its 400 `fields` and 409 username land on the fields. */
  onSubmit: (payload: UserPayload) => Promise<void>;
}

/**
 * The user form (SPEC §2, §5) on the module kit: username and name required; password required only for a new user —
 * on edit a blank password keeps the current one; role select; active flag. `useZodForm` checks it with the shared
 * schema the server uses, so both say the same thing; a refused save focuses the first field in error.
 */
export function UserForm({ mode, initial, onSubmit }: UserFormProps) {
  const { t } = useTranslation([NS, 'common']);
  const navigate = useNavigate();
  const form = useZodForm(userSchema(mode), initial);
  // Only the roles the signed-in user may give (shared-api assignableRoles: only an admin touches admins, nobody changes
  // their own role); the user's current role stays shown. One choice left: the select is locked, with the reason.
  const { user: me } = useSession();
  const self = mode === 'edit' && me?.username === initial.username;
  const allowedRoles = assignableRoles(me?.role, mode === 'new' ? null : initial.role, self);
  const roleOptions = ROLES.filter((r) => r === initial.role || allowedRoles.includes(r));
  const roleLocked = roleOptions.length <= 1;
  // An admin opened by a direction user: shown, not saved (shared-api: only an admin edits an admin), said before any typing.
  const readOnly = mode === 'edit' && !canManageUser(me?.role, initial.role, initial.role, self);

  const failedKey = `feedback.${mode === 'new' ? 'createFailed' : 'updateFailed'}`;
  const submit = form.handleSubmit(async (parsed) => {
    const { username, name, role, is_active, password } = parsed;
    const payload: UserPayload = { username, name, role, is_active: is_active ?? form.values.is_active !== false };
    if (password) payload.password = password;
    try {
      await onSubmit(payload);
    } catch (err) {
      // A taken username is the username field's problem: shown (and focused) there.
      const body = apiError(err);
      if (body?.code === 'USERNAME_TAKEN') body.fields = { ...body.fields, username: body.error };
      // Said once, in the form, as SPEC §8 words it: createFailed / updateFailed with the server's reason.
      form.showServerProblems(err);
      form.setFailure(withReason(t(failedKey), err));
    }
  }, `${NS}:${failedKey}`);

  const password = form.field('password');

  return (
    <form
      ref={form.formRef}
      className="form user-form"
      onSubmit={submit}
      noValidate
      aria-label={t('form.formLabel')}
      data-testid="user-form"
    >
      <RequiredNote />
      <TextField label={t('form.fields.username')} required autoComplete="off" data-testid="user-username" {...form.field('username')} />
      <TextField label={t('form.fields.name')} required autoComplete="off" data-testid="user-name" {...form.field('name')} />
      <Field
        name="password"
        label={t('form.fields.password')}
        required={mode === 'new'}
        error={password.error}
        hint={t(mode === 'new' ? 'form.passwordHintNew' : 'form.passwordHintEdit', { min: PASSWORD_MIN })}
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            value={String(password.value ?? '')}
            disabled={password.disabled}
            onChange={(e) => password.onChange(e.target.value)}
            data-testid="user-password"
            showLabel={t('form.showPassword')}
            hideLabel={t('form.hidePassword')}
          />
        )}
      </Field>
      <SelectField
        label={t('form.fields.role')}
        required
        options={roleOptions.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
        hint={roleLocked ? t(self ? 'form.roleLockedSelf' : 'form.roleLockedAdmin') : undefined}
        data-testid="user-role"
        {...form.field('role')}
        disabled={roleLocked || form.saving}
      />
      <CheckboxField
        label={t('form.fields.active')}
        hint={t(self ? 'form.activeLockedSelf' : 'form.activeHint')}
        data-testid="user-active"
        {...form.field('is_active')}
        value={form.values.is_active !== false}
        disabled={self || form.saving}
      />
      {readOnly ? (
        <p className="notice" role="status" data-testid="user-admin-only">
          {t('form.adminOnly')}
        </p>
      ) : null}
      <FormActions
        saving={form.saving}
        saveDisabled={readOnly}
        onCancel={() => navigate(BASE_PATH)}
        saveTestId="user-save"
        cancelTestId="user-cancel"
        failure={form.failure}
        failureTestId="user-save-error"
      />
    </form>
  );
}
