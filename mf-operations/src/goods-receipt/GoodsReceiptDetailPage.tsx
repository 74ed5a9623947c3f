import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** Receiving one order: filled by the Goods receipt issue. */
export function GoodsReceiptDetailPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('goodsReceipt.detailTitle')} />;
}
