import { addTranslations } from '@wms/shared-ui';
import { shellMessages } from './messages';

// Imported for its effect by every module that translates with the `shell` namespace.
addTranslations('shell', shellMessages);

export const SHELL_NS = 'shell';
