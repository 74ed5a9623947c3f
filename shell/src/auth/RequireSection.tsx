import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from '@wms/shared-ui/router';
import { can } from '@wms/shared-api/core';
import { useSession } from '@wms/shared-ui';
import '../i18n';
import type { Section } from '../sections';
import type { RefusedState } from './refused';

/**
 * Permission guard of a section (SPEC §2): a role without the section's permission goes home, and the home page says
 * which section was refused (router state, see refused.ts) instead of a silent redirect.
 */
export function RequireSection({ section, children }: { section: Section; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  if (!can(user?.role, section.permission)) {
    const state: RefusedState = { refused: t(`sections.${section.remote}.title`) };
    return <Navigate to="/" replace state={state} />;
  }
  return <>{children}</>;
}
