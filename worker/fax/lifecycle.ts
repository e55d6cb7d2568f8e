import type { AttemptRef, CarrierEvent, CarrierName } from '../carrier/types';
import { getDb } from '../db/client';
import { findCarrierFaxId, findFaxOwner } from '../db/queries/fax-owners';
import { isWebhookEventHandled, recordWebhookEvent } from '../db/queries/webhook-events';
import { type AttemptReport, isTerminalStatus } from '../domain/fax-status';
import { readConfig } from '../env';
import { userHubStub } from '../live/publish';
import { enqueueFaxJob } from '../queues/fax-messages';
import { planAttemptChange } from './attempt-change';
import { mailMailedFaxEnd } from './mailed-fax-end';
import { findSendFax } from './user-faxes';

// Applies what a carrier says about one attempt of a sent fax: idempotent per webhook delivery,
// monotonic whatever the order. The change is committed in the owner's store with the delivery
// that caused it (db/store/fax-changes.ts), so a repeated delivery is refused there.

/** applied: the fax moved; unchanged: nothing to do (late, stale); duplicate: already handled; unknown: not ours. */
export type ReportOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown';

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

// Each round re-reads the fax; the store runs one call at a time, so only a change planned from a
// fax read before another landed needs a second round.
const MAX_ROUNDS = 12;

export async function reportAttempt(env: Env, input: AttemptReportInput): Promise<ReportOutcome> {
  const { FAX_RETRY_BASE_SECONDS } = readConfig(env);
  const { ref, receipt, userId } = input;
  const store = userHubStub(env, userId);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const fax = await findSendFax(env, ref.faxId, userId);
    const attempt = fax ? await store.findAttempt(userId, ref.faxId, ref.attempt) : null;
    const now = Date.now();
    const foreign = attempt?.carrierFaxId != null && input.carrierFaxId !== null && attempt.carrierFaxId !== input.carrierFaxId;
    // A fax deleted since (account deletion), or an event for someone else's call.
    if (!fax || !attempt || foreign) return 'unknown';
    const plan = planAttemptChange({
      fax,
      attempt,
      report: input.report,
      carrierFaxId: input.carrierFaxId,
      retryBaseSeconds: FAX_RETRY_BASE_SECONDS,
      now,
    });
    if (!plan) return 'unchanged';
    // Queued before the commit, so a crash in between cannot lose the retry: the dispatch waits
    // until this attempt is recorded as failed, and ignores the message if it never is.
    if (plan.retry) {
      await enqueueFaxJob(env, { kind: 'fax.dispatch', faxId: fax.id, userId, attempt: plan.retry.attempt }, plan.retry.delaySeconds);
    }
    const result = await store.commitFaxChange(userId, { ...plan.change, receipt: receipt ?? undefined });
    if (result === 'conflict') {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (round + 1)));
      continue;
    }
    if (result === 'duplicate') return 'duplicate';
    // The change that ended a fax sent by e-mail tells its sender (decision 028).
    if (!isTerminalStatus(fax.status) && isTerminalStatus(plan.change.fax.status)) await mailMailedFaxEnd(env, userId, fax.id);
    return 'applied';
  }
  throw new Error(`Fax ${ref.faxId} kept changing under attempt ${ref.attempt}; the carrier will redeliver`);
}

/** Which attempt of whose fax an event is about: by our reference, or by the carrier's id. */
async function locateAttempt(env: Env, event: Extract<CarrierEvent, { kind: 'outbound.status' }>) {
  const db = getDb(env);
  if (event.reference) {
    const userId = await findFaxOwner(db, event.reference.faxId);
    return userId ? { ref: event.reference, userId } : null;
  }
  const found = await findCarrierFaxId(db, event.carrierFaxId);
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
