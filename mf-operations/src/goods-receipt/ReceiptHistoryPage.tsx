import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** Receipt history of one order item: filled by the Goods receipt issue. */
export function ReceiptHistoryPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('goodsReceipt.historyTitle')} />;
}
