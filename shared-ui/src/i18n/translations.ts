import type { Language } from '@wms/shared-api';

/** A namespace's messages: nested keys ending in strings. */
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

/** The same key tree as `T`, with any wording: what the second language must provide. */
export type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

/** One namespace in every language of the portal. */
export type Translations<T extends TranslationTree = TranslationTree> = { it: T; fr: SameKeys<T> };

/**
 * Declares a namespace's messages. The compiler rejects a French tree with a missing or extra key;
 * `missingTranslationKeys` (in `@wms/shared-ui/testing`) checks the same at test time.
 */
export function defineTranslations<T extends TranslationTree>(messages: { it: T; fr: SameKeys<T> }): Translations<T> {
  return messages;
}

/** Languages as an ordered list, for loops over `Translations`. */
export type TranslationsByLanguage = Record<Language, TranslationTree>;
