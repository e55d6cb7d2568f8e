import { verifyAttemptOwner } from '../carrier/attempt-ref';
import type { AttemptRef, CarrierEvent, CarrierName } from '../carrier/types';
import { getDb } from '../db/client';
import { findCarrierFaxId } from '../db/queries/fax-owners';
import { isWebhookEventHandled, recordWebhookEvent } from '../db/queries/webhook-events';
import type { AttemptReport } from '../domain/fax-status';
import { readConfig } from '../env';
import type { ReportOutcome } from '../user-store/sent-faxes';
import { userStore } from '../user-store/stub';
import { mailMailedFaxEnd } from './mailed-fax-end';
import { findFaxOwnerOf } from './user-faxes';

// Applies what a carrier says about one attempt of a sent fax. The owner's store reads the fax,
// plans the change and commits it with the delivery that caused it, in one call
// (user-store/sent-faxes.ts), so a repeated delivery is refused there.

export type { ReportOutcome };

interface AttemptReportInput {
  ref: AttemptRef;
  /** The fax's owner, whose store holds it. */
  userId: string;
  report: AttemptReport;
  /** The carrier's id for the attempt, recorded the first time it is seen. */
  carrierFaxId: string | null;
  /** The webhook delivery this comes from; null for reports of our own (a refusal at send). */
  receipt: { provider: string; eventId: string } | null;
}

export async function reportAttempt(env: Env, { userId, ...input }: AttemptReportInput): Promise<ReportOutcome> {
  const { FAX_RETRY_BASE_SECONDS } = readConfig(env);
  const { outcome, mailedEnd } = await userStore(env, userId).reportAttempt({ ...input, retryBaseSeconds: FAX_RETRY_BASE_SECONDS });
  // The change that ended a fax sent by e-mail claimed its notice in the store (decision 028).
  if (mailedEnd) await mailMailedFaxEnd(env, mailedEnd);
  return outcome;
}

/**
 * Which attempt of whose fax an event is about: by our signed reference, else by the fax id it
 * names (which names its owner's store, decision 042), no global lookup either way. Only faxes made
 * before decision 042 are still found through D1's frozen tables (an old reference, or none). A
 * reference whose signature or id does not hold names nobody: it touches no store.
 */
async function locateAttempt(env: Env, event: Extract<CarrierEvent, { kind: 'outbound.status' }>) {
  if (event.reference?.owner) {
    const userId = await verifyAttemptOwner(readConfig(env).FAX_REFERENCE_SECRET, event.reference);
    return userId ? { ref: { faxId: event.reference.faxId, attempt: event.reference.attempt }, userId } : null;
  }
  if (event.reference) {
    const userId = await findFaxOwnerOf(env, event.reference.faxId);
    return userId ? { ref: { faxId: event.reference.faxId, attempt: event.reference.attempt }, userId } : null;
  }
  // An event that names only the carrier's id: ours echo a reference, so only an old fax's may.
  const found = await findCarrierFaxId(getDb(env), event.carrierFaxId);
  return found ? { ref: { faxId: found.faxId, attempt: found.attempt }, userId: found.userId } : null;
}

/** Applies one verified outbound event of a carrier. */
export async function applyCarrierEvent(
  env: Env,
  provider: CarrierName,
  event: Extract<CarrierEvent, { kind: 'outbound.status' }>,
): Promise<ReportOutcome> {
  const located = await locateAttempt(env, event);
  if (!located) {
    // Not a fax of ours (or of an account deleted since): acknowledged once, so the carrier stops.
    const db = getDb(env);
    if (await isWebhookEventHandled(db, provider, event.eventId)) return 'duplicate';
    await recordWebhookEvent(db, provider, event.eventId, Date.now());
    return 'unknown';
  }
  return reportAttempt(env, {
    ref: located.ref,
    userId: located.userId,
    carrierFaxId: event.carrierFaxId,
    receipt: { provider, eventId: event.eventId },
    report: { status: event.status, pagesSent: event.pagesSent, failureReason: event.failureReason },
  });
}
