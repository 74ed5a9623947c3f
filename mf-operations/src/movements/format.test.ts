import { operationsMessages } from '../i18n/messages';
import { typeLabel, type Translate } from './format';

// The movement list's type column, in both languages, for every origin a movement can have (issues 25 and 26 added
// count adjustments and transfers with a transport document).
function translator(lang: 'it' | 'fr'): Translate {
  const types = (operationsMessages[lang] as { movements: { types: Record<string, string> } }).movements.types;
  return (key) => types[key.replace('movements.types.', '')] ?? key;
}

it.each([
  ['C', 'MAN', 'Carico', 'Entrée'],
  ['S', 'SO', 'Vendita', 'Vente'],
  ['C', 'PO', 'Ricevimento merce', 'Réception de marchandises'],
  ['T', 'MAN', 'Trasferimento', 'Transfert'],
  ['T', 'TR', 'Trasferimento con DDT', 'Transfert avec bon de transport'],
  ['S', 'TR', 'Ammanco di trasferimento', 'Manquant de transfert'],
  ['C', 'INV', 'Rettifica inventario (+)', 'Ajustement d’inventaire (+)'],
  ['S', 'INV', 'Rettifica inventario (−)', 'Ajustement d’inventaire (−)'],
] as const)('%s from %s reads "%s" / "%s"', (type, source, it_, fr) => {
  expect(typeLabel(translator('it'), type, source)).toBe(it_);
  expect(typeLabel(translator('fr'), type, source)).toBe(fr);
});
