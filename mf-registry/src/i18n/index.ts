import { addTranslations } from '@wms/shared-ui';
import { NS } from '../paths';
import { registryMessages } from './messages';

// Runs when ./App loads: the remote brings its own wording, so it can be released without the shell.
addTranslations(NS, registryMessages);
