import { defineTranslations } from '@wms/shared-ui';

export const stockLevelsMessages = defineTranslations({
  it: { title: 'Giacenze', subtitle: 'Quantità disponibili per prodotto, magazzino e lotto' },
  fr: { title: 'Niveaux de stock', subtitle: 'Quantités disponibles par produit, entrepôt et lot' },
});
