import type { Bilingual } from '../http/errors';

export const authMessages = {
  loggedIn: { it: 'Accesso effettuato', fr: 'Connexion réussie' },
  loggedOut: { it: 'Disconnessione effettuata', fr: 'Déconnexion effectuée' },
  // One message for unknown user, wrong password, inactive or deleted user: the answer must not tell which.
  invalidCredentials: { it: 'Nome utente o password non validi', fr: "Nom d'utilisateur ou mot de passe incorrect" },
  tooManyAttempts: {
    it: 'Troppi tentativi di accesso non riusciti per questo utente: riprova tra {{wait}}',
    fr: 'Trop de tentatives de connexion échouées pour cet utilisateur : réessayez dans {{wait}}',
  },
  // Said the same way for a known user and an unknown name (no user enumeration).
  tooManyOnAccount: {
    it: "Troppi tentativi di accesso non riusciti per questo utente da indirizzi diversi: riprova tra {{wait}}, oppure accedi da un indirizzo da cui hai già effettuato l'accesso",
    fr: 'Trop de tentatives de connexion échouées pour cet utilisateur depuis différentes adresses : réessayez dans {{wait}}, ou connectez-vous depuis une adresse déjà utilisée',
  },
  tooManyFromAddress: {
    it: 'Troppi tentativi di accesso non riusciti da questo indirizzo: riprova tra {{wait}}',
    fr: 'Trop de tentatives de connexion échouées depuis cette adresse : réessayez dans {{wait}}',
  },
  oneSecond: { it: '1 secondo', fr: '1 seconde' },
  seconds: { it: '{{n}} secondi', fr: '{{n}} secondes' },
  minutes: { it: '{{n}} minuti', fr: '{{n}} minutes' },
} satisfies Record<string, Bilingual>;
