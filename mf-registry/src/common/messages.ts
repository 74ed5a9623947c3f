import { defineTranslations } from '@wms/shared-ui';

/** Words every registry screen uses: actions, states (units of measure: shared-api's one table, formatUnit / unitLabel). */
export const sharedMessages = defineTranslations({
  it: {
    actions: {
      save: 'Salva',
      saving: 'Salvataggio…',
      cancel: 'Annulla',
      backToList: "Torna all'elenco",
      edit: 'Modifica',
      delete: 'Elimina',
      actions: 'Azioni',
    },
    status: { active: 'Attivo', inactive: 'Inattivo', label: 'Stato' },
    requiredNote: 'I campi con * sono obbligatori',
    listError: "Errore nel caricamento dell'elenco",
  },
  fr: {
    actions: {
      save: 'Enregistrer',
      saving: 'Enregistrement…',
      cancel: 'Annuler',
      backToList: 'Retour à la liste',
      edit: 'Modifier',
      delete: 'Supprimer',
      actions: 'Actions',
    },
    status: { active: 'Actif', inactive: 'Inactif', label: 'État' },
    requiredNote: 'Les champs marqués * sont obligatoires',
    listError: 'Erreur lors du chargement de la liste',
  },
});
