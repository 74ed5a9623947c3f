import { defineTranslations } from '@wms/shared-ui';

export const userFormMessages = defineTranslations({
  it: {
    newTitle: 'Nuovo utente',
    editTitle: 'Modifica utente',
    subtitle: 'Dati di accesso, ruolo e registro attività',
    formLabel: 'Dati utente',
    fields: {
      username: 'Nome utente',
      name: 'Nome e cognome',
      password: 'Password',
      role: 'Ruolo',
      active: 'Utente attivo',
    },
    passwordHintNew: 'Almeno {{min}} caratteri.',
    passwordHintEdit: 'Lascia vuoto per mantenere la password attuale (almeno {{min}} caratteri se la cambi).',
    roleLockedSelf: 'Non puoi cambiare il tuo stesso ruolo.',
    roleLockedAdmin: 'Solo un amministratore può cambiare il ruolo di un amministratore.',
    activeHint: 'Un utente inattivo non può accedere; le sue sessioni aperte vengono chiuse subito.',
    showPassword: 'Mostra password',
    hidePassword: 'Nascondi password',
  },
  fr: {
    newTitle: 'Nouvel utilisateur',
    editTitle: "Modifier l'utilisateur",
    subtitle: "Données d'accès, rôle et journal d'activité",
    formLabel: "Données de l'utilisateur",
    fields: {
      username: "Nom d'utilisateur",
      name: 'Nom et prénom',
      password: 'Mot de passe',
      role: 'Rôle',
      active: 'Utilisateur actif',
    },
    passwordHintNew: 'Au moins {{min}} caractères.',
    passwordHintEdit: 'Laissez vide pour conserver le mot de passe actuel (au moins {{min}} caractères pour le changer).',
    roleLockedSelf: 'Vous ne pouvez pas changer votre propre rôle.',
    roleLockedAdmin: "Seul un administrateur peut changer le rôle d'un administrateur.",
    activeHint: 'Un utilisateur inactif ne peut pas se connecter ; ses sessions ouvertes sont fermées immédiatement.',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
  },
});
