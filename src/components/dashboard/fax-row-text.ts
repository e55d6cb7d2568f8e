import dashboardMessages from 'virtual:messages/dashboard';
import type { FaxView } from '../../common/faxes';
import { isOnItsWay } from '../../common/recent-faxes';
import { translator } from '../../i18n/translator';
import { failureTitle, faxProgressText, pagesText } from '../faxes/fax-text';

// How the dashboard's rows put a fax into words: who it is with, and one line of what matters now.

const t = translator({ dashboard: dashboardMessages });

/** The contact's name when the number is in the phonebook, else the number. */
export function partyName(fax: FaxView): string {
  return fax.contactName ?? fax.remoteDisplay ?? t('dashboard.unknownNumber');
}

/** "(312) 555-0190 · 3 pages", "Sending page 2 of 4", "Line busy", "Queued". */
export function rowDetail(fax: FaxView, timeZone: string): string {
  const number = fax.contactName ? fax.remoteDisplay : null;
  // A scheduled fax's status pill already says when it goes: the line says what it is.
  const scheduled = fax.status === 'QUEUED' && fax.sendAt !== null;
  const what =
    fax.status === 'FAILED' && fax.failureReason
      ? failureTitle(fax.failureReason)
      : (isOnItsWay(fax) || fax.status === 'QUEUED') && !scheduled
        ? faxProgressText(fax, timeZone)
        : pagesText(fax.pageCount);
  return number ? `${number} · ${what}` : what;
}
