import { useTranslation } from 'react-i18next';
import { ErrorState } from '@wms/shared-ui';
import '../i18n';

/** Last resort for an error in the shell's own routes (remote failures are handled inside their sections). */
export function RouteError() {
  const { t } = useTranslation('shell');
  return (
    <main className="app-main">
      <ErrorState message={t('routeError')} onRetry={() => window.location.reload()} />
    </main>
  );
}
