import { useTranslation } from 'react-i18next';
import { Hub, PageHeader, useSession } from '@wms/shared-ui';
import { AREAS } from '../areas';
import { BASE_PATH, NS } from '../paths';

/** /report: cards for the reports the role may open (SPEC §6). */
export function ReportsHub() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  return (
    <section>
      <PageHeader title={t('hub.title')} subtitle={t('hub.subtitle')} />
      <Hub
        label={t('hub.title')}
        // SPEC §3: a stored user without a role counts as admin on this hub.
        role={user?.role || 'admin'}
        cards={AREAS.map((a) => ({
          id: a.id,
          to: `${BASE_PATH}/${a.path}`,
          title: t(`${a.id}.title`),
          description: t(`${a.id}.subtitle`),
          permission: a.permission,
        }))}
      />
    </section>
  );
}
