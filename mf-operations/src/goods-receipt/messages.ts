import { defineTranslations } from '@wms/shared-ui';

export const goodsReceiptMessages = defineTranslations({
  it: {
    title: 'Ricezione merce',
    subtitle: 'Ricevimento della merce a fronte degli ordini fornitori, con lotti e documenti di trasporto',
    detailTitle: 'Ricezione ordine',
    historyTitle: 'Storico ricezioni articolo',
  },
  fr: {
    title: 'Réception des marchandises',
    subtitle: 'Réception des marchandises sur commandes fournisseurs, avec lots et bons de livraison',
    detailTitle: 'Réception de la commande',
    historyTitle: "Historique des réceptions de l'article",
  },
});
