import i18next from 'i18next';
import type { Language } from '@wms/shared-api/core';

/** A count message and the word its singular and plural forms must hold in each language. */
export type PluralCase = [key: string, itOne: string, itOther: string, frOne: string, frOther: string];

/**
 * Checks that count messages use i18next's plural keys (_one / _many / _other with `count`): the singular word for 1
 * (and 0 in French), the plural for 2 and a million (and 0 in Italian). Returns the problems found ([] when none), so a
 * remote's test is `expect(await pluralProblems(NS, messages, cases)).toEqual([])`.
 */
export async function pluralProblems(ns: string, messages: Record<Language, object>, cases: readonly PluralCase[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [key, itOne, itOther, frOne, frOther] of cases) {
    for (const [lng, one, other] of [
      ['it', itOne, itOther],
      ['fr', frOne, frOther],
    ] as const) {
      const i18n = i18next.createInstance();
      await i18n.init({ lng, resources: { [lng]: { [ns]: messages[lng] } }, interpolation: { escapeValue: false } });
      const t = i18n.getFixedT(lng, ns);
      const singular = t(key, { count: 1, total: '1' });
      if (!singular.includes(one) || singular.includes(other)) problems.push(`${lng} ${key} 1: "${singular}"`);
      for (const n of lng === 'it' ? [0, 2, 1_000_000] : [2, 1_000_000]) {
        const plural = t(key, { count: n, total: String(n) });
        if (!plural.includes(other)) problems.push(`${lng} ${key} ${n}: "${plural}"`);
      }
    }
  }
  return problems;
}
