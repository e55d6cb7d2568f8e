import type { FaxView } from '../../common/faxes';
import { formatOwnNumber } from '../../common/phone-text';
import inboxMessages from 'virtual:messages/inbox';
import { translator } from '../../i18n/translator';
import { formatDateTime, pagesText } from '../faxes/fax-text';
import { receivedPages, senderText } from './inbox-text';
import FactList from '../faxes/FactList';

const t = translator({ inbox: inboxMessages });

/** A received fax's particulars: from whom, to which of the user's numbers, when, how many pages. */
export default function ReceivedFaxFacts({ fax }: { fax: FaxView }) {
  const rows: Array<[string, string]> = [
    [t('inbox.details.from'), senderText(fax)],
    ...(fax.localNumber ? ([[t('inbox.details.to'), formatOwnNumber(fax.localNumber)]] as Array<[string, string]>) : []),
    [t('inbox.details.startedAt'), formatDateTime(fax.start)],
    ...(fax.completed ? ([[t('inbox.details.receivedAt'), formatDateTime(fax.completed)]] as Array<[string, string]>) : []),
    [t('inbox.details.pages'), pagesText(receivedPages(fax))],
  ];
  return <FactList rows={rows} />;
}
