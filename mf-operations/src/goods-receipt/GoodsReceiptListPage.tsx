import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** Orders to receive: filled by the Goods receipt issue. */
export function GoodsReceiptListPage() {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t('goodsReceipt.title')} subtitle={t('goodsReceipt.subtitle')} />;
}
