import { missingTranslationKeys } from '@wms/shared-ui/testing';
import { shellMessages } from './messages';

it('the shell namespace has the same keys in it and fr', () => {
  expect(missingTranslationKeys(shellMessages)).toEqual([]);
});
