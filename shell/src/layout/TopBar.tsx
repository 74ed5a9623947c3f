import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from '@wms/shared-ui/router';
import { can } from '@wms/shared-api/core';
import { LanguageSelect, signOut, useSession } from '@wms/shared-ui';
import '../i18n';
import { SECTIONS } from '../sections';
import type { LoginState } from '../auth/LoginPage';

/** Top navigation (SPEC §2): sections the role may open, language, "Name (Role)", sign-out. */
export function TopBar() {
  const { t } = useTranslation(['shell', 'common']);
  const { user } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  /** "Mario Rossi (Magazzino)": who is signed in, and as what. */
  const session = user && `${user.name} (${t(`common:roles.${user.role}`, { defaultValue: user.role })})`;

  const logout = async () => {
    setLeaving(true);
    await signOut();
    navigate('/login', { replace: true, state: { signedOut: true } satisfies LoginState });
  };

  return (
    <header className="topbar">
      <Link to="/" className="brand">
        WMS
      </Link>
      <nav aria-label={t('nav.label')}>
        <ul className="topnav">
          <li>
            <NavLink to="/" end data-testid="nav-home">
              {t('nav.home')}
            </NavLink>
          </li>
          {SECTIONS.filter((s) => can(user?.role, s.permission)).map((s) => (
            <li key={s.remote}>
              <NavLink to={s.path} data-testid={`nav-${s.remote}`}>
                {t(`sections.${s.remote}.title`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="topbar-end">
        <LanguageSelect />
        {session ? (
          // Cut on a landscape tablet's one-row bar: the whole text on hover.
          <span className="topbar-user" title={session}>
            <span className="sr-only">{t('common:session.user')}: </span>
            <span data-testid="current-user">{session}</span>
          </span>
        ) : null}
        <button type="button" className="btn btn-ghost-light" onClick={logout} disabled={leaving} data-testid="logout-button">
          {t('common:session.logout')}
        </button>
      </div>
    </header>
  );
}
