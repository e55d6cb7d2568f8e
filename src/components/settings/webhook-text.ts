import errorsMessages from 'virtual:messages/errors';
import settingsMessages from 'virtual:messages/settings';
import webhooksMessages from 'virtual:messages/webhooks';
import { translator } from '../../i18n/translator';

// The words of the webhooks card (decision 047), one translator for its parts.
export const t = translator({ errors: errorsMessages, settings: settingsMessages, webhooks: webhooksMessages });
