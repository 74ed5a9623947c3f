import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@wms/shared-api';
import { LanguageSelect } from '../components/LanguageSelect';
import { LoginForm } from './LoginForm';

export interface LoginScreenProps {
  onSuccess: (user: SessionUser) => void;
  /** Why the user is here, above the form (a session that ended: "sign in again"); announced as a status. */
  notice?: ReactNode;
}

/** The whole sign-in page: title "Warehouse Management System", the form, and the language select. */
export function LoginScreen({ onSuccess, notice }: LoginScreenProps) {
  const { t } = useTranslation('common');
  return (
    <main className="login-page">
      <div className="login-language">
        <LanguageSelect />
      </div>
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-title">
          {t('appTitle')}
        </h1>
        {notice ? (
          <p className="notice" role="status" data-testid="login-notice">
            {notice}
          </p>
        ) : null}
        <LoginForm onSuccess={onSuccess} />
      </section>
    </main>
  );
}
