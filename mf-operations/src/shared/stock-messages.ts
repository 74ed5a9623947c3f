/** The words of goods that leave (namespace `operations`, group `stock`: shared/leaving-stock.ts), one wording for every screen. */
export const stockMessages = {
  it: {
    chooseBatch: 'Scegli il lotto',
    batchOption: '{{batch}} · disponibili {{quantity}}',
    batchOptionExpiry: '{{batch}} · scad. {{expiry}} · disponibili {{quantity}}',
    reading: 'Lettura della giacenza…',
    failed: 'Impossibile leggere la giacenza del prodotto',
    none: 'Nessuna giacenza di questo prodotto nel magazzino scelto',
    available: 'Disponibile: {{quantity}}',
  },
  fr: {
    chooseBatch: 'Choisissez le lot',
    batchOption: '{{batch}} · {{quantity}} disponible(s)',
    batchOptionExpiry: '{{batch}} · exp. {{expiry}} · {{quantity}} disponible(s)',
    reading: 'Lecture du stock…',
    failed: 'Impossible de lire le stock du produit',
    none: 'Aucun stock de ce produit dans l’entrepôt choisi',
    available: 'Disponible : {{quantity}}',
  },
};
