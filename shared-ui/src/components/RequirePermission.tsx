import type { ReactNode } from 'react';
import { Navigate } from '@wms/shared-ui/router';
import { can, type Permission } from '@wms/shared-api/core';
import { useSession } from '../session/useSession';

export interface RequirePermissionProps {
  permission: Permission;
  /** Where a role without the permission goes: home for a section, the hub for a sub-area. */
  redirectTo: string;
  /**
   * The refused page's name in the user's language, handed to where the user is sent (router state `{ refused }`): the
   * shell's home page says "Non hai il permesso di aprire «…»" once. Without it the redirect says nothing.
   */
  refusedName?: string;
  children: ReactNode;
}

/** Renders `children` only for roles holding `permission`; others are redirected (SPEC §2 permission guard). */
export function RequirePermission({ permission, redirectTo, refusedName, children }: RequirePermissionProps) {
  const { user } = useSession();
  if (!can(user?.role, permission)) return <Navigate to={redirectTo} replace state={refusedName ? { refused: refusedName } : undefined} />;
  return <>{children}</>;
}
