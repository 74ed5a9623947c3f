import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from '@wms/shared-ui/router';
import type { Permission, Role } from '@wms/shared-api';
import { useSession } from '../session/useSession';
import { Hub } from './Hub';
import { PageHeader } from './PageHeader';
import { RequirePermission } from './RequirePermission';

/**
 * One screen of a section's menu. The hub card (`card-<id>`, title `<id>.title`, description `<id>.subtitle` in the
 * remote's namespace) and the route `<path>/*` both come from it, guarded by `permission`.
 */
export interface SectionArea {
  id: string;
  path: string;
  permission: Permission;
  Screen: ComponentType;
}

export interface SectionProps {
  /** The section's mount point in the shell, e.g. "/anagrafica". */
  basePath: string;
  /** The remote's i18n namespace: holds `hub.title`, `hub.subtitle` and each area's title and subtitle. */
  ns: string;
  /** The menu, in hub order. */
  areas: readonly SectionArea[];
  /** The role the hub assumes for a stored user without one (SPEC §3: admin on the reports hub). */
  roleWhenMissing?: Role;
}

/** The hub of a section: a card per screen the role may open (SPEC §2, §6). */
export function SectionHub({ basePath, ns, areas, roleWhenMissing }: SectionProps) {
  const { t } = useTranslation(ns);
  const { user } = useSession();
  return (
    <section>
      <PageHeader title={t('hub.title')} subtitle={t('hub.subtitle')} />
      <Hub
        label={t('hub.title')}
        role={roleWhenMissing ? user?.role || roleWhenMissing : undefined}
        cards={areas.map((a) => ({
          id: a.id,
          to: `${basePath}/${a.path}`,
          title: t(`${a.id}.title`),
          description: t(`${a.id}.subtitle`),
          permission: a.permission,
        }))}
      />
    </section>
  );
}

/**
 * A whole menu section as a remote exposes it: the hub at its base path, each area's screen under `<path>/*` (a signed-in
 * role without the area's permission goes home, `/`, SPEC §2, which names the page refused), anything else back to the hub.
 */
export function Section(props: SectionProps) {
  const { t } = useTranslation(props.ns);
  return (
    <Routes>
      <Route index element={<SectionHub {...props} />} />
      {props.areas.map((area) => (
        <Route
          key={area.id}
          path={`${area.path}/*`}
          element={
            <RequirePermission permission={area.permission} redirectTo="/" refusedName={t(`${area.id}.title`)}>
              <area.Screen />
            </RequirePermission>
          }
        />
      ))}
      <Route path="*" element={<Navigate to={props.basePath} replace />} />
    </Routes>
  );
}
