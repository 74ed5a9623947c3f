import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '@wms/shared-ui';

/** Authentication guard (SPEC §2): without a stored session every page leads to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
