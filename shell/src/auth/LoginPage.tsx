import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from '@wms/shared-ui/router';
import { LoginScreen, useSession } from '@wms/shared-ui';

/** What a guard or the 401 handler hands to /login: the page to come back to. */
export interface LoginState {
  from?: string;
  /** The user chose "Esci": nothing ended under them. */
  signedOut?: boolean;
}

/**
 * A session that ended under the user in this tab (the API client's 401), and the page they were on: noted by the 401
 * handler as it happens, so /login says so whichever navigation reached it first (the guard's, as the session cleared,
 * or the handler's); forgotten once signed in again.
 */
let ended: { from?: string } | null = null;
export function noteSessionEnded(from: string | undefined): void {
  ended = { from };
}

/** The page to open after signing in: the one the user was sent from (an address of this portal), else home. */
function backTo(from: string | undefined): string {
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/**
 * /login: the shared sign-in screen, without the top navigation. A session that ended under the user says so; once
 * signed in, the user is back on the page they were on (or had opened). Signed-in users go there (home by default).
 */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const state = useLocation().state as LoginState | null;
  const back = backTo(state?.from ?? ended?.from);
  if (signedIn) return <Navigate to={back} replace />;
  const onSuccess = () => {
    ended = null;
    navigate(back, { replace: true });
  };
  return <LoginScreen notice={ended && !state?.signedOut ? t('auth.sessionEnded') : undefined} onSuccess={onSuccess} />;
}
