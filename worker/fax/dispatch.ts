import type { FaxFailureReason } from '../../src/common/faxes';
import { outboundCarrier, sandboxCarrier } from '../carrier';
import { signAttemptOwner } from '../carrier/attempt-ref';
import { type AttemptRef, CarrierRejected } from '../carrier/types';
import { getDb } from '../db/client';
import { findNumberOwnedBy } from '../db/queries/numbers';
import type { UserFaxRow } from '../db/store/schema';
import { readConfig } from '../env';
import { userStore } from '../user-store/stub';
import { ensureFaxDocument } from './fax-document';
import { reportAttempt } from './lifecycle';
import { signFaxMediaUrl } from './media-url';
import { findFaxOwnerOf } from './user-faxes';

// The fax-jobs consumer's work for `fax.dispatch {faxId, attempt}`: start the attempt, render the
// PDF once (cover page first), hand it to the carrier. Every message may arrive twice, late, or
// for a fax that has moved on; the owner's store decides each case from the fax as it is
// (domain/dispatch-decision.ts) and starts the attempt in the same call. A dispatch makes at most
// three calls to the store: that one, the document's key (first attempt), the carrier's id.

/** sent: with the carrier; failed: the attempt failed at once; not-ready: ask again shortly; ignored: nothing to do. */
type DispatchOutcome = 'sent' | 'failed' | 'not-ready' | 'ignored';

/** Deliveries of one message a transient carrier error may take before the attempt counts as failed. */
const MAX_DISPATCH_DELIVERIES = 5;

function failAttempt(env: Env, ref: AttemptRef, userId: string, reason: FaxFailureReason): Promise<unknown> {
  return reportAttempt(env, {
    ref,
    userId,
    carrierFaxId: null,
    receipt: null,
    report: { status: 'FAILED', pagesSent: null, failureReason: reason },
  });
}

/** Tries at recording the carrier's id for an attempt it has taken. */
const RECORD_TRIES = 3;

/**
 * Records the carrier's id for the attempt it has just taken. From here on a redelivery of the
 * message would resume the attempt and send the fax a second time (faults-fax-dispatch.test.ts: an
 * error at this point made the recipient's machine print it three times), so a failure is not
 * thrown to the queue: the write is idempotent and is retried here, and should they still fail the carrier's own news names our attempt (its reference or
 * client_state) and records the id when it comes (domain/attempt-change.ts).
 */
async function recordAccepted(env: Env, fax: UserFaxRow, ref: AttemptRef, carrierFaxId: string): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      // Only the owner's store keeps it (decision 042): the carrier's news names our attempt.
      await userStore(env, fax.userId).noteCarrierFaxId(fax.id, ref.attempt, carrierFaxId);
      return;
    } catch (err) {
      if (tries >= RECORD_TRIES) {
        console.warn('The carrier took attempt', ref.attempt, 'of fax', fax.id, 'but its id', carrierFaxId, 'was not recorded', err);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** tries * (0.5 + Math.random())));
    }
  }
}

/** `owner`: the user whose store holds the fax, when the message says (older messages do not). */
export async function dispatchFax(env: Env, ref: AttemptRef, owner: string | undefined, deliveries: number): Promise<DispatchOutcome> {
  const db = getDb(env);
  const config = readConfig(env);
  const userId = owner ?? (await findFaxOwnerOf(env, ref.faxId));
  if (!userId) return 'ignored';
  const live = outboundCarrier(env);
  const own = await findNumberOwnedBy(db, userId);
  const start = await userStore(env, userId).startDispatch({
    ref,
    carrier: live.name,
    callerIds: { own: own?.number ?? null, shared: config.FAX_SENDER_NUMBER },
  });
  if (start.decision !== 'send') return start.decision === 'wait' ? 'not-ready' : 'ignored';
  const fax: UserFaxRow = { ...start.fax, userId };
  // A test key's fax goes through the sandbox's simulated lines whatever CARRIER is (decision 048).
  const carrier = fax.livemode ? live : sandboxCarrier(env);
  const documentKey = await ensureFaxDocument(env, fax);
  if (!documentKey) {
    await failAttempt(env, ref, userId, 'DOCUMENT_UNREADABLE');
    return 'failed';
  }

  const mediaUrl =
    fax.livemode && config.PUBLIC_ORIGIN && config.FAX_MEDIA_SECRET
      ? await signFaxMediaUrl(config.PUBLIC_ORIGIN, config.FAX_MEDIA_SECRET, fax.id, ref.attempt)
      : null;
  try {
    const accepted = await carrier.send({
      faxId: fax.id,
      attempt: ref.attempt,
      owner: await signAttemptOwner(config.FAX_REFERENCE_SECRET, ref, userId),
      from: fax.localNumber ?? config.FAX_SENDER_NUMBER,
      to: fax.remoteNumber!,
      documentKey,
      pageCount: fax.pageCount,
      mediaUrl,
    });
    await recordAccepted(env, fax, ref, accepted.carrierFaxId);
    return 'sent';
  } catch (err) {
    if (err instanceof CarrierRejected) {
      await failAttempt(env, ref, fax.userId, err.reason);
      return 'failed';
    }
    if (deliveries < MAX_DISPATCH_DELIVERIES) throw err;
    console.warn('The carrier kept failing; counting attempt', ref.attempt, 'of fax', fax.id, 'as failed', err);
    await failAttempt(env, ref, fax.userId, 'CARRIER_ERROR');
    return 'failed';
  }
}
