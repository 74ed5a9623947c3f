import i18next from 'i18next';
import { NS } from '../paths';
import { reportsMessages } from './messages';

// Counts use i18next's plural keys (_one / _many / _other with `count`): "1 prodotto", never "1 prodotti" (issue 22).
const CASES: Array<[key: string, itOne: string, itOther: string, frOne: string, frOther: string]> = [
  ['stockLevels.total', 'prodotto', 'prodotti', 'produit', 'produits'],
  ['valuation.totalProducts', 'prodotto', 'prodotti', 'produit', 'produits'],
];

async function translator(lng: 'it' | 'fr') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { [NS]: reportsMessages[lng] } }, interpolation: { escapeValue: false } });
  return i18n.getFixedT(lng, NS);
}

it.each(CASES)('%s: singular for 1 (and 0 in French), plural for 2 and a million', async (key, itOne, itOther, frOne, frOther) => {
  for (const [lng, one, other] of [
    ['it', itOne, itOther],
    ['fr', frOne, frOther],
  ] as const) {
    const t = await translator(lng);
    expect(t(key, { count: 1, total: '1' })).toContain(one);
    expect(t(key, { count: 1, total: '1' })).not.toContain(other);
    for (const n of lng === 'it' ? [0, 2, 1_000_000] : [2, 1_000_000]) expect(t(key, { count: n, total: String(n) })).toContain(other);
  }
});
