import { defineTranslations } from '@wms/shared-ui';

export const productsMessages = defineTranslations({
  it: {
    title: 'Prodotti',
    subtitle: 'Catalogo articoli: codici, famiglie, fornitori e unità di misura',
    newTitle: 'Nuovo prodotto',
    editTitle: 'Modifica prodotto',
  },
  fr: {
    title: 'Produits',
    subtitle: 'Catalogue des articles : codes, familles, fournisseurs et unités de mesure',
    newTitle: 'Nouveau produit',
    editTitle: 'Modifier le produit',
  },
});
