import type { Bilingual } from '../http/errors';

/** Refusals of stock limits and replenishment (issue 28), in both languages, Italian first. */
export const replenishmentMessages = {
  productNotFound: { it: 'Prodotto non trovato', fr: 'Produit introuvable' },
  warehouseUnknown: {
    it: 'Magazzino inesistente o eliminato (id {{id}})',
    fr: 'Entrepôt inexistant ou supprimé (id {{id}})',
  },
  noLimit: {
    it: 'Il prodotto {{code}} non ha minimo e massimo nel magazzino {{warehouse}}: nulla da riordinare',
    fr: "Le produit {{code}} n'a ni minimum ni maximum dans l'entrepôt {{warehouse}} : rien à réapprovisionner",
  },
  alreadyOrdered: {
    it: 'Nulla da ordinare: le righe scelte sono già coperte da ordini aperti (forse un altro utente le ha appena ordinate)',
    fr: 'Rien à commander : les lignes choisies sont déjà couvertes par des commandes ouvertes (un autre utilisateur vient peut-être de les commander)',
  },
  noSupplier: {
    it: 'Il prodotto {{code}} non ha un fornitore: impossibile ordinarlo',
    fr: "Le produit {{code}} n'a pas de fournisseur : impossible de le commander",
  },
  noPrice: {
    it: 'Il prodotto {{code}} non ha un prezzo in vigore presso il suo fornitore: inserisci un prezzo prima di ordinarlo',
    fr: "Le produit {{code}} n'a pas de prix en vigueur chez son fournisseur : saisissez un prix avant de le commander",
  },
  draftNote: {
    it: 'Bozza generata dal riordino',
    fr: 'Brouillon généré par le réapprovisionnement',
  },
  csvEmpty: { it: 'Il file è vuoto', fr: 'Le fichier est vide' },
  csvInvalid: {
    it: 'Il file contiene righe non valide: nulla è stato importato',
    fr: "Le fichier contient des lignes non valides : rien n'a été importé",
  },
  csvColumns: {
    it: 'Servono 4 colonne separate da ";": codice;magazzino;minimo;massimo',
    fr: 'Il faut 4 colonnes séparées par « ; » : code;entrepôt;minimum;maximum',
  },
  csvProductUnknown: { it: 'Prodotto {{code}} inesistente', fr: 'Produit {{code}} inexistant' },
  csvWarehouseUnknown: { it: 'Magazzino «{{name}}» inesistente', fr: 'Entrepôt « {{name}} » inexistant' },
  csvDuplicate: {
    it: 'Prodotto e magazzino già presenti alla riga {{line}}',
    fr: 'Produit et entrepôt déjà présents à la ligne {{line}}',
  },
} satisfies Record<string, Bilingual>;
