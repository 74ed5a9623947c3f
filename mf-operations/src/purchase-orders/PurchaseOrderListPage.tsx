import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** Purchase order list: filled by the Purchase orders issue. */
export function PurchaseOrderListPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('purchaseOrders.title')} subtitle={t('purchaseOrders.subtitle')} />;
}
