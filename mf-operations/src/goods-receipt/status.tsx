import { useTranslation } from 'react-i18next';
import type { ItemStatus } from '@wms/shared-api';
import { Badge, type BadgeTone } from '@wms/shared-ui';
import { NS } from '../paths';

/** SPEC §4 colours: pending red, partially received yellow, completed green (an order's: ../shared/order-status). */
const ITEM_TONE: Record<ItemStatus, BadgeTone> = { pending: 'danger', partiallyReceived: 'warning', completed: 'success' };

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { t } = useTranslation(NS);
  return <Badge tone={ITEM_TONE[status]}>{t(`goodsReceipt.itemStatus.${status}`)}</Badge>;
}
