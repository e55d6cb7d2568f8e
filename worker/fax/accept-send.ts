import { UNVERIFIED_SEND_LIMIT } from '../../src/common/email-verification';
import type { FaxView } from '../../src/common/faxes';
import { t } from '../../src/i18n/t';
import { getDb } from '../db/client';
import { creditPeriodOf } from '../db/queries/credit-period';
import { forgetFaxOwner, recordFaxOwner } from '../db/queries/fax-owners';
import { recordMailedFax } from '../db/queries/mailed-faxes';
import type { FileRow, UserRow } from '../db/schema';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import { userHubStub } from '../live/publish';
import { enqueueFaxJob } from '../queues/fax-messages';

// Taking a fax to send (spec §7 sendFax; a resend goes the same way): the pages counted from the
// stored document, the user's store charges the credits and takes the fax in one transaction
// (decision 023), and the dispatch is queued. A refusal is an ApiError whose message the page shows.

export interface FaxToSend {
  /** E.164. */
  toNumber: string;
  file: Pick<FileRow, 'id' | 'name' | 'pageCount'>;
  /** The cover page as JSON (src/common/cover-page.ts), or null. */
  coverPage: string | null;
  anonymous: boolean;
  /**
   * A fax sent by e-mail (decision 025): the confirmed address it came from, told when the fax
   * ends, and the mail's subject. Recorded with the fax's owner, so a fax that ends at once is
   * never missed, and forgotten with it when the store refuses the send.
   */
  mailedBy?: { address: string; subject: string };
}

export async function acceptFax(env: Env, user: UserRow, send: FaxToSend): Promise<{ faxId: string; fax: FaxView }> {
  const pageCount = send.file.pageCount + (send.coverPage ? 1 : 0);
  const { MAX_FAX_PAGES } = readConfig(env);
  if (pageCount > MAX_FAX_PAGES) {
    throw new ApiError(400, 'TOO_MANY_PAGES', t('api.tooManyPages', { pages: pageCount, max: MAX_FAX_PAGES }));
  }

  const db = getDb(env);
  const faxId = crypto.randomUUID();
  // D1 learns whose fax it is first, so the carrier's news about it always finds the store.
  await recordFaxOwner(db, faxId, user.id);
  if (send.mailedBy) {
    await recordMailedFax(db, {
      faxId,
      userId: user.id,
      replyTo: send.mailedBy.address,
      subject: send.mailedBy.subject,
      createdAt: Date.now(),
    });
  }
  const sendLimit = user.emailVerifiedAt === null ? UNVERIFIED_SEND_LIMIT : null;
  const outcome = await userHubStub(env, user.id).acceptSend(
    user.id,
    {
      id: faxId,
      toNumber: send.toNumber,
      pageCount,
      fileId: send.file.id,
      fileName: send.file.name,
      coverPage: send.coverPage,
      anonymous: send.anonymous,
      now: Date.now(),
    },
    creditPeriodOf(user),
    sendLimit,
  );
  if (!outcome.accepted) {
    // Its mailed_faxes row goes with it (a foreign key's cascade).
    await forgetFaxOwner(db, faxId);
    if (outcome.reason === 'UNVERIFIED') throw new ApiError(403, 'EMAIL_NOT_VERIFIED');
    const { available } = outcome;
    throw new ApiError(
      402,
      'INSUFFICIENT_CREDITS',
      pageCount === 1 ? t('api.insufficientCreditsOne', { available }) : t('api.insufficientCredits', { needed: pageCount, available }),
    );
  }

  try {
    await enqueueFaxJob(env, { kind: 'fax.dispatch', faxId, userId: user.id, attempt: 1 });
  } catch (error) {
    // The fax is accepted and paid for: the store's own alarm queues a dispatch that never was.
    console.warn(`Fax ${faxId}: queueing its dispatch failed; the store's watch will queue it again`, error);
  }
  // The store has pushed the new fax and the new balance to the user's pages.
  return { faxId, fax: outcome.fax };
}
