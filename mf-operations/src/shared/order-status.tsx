import { useTranslation } from 'react-i18next';
import type { ItemStatus, OrderStatus } from '@wms/shared-api';
import { Badge, type BadgeTone } from '@wms/shared-ui';
import { NS } from '../paths';

/** SPEC §4 colours of an order: not received red, partially received yellow, fully received green. */
const ORDER_TONE: Record<OrderStatus, BadgeTone> = { notReceived: 'danger', partiallyReceived: 'warning', fullyReceived: 'success' };
/** SPEC §4 colours of an order's item: pending red, partially received yellow, completed green. */
const ITEM_TONE: Record<ItemStatus, BadgeTone> = { pending: 'danger', partiallyReceived: 'warning', completed: 'success' };

/** An order's status, in the same words and colour wherever an order is shown (the order list, goods receipt). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation(NS);
  return <Badge tone={ORDER_TONE[status]}>{t(`purchaseOrders.status.${status}`)}</Badge>;
}

/** An order item's status, in the same words and colour wherever an item is shown (its receipt, its history). */
export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { t } = useTranslation(NS);
  return <Badge tone={ITEM_TONE[status]}>{t(`goodsReceipt.itemStatus.${status}`)}</Badge>;
}
