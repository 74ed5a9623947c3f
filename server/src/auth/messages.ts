import type { Bilingual } from '../http/errors';

export const authMessages = {
  loggedIn: { it: 'Accesso effettuato', fr: 'Connexion réussie' },
  loggedOut: { it: 'Disconnessione effettuata', fr: 'Déconnexion effectuée' },
  // One message for unknown user, wrong password, inactive or deleted user: the answer must not tell which.
  invalidCredentials: { it: 'Nome utente o password non validi', fr: "Nom d'utilisateur ou mot de passe incorrect" },
  tooManyAttempts: {
    it: 'Troppi tentativi di accesso non riusciti: riprova tra {{minutes}} minuti',
    fr: 'Trop de tentatives de connexion échouées : réessayez dans {{minutes}} minutes',
  },
} satisfies Record<string, Bilingual>;
