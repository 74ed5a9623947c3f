import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiError, assignableRoles, fieldProblems, PASSWORD_MIN, ROLES, userSchema, type FieldProblem, type Role } from '@wms/shared-api';
import { useSession } from '@wms/shared-ui';
import { BASE_PATH, NS } from '../paths';
import type { UserPayload } from '../api/users';

export type Field = 'username' | 'name' | 'password' | 'role' | 'is_active';
const FIELDS: Field[] = ['username', 'name', 'password', 'role', 'is_active'];

export interface UserFormValues {
  username: string;
  name: string;
  password: string;
  role: Role;
  is_active: boolean;
}

/** SPEC §5 User: a new user is a warehouse user, active. */
export const NEW_USER: UserFormValues = { username: '', name: '', password: '', role: 'warehouse', is_active: true };

/** A field's problem: a validation key (translated at render, so it follows a language switch) or the server's text. */
type Problem = FieldProblem | { text: string };

export interface UserFormProps {
  mode: 'new' | 'edit';
  initial: UserFormValues;
  /** Saves; resolves when done. A rejection is the API error: its 400 `fields` and 409 username land on the fields. */
  onSubmit: (payload: UserPayload) => Promise<void>;
}

/** Eye / crossed eye for the password toggle, drawn inline. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

/**
 * The user form (SPEC §2, §5): username and name required; password required only for a new user — on edit a blank
 * password keeps the current one; role select of the six roles; active flag. Checked with the same shared schema the
 * server uses, so both say the same thing.
 */
export function UserForm({ mode, initial, onSubmit }: UserFormProps) {
  const { t } = useTranslation([NS, 'common', 'validation']);
  const id = useId();
  const refs = {
    username: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    role: useRef<HTMLSelectElement>(null),
    is_active: useRef<HTMLInputElement>(null),
  };
  const [values, setValues] = useState<UserFormValues>(initial);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [saving, setSaving] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // Only the roles the signed-in user may give (shared-api assignableRoles: only an admin touches admins, nobody changes
  // their own role); the user's current role stays shown. One choice left: the select is locked, with the reason.
  const { user: me } = useSession();
  const self = mode === 'edit' && me?.username === initial.username;
  const allowedRoles = assignableRoles(me?.role, mode === 'new' ? null : initial.role, self);
  const roleOptions = ROLES.filter((r) => r === initial.role || allowedRoles.includes(r));
  const roleLocked = roleOptions.length <= 1;
  const roleHintId = `${id}-role-hint`;

  const set = <K extends Field>(field: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const message = (field: Field): string | undefined => {
    const p = problems[field];
    if (!p) return undefined;
    return 'text' in p ? p.text : t(`validation:${p.key}`, p.params);
  };

  const focusFirst = (found: Partial<Record<Field, unknown>>) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    const parsed = userSchema(mode).safeParse(values);
    if (!parsed.success) {
      const found = fieldProblems(parsed.error) as Partial<Record<Field, FieldProblem>>;
      setProblems(found);
      focusFirst(found);
      return;
    }
    const { username, name, role, is_active, password } = parsed.data;
    const payload: UserPayload = { username, name, role, is_active: is_active ?? values.is_active };
    if (password) payload.password = password;
    setSaving(true);
    try {
      await onSubmit(payload);
    } catch (err) {
      // The caller has toasted the failure; put what the server said about single fields next to them.
      const body = apiError(err);
      const found: Partial<Record<Field, Problem>> = {};
      for (const [path, text] of Object.entries(body?.fields ?? {})) {
        if ((FIELDS as string[]).includes(path)) found[path as Field] = { text };
      }
      if (body?.code === 'USERNAME_TAKEN') found.username = { text: body.error };
      setProblems(found);
      focusFirst(found);
      setSaving(false);
    }
  };

  const errorId = (field: Field) => `${id}-${field}-error`;
  const described = (field: Field, hint?: string) =>
    [message(field) ? errorId(field) : null, hint ?? null].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field): ReactNode =>
    message(field) ? (
      <p className="field-error" id={errorId(field)}>
        {message(field)}
      </p>
    ) : null;

  const passwordHintId = `${id}-password-hint`;
  const activeHintId = `${id}-active-hint`;
  const toggleLabel = showPassword ? t('form.hidePassword') : t('form.showPassword');

  return (
    <form className="form user-form" onSubmit={submit} noValidate aria-label={t('form.formLabel')} data-testid="user-form">
      <div className="field">
        <label htmlFor={`${id}-username`}>{t('form.fields.username')}</label>
        <input
          ref={refs.username}
          id={`${id}-username`}
          name="username"
          autoComplete="off"
          spellCheck={false}
          value={values.username}
          onChange={(e) => set('username', e.target.value)}
          required
          aria-invalid={message('username') ? true : undefined}
          aria-describedby={described('username')}
          data-testid="user-username"
        />
        {fieldError('username')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-name`}>{t('form.fields.name')}</label>
        <input
          ref={refs.name}
          id={`${id}-name`}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          required
          aria-invalid={message('name') ? true : undefined}
          aria-describedby={described('name')}
          data-testid="user-name"
        />
        {fieldError('name')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-password`}>{t('form.fields.password')}</label>
        <div className="input-with-toggle">
          <input
            ref={refs.password}
            id={`${id}-password`}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
            required={mode === 'new'}
            aria-invalid={message('password') ? true : undefined}
            aria-describedby={described('password', passwordHintId)}
            data-testid="user-password"
          />
          <button
            type="button"
            className="input-toggle"
            aria-label={toggleLabel}
            title={toggleLabel}
            aria-pressed={showPassword}
            aria-controls={`${id}-password`}
            onClick={() => setShowPassword((v) => !v)}
          >
            <EyeIcon crossed={showPassword} />
          </button>
        </div>
        <p className="field-hint" id={passwordHintId}>
          {t(mode === 'new' ? 'form.passwordHintNew' : 'form.passwordHintEdit', { min: PASSWORD_MIN })}
        </p>
        {fieldError('password')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-role`}>{t('form.fields.role')}</label>
        <select
          ref={refs.role}
          id={`${id}-role`}
          name="role"
          value={values.role}
          onChange={(e) => set('role', e.target.value as Role)}
          disabled={roleLocked}
          aria-invalid={message('role') ? true : undefined}
          aria-describedby={described('role', roleLocked ? roleHintId : undefined)}
          data-testid="user-role"
        >
          {roleOptions.map((role) => (
            <option key={role} value={role}>
              {t(`common:roles.${role}`)}
            </option>
          ))}
        </select>
        {roleLocked ? (
          <p className="field-hint" id={roleHintId}>
            {t(self ? 'form.roleLockedSelf' : 'form.roleLockedAdmin')}
          </p>
        ) : null}
        {fieldError('role')}
      </div>

      <div className="field field-checkbox">
        <label htmlFor={`${id}-active`}>
          <input
            ref={refs.is_active}
            id={`${id}-active`}
            type="checkbox"
            name="is_active"
            checked={values.is_active}
            onChange={(e) => set('is_active', e.target.checked)}
            aria-describedby={described('is_active', activeHintId)}
            data-testid="user-active"
          />
          {t('form.fields.active')}
        </label>
        <p className="field-hint" id={activeHintId}>
          {t('form.activeHint')}
        </p>
        {fieldError('is_active')}
      </div>

      <div className="form-actions">
        <Link to={BASE_PATH} className="btn" data-testid="user-cancel">
          {t('form.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined} data-testid="user-save">
          {saving ? t('form.saving') : t('form.save')}
        </button>
      </div>
    </form>
  );
}
