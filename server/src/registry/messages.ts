import type { Bilingual } from '../http/errors';

/**
 * Refusals and confirmations of the registry API, in both languages (the error handler answers in the caller's). The
 * product form shows a 400's or 409's text as is (SPEC §8), so these are sentences for the person at the form.
 */
export const registryMessages = {
  productNotFound: { it: 'Prodotto non trovato', fr: 'Produit introuvable' },
  productCodeTaken: {
    it: 'Esiste già un prodotto con il codice {{code}}',
    fr: 'Un produit avec le code {{code}} existe déjà',
  },
  productHasStock: {
    it: 'Impossibile eliminare il prodotto {{code}}: ha ancora giacenza in magazzino',
    fr: 'Impossible de supprimer le produit {{code}} : il a encore du stock en entrepôt',
  },
  productDeleted: { it: 'Prodotto eliminato con successo', fr: 'Produit supprimé avec succès' },
  supplierUnknown: {
    it: 'Fornitore inesistente o eliminato (id {{id}})',
    fr: 'Fournisseur inexistant ou supprimé (id {{id}})',
  },
  warehouseNotFound: { it: 'Magazzino non trovato', fr: 'Entrepôt introuvable' },
  warehouseNameTaken: {
    it: 'Esiste già un magazzino con il nome {{name}}',
    fr: 'Un entrepôt nommé {{name}} existe déjà',
  },
  warehouseDeleted: { it: 'Magazzino eliminato con successo', fr: 'Entrepôt supprimé avec succès' },
  supplierNotFound: { it: 'Fornitore non trovato', fr: 'Fournisseur introuvable' },
  supplierDeleted: { it: 'Fornitore eliminato con successo', fr: 'Fournisseur supprimé avec succès' },
  customerNotFound: { it: 'Cliente non trovato', fr: 'Client introuvable' },
  customerDeleted: { it: 'Cliente eliminato con successo', fr: 'Client supprimé avec succès' },
} satisfies Record<string, Bilingual>;
