import type { FaxView } from '../../common/faxes';
import { formatPhoneForDisplay } from '../../common/phone';
import { t } from '../../i18n/t';
import { formatDateTime } from '../../i18n/dates';
import { pagesText } from '../faxes/fax-text';
import { useTimeZone } from '../time/time-zone';
import { receivedPages, senderText } from './inbox-text';
import FactList from '../faxes/FactList';

/** A received fax's particulars: from whom, to which of the user's numbers, when, how many pages. */
export default function ReceivedFaxFacts({ fax }: { fax: FaxView }) {
  const timeZone = useTimeZone();
  const rows: Array<[string, string]> = [
    [t('inbox.details.from'), senderText(fax)],
    ...(fax.localNumber ? ([[t('inbox.details.to'), formatPhoneForDisplay(fax.localNumber)]] as Array<[string, string]>) : []),
    [t('inbox.details.startedAt'), formatDateTime(fax.start, timeZone)],
    ...(fax.completed ? ([[t('inbox.details.receivedAt'), formatDateTime(fax.completed, timeZone)]] as Array<[string, string]>) : []),
    [t('inbox.details.pages'), pagesText(receivedPages(fax))],
  ];
  return <FactList rows={rows} />;
}
