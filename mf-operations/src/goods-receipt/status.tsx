import { useTranslation } from 'react-i18next';
import type { ItemStatus, OrderStatus } from '@wms/shared-api';
import { Badge, type BadgeTone } from '@wms/shared-ui';
import { NS } from '../paths';

/** SPEC §4 colours: pending red, partially received yellow, completed green (orders alike). */
const ITEM_TONE: Record<ItemStatus, BadgeTone> = { pending: 'danger', partiallyReceived: 'warning', completed: 'success' };
const ORDER_TONE: Record<OrderStatus, BadgeTone> = { notReceived: 'danger', partiallyReceived: 'warning', fullyReceived: 'success' };

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { t } = useTranslation(NS);
  return <Badge tone={ITEM_TONE[status]}>{t(`goodsReceipt.itemStatus.${status}`)}</Badge>;
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation(NS);
  return <Badge tone={ORDER_TONE[status]}>{t(`goodsReceipt.orderStatus.${status}`)}</Badge>;
}
