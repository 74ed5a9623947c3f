import { receiptValidationMessages as v } from '@wms/shared-api';
import type { Bilingual } from '../http/errors';

/** Refusals of the goods-receipt API, in both languages; where the form has the same rule, the form's words. */
export const receiptMessages = {
  orderNotFound: { it: 'Ordine fornitore inesistente o eliminato', fr: 'Commande fournisseur inexistante ou supprimée' },
  itemNotFound: { it: "Riga d'ordine inesistente", fr: 'Ligne de commande inexistante' },
  receiptNotFound: { it: 'Ricezione inesistente', fr: 'Réception inexistante' },
  itemNotInOrder: {
    it: "La riga {{item}} non appartiene all'ordine {{order}}",
    fr: "La ligne {{item}} n'appartient pas à la commande {{order}}",
  },
  productMismatch: {
    it: "Il prodotto indicato non è quello della riga d'ordine {{item}}",
    fr: "Le produit indiqué n'est pas celui de la ligne de commande {{item}}",
  },
  itemCompleted: {
    it: "L'articolo {{code}} è già completato: riaprilo prima di ricevere altra merce",
    fr: "L'article {{code}} est déjà soldé : rouvrez-le avant de recevoir d'autres marchandises",
  },
  overReceipt: {
    it: "Quantità eccessiva per l'articolo {{code}}: ordinati {{ordered}}, già ricevuti {{received}}, al massimo ancora {{max}} (tolleranza {{tolerance}}%)",
    fr: "Quantité excessive pour l'article {{code}} : commandé {{ordered}}, déjà reçu {{received}}, encore {{max}} au maximum (tolérance {{tolerance}} %)",
  },
  alreadyReversed: { it: 'Questa ricezione è già stata stornata', fr: 'Cette réception a déjà été extournée' },
  goodsLeft: {
    it: 'Impossibile stornare la ricezione: la merce non è più in giacenza ({{code}}{{batch}} in {{warehouse}}: disponibili {{available}}, da stornare {{requested}})',
    fr: "Impossible d'extourner la réception : la marchandise n'est plus en stock ({{code}}{{batch}} dans {{warehouse}} : disponible {{available}}, à extourner {{requested}})",
  },
  batchesRequired: { it: `${v.it.batchesRequired} ({{code}})`, fr: `${v.fr.batchesRequired} ({{code}})` },
  expiredBatch: {
    it: 'Il lotto {{batch}} di {{code}} è scaduto il {{expiry}}, prima della data di ricezione {{date}}: conferma esplicitamente la ricezione di merce scaduta',
    fr: 'Le lot {{batch}} de {{code}} a expiré le {{expiry}}, avant la date de réception {{date}} : confirmez explicitement la réception de marchandise périmée',
  },
  receiptReversed: { it: 'Ricezione stornata', fr: 'Réception extournée' },
} satisfies Record<string, Bilingual>;
