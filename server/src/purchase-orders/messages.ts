import type { Bilingual } from '../http/errors';

/** Refusals and confirmations of the purchase-orders API (SPEC §8 Purchase orders), in both languages. */
export const orderMessages = {
  orderNotFound: { it: 'Ordine non trovato', fr: 'Commande introuvable' },
  supplierUnknown: { it: 'Fornitore inesistente o eliminato (id {{id}})', fr: 'Fournisseur inexistant ou supprimé (id {{id}})' },
  productUnknown: { it: 'Prodotto inesistente o eliminato (id {{id}})', fr: 'Produit inexistant ou supprimé (id {{id}})' },
  productOfOtherSupplier: {
    it: 'Il prodotto {{code}} non è di questo fornitore',
    fr: "Le produit {{code}} n'appartient pas à ce fournisseur",
  },
  productInactive: { it: 'Il prodotto {{code}} non è attivo', fr: "Le produit {{code}} n'est pas actif" },
  itemUnknown: { it: 'La riga {{id}} non appartiene a questo ordine', fr: "La ligne {{id}} n'appartient pas à cette commande" },
  hasReceipts: {
    it: "Impossibile eliminare l'ordine {{number}}: ha già ricezioni di merce",
    fr: 'Impossible de supprimer la commande {{number}} : des marchandises ont déjà été réceptionnées',
  },
  belowReceived: {
    it: 'La quantità del prodotto {{code}} non può scendere sotto quanto già ricevuto ({{received}})',
    fr: 'La quantité du produit {{code}} ne peut pas descendre sous la quantité déjà réceptionnée ({{received}})',
  },
  receivedLineRemoved: {
    it: 'La riga del prodotto {{code}} ha già ricezioni: non può essere tolta né cambiare prodotto',
    fr: 'La ligne du produit {{code}} a déjà des réceptions : elle ne peut être ni retirée ni changer de produit',
  },
  orderDeleted: { it: 'Ordine eliminato con successo', fr: 'Commande supprimée avec succès' },
} satisfies Record<string, Bilingual>;
