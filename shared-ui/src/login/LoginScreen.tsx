import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@wms/shared-api';
import { LanguageSelect } from '../components/LanguageSelect';
import { LoginForm } from './LoginForm';

export interface LoginScreenProps {
  onSuccess: (user: SessionUser) => void;
}

/** The whole sign-in page: title "Warehouse Management System", the form, and the language select. */
export function LoginScreen({ onSuccess }: LoginScreenProps) {
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
        <LoginForm onSuccess={onSuccess} />
      </section>
    </main>
  );
}
