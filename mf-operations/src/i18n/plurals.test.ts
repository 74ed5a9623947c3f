import { pluralProblems, type PluralCase } from '@wms/shared-ui/testing';
import { NS } from '../paths';
import { operationsMessages } from './messages';

// Counts use i18next's plural keys (_one / _many / _other with `count`): "1 prodotto", never "1 prodotti" (issue 22).
const CASES: PluralCase[] = [
  ['goodsReceipt.count', 'ordine', 'ordini', 'commande', 'commandes'],
  ['purchaseOrders.count', 'ordine', 'ordini', 'commande', 'commandes'],
  ['stockTransfer.count', 'trasferimento', 'trasferimenti', 'transfert', 'transferts'],
];

it('count messages: singular for 1 (and 0 in French), plural for 2 and a million', async () => {
  expect(await pluralProblems(NS, operationsMessages, CASES)).toEqual([]);
});
