import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from '@wms/shared-ui/router';
import { api, getToken, getUser, saveSession, type SessionUser } from '@wms/shared-api/core';
import { useSession } from '@wms/shared-ui';

/** Keeps the stored user in step with the server (a role or name changed by an admin shows at the next navigation). */
function refreshStoredUser(fresh: SessionUser): void {
  const stored = getUser();
  const token = getToken();
  if (!token || !stored) return;
  if (stored.id !== fresh.id || stored.role !== fresh.role || stored.name !== fresh.name || stored.username !== fresh.username) {
    saveSession(token, { id: fresh.id, username: fresh.username, name: fresh.name, role: fresh.role });
  }
}

/**
 * Authentication guard (SPEC §2): without a stored session every page leads to /login. With one, every navigation asks
 * the server whether the session is still alive (GET /auth/me): a user deactivated, deleted or whose password was changed
 * meanwhile gets a 401, and the API client's 401 handler clears the session and opens /login — on their next action, even
 * on pages that call nothing else. A user whose role changed sees the menus of the new role.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!signedIn) return;
    api
      .get<SessionUser>('/auth/me')
      .then(({ data }) => data && typeof data.id === 'number' && refreshStoredUser(data))
      .catch(() => undefined);
  }, [signedIn, pathname]);
  // A page opened without a session (a link, a bookmark) is where the user goes once signed in.
  if (!signedIn) return <Navigate to="/login" replace state={{ from: pathname + search }} />;
  return <>{children}</>;
}
