import { defineTranslations } from '@wms/shared-ui';
import { goodsReceiptMessages } from '../goods-receipt/messages';
import { movementsMessages } from '../movements/messages';
import { pricesMessages } from '../prices/messages';
import { purchaseOrdersMessages } from '../purchase-orders/messages';
import { replenishmentMessages } from '../replenishment/messages';
import { salesMessages } from '../sales/messages';
import { stockMessages } from '../shared/stock-messages';
import { stockTransferMessages } from '../stock-transfer/messages';

/** Namespace `operations`: the hub's wording plus each screen's own messages (kept next to the screen). */
export const operationsMessages = defineTranslations({
  it: {
    hub: { title: 'Operazioni', subtitle: 'Acquisti, ricezioni, prezzi, vendite e movimenti di magazzino' },
    // "Totale: 12,00 €" — in French a (no-break) space comes before the colon: "Total : 12,00 €".
    labelled: '{{label}}:',
    purchaseOrders: purchaseOrdersMessages.it,
    goodsReceipt: goodsReceiptMessages.it,
    prices: pricesMessages.it,
    sales: salesMessages.it,
    movements: movementsMessages.it,
    stockTransfer: stockTransferMessages.it,
    replenishment: replenishmentMessages.it,
    stock: stockMessages.it,
  },
  fr: {
    hub: { title: 'Opérations', subtitle: 'Achats, réceptions, prix, ventes et mouvements de stock' },
    labelled: '{{label}}\u00a0:',
    purchaseOrders: purchaseOrdersMessages.fr,
    goodsReceipt: goodsReceiptMessages.fr,
    prices: pricesMessages.fr,
    sales: salesMessages.fr,
    movements: movementsMessages.fr,
    stockTransfer: stockTransferMessages.fr,
    replenishment: replenishmentMessages.fr,
    stock: stockMessages.fr,
  },
});
