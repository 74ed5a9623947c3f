import { pluralProblems, type PluralCase } from '@wms/shared-ui/testing';
import { NS } from '../paths';
import { reportsMessages } from './messages';

// Counts use i18next's plural keys (_one / _many / _other with `count`): "1 prodotto", never "1 prodotti" (issue 22).
const CASES: PluralCase[] = [
  ['stockLevels.total', 'prodotto', 'prodotti', 'produit', 'produits'],
  ['valuation.totalProducts', 'prodotto', 'prodotti', 'produit', 'produits'],
  ['inventory.review.shown', 'riga su', 'righe su', 'ligne sur', 'lignes sur'],
  ['inventory.sheet.imported', 'Importata', 'Importate', 'ligne importée', 'lignes importées'],
];

it('count messages: singular for 1 (and 0 in French), plural for 2 and a million', async () => {
  expect(await pluralProblems(NS, reportsMessages, CASES)).toEqual([]);
});
