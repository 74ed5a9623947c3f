import { Navigate, useNavigate } from '@wms/shared-ui/router';
import { LoginScreen, useSession } from '@wms/shared-ui';

/** /login: the shared sign-in screen, without the top navigation. Signed-in users go home. */
export function LoginPage() {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  if (signedIn) return <Navigate to="/" replace />;
  return <LoginScreen onSuccess={() => navigate('/', { replace: true })} />;
}
