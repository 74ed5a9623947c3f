import { can } from '@wms/shared-api/core';
import { sectionOf } from '../sections';

/**
 * Where each card leads: the list that shows what it counts, built from the remote's base path (remotes.config.json).
 * The screens' own paths below a base are the remotes' (SPEC §2): ricezione-merce, ordini-fornitori, riordino, giacenze.
 * Expired and expiring batches open the stock levels filtered on them (`expiry=expired`; `expiry=expiring` with the card's
 * window, `within_days`); stock levels have no below-minimum filter yet: that card opens the report as it is (README "Home
 * dashboard"); late orders open the purchase-order list filtered `late=true`.
 */
function under(remote: string, sub: string, query = ''): string | null {
  const s = sectionOf(remote);
  return s ? `${s.path}/${sub}${query}` : null;
}

export function cardLinks(role: string | null | undefined) {
  return {
    expiredBatches: under('reports', 'giacenze', '?expiry=expired'),
    expiringBatches: (days: number) => under('reports', 'giacenze', `?expiry=expiring&within_days=${days}`),
    belowMinimum: can(role, 'replenishment') ? under('operations', 'riordino') : under('reports', 'giacenze'),
    lateOrders: can(role, 'purchaseOrders')
      ? under('operations', 'ordini-fornitori', '?late=true')
      : under('operations', 'ricezione-merce'),
    arriving: can(role, 'goodsReceipt') ? under('operations', 'ricezione-merce') : under('operations', 'ordini-fornitori'),
    inTransit: under('operations', 'trasferimenti', '?status=in_transit'),
    openCounts: under('reports', 'inventario'),
  };
}
