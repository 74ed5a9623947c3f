import { defineTranslations } from '@wms/shared-ui';

/** /anagrafica/azienda (issue 26): the company's own data, printed on every document. Shared field labels: parties. */
export const companyMessages = defineTranslations({
  it: {
    title: 'Azienda',
    subtitle: "Dati anagrafici dell'azienda",
    intro: "Questi dati compaiono nell'intestazione di ogni stampa: ordini ai fornitori, etichette, documenti di trasporto.",
    sections: { main: 'Dati anagrafici', documents: 'Documenti', logo: 'Logo', preview: 'Intestazione delle stampe' },
    fields: {
      business_name: 'Ragione sociale',
      tax_code: 'Codice fiscale',
      ddt_prefix: 'Prefisso numerazione DDT',
      ddtPrefixHint: 'Precede il numero di ogni documento di trasporto, es. DDT',
    },
    logo: {
      none: 'Nessun logo: le stampe mostrano solo la ragione sociale',
      current: 'Logo attuale',
      upload: 'Carica un logo (PNG o SVG, massimo {{max}} KB)',
      remove: 'Rimuovi il logo',
      confirmRemove: 'Sei sicuro di voler rimuovere il logo? Le stampe mostreranno solo la ragione sociale.',
      uploaded: 'Logo aggiornato',
      removed: 'Logo rimosso',
      uploadError: 'Errore durante il caricamento del logo',
      removeError: 'Errore durante la rimozione del logo',
    },
    feedback: {
      saved: 'Dati aziendali salvati',
      saveError: 'Errore durante il salvataggio dei dati aziendali',
      loadError: 'Errore nel caricamento dei dati aziendali',
    },
  },
  fr: {
    title: 'Entreprise',
    subtitle: "Données de l'entreprise",
    intro: "Ces données figurent dans l'en-tête de chaque impression : commandes fournisseurs, étiquettes, documents de transport.",
    sections: { main: 'Identité et coordonnées', documents: 'Documents', logo: 'Logo', preview: 'En-tête des impressions' },
    fields: {
      business_name: 'Raison sociale',
      tax_code: 'Code fiscal',
      ddt_prefix: 'Préfixe de numérotation des DDT',
      ddtPrefixHint: 'Précède le numéro de chaque document de transport, ex. DDT',
    },
    logo: {
      none: "Aucun logo : les impressions n'affichent que la raison sociale",
      current: 'Logo actuel',
      upload: 'Charger un logo (PNG ou SVG, {{max}} Ko au maximum)',
      remove: 'Supprimer le logo',
      confirmRemove: "Êtes-vous sûr de vouloir supprimer le logo ? Les impressions n'afficheront que la raison sociale.",
      uploaded: 'Logo mis à jour',
      removed: 'Logo supprimé',
      uploadError: 'Erreur lors du chargement du logo',
      removeError: 'Erreur lors de la suppression du logo',
    },
    feedback: {
      saved: "Données de l'entreprise enregistrées",
      saveError: "Erreur lors de l'enregistrement des données de l'entreprise",
      loadError: "Erreur lors du chargement des données de l'entreprise",
    },
  },
});
