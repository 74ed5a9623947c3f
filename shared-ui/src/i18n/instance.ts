import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, setLanguageProvider, validationMessages, type Language } from '@wms/shared-api/core';
import { commonMessages } from './common-messages';
import type { TranslationTree, Translations } from './translations';

/** Browser-storage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/**
 * The portal's one i18next instance. shared-ui is a federation singleton, so the shell and every remote translate
 * through this object and a language switch reaches all of them at once.
 */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common', 'validation'],
  defaultNS: 'common',
  resources: {
    it: { common: commonMessages.it, validation: validationMessages.it },
    fr: { common: commonMessages.fr, validation: validationMessages.fr },
  },
  // React escapes output already; validation messages use the same {{max}} placeholders as i18next.
  interpolation: { escapeValue: false },
  // Resources are bundled: initialise synchronously so the first render is already translated.
  initAsync: false,
});

/** The language in use, always one of the portal's two. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

function applyLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

applyLanguage(currentLanguage());
i18n.on('languageChanged', () => {
  const language = currentLanguage();
  storeLanguage(language);
  applyLanguage(language);
});

// The API client sends Accept-Language so the server answers errors in the user's language.
setLanguageProvider(currentLanguage);

/** Switches the whole portal's language; the choice is remembered in browser storage. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

/**
 * Adds a namespace of messages (the shell's or a remote's own). Each team ships its wording with its module, so a
 * remote can be released alone. Calling it again replaces the namespace's messages.
 */
export function addTranslations<T extends TranslationTree>(namespace: string, messages: Translations<T>): void {
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, namespace, messages[language], true, true);
  }
}
