import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** Movement list: filled by the Stock movements issue. */
export function MovementListPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('movements.title')} subtitle={t('movements.subtitle')} />;
}
