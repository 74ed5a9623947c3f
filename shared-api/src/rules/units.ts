import type { Language } from '../types';

/**
 * Units of measure (SPEC §9: m, kg, piece, l) as people read them, in each language — the one table every screen, print,
 * label and CSV uses (issue 21: never the raw code "piece"). `short` goes after a quantity ("12 pz"), `long` in a select.
 */
export const UNIT_CODES = ['m', 'kg', 'piece', 'l'] as const;
export type UnitCode = (typeof UNIT_CODES)[number];

export const UNIT_LABELS: Record<Language, Record<UnitCode, { short: string; long: string }>> = {
  it: {
    m: { short: 'm', long: 'm (metri)' },
    kg: { short: 'kg', long: 'kg (chilogrammi)' },
    piece: { short: 'pz', long: 'pezzo' },
    l: { short: 'l', long: 'l (litri)' },
  },
  fr: {
    m: { short: 'm', long: 'm (mètres)' },
    kg: { short: 'kg', long: 'kg (kilogrammes)' },
    piece: { short: 'pce', long: 'pièce' },
    l: { short: 'l', long: 'l (litres)' },
  },
};

/** The short label of a unit code in `lang` ('piece' → 'pz' / 'pce'); an unknown code as it is, null / '' as ''. */
export function unitLabel(code: string | null | undefined, lang: Language, form: 'short' | 'long' = 'short'): string {
  if (!code) return '';
  const labels = (UNIT_LABELS[lang] ?? UNIT_LABELS.it) as Record<string, { short: string; long: string } | undefined>;
  return labels[code]?.[form] ?? code;
}
