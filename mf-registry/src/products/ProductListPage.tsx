import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** Product list: filled by the Products issue. */
export function ProductListPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('products.title')} subtitle={t('products.subtitle')} />;
}
