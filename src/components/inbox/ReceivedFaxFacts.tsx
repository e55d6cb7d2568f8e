import faxDetailsMessages from 'virtual:messages/faxDetails';
import inboxMessages from 'virtual:messages/inbox';
import type { FaxView } from '../../common/faxes';
import { formatOwnNumber } from '../../common/phone-text';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import FactList from '../faxes/FactList';
import { pagesText } from '../faxes/fax-text';
import { useTimeZone } from '../time/time-zone';
import { receivedPages, senderText } from './inbox-text';

const t = translator({ faxDetails: faxDetailsMessages, inbox: inboxMessages });

/** A received fax's particulars: from whom, to which of the user's numbers, when, how many pages. */
export default function ReceivedFaxFacts({ fax }: { fax: FaxView }) {
  const timeZone = useTimeZone();
  const rows: Array<[string, string]> = [
    [t('inbox.details.from'), senderText(fax)],
    ...(fax.localNumber ? ([[t('inbox.details.to'), formatOwnNumber(fax.localNumber)]] as Array<[string, string]>) : []),
    [t('inbox.details.startedAt'), formatDateTime(fax.start, timeZone)],
    ...(fax.completed ? ([[t('inbox.details.receivedAt'), formatDateTime(fax.completed, timeZone)]] as Array<[string, string]>) : []),
    [t('inbox.details.pages'), pagesText(receivedPages(fax))],
  ];
  return <FactList heading={t('faxDetails.detailsHeading')} rows={rows} />;
}
