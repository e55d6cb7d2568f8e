import inboxMessages from 'virtual:messages/inbox';
import sentMessages from 'virtual:messages/sent';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import { failureTitle, pagesText } from '../faxes/fax-text';

// How a received fax is put into words on /inbox, the dashboard and its details page.

const t = translator({ inbox: inboxMessages, sent: sentMessages });

export function senderText(fax: FaxView): string {
  const number = fax.remoteDisplay ?? t('inbox.unknownSender');
  return fax.contactName && fax.remoteDisplay ? t('sent.contactAndNumber', { name: fax.contactName, number }) : number;
}

/** "Receiving… 2 pages so far", "Received", "Partial — the call broke off", "Missed fax — Line busy". */
export function receivedStatusText(fax: FaxView): string {
  switch (fax.status) {
    case 'RECEIVING':
      return fax.pagesSent > 0 ? t('inbox.receivingPages', { pages: pagesText(fax.pagesSent) }) : t('inbox.receiving');
    case 'FAILED':
      return fax.failureReason ? t('inbox.missed', { reason: failureTitle(fax.failureReason) }) : t('inbox.missedNoReason');
    default:
      return fax.partial ? t('inbox.partial') : t('inbox.received');
  }
}

/** Pages of a received fax: what has arrived so far while it arrives. */
export function receivedPages(fax: FaxView): number {
  return fax.status === 'RECEIVING' ? fax.pagesSent : fax.pageCount;
}
