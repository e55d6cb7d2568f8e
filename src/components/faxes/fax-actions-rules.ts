import type { FaxView } from '../../common/faxes';
import { pagesArrived } from '../inbox/pages-arrived';

// Which of a fax's actions comes first on its page (the button beside the "⋯" menu), with no DOM:
// the one most people came to do at that point of the fax's life.

export type PrimaryFaxAction = 'restore' | 'resend' | 'download' | 'faxThisNumber' | null;

/** Delivered, failed or arrived: what a fax must be before it can be sent again or trashed. */
export function isEnded(fax: FaxView): boolean {
  return fax.status === 'DELIVERED' || fax.status === 'FAILED' || fax.status === 'RECEIVED';
}

/** A fax with a document to download: any sent fax, a received one once pages have arrived. */
export function hasDocument(fax: FaxView): boolean {
  return fax.direction === 'SEND' || pagesArrived(fax);
}

/**
 * Still arriving: nothing yet. In the trash: restore it. Failed to send: send it again. A missed call: fax the caller back.
 * Otherwise the fax itself, downloaded.
 */
export function primaryFaxAction(fax: FaxView): PrimaryFaxAction {
  if (fax.status === 'RECEIVING') return null;
  if (fax.trashedAt !== null) return 'restore';
  if (fax.direction === 'SEND' && fax.status === 'FAILED') return 'resend';
  if (hasDocument(fax)) return 'download';
  return fax.remoteNumber ? 'faxThisNumber' : null;
}
