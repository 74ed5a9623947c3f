import { useTranslation } from 'react-i18next';
import { Outlet } from '@wms/shared-ui/router';
import '../i18n';
import { TopBar } from './TopBar';

/** Every signed-in page: top bar and the page below it. */
export function Layout() {
  const { t } = useTranslation('shell');
  return (
    <>
      <a href="#main" className="sr-only">
        {t('nav.skip')}
      </a>
      <TopBar />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
