import { useTranslation } from 'react-i18next';
import { Hub, PageHeader } from '@wms/shared-ui';
import { AREAS } from '../areas';
import { BASE_PATH, NS } from '../paths';

/** /operazioni: cards for the operations the role may use (SPEC §6). */
export function OperationsHub() {
  const { t } = useTranslation(NS);
  return (
    <section>
      <PageHeader title={t('hub.title')} subtitle={t('hub.subtitle')} />
      <Hub
        label={t('hub.title')}
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
