import { and, eq, isNull } from 'drizzle-orm';
import type { StoreScope } from './open-store';
import { type StoreFaxRow, storeMailedFaxes } from './schema';

// Faxes sent by e-mail (decision 028): who to tell how each ended, kept in the owner's store
// beside the fax (decision 042's amendment), so D1 keeps nothing per fax sent by e-mail either.

/** Where a fax sent by e-mail came from: the confirmed address and the mail's subject. */
export interface MailedBy {
  replyTo: string;
  subject: string;
}

/** What the notice of a fax's end says, handed to the one caller that claimed it. */
export interface MailedFaxEnd extends MailedBy {
  fax: Pick<StoreFaxRow, 'id' | 'status' | 'remoteNumber' | 'pageCount' | 'pagesSent' | 'failureReason' | 'refunded'>;
}

/** Notes who to tell how the fax ends; noting it again changes nothing. The fax must be in the store. */
export function recordStoreMailedFax(
  store: StoreScope,
  faxId: string,
  mailedBy: MailedBy,
  created: number,
  endMailedAt: number | null = null,
): void {
  store
    .insert(storeMailedFaxes)
    .values({ faxId, ...mailedBy, created, endMailedAt })
    .onConflictDoNothing()
    .run();
}

/**
 * Claims the notice that `fax` ended: answers it to the first claim, null to every later one, for
 * a fax that did not come by e-mail, and for one that has not been delivered or failed. One
 * conditional update decides, so a carrier's repeated delivery never mails twice.
 */
export function claimStoreMailedFaxEnd(store: StoreScope, fax: StoreFaxRow, now: number): MailedFaxEnd | null {
  if (fax.status !== 'DELIVERED' && fax.status !== 'FAILED') return null;
  const claimed = store
    .update(storeMailedFaxes)
    .set({ endMailedAt: now })
    .where(and(eq(storeMailedFaxes.faxId, fax.id), isNull(storeMailedFaxes.endMailedAt)))
    .returning({ replyTo: storeMailedFaxes.replyTo, subject: storeMailedFaxes.subject })
    .get();
  if (!claimed) return null;
  const { id, status, remoteNumber, pageCount, pagesSent, failureReason, refunded } = fax;
  return { ...claimed, fax: { id, status, remoteNumber, pageCount, pagesSent, failureReason, refunded } };
}
