import { defineTranslations } from '@wms/shared-ui';

export const purchaseOrdersMessages = defineTranslations({
  it: {
    title: 'Ordini fornitori',
    subtitle: 'Ordini di acquisto ai fornitori, con date di arrivo e righe articolo',
    newTitle: 'Nuovo ordine fornitore',
    editTitle: 'Modifica ordine fornitore',
  },
  fr: {
    title: 'Commandes fournisseurs',
    subtitle: "Commandes d'achat aux fournisseurs, avec dates d'arrivée et lignes d'articles",
    newTitle: 'Nouvelle commande fournisseur',
    editTitle: 'Modifier la commande fournisseur',
  },
});
