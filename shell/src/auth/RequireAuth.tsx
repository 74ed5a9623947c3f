import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { api } from '@wms/shared-api';
import { useSession } from '@wms/shared-ui';

/**
 * Authentication guard (SPEC §2): without a stored session every page leads to /login. With one, every navigation asks
 * the server whether the session is still alive (GET /auth/me): a user deactivated, deleted or whose password was changed
 * meanwhile gets a 401, and the API client's 401 handler clears the session and opens /login — on their next action, even
 * on pages that call nothing else.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const { pathname } = useLocation();
  useEffect(() => {
    if (signedIn) void api.get('/auth/me').catch(() => undefined);
  }, [signedIn, pathname]);
  if (!signedIn) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
