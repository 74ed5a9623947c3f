import type { Bilingual } from '../http/errors';

/** Messages of the users API, in both languages (the error handler picks the caller's). */
export const usersMessages = {
  userNotFound: { it: 'Utente non trovato', fr: 'Utilisateur introuvable' },
  usernameTaken: {
    it: 'Il nome utente "{{username}}" è già in uso: scegline un altro',
    fr: "Le nom d'utilisateur « {{username}} » est déjà utilisé : choisissez-en un autre",
  },
  selfDelete: {
    it: 'Non puoi eliminare il tuo stesso utente: chiedi a un altro amministratore',
    fr: 'Vous ne pouvez pas supprimer votre propre compte : demandez à un autre administrateur',
  },
  selfDeactivate: {
    it: 'Non puoi disattivare il tuo stesso utente: chiedi a un altro amministratore',
    fr: 'Vous ne pouvez pas désactiver votre propre compte : demandez à un autre administrateur',
  },
  lastAdminDelete: {
    it: "Impossibile eliminare l'ultimo amministratore attivo: nominane prima un altro",
    fr: "Impossible de supprimer le dernier administrateur actif : nommez-en d'abord un autre",
  },
  lastAdminDeactivate: {
    it: "Impossibile disattivare l'ultimo amministratore attivo: nominane prima un altro",
    fr: "Impossible de désactiver le dernier administrateur actif : nommez-en d'abord un autre",
  },
  lastAdminDemote: {
    it: "Impossibile cambiare il ruolo dell'ultimo amministratore attivo: nominane prima un altro",
    fr: "Impossible de changer le rôle du dernier administrateur actif : nommez-en d'abord un autre",
  },
  adminOnly: {
    it: 'Solo un amministratore può creare, modificare o eliminare un amministratore, o dare e togliere il ruolo di amministratore',
    fr: "Seul un administrateur peut créer, modifier ou supprimer un administrateur, ou donner et retirer le rôle d'administrateur",
  },
  selfRole: {
    it: 'Non puoi cambiare il tuo stesso ruolo: chiedi a un amministratore',
    fr: 'Vous ne pouvez pas changer votre propre rôle : demandez à un administrateur',
  },
  deleted: { it: 'Utente eliminato', fr: 'Utilisateur supprimé' },
} satisfies Record<string, Bilingual>;
