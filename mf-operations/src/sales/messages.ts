import { defineTranslations } from '@wms/shared-ui';

export const salesMessages = defineTranslations({
  it: { title: 'Vendite', subtitle: 'Vendite ai clienti per prodotto, lotto e magazzino' },
  fr: { title: 'Ventes', subtitle: 'Ventes aux clients par produit, lot et entrepôt' },
});
