import { defineTranslations } from '@wms/shared-ui';
import type { PartyWording } from '../parties/messages';

const it: PartyWording = {
  title: 'Clienti',
  subtitle: 'Ragione sociale, partita IVA, contatti e spedizione dei clienti',
  add: 'Nuovo cliente',
  newTitle: 'Nuovo cliente',
  editTitle: 'Modifica cliente',
  count: 'Totale clienti: {{total}}',
  caption: 'Elenco dei clienti',
  empty: 'Nessun cliente registrato',
  deleteTitle: 'Elimina cliente',
  deleteMessage: 'Sei sicuro di voler eliminare questo cliente?',
  created: 'Cliente creato con successo',
  updated: 'Cliente aggiornato con successo',
  deleted: 'Cliente eliminato con successo',
  saveError: 'Errore durante il salvataggio del cliente',
  deleteError: "Errore durante l'eliminazione del cliente",
  listError: 'Errore nel caricamento dei clienti',
};

const fr: PartyWording = {
  title: 'Clients',
  subtitle: 'Raison sociale, numéro de TVA, contacts et expédition des clients',
  add: 'Nouveau client',
  newTitle: 'Nouveau client',
  editTitle: 'Modifier le client',
  count: 'Total des clients : {{total}}',
  caption: 'Liste des clients',
  empty: 'Aucun client enregistré',
  deleteTitle: 'Supprimer le client',
  deleteMessage: 'Êtes-vous sûr de vouloir supprimer ce client ?',
  created: 'Client créé avec succès',
  updated: 'Client mis à jour avec succès',
  deleted: 'Client supprimé avec succès',
  saveError: "Erreur lors de l'enregistrement du client",
  deleteError: 'Erreur lors de la suppression du client',
  listError: 'Erreur lors du chargement des clients',
};

export const customersMessages = defineTranslations({ it, fr });
