import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from '@wms/shared-ui/router';
import { setUnauthorizedHandler } from '@wms/shared-api/core';
import { LanguageSelect } from '../components/LanguageSelect';
import { LoginScreen } from '../login/LoginScreen';
import { signOut } from '../session/sign-out';
import { useSession } from '../session/useSession';
import { ToastHost } from '../toasts/toasts';

export interface StandaloneRemoteProps {
  /** The remote's section path, e.g. '/anagrafica'. */
  basePath: string;
  /** Display name of the section in the bar. */
  name: string;
  /** The remote's exposed App. */
  children: ReactNode;
}

/**
 * A remote running on its own dev server (no shell): a router, toasts, the shared sign-in form when no session is
 * stored, and a slim bar with language and sign-out. Every other path leads to the section.
 */
export function StandaloneRemote({ basePath, name, children }: StandaloneRemoteProps) {
  // A 401 clears the session, which re-renders into the sign-in form: no page reload needed.
  useEffect(() => setUnauthorizedHandler(() => undefined), []);
  return (
    <BrowserRouter>
      <ToastHost />
      <SessionGate basePath={basePath} name={name}>
        {children}
      </SessionGate>
    </BrowserRouter>
  );
}

function SessionGate({ basePath, name, children }: StandaloneRemoteProps) {
  const { t } = useTranslation('common');
  const { signedIn, user } = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!signedIn || !user) return <LoginScreen onSuccess={() => setLeaving(false)} />;
  return (
    <>
      <header className="topbar">
        <span className="brand">WMS · {name}</span>
        <div className="topbar-end">
          <LanguageSelect />
          <span className="topbar-user">
            {user.name} ({t(`roles.${user.role}`, { defaultValue: user.role })})
          </span>
          <button
            type="button"
            className="btn btn-ghost-light"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut();
            }}
          >
            {t('session.logout')}
          </button>
        </div>
      </header>
      <main className="app-main">
        <Routes>
          <Route path={`${basePath}/*`} element={children} />
          <Route path="*" element={<Navigate to={basePath} replace />} />
        </Routes>
      </main>
    </>
  );
}
