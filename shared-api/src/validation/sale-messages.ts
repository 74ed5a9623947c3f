import { registerValidationMessages, validationMessages } from './messages';

/**
 * The sale rules' words (SPEC §5, §8 Sales), registered once in the one validation table: the sale form, the server's 400
 * (its standard validator) and its 409s (stock, expiry, unavailable product or customer) say the same sentence.
 */
export const saleValidationMessages = registerValidationMessages({
  it: {
    aboveAvailability: 'Quantità superiore alla disponibilità: disponibili {{available}}',
    noStock: 'Nessuna giacenza disponibile per questo prodotto',
    batchRequired: 'Il lotto è obbligatorio per questo prodotto',
    batchExpired: 'Il lotto {{batch}} è scaduto il {{expiry}}: non può essere venduto',
    productUnavailable: 'Il prodotto non è vendibile: disattivato o eliminato',
    customerUnavailable: 'Il cliente non è selezionabile: disattivato o eliminato',
    onlyCancel: 'Lo stato di una vendita può solo passare a revocata',
  },
  fr: {
    aboveAvailability: 'Quantité supérieure à la disponibilité : {{available}} disponible(s)',
    noStock: 'Aucun stock disponible pour ce produit',
    batchRequired: 'Le lot est obligatoire pour ce produit',
    batchExpired: 'Le lot {{batch}} a expiré le {{expiry}} : il ne peut pas être vendu',
    productUnavailable: "Le produit n'est pas vendable : désactivé ou supprimé",
    customerUnavailable: "Le client n'est pas sélectionnable : désactivé ou supprimé",
    onlyCancel: "L'état d'une vente ne peut passer qu'à révoquée",
  },
});

/**
 * The sale screens' sentences (SPEC §8 Sales): outcomes, the list's texts, plus the rules' words above (the screens show
 * them too). Only the registered keys word rules; these others word no rule.
 */
export const saleMessages = {
  it: {
    genericError: "Errore durante l'operazione sulla vendita",
    fetchFailed: 'Errore nel caricamento delle vendite',
    success: 'Vendita registrata con successo',
    editSuccess: 'Vendita modificata con successo',
    cancelSuccess: 'Vendita revocata con successo',
    invalidQuantity: validationMessages.it.saleQuantity,
    noCustomers: 'Nessun cliente disponibile: crea prima un cliente in Anagrafica → Clienti',
    alreadyCancelled: 'La vendita è già stata revocata',
    notFound: 'Vendita non trovata',
    cancelConfirm: 'Vuoi revocare questa vendita? La merce torna in giacenza.',
    ...saleValidationMessages.it,
  },
  fr: {
    genericError: "Erreur lors de l'opération sur la vente",
    fetchFailed: 'Erreur lors du chargement des ventes',
    success: 'Vente enregistrée avec succès',
    editSuccess: 'Vente modifiée avec succès',
    cancelSuccess: 'Vente révoquée avec succès',
    invalidQuantity: validationMessages.fr.saleQuantity,
    noCustomers: "Aucun client disponible : créez d'abord un client dans Référentiels → Clients",
    alreadyCancelled: 'La vente a déjà été révoquée',
    notFound: 'Vente introuvable',
    cancelConfirm: 'Voulez-vous révoquer cette vente ? La marchandise retourne en stock.',
    ...saleValidationMessages.fr,
  },
};
export type SaleMessageKey = keyof (typeof saleMessages)['it'];
