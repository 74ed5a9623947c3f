import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '@wms/shared-ui/router';
import { toastError } from '@wms/shared-ui';
import '../i18n';
import { refusedOf } from '../auth/refused';

/** The location last announced: React's development double effects and re-renders never say it twice. */
let announced: string | undefined;

/**
 * When a permission guard sent the user here (router state `refused`), says once, as a toast, what was refused
 * ("Non hai il permesso di aprire «Utenti»"), then drops the state so Back/Forward or a reload do not say it again.
 */
export function useRefusedNotice(): void {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const refused = refusedOf(location.state);
  useEffect(() => {
    if (!refused || announced === location.key) return;
    announced = location.key;
    toastError(t('forbidden', { what: refused }));
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [refused, location.key, location.pathname, location.search, location.hash, navigate, t]);
}
