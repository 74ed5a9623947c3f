import { defineTranslations } from '@wms/shared-ui';
import { activityMessages } from '../form/activity-messages';
import { userFormMessages } from '../form/messages';
import { userListMessages } from '../list/messages';
import { feedbackMessages } from './feedback-messages';

/** Namespace `users`: each screen's own messages (kept next to the screen), plus the §8 feedback shared by both. */
export const usersMessages = defineTranslations({
  it: { list: userListMessages.it, form: userFormMessages.it, activity: activityMessages.it, feedback: feedbackMessages.it },
  fr: { list: userListMessages.fr, form: userFormMessages.fr, activity: activityMessages.fr, feedback: feedbackMessages.fr },
});
