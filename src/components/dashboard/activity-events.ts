import dashboardMessages from 'virtual:messages/dashboard';
import deletionMessages from 'virtual:messages/deletion';
import type { LiveEvent } from '../../common/live-messages';
import { translator } from '../../i18n/translator';
import type { IconName } from '../../icons/icon-names';

// The account's events the recent activity shows beside the faxes: a sign-in, a number, the plan,
// the account's deletion. A fax's own changes are its row; credits moving with every fax would
// only be noise (account.updated).

const t = translator({ dashboard: dashboardMessages, deletion: deletionMessages });

export interface ShownEvent {
  icon: IconName;
  text: string;
}

/** How the activity says an event, or null for one it leaves out. */
export function shownEvent(event: LiveEvent): ShownEvent | null {
  switch (event.type) {
    case 'session.started':
      // The page's own sign-in is no news to the person reading it.
      if (event.yours) return null;
      return {
        icon: 'log-in',
        text: event.device
          ? t('dashboard.signInEvent', { device: t('dashboard.signInEventDevice', { device: event.device }) })
          : t('dashboard.signInEventUnknownDevice'),
      };
    case 'number.updated':
      return {
        icon: 'phone',
        text: event.number ? t('dashboard.numberAssigned', { number: event.number.display }) : t('dashboard.numberReleased'),
      };
    case 'subscription.updated':
      return { icon: 'credit-card', text: t('dashboard.subscriptionUpdated') };
    case 'job.updated':
      return { icon: 'trash-2', text: t('deletion.activity', { progress: event.progress }) };
    default:
      return null;
  }
}
