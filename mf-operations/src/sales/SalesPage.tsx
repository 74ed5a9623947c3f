import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** /operazioni/vendite: table and inline new-sale form, filled by the Sales issue. */
export function SalesPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('sales.title')} subtitle={t('sales.subtitle')} />;
}
