import type { TranslationTree } from './translations';

function flatten(tree: TranslationTree, prefix = '', out = new Map<string, 'text' | 'group'>()): Map<string, 'text' | 'group'> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      out.set(path, 'text');
    } else {
      out.set(path, 'group');
      flatten(value, path, out);
    }
  }
  return out;
}

/**
 * Keys present in one language and not in another (or a text in one and a group in another), as
 * "fr: hub.title". An empty list means the languages agree.
 */
export function missingTranslationKeys(messages: Record<string, TranslationTree>): string[] {
  const flat = Object.entries(messages).map(([language, tree]) => [language, flatten(tree)] as const);
  const problems: string[] = [];
  for (const [language, keys] of flat) {
    for (const [otherLanguage, otherKeys] of flat) {
      if (otherLanguage === language) continue;
      for (const [path, kind] of otherKeys) {
        const mine = keys.get(path);
        if (!mine) problems.push(`${language}: ${path}`);
        else if (mine !== kind && language < otherLanguage) problems.push(`${language}/${otherLanguage}: ${path} (text vs group)`);
      }
    }
  }
  return [...new Set(problems)].sort();
}
