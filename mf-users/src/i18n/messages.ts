import { defineTranslations } from '@wms/shared-ui';
import { userFormMessages } from '../form/messages';
import { userListMessages } from '../list/messages';

/** Namespace `users`: each screen's own messages (kept next to the screen). */
export const usersMessages = defineTranslations({
  it: { list: userListMessages.it, form: userFormMessages.it },
  fr: { list: userListMessages.fr, form: userFormMessages.fr },
});
