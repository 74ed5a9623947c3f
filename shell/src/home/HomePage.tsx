import { useTranslation } from 'react-i18next';
import { Hub, PageHeader, useSession, type HubCard } from '@wms/shared-ui';
import '../i18n';
import { SECTIONS } from '../sections';
import { HomeDashboard } from './HomeDashboard';
import { useRefusedNotice } from './useRefusedNotice';

/**
 * / : one card per section the role may open (SPEC §2). Card test ids: card-registry, card-operations, …
 * Sent here by a permission guard, it says which section or page was refused.
 */
export function HomePage() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  useRefusedNotice();
  const cards: HubCard[] = SECTIONS.map((s) => ({
    id: s.remote,
    to: s.path,
    title: t(`sections.${s.remote}.title`),
    description: t(`sections.${s.remote}.description`),
    permission: s.permission,
  }));
  return (
    <section>
      <PageHeader title={t('home.title', { name: user?.name ?? '' })} subtitle={t('home.subtitle')} />
      <HomeDashboard>
        <Hub cards={cards} label={t('home.cardsLabel')} />
      </HomeDashboard>
    </section>
  );
}
