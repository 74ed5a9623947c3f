import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@wms/shared-api';
import { Badge, type BadgeTone } from '@wms/shared-ui';
import { NS } from '../paths';

/** SPEC §4 colours: not received red, partially received yellow, fully received green. */
const ORDER_TONE: Record<OrderStatus, BadgeTone> = { notReceived: 'danger', partiallyReceived: 'warning', fullyReceived: 'success' };

/** An order's status, in the same words and colour wherever an order is shown (the order list, goods receipt). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation(NS);
  return <Badge tone={ORDER_TONE[status]}>{t(`purchaseOrders.status.${status}`)}</Badge>;
}
