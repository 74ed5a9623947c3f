import { switchLanguage } from '../testing';
import { failureText, withReason } from './failure-text';

/** A failed API call as the client rejects it: status and `{error, code}`. */
function refused(status: number, error?: string) {
  return { isApiError: true, response: { status, data: error === undefined ? {} : { error, code: 'X' } } };
}
const offline = { isApiError: true, code: 'ERR_NETWORK' };

describe('withReason', () => {
  it.each([
    [
      'it',
      "Errore durante la creazione dell'utente",
      "Il nome utente 'mario' è già in uso",
      "Errore durante la creazione dell'utente: Il nome utente 'mario' è già in uso",
    ],
    [
      'fr',
      "Erreur lors de la création de l'utilisateur",
      "Le nom d'utilisateur 'mario' est déjà utilisé",
      "Erreur lors de la création de l'utilisateur : Le nom d'utilisateur 'mario' est déjà utilisé",
    ],
  ] as const)('%s: the action, then the server reason with the colon of the language', async (lang, action, reason, expected) => {
    await switchLanguage(lang);
    expect(withReason(action, refused(409, reason))).toBe(expected);
  });

  it.each(['it', 'fr'] as const)('%s: the action alone when the server gave no reason', async (lang) => {
    await switchLanguage(lang);
    expect(withReason('Azione', offline)).toBe('Azione');
    expect(withReason('Azione', refused(500))).toBe('Azione');
    expect(withReason('Azione', new Error('boom'))).toBe('Azione');
  });
});

describe('failureText', () => {
  it.each([
    ['it', 'Salvataggio non riuscito'],
    ['fr', "L'enregistrement a échoué"],
  ] as const)('%s: a 4xx with a sentence says it; a 5xx or a network error says the fallback', async (lang, fallback) => {
    await switchLanguage(lang);
    expect(failureText(refused(409, 'Codice già in uso'), 'common:form.saveFailed')).toBe('Codice già in uso');
    expect(failureText(refused(500, 'stack trace'), 'common:form.saveFailed')).toBe(fallback);
    expect(failureText(offline, 'common:form.saveFailed')).toBe(fallback);
  });
});
