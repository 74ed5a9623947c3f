import type { Bilingual } from '../http/errors';

/** Refusals and confirmations of the prices API (SPEC §8 Prices), in both languages. */
export const priceMessages = {
  priceNotFound: { it: 'Prezzo non trovato', fr: 'Prix introuvable' },
  /** SPEC §8: the text the price form shows on 409. */
  overlap: { it: 'Esiste già un prezzo valido per questo periodo', fr: 'Un prix valide existe déjà pour cette période' },
  productUnknown: { it: 'Prodotto inesistente o eliminato (id {{id}})', fr: 'Produit inexistant ou supprimé (id {{id}})' },
  supplierUnknown: { it: 'Fornitore inesistente o eliminato (id {{id}})', fr: 'Fournisseur inexistant ou supprimé (id {{id}})' },
  productOfOtherSupplier: {
    it: 'Il prodotto {{code}} non è di questo fornitore',
    fr: "Le produit {{code}} n'appartient pas à ce fournisseur",
  },
  priceDeleted: { it: 'Prezzo eliminato con successo', fr: 'Prix supprimé avec succès' },
} satisfies Record<string, Bilingual>;
