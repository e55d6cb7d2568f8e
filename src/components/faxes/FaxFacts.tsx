import faxDetailsMessages from 'virtual:messages/faxDetails';
import type { FaxView } from '../../common/faxes';
import { formatDateTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import { useTimeZone } from '../time/time-zone';
import FactList from './FactList';
import { creditsText, recipientText } from './fax-text';

const t = translator({ faxDetails: faxDetailsMessages });

/** The fax's particulars: who, what, when, and what it cost. */
export default function FaxFacts({ fax }: { fax: FaxView }) {
  const timeZone = useTimeZone();
  const rows: Array<[string, string]> = [
    [t('faxDetails.to'), recipientText(fax)],
    ...(fax.fileName ? ([[t('faxDetails.document'), fax.fileName]] as Array<[string, string]>) : []),
    [t('faxDetails.pages'), t('faxDetails.pagesProgress', { sent: fax.pagesSent, total: fax.pageCount })],
    [t('faxDetails.coverPage'), fax.hasCoverPage ? t('faxDetails.coverYes') : t('faxDetails.coverNo')],
    [t('faxDetails.callerId'), fax.anonymous ? t('faxDetails.anonymousYes') : t('faxDetails.anonymousNo')],
    [t('faxDetails.started'), formatDateTime(fax.start, timeZone)],
    ...(fax.completed ? ([[t('faxDetails.finished'), formatDateTime(fax.completed, timeZone)]] as Array<[string, string]>) : []),
    [t('faxDetails.attempts'), t('faxDetails.attemptsValue', { attempt: fax.attempt, max: fax.maxAttempts })],
    [
      t('faxDetails.credits'),
      [
        t('faxDetails.creditsCharged', { credits: creditsText(fax.creditsCharged) }),
        ...(fax.creditsRefunded > 0 ? [t('faxDetails.creditsRefunded', { credits: creditsText(fax.creditsRefunded) })] : []),
      ].join(' · '),
    ],
  ];
  return <FactList heading={t('faxDetails.detailsHeading')} rows={rows} />;
}
