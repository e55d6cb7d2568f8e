import faxStatusMessages from 'virtual:messages/faxStatus';
import sentMessages from 'virtual:messages/sent';
import type { FaxFailureReason, FaxView } from '../../common/faxes';
import { formatDateTime, formatTime } from '../../i18n/dates';
import { translator } from '../../i18n/translator';
import { creditsText, pagesText } from './count-text';
import { FAILURE_TITLES } from './failure-titles';

// How a fax is put into words on /sent and /faxDetails: its progress, failure and credits. Times
// read in the reader's zone (`timeZone`, from useTimeZone), as everywhere (src/i18n/dates.ts).

const t = translator({
  faxStatus: faxStatusMessages,
  sent: sentMessages,
});

// Counts alone are in ./count-text.ts, for pages that need no more of this (/send).
export { creditsText, pagesText };

export function failureTitle(reason: FaxFailureReason): string {
  return FAILURE_TITLES[reason];
}

function isFinished(fax: FaxView): boolean {
  return fax.status === 'DELIVERED' || fax.status === 'FAILED' || fax.status === 'RECEIVED';
}

/** Not finished, but an attempt failed and the next one is scheduled (the retry contract). */
export function isWaitingForRetry(fax: FaxView): boolean {
  return !isFinished(fax) && fax.failureReason !== null && fax.nextAttemptAt !== null;
}

/** An automatic retry is under way: an earlier attempt failed, this one has started. */
export function isRetrying(fax: FaxView): boolean {
  return !isFinished(fax) && fax.nextAttemptAt === null && fax.attempt > 1;
}

/** "Sending page 2 of 4", "Line busy — trying again at 10:42 (attempt 2 of 4)", "Delivered · 4 pages"… */
export function faxProgressText(fax: FaxView, timeZone: string): string {
  if (isWaitingForRetry(fax)) {
    return t('sent.progress.retrying', {
      reason: failureTitle(fax.failureReason!),
      time: formatTime(fax.nextAttemptAt!, timeZone),
      attempt: Math.min(fax.attempt + 1, fax.maxAttempts),
      max: fax.maxAttempts,
    });
  }
  const retry = isRetrying(fax) ? { attempt: fax.attempt, max: fax.maxAttempts } : null;
  switch (fax.status) {
    case 'QUEUED':
      if (fax.sendAt !== null) return t('sent.progress.scheduled', { when: formatDateTime(fax.sendAt, timeZone) });
      return retry ? t('sent.progress.QUEUED_retry', retry) : t('sent.progress.QUEUED');
    case 'SENDING': {
      const pages = { page: Math.min(fax.pagesSent + 1, fax.pageCount), total: fax.pageCount };
      return retry ? t('sent.progress.sending_retry', { ...pages, ...retry }) : t('sent.progress.sending', pages);
    }
    case 'DELIVERED':
      return t('sent.progress.DELIVERED', { pages: pagesText(fax.pageCount) });
    case 'RECEIVING':
      return t('sent.progress.RECEIVING', { page: fax.pagesSent + 1 });
    case 'RECEIVED':
      return t('sent.progress.RECEIVED', { pages: pagesText(fax.pageCount) });
    case 'FAILED':
      return t('sent.progress.FAILED', { reason: fax.failureReason ? failureTitle(fax.failureReason) : t('faxStatus.FAILED') });
  }
}

/** "4 credits refunded", or null when nothing was given back. */
export function refundText(fax: FaxView): string | null {
  return fax.creditsRefunded > 0 ? t('sent.progress.refunded', { credits: creditsText(fax.creditsRefunded) }) : null;
}

/** "Grace Hopper (212) 555-0123" when the number is in the phonebook, else the number. */
export function recipientText(fax: FaxView): string {
  const number = fax.remoteDisplay ?? t('sent.unknownNumber');
  return fax.contactName ? t('sent.contactAndNumber', { name: fax.contactName, number }) : number;
}
