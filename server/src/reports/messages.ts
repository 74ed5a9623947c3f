import type { Bilingual } from '../http/errors';

/** Column headers and file names of the reports' CSV exports, in the caller's language. */
export const reportMessages = {
  stockFile: { it: 'giacenze-{{day}}.csv', fr: 'stock-{{day}}.csv' },
  valuationFile: { it: 'valorizzazione-{{day}}.csv', fr: 'valorisation-{{day}}.csv' },
  code: { it: 'Codice', fr: 'Code' },
  name: { it: 'Nome', fr: 'Nom' },
  description: { it: 'Descrizione', fr: 'Description' },
  family: { it: 'Famiglia', fr: 'Famille' },
  warehouse: { it: 'Magazzino', fr: 'Entrepôt' },
  batch: { it: 'Lotto', fr: 'Lot' },
  production: { it: 'Data produzione', fr: 'Date de production' },
  expiry: { it: 'Data scadenza', fr: "Date d'expiration" },
  quantity: { it: 'Quantità', fr: 'Quantité' },
  unit: { it: 'Unità', fr: 'Unité' },
  unitPrice: { it: 'Prezzo unitario', fr: 'Prix unitaire' },
  currency: { it: 'Valuta', fr: 'Devise' },
  value: { it: 'Valore', fr: 'Valeur' },
  total: { it: 'Totale {{currency}}', fr: 'Total {{currency}}' },
} satisfies Record<string, Bilingual>;
