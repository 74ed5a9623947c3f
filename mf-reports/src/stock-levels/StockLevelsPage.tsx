import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** /report/giacenze: filled by the Stock reports issue. */
export function StockLevelsPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('stockLevels.title')} subtitle={t('stockLevels.subtitle')} />;
}
