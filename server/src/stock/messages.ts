import { movementValidationMessages as v } from '@wms/shared-api';
import type { Bilingual } from '../http/errors';

/**
 * Refusals of the stock ledger and its routes that are not rules of the movement form, in both languages. The form's rules
 * (types, quantity, dates, transfer, batch and dates per product) are checked by input.ts with shared-api's movement
 * schema and answered in its words; availability, which the ledger re-checks under its locks, uses the form's sentence.
 */
export const stockMessages = {
  // The movement form's rule, re-checked by the ledger under its row locks: the form's words (shared-api movement.ts).
  insufficientStock: { it: v.it.insufficientStock, fr: v.fr.insufficientStock },
  batchDatesMismatch: {
    it: 'Il lotto {{batch}} del prodotto {{code}} è già in giacenza con date diverse (produzione {{production}}, scadenza {{expiry}})',
    fr: 'Le lot {{batch}} du produit {{code}} est déjà en stock avec des dates différentes (production {{production}}, expiration {{expiry}})',
  },
  productNotFound: { it: 'Prodotto inesistente o eliminato (id {{id}})', fr: 'Produit inexistant ou supprimé (id {{id}})' },
  productInactive: {
    it: 'Il prodotto {{code}} è disattivato: non può essere movimentato',
    fr: 'Le produit {{code}} est désactivé : il ne peut pas être mouvementé',
  },
  warehouseNotFound: { it: 'Magazzino inesistente o eliminato (id {{id}})', fr: 'Entrepôt inexistant ou supprimé (id {{id}})' },
  warehouseInactive: {
    it: 'Il magazzino {{name}} è disattivato: non può essere movimentato',
    fr: "L'entrepôt {{name}} est désactivé : il ne peut pas être mouvementé",
  },
  reversalInsufficientStock: {
    it: 'Impossibile {{action}} il movimento: la merce è già stata movimentata. Nel magazzino {{warehouse}} sono disponibili {{available}} del prodotto {{code}}{{batch}}, ne servirebbero {{requested}}',
    fr: 'Impossible de {{action}} le mouvement : la marchandise a déjà été mouvementée. {{available}} disponible(s) du produit {{code}}{{batch}} dans l’entrepôt {{warehouse}}, il en faudrait {{requested}}',
  },
  batchSuffix: { it: ', lotto {{batch}}', fr: ', lot {{batch}}' },
  actionDelete: { it: 'eliminare', fr: 'supprimer' },
  actionUpdate: { it: 'modificare', fr: 'modifier' },
  quantityOverflow: {
    it: 'La giacenza risultante supera il massimo gestibile',
    fr: 'Le stock résultant dépasse le maximum gérable',
  },
  movementNotFound: { it: 'Movimento non trovato', fr: 'Mouvement introuvable' },
  invalidMovementId: { it: 'Identificativo di movimento non valido: {{id}}', fr: 'Identifiant de mouvement non valide : {{id}}' },
  alreadyReversed: {
    it: 'Il movimento è già stato modificato o eliminato: ricarica l’elenco',
    fr: 'Le mouvement a déjà été modifié ou supprimé : rechargez la liste',
  },
  reversalWarehouseDeleted: {
    it: 'Impossibile annullare il movimento: il magazzino {{name}} che riceverebbe la merce è stato eliminato',
    fr: "Impossible d'annuler le mouvement : l'entrepôt {{name}} qui recevrait la marchandise a été supprimé",
  },
  reversalProductDeleted: {
    it: 'Impossibile annullare il movimento: il prodotto {{code}} è stato eliminato',
    fr: "Impossible d'annuler le mouvement : le produit {{code}} a été supprimé",
  },
  reversalImmutable: {
    it: 'Uno storno non può essere modificato né eliminato',
    fr: 'Une extourne ne peut être ni modifiée ni supprimée',
  },
  notManual: {
    it: 'Questo movimento è generato da un documento ({{type}} {{number}}): modificalo dal documento',
    fr: 'Ce mouvement provient d’un document ({{type}} {{number}}) : modifiez-le depuis le document',
  },
  warehouseHoldsStock: {
    it: 'Impossibile eliminare il magazzino: contiene ancora prodotti',
    fr: "Impossible de supprimer l'entrepôt : il contient encore des produits",
  },
  reversalNote: { it: 'Storno del movimento {{id}}', fr: 'Extourne du mouvement {{id}}' },
  deleted: { it: 'Movimento eliminato', fr: 'Mouvement supprimé' },
} satisfies Record<string, Bilingual>;

/**
 * A message whose placeholders are themselves language-dependent (", lotto L1" / ", lot L1"): fills `parts` per
 * language first, leaving the other placeholders for the error handler's params.
 */
export function compose(message: Bilingual, parts: Record<string, Bilingual>): Bilingual {
  const fill = (lang: keyof Bilingual) =>
    message[lang].replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (parts[key] ? parts[key][lang] : whole));
  return { it: fill('it'), fr: fill('fr') };
}
