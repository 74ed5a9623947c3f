import { defineTranslations } from '@wms/shared-ui';
import { inventoryMessages } from '../inventory/messages';
import { stockLevelsMessages } from '../stock-levels/messages';
import { valuationMessages } from '../valuation/messages';

/** Namespace `reports`: the hub's wording plus each screen's own messages (kept next to the screen). */
export const reportsMessages = defineTranslations({
  it: {
    hub: { title: 'Report', subtitle: 'Giacenze, inventario e valorizzazione del magazzino' },
    stockLevels: stockLevelsMessages.it,
    inventory: inventoryMessages.it,
    valuation: valuationMessages.it,
  },
  fr: {
    hub: { title: 'Rapports', subtitle: "Niveaux de stock, inventaire et valorisation de l'entrepôt" },
    stockLevels: stockLevelsMessages.fr,
    inventory: inventoryMessages.fr,
    valuation: valuationMessages.fr,
  },
});
