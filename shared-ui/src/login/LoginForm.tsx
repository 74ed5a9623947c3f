import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, saveSession, type FieldProblem, type LoginResponse, type SessionUser } from '@wms/shared-api/core';
import { serverErrorText } from '../errors/server-error-text';
import { PasswordField } from './PasswordField';

type Field = 'username' | 'password';

export interface LoginFormProps {
  /** Called after the token and user are stored. */
  onSuccess: (user: SessionUser) => void;
}

/**
 * The form's own check: both fields required, in the words of `loginSchema` (usernameRequired, passwordRequired). The
 * sign-in page loads no zod (issue 12: first-page weight), so the form does not parse with the schema; the server still
 * parses the body with it and answers every other rule (lengths) with its 400 message in the error box.
 */
function requiredProblems(values: Record<Field, string>): Partial<Record<Field, FieldProblem>> {
  const problems: Partial<Record<Field, FieldProblem>> = {};
  if (!values.username.trim()) problems.username = { key: 'usernameRequired', params: {} };
  if (!values.password) problems.password = { key: 'passwordRequired', params: {} };
  return problems;
}

function isLoginResponse(data: unknown): data is LoginResponse {
  const d = data as Partial<LoginResponse> | null;
  return !!d && typeof d.token === 'string' && !!d.user && typeof d.user === 'object';
}

/**
 * Sign-in form (SPEC §2 Sign-in, §5 Login, §8): both fields required with the shared validation wording, show/hide
 * password, "Accedi", and an inline error box with the server's message or "Errore durante il login".
 */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation(['common', 'validation']);
  const id = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  // Keys, not text: the messages follow a language switch.
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** Refused sign-ins so far: after each, the password (its text selected) has the focus, to be typed again. */
  const [refusals, setRefusals] = useState(0);
  // The page is for signing in: the user name has the focus as it opens.
  useEffect(() => usernameRef.current?.focus(), []);
  useEffect(() => {
    if (refusals === 0) return;
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }, [refusals]);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const message = (field: Field) => {
    const p = problems[field];
    return p ? t(`validation:${p.key}`, p.params) : undefined;
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setServerError(null);
    const found = requiredProblems(values);
    if (found.username || found.password) {
      setProblems(found);
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { data } = await api.post<unknown>('/auth/login', { username: values.username.trim(), password: values.password });
      if (!isLoginResponse(data)) throw new Error('Unexpected sign-in answer');
      saveSession(data.token, data.user);
      onSuccess(data.user);
    } catch (err) {
      setServerError(serverErrorText(err) ?? t('login.failed'));
      setSubmitting(false);
      setRefusals((n) => n + 1);
    }
  };

  const usernameError = message('username');
  return (
    <form className="form login-form" onSubmit={onSubmit} noValidate aria-label={t('login.formLabel')}>
      <div className="field">
        <label htmlFor={`${id}-username`}>{t('login.username')}</label>
        <input
          ref={usernameRef}
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          data-testid="login-username"
          value={values.username}
          onChange={(e) => set('username', e.target.value)}
          required
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? `${id}-username-error` : undefined}
        />
        {usernameError ? (
          <p className="field-error" id={`${id}-username-error`}>
            {usernameError}
          </p>
        ) : null}
      </div>
      <PasswordField
        ref={passwordRef}
        id={`${id}-password`}
        label={t('login.password')}
        value={values.password}
        onChange={(value) => set('password', value)}
        error={message('password')}
        showLabel={t('login.showPassword')}
        hideLabel={t('login.hidePassword')}
      />
      {serverError ? (
        <div className="alert alert-error" role="alert" data-testid="login-error">
          {serverError}
        </div>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={submitting}
        aria-busy={submitting || undefined}
        data-testid="login-submit"
      >
        {t('login.submit')}
      </button>
    </form>
  );
}
