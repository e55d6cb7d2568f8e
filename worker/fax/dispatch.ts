import { FAX_MAX_ATTEMPTS, type FaxFailureReason } from '../../src/common/faxes';
import { outboundCarrier } from '../carrier';
import { type AttemptRef, CarrierRejected } from '../carrier/types';
import { getDb } from '../db/client';
import { recordCarrierFaxId } from '../db/queries/fax-owners';
import type { StoreFaxAttemptRow } from '../db/store/fax-attempts';
import type { UserFaxRow } from '../db/store/schema';
import { isTerminalStatus } from '../domain/fax-status';
import { readConfig } from '../env';
import { userHubStub } from '../live/publish';
import { chooseCallerId } from './caller-id';
import { ensureFaxDocument } from './fax-document';
import { reportAttempt } from './lifecycle';
import { signFaxMediaUrl } from './media-url';
import { startAttempt } from './start-attempt';
import { findSendFax } from './user-faxes';

// The fax-jobs consumer's work for `fax.dispatch {faxId, attempt}`: start the attempt, render the
// PDF once (cover page first), hand it to the carrier. Every message may arrive twice, late, or
// for a fax that has moved on; each case is decided from the user's store, never from the message alone.

/** sent: with the carrier; failed: the attempt failed at once; not-ready: ask again shortly; ignored: nothing to do. */
type DispatchOutcome = 'sent' | 'failed' | 'not-ready' | 'ignored';

/** Deliveries of one message a transient carrier error may take before the attempt counts as failed. */
const MAX_DISPATCH_DELIVERIES = 5;

type Decision = 'start' | 'resume' | 'wait' | 'ignore';

/** `current` is the fax's latest attempt row (null before the first). */
function decideDispatch(fax: UserFaxRow, current: StoreFaxAttemptRow | null, attempt: number): Decision {
  if (isTerminalStatus(fax.status) || attempt > FAX_MAX_ATTEMPTS) return 'ignore';
  // A scheduled fax starts when the store's alarm says its time has come, never on an early message.
  if (fax.sendAt !== null) return 'ignore';
  // A delivery of this message that died between starting the attempt and the carrier taking it.
  if (attempt === fax.attempt) return current?.status === 'QUEUED' && current.carrierFaxId === null ? 'resume' : 'ignore';
  if (attempt !== fax.attempt + 1) return 'ignore';
  if (attempt === 1) return 'start';
  // A retry is queued just before its failure is committed: wait for the commit.
  if (!current || !isTerminalStatus(current.status)) return 'wait';
  return current.status === 'FAILED' && fax.nextAttemptAt !== null ? 'start' : 'ignore';
}

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
 * message would resume the attempt and send the fax a second time (faults-fax-dispatch.test.ts: a D1 error at this
 * point made the recipient's machine print it three times), so a failure is not thrown to the
 * queue: both writes are idempotent and are retried here, as D1's docs advise for transient
 * errors, and should they still fail the carrier's own news names our attempt (its reference or
 * client_state) and records the id when it comes (attempt-change.ts).
 */
async function recordAccepted(env: Env, fax: UserFaxRow, ref: AttemptRef, carrierFaxId: string): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      // D1 first: the carrier's news names only its id and must find the store.
      await recordCarrierFaxId(getDb(env), carrierFaxId, fax.id, ref.attempt);
      await userHubStub(env, fax.userId).noteCarrierFaxId(fax.userId, fax.id, ref.attempt, carrierFaxId);
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
  const fax = await findSendFax(env, ref.faxId, owner);
  if (!fax) return 'ignored';
  const store = userHubStub(env, fax.userId);
  const current = fax.attempt > 0 ? await store.findAttempt(fax.userId, fax.id, fax.attempt) : null;
  const decision = decideDispatch(fax, current, ref.attempt);
  if (decision === 'ignore') return 'ignored';
  if (decision === 'wait') return 'not-ready';

  const carrier = outboundCarrier(env);
  if (decision === 'start') {
    const from = await chooseCallerId(db, fax, config.FAX_SENDER_NUMBER);
    if (!(await startAttempt(env, fax, ref.attempt, carrier.name, from))) return 'ignored';
  }
  const started = await findSendFax(env, fax.id, fax.userId);
  if (!started) return 'ignored';
  const documentKey = await ensureFaxDocument(env, started);
  if (!documentKey) {
    await failAttempt(env, ref, fax.userId, 'DOCUMENT_UNREADABLE');
    return 'failed';
  }

  const mediaUrl =
    config.PUBLIC_ORIGIN && config.FAX_MEDIA_SECRET
      ? await signFaxMediaUrl(config.PUBLIC_ORIGIN, config.FAX_MEDIA_SECRET, fax.id, ref.attempt)
      : null;
  try {
    const accepted = await carrier.send({
      faxId: fax.id,
      attempt: ref.attempt,
      from: started.localNumber ?? config.FAX_SENDER_NUMBER,
      to: started.remoteNumber!,
      documentKey,
      pageCount: started.pageCount,
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
