import { addTranslations, i18n } from '@wms/shared-ui';
import { operationsMessages } from '../i18n/messages';
import { NS } from '../paths';
import { typeKeys } from './MovementListPage';

// The movement list's type column, in both languages, for every origin a movement can have (issues 25 and 26 added
// count adjustments and transfers with a transport document).
addTranslations(NS, operationsMessages);

it.each([
  ['C', 'MAN', 'Carico', 'Entrée'],
  ['S', 'MAN', 'Scarico', 'Sortie'],
  ['S', 'SO', 'Vendita', 'Vente'],
  ['C', 'PO', 'Ricezione merce', 'Réception de marchandises'],
  ['T', 'MAN', 'Trasferimento', 'Transfert'],
  ['T', 'TR', 'Trasferimento con DDT', 'Transfert avec bon de transport'],
  ['S', 'TR', 'Ammanco di trasferimento', 'Manquant de transfert'],
  ['C', 'INV', 'Rettifica inventario (+)', 'Ajustement d’inventaire (+)'],
  ['S', 'INV', 'Rettifica inventario (−)', 'Ajustement d’inventaire (−)'],
  ['T', 'INV', 'Trasferimento', 'Transfert'],
] as const)('%s from %s reads "%s" / "%s"', (type, source, it_, fr) => {
  expect(i18n.getFixedT('it', NS)(typeKeys({ movement_type: type, source_type: source }))).toBe(it_);
  expect(i18n.getFixedT('fr', NS)(typeKeys({ movement_type: type, source_type: source }))).toBe(fr);
});
