import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** Price list: filled by the Prices issue. */
export function PriceListPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('prices.title')} subtitle={t('prices.subtitle')} />;
}
