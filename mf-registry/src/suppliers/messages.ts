import { defineTranslations } from '@wms/shared-ui';
import type { PartyWording } from '../parties/messages';

const it: PartyWording = {
  title: 'Fornitori',
  subtitle: 'Ragione sociale, partita IVA, contatti e spedizione dei fornitori',
  add: 'Nuovo fornitore',
  newTitle: 'Nuovo fornitore',
  editTitle: 'Modifica fornitore',
  count: 'Totale fornitori: {{total}}',
  caption: 'Elenco dei fornitori',
  empty: 'Nessun fornitore registrato',
  deleteTitle: 'Elimina fornitore',
  deleteMessage: 'Sei sicuro di voler eliminare questo fornitore?',
  created: 'Fornitore creato con successo',
  updated: 'Fornitore aggiornato con successo',
  deleted: 'Fornitore eliminato con successo',
  saveError: 'Errore durante il salvataggio del fornitore',
  deleteError: "Errore durante l'eliminazione del fornitore",
  listError: 'Errore nel caricamento dei fornitori',
};

const fr: PartyWording = {
  title: 'Fournisseurs',
  subtitle: 'Raison sociale, numéro de TVA, contacts et expédition des fournisseurs',
  add: 'Nouveau fournisseur',
  newTitle: 'Nouveau fournisseur',
  editTitle: 'Modifier le fournisseur',
  count: 'Total des fournisseurs : {{total}}',
  caption: 'Liste des fournisseurs',
  empty: 'Aucun fournisseur enregistré',
  deleteTitle: 'Supprimer le fournisseur',
  deleteMessage: 'Êtes-vous sûr de vouloir supprimer ce fournisseur ?',
  created: 'Fournisseur créé avec succès',
  updated: 'Fournisseur mis à jour avec succès',
  deleted: 'Fournisseur supprimé avec succès',
  saveError: "Erreur lors de l'enregistrement du fournisseur",
  deleteError: 'Erreur lors de la suppression du fournisseur',
  listError: 'Erreur lors du chargement des fournisseurs',
};

export const suppliersMessages = defineTranslations({ it, fr });
