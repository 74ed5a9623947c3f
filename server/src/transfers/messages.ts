import type { Bilingual } from '../http/errors';

/** The transfers domain's refusals and answers, Italian first. Field rules are worded by shared-api (transfer.ts). */
export const transferMessages = {
  notFound: { it: 'Trasferimento non trovato', fr: 'Transfert introuvable' },
  // The screens' verbs: a draft is discarded (scartato / abandonné), a shipment reversed (stornato / extourné).
  notDraft: {
    it: 'Il trasferimento {{number}} non è più una bozza: non può essere modificato, spedito o scartato',
    fr: 'Le transfert {{number}} n’est plus un brouillon : il ne peut plus être modifié, expédié ou abandonné',
  },
  notInTransit: {
    it: 'Il trasferimento {{number}} non è in transito: non può essere ricevuto o stornato',
    fr: 'Le transfert {{number}} n’est pas en transit : il ne peut pas être réceptionné ou extourné',
  },
  warehouseInUse: {
    it: 'Impossibile eliminare il magazzino: è usato da trasferimenti aperti ({{numbers}}); ricevili o stornali, scarta le bozze',
    fr: 'Impossible de supprimer l’entrepôt : des transferts ouverts l’utilisent ({{numbers}}) ; réceptionnez-les ou extournez-les, abandonnez les brouillons',
  },
  insufficientStock: {
    it: 'Giacenza insufficiente di {{code}}{{batch}} in {{warehouse}}: disponibili {{available}}, richiesti {{requested}}',
    fr: 'Stock insuffisant de {{code}}{{batch}} dans {{warehouse}} : {{available}} disponible(s), {{requested}} demandé(s)',
  },
  batchSuffix: { it: ' (lotto {{batch}})', fr: ' (lot {{batch}})' },
  cancelled: { it: 'Trasferimento annullato', fr: 'Transfert annulé' },
  writtenOff: { it: 'Differenza di trasferimento {{number}}: {{reason}}', fr: 'Écart du transfert {{number}} : {{reason}}' },
} satisfies Record<string, Bilingual>;
