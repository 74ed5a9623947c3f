import { defineTranslations } from '@wms/shared-ui';

/** Warehouses list and form (SPEC §2 Warehouses, §8 Warehouses: the Italian sentences are the specification's). */
export const warehousesMessages = defineTranslations({
  it: {
    title: 'Magazzini',
    subtitle: 'Magazzini e depositi attivi e disattivati',
    newTitle: 'Nuovo magazzino',
    editTitle: 'Modifica magazzino',
    add: 'Nuovo magazzino',
    count: 'Totale magazzini: {{total}}',
    caption: 'Elenco dei magazzini',
    empty: 'Nessun magazzino registrato',
    fields: { name: 'Nome', description: 'Descrizione', active: 'Magazzino attivo' },
    confirm: { deleteTitle: 'Elimina magazzino', deleteMessage: 'Sei sicuro di voler eliminare questo magazzino?' },
    feedback: {
      created: 'Magazzino creato con successo',
      updated: 'Magazzino aggiornato con successo',
      deleted: 'Magazzino eliminato con successo',
      notEmpty: 'Impossibile eliminare il magazzino: contiene ancora prodotti',
      deleteError: "Errore durante l'eliminazione del magazzino",
      saveError: 'Errore durante il salvataggio del magazzino',
      loadError: 'Errore nel caricamento del magazzino',
      listError: 'Errore nel caricamento dei magazzini',
    },
  },
  fr: {
    title: 'Entrepôts',
    subtitle: 'Entrepôts et dépôts actifs et désactivés',
    newTitle: 'Nouvel entrepôt',
    editTitle: "Modifier l'entrepôt",
    add: 'Nouvel entrepôt',
    count: 'Total des entrepôts : {{total}}',
    caption: 'Liste des entrepôts',
    empty: 'Aucun entrepôt enregistré',
    fields: { name: 'Nom', description: 'Description', active: 'Entrepôt actif' },
    confirm: { deleteTitle: "Supprimer l'entrepôt", deleteMessage: 'Êtes-vous sûr de vouloir supprimer cet entrepôt ?' },
    feedback: {
      created: 'Entrepôt créé avec succès',
      updated: 'Entrepôt mis à jour avec succès',
      deleted: 'Entrepôt supprimé avec succès',
      notEmpty: "Impossible de supprimer l'entrepôt : il contient encore des produits",
      deleteError: "Erreur lors de la suppression de l'entrepôt",
      saveError: "Erreur lors de l'enregistrement de l'entrepôt",
      loadError: "Erreur lors du chargement de l'entrepôt",
      listError: 'Erreur lors du chargement des entrepôts',
    },
  },
});
