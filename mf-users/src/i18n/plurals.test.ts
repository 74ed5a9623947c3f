import { pluralProblems, type PluralCase } from '@wms/shared-ui/testing';
import { NS } from '../paths';
import { usersMessages } from './messages';

// Counts use i18next's plural keys (_one / _many / _other with `count`): "1 prodotto", never "1 prodotti" (issue 22).
const CASES: PluralCase[] = [['activity.total', 'registrata', 'registrate', 'enregistrée', 'enregistrées']];

it('count messages: singular for 1 (and 0 in French), plural for 2 and a million', async () => {
  expect(await pluralProblems(NS, usersMessages, CASES)).toEqual([]);
});
