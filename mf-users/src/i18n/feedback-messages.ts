import { defineTranslations } from '@wms/shared-ui';

/** SPEC §8 Users: failures and the success toasts. */
export const feedbackMessages = defineTranslations({
  it: {
    fetchFailed: "Errore nel caricamento dell'utente",
    notFound: 'Utente non trovato',
    fetchListFailed: 'Errore nel caricamento degli utenti',
    fetchActivitiesFailed: 'Errore nel caricamento del registro attività',
    createFailed: "Errore durante la creazione dell'utente",
    updateFailed: "Errore durante l'aggiornamento dell'utente",
    deleteFailed: "Errore durante l'eliminazione dell'utente",
    created: 'Utente creato con successo',
    updated: 'Utente aggiornato con successo',
    deleted: 'Utente eliminato con successo',
  },
  fr: {
    fetchFailed: "Erreur lors du chargement de l'utilisateur",
    notFound: 'Utilisateur introuvable',
    fetchListFailed: 'Erreur lors du chargement des utilisateurs',
    fetchActivitiesFailed: "Erreur lors du chargement du journal d'activité",
    createFailed: "Erreur lors de la création de l'utilisateur",
    updateFailed: "Erreur lors de la mise à jour de l'utilisateur",
    deleteFailed: "Erreur lors de la suppression de l'utilisateur",
    created: 'Utilisateur créé avec succès',
    updated: 'Utilisateur mis à jour avec succès',
    deleted: 'Utilisateur supprimé avec succès',
  },
});
