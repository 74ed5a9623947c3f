import type { Bilingual } from '../http/errors';

/** Refusals and words of the inventory counts (issue 25), Italian first. */
export const inventoryMessages = {
  notFound: { it: 'Inventario non trovato (id {{id}})', fr: 'Inventaire introuvable (id {{id}})' },
  warehouseNotFound: { it: 'Magazzino inesistente o eliminato (id {{id}})', fr: 'Entrepôt inexistant ou supprimé (id {{id}})' },
  productsNotFound: {
    it: 'Prodotti inesistenti o eliminati: {{ids}}',
    fr: 'Produits inexistants ou supprimés : {{ids}}',
  },
  overlap: {
    it: "C'è già un inventario aperto (n. {{id}}) per questo magazzino con prodotti in comune: chiudilo o annullalo prima",
    fr: 'Un inventaire est déjà ouvert (n° {{id}}) pour cet entrepôt avec des produits en commun : appliquez-le ou annulez-le d’abord',
  },
  emptyScope: {
    it: 'Nessun prodotto da contare: la famiglia {{family}} non ha prodotti',
    fr: 'Aucun produit à compter : la famille {{family}} n’a aucun produit',
  },
  notOpen: {
    it: "L'inventario n. {{id}} è già {{status}}: non può più essere modificato",
    fr: "L'inventaire n° {{id}} est déjà {{status}} : il ne peut plus être modifié",
  },
  statusApplied: { it: 'applicato', fr: 'appliqué' },
  statusCancelled: { it: 'annullato', fr: 'annulé' },
  problems: {
    it: "Impossibile applicare l'inventario: {{count}} righe da correggere (nessuna modifica eseguita)",
    fr: "Impossible d'appliquer l'inventaire : {{count}} ligne(s) à corriger (aucune modification effectuée)",
  },
  negativeStock: {
    it: 'La giacenza diventerebbe negativa: contati {{counted}}, a libro {{book}}, movimentati da allora {{moved}}',
    fr: 'Le stock deviendrait négatif : compté {{counted}}, théorique {{book}}, mouvementé depuis {{moved}}',
  },
  productInactive: {
    it: 'Il prodotto {{code}} è disattivato: riattivalo per registrare la rettifica',
    fr: 'Le produit {{code}} est désactivé : réactivez-le pour enregistrer l’ajustement',
  },
  productDeleted: { it: 'Il prodotto {{code}} è stato eliminato', fr: 'Le produit {{code}} a été supprimé' },
  datesRequired: {
    it: 'Lotto nuovo senza le date che il prodotto {{code}} richiede: indicale nel conteggio',
    fr: 'Nouveau lot sans les dates que le produit {{code}} exige : indiquez-les dans le comptage',
  },
  cancelled: { it: 'Inventario annullato', fr: 'Inventaire annulé' },
} satisfies Record<string, Bilingual>;
