import type { AttemptRef, CarrierEvent, CarrierName } from '../carrier/types';
import { getDb } from '../db/client';
import type { AttemptReport } from '../domain/fax-status';
import { readConfig } from '../env';
import { enqueueFaxJob } from '../queues/fax-messages';
import { announceFaxChange } from '../live/fax-announce';
import { planAttemptChange } from './attempt-change';
import { commitFaxChange } from '../db/queries/fax-changes';
import { findAttempt, findAttemptByCarrierId, findSendFax, isWebhookEventHandled, recordWebhookEvent } from '../db/queries/fax-attempts';

// Applies what a carrier says about one attempt of a sent fax: idempotent per webhook delivery,
// monotonic whatever the order, safe under concurrent deliveries (see db/queries/fax-changes.ts).

/** applied: the fax moved; unchanged: nothing to do (late, stale); duplicate: already handled; unknown: not ours. */
export type ReportOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown';

interface AttemptReportInput {
  ref: AttemptRef;
  report: AttemptReport;
  /** The carrier's id for the attempt, recorded the first time it is seen. */
  carrierFaxId: string | null;
  /** The webhook delivery this comes from; null for reports of our own (a refusal at send). */
  receipt: { provider: string; eventId: string } | null;
}

// Each round re-reads the fax; only a burst of simultaneous events on one fax needs more than one.
const MAX_ROUNDS = 12;

export async function reportAttempt(env: Env, input: AttemptReportInput): Promise<ReportOutcome> {
  const db = getDb(env);
  const { FAX_RETRY_BASE_SECONDS } = readConfig(env);
  const { ref, receipt } = input;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (receipt && (await isWebhookEventHandled(db, receipt.provider, receipt.eventId))) return 'duplicate';
    const fax = await findSendFax(db, ref.faxId);
    const attempt = fax ? await findAttempt(db, ref.faxId, ref.attempt) : null;
    const now = Date.now();
    const foreign = attempt?.carrierFaxId != null && input.carrierFaxId !== null && attempt.carrierFaxId !== input.carrierFaxId;
    if (!fax || !attempt || foreign) {
      // A fax deleted since (account deletion), or an event for someone else's call.
      if (receipt) await recordWebhookEvent(db, receipt.provider, receipt.eventId, now);
      return 'unknown';
    }
    const plan = planAttemptChange({
      fax,
      attempt,
      report: input.report,
      carrierFaxId: input.carrierFaxId,
      retryBaseSeconds: FAX_RETRY_BASE_SECONDS,
      now,
    });
    if (!plan) {
      if (receipt) await recordWebhookEvent(db, receipt.provider, receipt.eventId, now);
      return 'unchanged';
    }
    // Queued before the commit, so a crash in between cannot lose the retry: the dispatch waits
    // until this attempt is recorded as failed, and ignores the message if it never is.
    if (plan.retry) await enqueueFaxJob(env, { kind: 'fax.dispatch', faxId: fax.id, attempt: plan.retry.attempt }, plan.retry.delaySeconds);
    const result = await commitFaxChange(env.DB, { ...plan.change, receipt: receipt ?? undefined });
    if (result === 'conflict') {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (round + 1)));
      continue;
    }
    if (result === 'duplicate') return 'duplicate';
    await announceFaxChange(env, fax.userId, fax.id, plan.refunded > 0);
    return 'applied';
  }
  throw new Error(`Fax ${ref.faxId} kept changing under attempt ${ref.attempt}; the carrier will redeliver`);
}

/** Applies one verified outbound event of a carrier. */
export async function applyCarrierEvent(
  env: Env,
  provider: CarrierName,
  event: Extract<CarrierEvent, { kind: 'outbound.status' }>,
): Promise<ReportOutcome> {
  let ref = event.reference;
  if (!ref) {
    const attempt = await findAttemptByCarrierId(getDb(env), event.carrierFaxId);
    ref = attempt ? { faxId: attempt.faxId, attempt: attempt.attempt } : null;
  }
  const receipt = { provider, eventId: event.eventId };
  if (!ref) {
    const db = getDb(env);
    if (await isWebhookEventHandled(db, provider, event.eventId)) return 'duplicate';
    await recordWebhookEvent(db, provider, event.eventId, Date.now());
    return 'unknown';
  }
  return reportAttempt(env, {
    ref,
    carrierFaxId: event.carrierFaxId,
    receipt,
    report: { status: event.status, pagesSent: event.pagesSent, failureReason: event.failureReason },
  });
}
