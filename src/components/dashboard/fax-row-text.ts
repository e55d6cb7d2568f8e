import dashboardMessages from 'virtual:messages/dashboard';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import { faxStatusPill } from '../faxes/fax-status-pill';
import { faxProgressText, pagesText } from '../faxes/fax-text';

// How the dashboard's rows put a fax into words: who it is with, and one line of what matters now.

const t = translator({ dashboard: dashboardMessages });

/** The contact's name when the number is in the phonebook, else the number. */
export function partyName(fax: FaxView): string {
  return fax.contactName ?? fax.remoteDisplay ?? t('dashboard.unknownNumber');
}

/**
 * The line under a fax's name: the number when the name is a contact's, then what the status pill
 * beside it leaves out: "(312) 555-0190 · 3 pages", "Line busy · attempt 2 of 3", "1 credit
 * refunded", "Receiving page 2…". Never the pill's own words again.
 */
export function rowDetail(fax: FaxView, timeZone: string): string {
  const number = fax.contactName ? fax.remoteDisplay : null;
  const what =
    fax.status === 'RECEIVING' ? faxProgressText(fax, timeZone) : (faxStatusPill(fax, timeZone).detail ?? pagesText(fax.pageCount));
  return number ? `${number} · ${what}` : what;
}
