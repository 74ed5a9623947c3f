import { can } from '@wms/shared-api/core';
import { sectionOf } from '../sections';

/**
 * Where each card leads: the list that shows what it counts, built from the remote's base path (remotes.config.json).
 * The screens' own paths below a base are the remotes' (SPEC §2): ricezione-merce, ordini-fornitori, riordino, giacenze.
 * Expired batches open the stock levels filtered `expiry=expired`; stock levels have no "expiring" or below-minimum filter
 * yet: those cards open the report as it is (README "Home dashboard"); late orders open the purchase-order list filtered
 * `late=true`.
 */
function under(remote: string, sub: string, query = ''): string | null {
  const s = sectionOf(remote);
  return s ? `${s.path}/${sub}${query}` : null;
}

export function cardLinks(role: string | null | undefined) {
  return {
    batches: under('reports', 'giacenze'),
    expiredBatches: under('reports', 'giacenze', '?expiry=expired'),
    belowMinimum: can(role, 'replenishment') ? under('operations', 'riordino') : under('reports', 'giacenze'),
    lateOrders: can(role, 'purchaseOrders')
      ? under('operations', 'ordini-fornitori', '?late=true')
      : under('operations', 'ricezione-merce'),
    arriving: can(role, 'goodsReceipt') ? under('operations', 'ricezione-merce') : under('operations', 'ordini-fornitori'),
    inTransit: under('operations', 'trasferimenti', '?status=in_transit'),
    openCounts: under('reports', 'inventario'),
  };
}
