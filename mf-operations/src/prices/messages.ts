import { defineTranslations } from '@wms/shared-ui';

export const pricesMessages = defineTranslations({
  it: {
    title: 'Prezzi',
    subtitle: 'Prezzi di acquisto per prodotto e fornitore, con periodo di validità',
    newTitle: 'Nuovo prezzo',
    editTitle: 'Modifica prezzo',
  },
  fr: {
    title: 'Prix',
    subtitle: "Prix d'achat par produit et fournisseur, avec période de validité",
    newTitle: 'Nouveau prix',
    editTitle: 'Modifier le prix',
  },
});
