import { UNVERIFIED_SEND_LIMIT } from '../../src/common/email-verification';
import type { FaxView } from '../../src/common/faxes';
import { funnelStepBit } from '../../src/common/funnel';
import { t } from '../../src/i18n/t';
import { newFaxId } from '../crypto/fax-id';
import { creditPeriodOf } from '../db/queries/credit-period';
import type { FileRow, UserRow } from '../db/schema';
import { secondsToNextSandboxDay } from '../domain/sandbox';
import { readConfig } from '../env';
import { recordAccountStep } from '../funnel/record';
import { ApiError } from '../http/api-error';
import { enqueueFaxJob } from '../queues/fax-messages';
import { userStore } from '../user-store/stub';

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
   * A fax sent by e-mail (decision 028): the confirmed address it came from, told when the fax
   * ends, and the mail's subject. Noted in the store's transaction that takes the fax, so a fax
   * that ends at once is never missed and a refused send leaves nothing (decision 042's amendment).
   */
  mailedBy?: { address: string; subject: string };
}

export interface SendOptions {
  /** Send later (UTC ms, already checked), or null for at once. */
  sendAt: number | null;
  /** Set for the faxes of a send to many. */
  broadcastId: string | null;
  /** False for a test key's send (decision 048): the sandbox's network, charged nothing. Default true. */
  livemode?: boolean;
}

export async function acceptFax(
  env: Env,
  user: UserRow,
  send: FaxToSend,
  sendAt: number | null = null,
  livemode = true,
): Promise<{ faxId: string; fax: FaxView }> {
  const [fax] = await acceptFaxes(env, user, [send], { sendAt, broadcastId: null, livemode });
  return { faxId: fax!.id, fax: fax! };
}

/**
 * Accepts every fax or none: all charged in one transaction of the user's store. Faxes to send at
 * once are queued for dispatch; scheduled ones start on the store's alarm.
 */
export async function acceptFaxes(env: Env, user: UserRow, sends: readonly FaxToSend[], options: SendOptions): Promise<FaxView[]> {
  const { MAX_FAX_PAGES } = readConfig(env);
  for (const send of sends) {
    const pageCount = send.file.pageCount + (send.coverPage ? 1 : 0);
    if (pageCount > MAX_FAX_PAGES) {
      throw new ApiError(400, 'TOO_MANY_PAGES', t('api.tooManyPages', { pages: pageCount, max: MAX_FAX_PAGES }));
    }
  }

  const now = Date.now();
  const { FAX_ID_SECRET } = readConfig(env);
  // Each id names the user's store (decision 042): D1 learns nothing about a fax sent.
  const ids = await Promise.all(sends.map(() => newFaxId(FAX_ID_SECRET, user.id)));
  const faxes = sends.map((send, i) => ({
    id: ids[i]!,
    toNumber: send.toNumber,
    pageCount: send.file.pageCount + (send.coverPage ? 1 : 0),
    fileId: send.file.id,
    fileName: send.file.name,
    coverPage: send.coverPage,
    anonymous: send.anonymous,
    now,
    sendAt: options.sendAt,
    broadcastId: options.broadcastId,
    mailedBy: send.mailedBy ? { replyTo: send.mailedBy.address, subject: send.mailedBy.subject } : null,
    livemode: options.livemode ?? true,
  }));
  const sendLimit = user.emailVerifiedAt === null ? UNVERIFIED_SEND_LIMIT : null;
  const outcome = await userStore(env, user.id).acceptSends(faxes, creditPeriodOf(user), sendLimit);
  if (!outcome.accepted) {
    if (outcome.reason === 'UNVERIFIED') throw new ApiError(403, 'EMAIL_NOT_VERIFIED');
    if (outcome.reason === 'SANDBOX_LIMIT') {
      throw sandboxLimitReached(now);
    }
    const { available, needed } = outcome;
    throw new ApiError(
      402,
      'INSUFFICIENT_CREDITS',
      needed === 1 ? t('api.insufficientCreditsOne', { available }) : t('api.insufficientCredits', { needed, available }),
    );
  }

  if (options.sendAt === null) {
    const queued = await Promise.allSettled(
      outcome.faxes.map((fax) => enqueueFaxJob(env, { kind: 'fax.dispatch', faxId: fax.id, userId: user.id, attempt: 1 })),
    );
    for (const [i, result] of queued.entries()) {
      // The fax is accepted and paid for: the store's own alarm queues a dispatch that never was.
      if (result.status === 'rejected') {
        console.warn(`Fax ${outcome.faxes[i]!.id}: queueing its dispatch failed; the store's watch will queue it again`, result.reason);
      }
    }
  }
  // The funnel's last step (decision 040); the row already says whether it was counted.
  if (options.livemode !== false && (user.funnelSteps & funnelStepBit('first_fax_sent')) === 0) {
    await recordAccountStep(env, user.id, 'first_fax_sent', now);
  }
  // The store has pushed the new faxes and the new balance to the user's pages.
  return outcome.faxes;
}

/** The sandbox's daily cap is used up (decision 048): again on the next UTC day. */
export function sandboxLimitReached(now: number): ApiError {
  return new ApiError(429, 'SANDBOX_LIMIT_REACHED', undefined, { 'Retry-After': String(secondsToNextSandboxDay(now)) });
}
