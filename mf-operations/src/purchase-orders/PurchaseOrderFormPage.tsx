import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '@wms/shared-ui';
import { NS } from '../paths';

/** New / edit purchase order: filled by the Purchase orders issue. */
export function PurchaseOrderFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  return <ScreenPlaceholder title={t(mode === 'new' ? 'purchaseOrders.newTitle' : 'purchaseOrders.editTitle')} />;
}
