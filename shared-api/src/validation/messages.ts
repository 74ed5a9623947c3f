import { formatDecimal, isDecimalString } from '../rules/decimal';
import type { Language } from '../types';

/**
 * Wording of validation failures, in both languages. Schemas carry only the key; the form translates it through i18next
 * (namespace "validation") and the server through `validationMessage`, so both say exactly the same thing.
 */
const coreValidationMessages = {
  it: {
    required: 'Campo obbligatorio',
    invalidType: 'Valore non valido',
    tooLong: 'Testo troppo lungo (massimo {{max}} caratteri)',
    tooShort: 'Deve contenere almeno {{min}} caratteri',
    email: 'Indirizzo email non valido',
    positive: 'Il valore deve essere maggiore di zero',
    notNegative: 'Il valore non può essere negativo',
    invalidOption: 'Valore non ammesso',
    invalidDate: 'Data non valida',
    unknownField: 'Campo non previsto',
    usernameRequired: 'Il nome utente è obbligatorio',
    passwordRequired: 'La password è obbligatoria',
    passwordTooShort: 'La password deve contenere almeno {{min}} caratteri',
    passwordCommon: 'Password troppo comune e facile da indovinare: scegline una meno prevedibile',
    passwordIsUsername: 'La password non può essere uguale al nome utente',
    passwordControl: 'La password non può contenere caratteri di controllo o invisibili (a capo, tabulazioni, spazi a larghezza zero…)',
    passwordInvisible: 'La password non contiene nessun carattere visibile (solo spazi, accenti isolati o caratteri invisibili)',
    passwordLikeUsername: 'La password è troppo simile al nome utente o al nome: è facile da indovinare',
    passwordRepeated: 'Password facile da indovinare: ripete gli stessi caratteri o gruppi (come "aaaa" o "abcabc")',
    passwordKeyboard: 'Password facile da indovinare: segue una fila o uno schema della tastiera (come "qwerty" o "azerty")',
    passwordSequence: 'Password facile da indovinare: è una sequenza (come "abcd" o "1234") o una data',
    passwordWords: 'Password facile da indovinare: è una parola o un nome comune; aggiungi altre parole meno ovvie',
    passwordWeak: 'Password troppo facile da indovinare: allungala con parole o caratteri meno prevedibili',
    usernameFormat: 'Il nome utente può contenere solo lettere, cifre e i caratteri . _ - @ (niente spazi)',
    controlChars: 'Il testo contiene caratteri non ammessi (caratteri di controllo)',
    brokenUnicode: 'Il testo contiene caratteri non validi (codifica Unicode incompleta)',
    saleQuantity: 'Quantità non valida: minimo 1, al massimo 3 decimali',
    tooManyDecimals: 'Al massimo {{max}} decimali',
    tooLarge: 'Valore troppo grande (massimo {{max}})',
    belowMinimum: 'Il valore deve essere almeno {{min}}',
    endBeforeStart: 'La data di fine non può precedere la data di inizio',
    arrivalBeforeOrder: "La data di arrivo non può precedere la data dell'ordine",
    noItems: "Aggiungi almeno un prodotto all'ordine",
    requiredFields: 'Compila tutti i campi obbligatori (date e fornitore)',
    invalidItems: 'Verifica che tutti i prodotti abbiano quantità e prezzo validi',
    lineTotalTooLarge: 'Totale della riga troppo grande (massimo {{max}})',
    orderTotalTooLarge: "Totale dell'ordine troppo grande (massimo {{max}})",
  },
  fr: {
    required: 'Champ obligatoire',
    invalidType: 'Valeur non valide',
    tooLong: 'Texte trop long ({{max}} caractères au maximum)',
    tooShort: 'Doit contenir au moins {{min}} caractères',
    email: 'Adresse e-mail non valide',
    positive: 'La valeur doit être supérieure à zéro',
    notNegative: 'La valeur ne peut pas être négative',
    invalidOption: 'Valeur non autorisée',
    invalidDate: 'Date non valide',
    unknownField: 'Champ non prévu',
    usernameRequired: "Le nom d'utilisateur est obligatoire",
    passwordRequired: 'Le mot de passe est obligatoire',
    passwordTooShort: 'Le mot de passe doit contenir au moins {{min}} caractères',
    passwordCommon: 'Mot de passe trop courant et facile à deviner : choisissez-en un moins prévisible',
    passwordIsUsername: "Le mot de passe ne peut pas être identique au nom d'utilisateur",
    passwordControl:
      'Le mot de passe ne peut pas contenir de caractères de contrôle ou invisibles (retours à la ligne, tabulations, espaces de largeur nulle…)',
    passwordInvisible:
      'Le mot de passe ne contient aucun caractère visible (seulement des espaces, des accents isolés ou des caractères invisibles)',
    passwordLikeUsername: "Le mot de passe ressemble trop au nom d'utilisateur ou au nom : il est facile à deviner",
    passwordRepeated: 'Mot de passe facile à deviner : il répète les mêmes caractères ou groupes (comme « aaaa » ou « abcabc »)',
    passwordKeyboard: 'Mot de passe facile à deviner : il suit une rangée ou un motif du clavier (comme « azerty » ou « qwerty »)',
    passwordSequence: "Mot de passe facile à deviner : c'est une suite (comme « abcd » ou « 1234 ») ou une date",
    passwordWords: "Mot de passe facile à deviner : c'est un mot ou un nom courant ; ajoutez d'autres mots moins évidents",
    passwordWeak: 'Mot de passe trop facile à deviner : allongez-le avec des mots ou des caractères moins prévisibles',
    usernameFormat: "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres et les caractères . _ - @ (sans espaces)",
    controlChars: 'Le texte contient des caractères non autorisés (caractères de contrôle)',
    brokenUnicode: 'Le texte contient des caractères non valides (codage Unicode incomplet)',
    saleQuantity: 'Quantité non valide : minimum 1, 3 décimales au maximum',
    tooManyDecimals: '{{max}} décimales au maximum',
    tooLarge: 'Valeur trop grande (maximum {{max}})',
    belowMinimum: 'La valeur doit être au moins {{min}}',
    endBeforeStart: 'La date de fin ne peut pas précéder la date de début',
    arrivalBeforeOrder: "La date d'arrivée ne peut pas précéder la date de la commande",
    noItems: 'Ajoutez au moins un produit à la commande',
    requiredFields: 'Remplissez tous les champs obligatoires (dates et fournisseur)',
    invalidItems: 'Vérifiez que tous les produits ont une quantité et un prix valides',
    lineTotalTooLarge: 'Total de la ligne trop grand (maximum {{max}})',
    orderTotalTooLarge: 'Total de la commande trop grand (maximum {{max}})',
  },
} as const;

/** The shared keys every schema may use. */
export type ValidationKey = keyof (typeof coreValidationMessages)['it'];

/** Messages of one set of keys, in both languages (the same keys in each). */
export type MessageTable<K extends string = string> = {
  it: Record<K, string>;
  fr: Record<K, string>;
};

/**
 * Every validation message the forms and the server know: the shared keys plus the keys each schema registers
 * (`registerValidationMessages`). The form's i18next namespace "validation" and the server's 400 read this one table.
 */
export const validationMessages: MessageTable = {
  it: { ...coreValidationMessages.it },
  fr: { ...coreValidationMessages.fr },
};

/**
 * A schema module registers the message keys of its own rules (e.g. movement.ts: `sameWarehouse`), once, at import:
 * the server's standard validator and every form then word those rules the same way. A key registered twice must
 * keep its words (two wordings of one rule are a bug: this throws).
 */
export function registerValidationMessages<K extends string>(messages: MessageTable<K>): MessageTable<K> {
  for (const lang of ['it', 'fr'] as const) {
    for (const [key, text] of Object.entries<string>(messages[lang])) {
      const known = validationMessages[lang][key];
      if (known !== undefined && known !== text) throw new Error(`validation message "${key}" (${lang}) registered with two wordings`);
      validationMessages[lang][key] = text;
    }
  }
  return messages;
}

/** True when `key` has words (a shared key or a registered one). */
export function isValidationKey(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(validationMessages.it, key);
}

/**
 * Parameters of a message as people of `lang` read them: numbers and decimal strings in the language's writing
 * ("(2,5)", "1.000.000.000" / "1 000 000 000", never "(2.500)"), dates 'yyyy-MM-dd' as dd/MM/yyyy; other texts unchanged.
 * The server's messages and the forms' (useZodForm) both pass their parameters through here.
 */
export function formatMessageParams(lang: Language, params: Record<string, unknown> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number' || isDecimalString(value)) out[name] = formatDecimal(value, lang);
    else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) out[name] = value.split('-').reverse().join('/');
    else out[name] = value == null ? '' : String(value);
  }
  return out;
}

/** Translates a validation key with its parameters, e.g. `validationMessage('fr', 'tooLong', { max: 200 })`. */
export function validationMessage(lang: 'it' | 'fr', key: string, params: Record<string, unknown> = {}): string {
  const table = validationMessages[lang];
  const template = table[key] ?? table.invalidType;
  const shown = formatMessageParams(lang, params);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => shown[name] ?? '');
}
