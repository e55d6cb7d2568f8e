import { FAX_MAX_ATTEMPTS, type FaxFailureReason } from '../../src/common/faxes';
import { outboundCarrier } from '../carrier';
import { CarrierRejected, type AttemptRef } from '../carrier/types';
import { getDb } from '../db/client';
import type { FaxAttemptRow, FaxRow } from '../db/schema';
import { isTerminalStatus } from '../domain/fax-status';
import { readConfig } from '../env';
import { chooseCallerId } from './caller-id';
import { ensureFaxDocument } from './fax-document';
import { findAttempt, findSendFax, setCarrierFaxId } from '../db/queries/fax-attempts';
import { reportAttempt } from './lifecycle';
import { signFaxMediaUrl } from './media-url';
import { startAttempt } from './start-attempt';

// The fax-jobs consumer's work for `fax.dispatch {faxId, attempt}`: start the attempt, render the
// PDF once (cover page first), hand it to the carrier. Every message may arrive twice, late, or
// for a fax that has moved on; each case is decided from D1, never from the message alone.

/** sent: with the carrier; failed: the attempt failed at once; not-ready: ask again shortly; ignored: nothing to do. */
type DispatchOutcome = 'sent' | 'failed' | 'not-ready' | 'ignored';

/** Deliveries of one message a transient carrier error may take before the attempt counts as failed. */
const MAX_DISPATCH_DELIVERIES = 5;

type Decision = 'start' | 'resume' | 'wait' | 'ignore';

/** `current` is the fax's latest attempt row (null before the first). */
function decideDispatch(fax: FaxRow, current: FaxAttemptRow | null, attempt: number): Decision {
  if (isTerminalStatus(fax.status) || attempt > FAX_MAX_ATTEMPTS) return 'ignore';
  // A delivery of this message that died between starting the attempt and the carrier taking it.
  if (attempt === fax.attempt) return current?.status === 'QUEUED' && current.carrierFaxId === null ? 'resume' : 'ignore';
  if (attempt !== fax.attempt + 1) return 'ignore';
  if (attempt === 1) return 'start';
  // A retry is queued just before its failure is committed: wait for the commit.
  if (!current || !isTerminalStatus(current.status)) return 'wait';
  return current.status === 'FAILED' && fax.nextAttemptAt !== null ? 'start' : 'ignore';
}

function failAttempt(env: Env, ref: AttemptRef, reason: FaxFailureReason): Promise<unknown> {
  return reportAttempt(env, {
    ref,
    carrierFaxId: null,
    receipt: null,
    report: { status: 'FAILED', pagesSent: null, failureReason: reason },
  });
}

export async function dispatchFax(env: Env, ref: AttemptRef, deliveries: number): Promise<DispatchOutcome> {
  const db = getDb(env);
  const config = readConfig(env);
  const fax = await findSendFax(db, ref.faxId);
  if (!fax) return 'ignored';
  const current = fax.attempt > 0 ? await findAttempt(db, fax.id, fax.attempt) : null;
  const decision = decideDispatch(fax, current, ref.attempt);
  if (decision === 'ignore') return 'ignored';
  if (decision === 'wait') return 'not-ready';

  const carrier = outboundCarrier(env);
  if (decision === 'start') {
    const from = await chooseCallerId(db, fax, config.FAX_SENDER_NUMBER);
    if (!(await startAttempt(env, fax.id, ref.attempt, carrier.name, from))) return 'ignored';
  }
  const started = await findSendFax(db, fax.id);
  if (!started) return 'ignored';
  const documentKey = await ensureFaxDocument(env, started);
  if (!documentKey) {
    await failAttempt(env, ref, 'DOCUMENT_UNREADABLE');
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
    await setCarrierFaxId(env.DB, fax.id, ref.attempt, accepted.carrierFaxId);
    return 'sent';
  } catch (err) {
    if (err instanceof CarrierRejected) {
      await failAttempt(env, ref, err.reason);
      return 'failed';
    }
    if (deliveries < MAX_DISPATCH_DELIVERIES) throw err;
    console.warn('The carrier kept failing; counting attempt', ref.attempt, 'of fax', fax.id, 'as failed', err);
    await failAttempt(env, ref, 'CARRIER_ERROR');
    return 'failed';
  }
}
